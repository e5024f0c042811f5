import { describe, expect, it } from 'vitest'
import { hasPermission } from '../../src/domain/permissions.ts'
import { COMPANY_PAGES, SETTINGS_PERMISSIONS } from '../../src/web/views/admin/pages.ts'
import { permissionDiff } from '../../src/web/views/staff/useAccessNotices.ts'
import { permissionTags } from '../../src/web/views/admin/PermissionsView.tsx'
import { allPermissions } from '../../src/domain/permission-catalogue.ts'

describe('admin shell helpers', () => {
  it('"refresh permissions" reports what was added and what was removed', () => {
    expect(permissionDiff(['role:read', 'user:read'], ['audit:read', 'user:read'])).toEqual({ added: ['audit:read'], removed: ['role:read'] })
    expect(permissionDiff(['user:read'], ['user:read'])).toEqual({ added: [], removed: [] })
  })

  it('every page permission is one the catalogue knows (a typo would hide a page from everyone)', () => {
    const known = new Set(allPermissions())
    for (const p of [...COMPANY_PAGES.map((x) => x.permission), ...SETTINGS_PERMISSIONS]) expect(known.has(p), p).toBe(true)
  })

  it('the settings entry shows for any one area, and not without one', () => {
    expect(hasPermission(['jobtitle:read'], SETTINGS_PERMISSIONS)).toBe(true)
    expect(hasPermission(['profile:read', 'dashboard:read'], SETTINGS_PERMISSIONS)).toBe(false)
  })

  it('the permissions matrix has one row per tag', () => {
    expect(permissionTags(['user:read', 'user:update', 'audit:read'])).toEqual(['audit', 'user'])
  })
})

describe('audit log query', () => {
  it('includes the whole chosen last day (the server\'s `to` is exclusive)', async () => {
    const { auditQuery } = await import('../../src/web/flows/audit.ts')
    const { DEFAULT_LIST_PARAMS } = await import('../../src/domain/list-params.ts')
    expect(auditQuery({ ...DEFAULT_LIST_PARAMS, filters: { from: '2026-11-01', to: '2026-11-30', actor: 'admin' } }))
      .toEqual({ page: '1', size: '20', from: '2026-11-01', to: '2026-12-01', actor: 'admin' })
  })
})
