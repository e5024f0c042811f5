import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { hasPermission, isValidPermission, isValidRoleName } from '../../src/domain/index.ts'
import { permissionsStamp } from '../../src/domain/permissions.ts'

const user = ['user:read', 'user:update', 'role:read']

describe('hasPermission', () => {
  it.each<[string | string[], boolean, string]>([
    ['user:read', true, 'held'],
    ['user:delete', false, 'not held'],
    [['user:delete', 'role:read'], true, 'any of the list'],
    [['user:delete', 'role:create'], false, 'none of the list'],
    ['!user:delete', true, 'absent as required'],
    ['!user:read', false, 'present but must be absent'],
    [['!user:delete', '!role:create'], true, 'all exclusions satisfied'],
    [['!user:delete', '!role:read'], false, 'one exclusion violated'],
    [['user:read', '!role:read'], false, 'mixed: an exclusion always excludes'],
    [['user:delete', '!role:create'], false, 'mixed: exclusion satisfied but no positive held'],
    [['user:read', '!role:create'], true, 'mixed: positive held and exclusion satisfied'],
    [[], false, 'empty list: deny by default'],
    ['', false, 'empty string'],
    ['!', false, 'bare !'],
    ['USER:READ', false, 'case-sensitive'],
  ])('%j -> %s (%s)', (required, expected) => {
    expect(hasPermission(user, required)).toBe(expected)
  })

  it('a user with no permissions holds nothing but satisfies exclusions', () => {
    expect(hasPermission([], 'user:read')).toBe(false)
    expect(hasPermission([], '!user:read')).toBe(true)
  })

  it('property: a single required permission is held exactly when it is in the list, and !p is its negation', () => {
    const perm = fc.tuple(fc.constantFrom('user', 'role', 'group'), fc.constantFrom('read', 'update', 'delete', 'create', 'consent')).map(([t, a]) => `${t}:${a}`)
    fc.assert(
      fc.property(fc.array(perm, { maxLength: 8 }), perm, (perms, p) => hasPermission(perms, p) === perms.includes(p) && hasPermission(perms, `!${p}`) === !perms.includes(p)),
    )
  })
})

describe('isValidPermission', () => {
  it.each([
    ['user:read', true],
    ['company.settings:consent', true],
    ['user:write', false],
    ['user', false],
    [':read', false],
    ['user:read:extra', false],
  ])('%j -> %s', (value, expected) => {
    expect(isValidPermission(value)).toBe(expected)
  })
})

describe('isValidRoleName', () => {
  it.each([
    ['ROLE_ADMIN', true],
    ['ROLE_SUPERADMIN', true],
    ['ROLE_TEAM_LEAD_2', true],
    ['ROLE_', false],
    ['ROLE_admin', false],
    ['role_ADMIN', false],
    ['ADMIN', false],
    ['ROLE_İK', false],
    ['ROLE_A B', false],
    [' ROLE_ADMIN', false],
  ])('%j -> %s', (value, expected) => {
    expect(isValidRoleName(value)).toBe(expected)
  })
})

describe('permissionsStamp', () => {
  it('is the same for the same permissions in any order, and differs when one changes', () => {
    const a = permissionsStamp(['role:read', 'dashboard:read', 'company:read'])
    expect(a).toMatch(/^[0-9a-f]{8}$/)
    expect(permissionsStamp(['company:read', 'role:read', 'dashboard:read'])).toBe(a)
    expect(permissionsStamp(['company:read', 'role:read'])).not.toBe(a)
    expect(permissionsStamp(['company:read', 'role:read', 'dashboard:update'])).not.toBe(a)
    expect(permissionsStamp([])).not.toBe(a)
  })
})
