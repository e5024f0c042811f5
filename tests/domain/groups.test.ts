import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { canParent, checkMove, decodeGroupTree, encodeGroupTree, wouldCycle, type TreeGroup, type TreeNode } from '../../src/domain/groups.ts'
import { isAllowedAtLevel, minimumLevel, permissionsAboveLevel, tagsWithoutRule } from '../../src/domain/data-privacy.ts'
import { ROLE_BUNDLES, allPermissions, toPermissionStrings } from '../../src/domain/permission-catalogue.ts'

describe('group levels (spec 9: management group > organisational unit > team)', () => {
  it.each<[string | null, string, boolean]>([
    [null, 'management', true], [null, 'unit', true], [null, 'team', true],
    ['management', 'unit', true], ['management', 'team', true], ['unit', 'team', true],
    ['management', 'management', false], ['unit', 'unit', false], ['unit', 'management', false],
    ['team', 'team', false], ['team', 'unit', false], ['team', 'management', false],
  ])('a %s parent for a %s child: %s', (parent, child, ok) => {
    expect(canParent(parent as never, child as never)).toBe(ok)
  })
})

const tree: TreeNode[] = [
  { id: 'm', parentId: null, level: 'management' },
  { id: 'u1', parentId: 'm', level: 'unit' },
  { id: 'u2', parentId: 'm', level: 'unit' },
  { id: 't1', parentId: 'u1', level: 'team' },
]

describe('moves', () => {
  it('refuses a move under a descendant or itself (cycle), and a wrong level', () => {
    expect(wouldCycle(tree, 'm', 't1')).toBe(true)
    expect(wouldCycle(tree, 'u1', 'u1')).toBe(true)
    expect(checkMove(tree, 'm', 'u1')).toEqual({ ok: false, reason: 'cycle' })
    expect(checkMove(tree, 'u1', 'u2')).toEqual({ ok: false, reason: 'level' })
    expect(checkMove(tree, 't1', 'u2')).toEqual({ ok: true })
    expect(checkMove(tree, 't1', null)).toEqual({ ok: true })
    expect(checkMove(tree, 't1', 'nope')).toEqual({ ok: false, reason: 'unknown' })
  })

  it('never accepts a move that makes a cycle (random trees and moves)', () => {
    fc.assert(fc.property(fc.array(fc.nat(30), { minLength: 1, maxLength: 30 }), fc.nat(30), fc.nat(31), (parents, who, to) => {
      // node i hangs under an earlier node (a valid tree of one level kind: levels are not the point here)
      const nodes: TreeNode[] = parents.map((p, i) => ({ id: `n${i}`, parentId: i === 0 ? null : `n${p % i}`, level: 'team' }))
      const id = `n${who % nodes.length}`
      const target = to % (nodes.length + 1) === nodes.length ? null : `n${to % (nodes.length + 1)}`
      const moved = nodes.map((n) => (n.id === id ? { ...n, parentId: target } : n))
      // walking up from every node must end at the root
      const reachesRoot = moved.every((n) => {
        let cursor: string | null = n.id
        for (let steps = 0; cursor !== null; steps++) {
          if (steps > moved.length) return false
          cursor = moved.find((x) => x.id === cursor)!.parentId
        }
        return true
      })
      expect(wouldCycle(nodes, id, target)).toBe(!reachesRoot)
    }))
  })
})

describe('data-privacy levels: which permissions a role of each level may hold', () => {
  it('has a rule for every catalogued tag', () => {
    expect(tagsWithoutRule()).toEqual([])
  })

  it.each([
    ['user', 'read', 'INTERNAL', false], ['user', 'read', 'CONFIDENTIAL', true], ['audit', 'read', 'PUBLIC', false],
    ['consent', 'read', 'CONFIDENTIAL', false], ['consent', 'consent', 'SENSITIVE', true], ['company', 'read', 'PUBLIC', true],
    ['company', 'update', 'PUBLIC', false], ['security', 'read', 'PUBLIC', false], ['profile', 'update', 'PUBLIC', true],
  ] as const)('%s:%s at %s: %s', (tag, action, level, ok) => {
    expect(isAllowedAtLevel(tag, action, level)).toBe(ok)
  })

  it('lets the system roles hold their own bundles at their levels', () => {
    expect(permissionsAboveLevel(toPermissionStrings(ROLE_BUNDLES.ROLE_SUPERADMIN), 'SENSITIVE')).toEqual([])
    expect(permissionsAboveLevel(toPermissionStrings(ROLE_BUNDLES.ROLE_ADMIN), 'SENSITIVE')).toEqual([])
    expect(permissionsAboveLevel(toPermissionStrings(ROLE_BUNDLES.ROLE_USER), 'PUBLIC')).toEqual([])
    expect(permissionsAboveLevel(allPermissions(), 'PUBLIC').length).toBeGreaterThan(10)
    expect(minimumLevel('unknown', 'read')).toBe('SENSITIVE')
  })
})

describe('the tree on the wire (issue 25 item 14)', () => {
  const A = 'a0000000-0000-4000-8000-000000000001'
  const B = 'b0000000-0000-4000-8000-000000000002'
  const C = 'c0000000-0000-4000-8000-000000000003'
  const D = 'd0000000-0000-4000-8000-000000000004'
  const groups: TreeGroup[] = [
    { id: B, name: 'Birim', level: 'unit', parentId: A, version: 2 },
    { id: C, name: 'Ekip', level: 'team', parentId: B, version: 1 },
    { id: A, name: 'Müdürlük', level: 'management', parentId: null, version: 7 },
  ]
  it('names each field once, a parent by its index, and reads back to the same groups', () => {
    const wire = encodeGroupTree(groups)
    expect(wire).toEqual({ ids: [B, C, A], names: ['Birim', 'Ekip', 'Müdürlük'], levels: [1, 2, 0], parents: [2, 0, null], versions: [2, 1, 7], outside: [] })
    expect(decodeGroupTree(wire)).toEqual(groups)
    expect(JSON.stringify(wire).length).toBeLessThan(JSON.stringify(groups).length * 0.8)
  })
  it('lists a parent that is not in the answer once, after the groups', () => {
    const teams: TreeGroup[] = [
      { id: C, name: 'Ekip 1', level: 'team', parentId: B, version: 1 },
      { id: D, name: 'Ekip 2', level: 'team', parentId: B, version: 1 },
    ]
    const wire = encodeGroupTree(teams)
    expect(wire).toMatchObject({ parents: [2, 2], outside: [B] })
    expect(decodeGroupTree(wire)).toEqual(teams)
  })
  it('refuses a malformed answer instead of drawing a wrong tree', () => {
    const wire = encodeGroupTree(groups)
    expect(() => decodeGroupTree({ ...wire, names: ['x'] })).toThrow(/lengths/)
    expect(() => decodeGroupTree({ ...wire, levels: [1, 5, 0] })).toThrow(/level/)
    expect(() => decodeGroupTree({ ...wire, parents: [2, 3, null] })).toThrow(/parent/)
  })
})
