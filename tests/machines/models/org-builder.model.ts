import { expect } from 'vitest'
import { orgBuilderMachine, ZOOM, type OrgGroup } from '../../../machines/org-builder/org-builder.machine.ts'
import type { Model } from '../../support/model-test.ts'

/** A company: management m, units u1 and u2 under it, team t under u1. */
export const GROUPS: OrgGroup[] = [
  { id: 'm', name: 'Genel Müdürlük', level: 'management', parentId: null, version: 1 },
  { id: 'u1', name: 'Satış', level: 'unit', parentId: 'm', version: 1 },
  { id: 'u2', name: 'Operasyon', level: 'unit', parentId: 'm', version: 1 },
  { id: 't', name: 'Ekip', level: 'team', parentId: 'u1', version: 1 },
]

export const orgBuilderModel: Model = {
  name: 'org-builder',
  machine: orgBuilderMachine,
  events: [
    { type: 'drag.start', id: 't' },
    { type: 'drag.start', id: 'u1' },        // u1 over u2: a unit under a unit, 'Hatalı Seviye'
    { type: 'drag.start', id: 'ghost' },
    { type: 'target.over', parentId: 'u2' },   // valid for t
    { type: 'target.over', parentId: 'u1' },   // t's own parent; no target while u1 itself is dragged
    { type: 'target.over', parentId: 't' },    // u1 under its own team t: a cycle
    { type: 'target.next' },
    { type: 'target.previous' },
    { type: 'target.leave' },
    { type: 'drop' },
    { type: 'drag.cancel' },
    { type: 'undo' },
    { type: 'reload' },
    { type: 'delete.request', id: 't' },
    { type: 'delete.request', id: 'ghost' },
    { type: 'delete.confirm' },
    { type: 'delete.cancel' },
    { type: 'zoom.in' },
    { type: 'zoom.out' },
    { type: 'zoom.fit' },
    { type: 'zoom.fit', scale: 0.1 },
    { type: 'zoom.set', scale: 9 },          // beyond the bounds: clamped
  ],
  outputs: {
    loadTree: [GROUPS],
    moveGroup: [{ ...GROUPS[3]!, parentId: 'u2', version: 2 }],
    undoMove: [{ ...GROUPS[3]!, parentId: 'u1', version: 3 }],
    deleteGroup: [{ ok: true }],
  },
  errors: {
    loadTree: [Object.assign(new Error('x'), { kind: 'network' })],
    moveGroup: [Object.assign(new Error('409'), { code: 'CONFLICT' })],
    undoMove: [Object.assign(new Error('409'), { code: 'CONFLICT' })],
    deleteGroup: [Object.assign(new Error('409'), { code: 'GROUP_NOT_EMPTY', details: { issues: [{ path: 'subgroups', code: '2' }] } })],
  },
  // what guards read: the dragged group, the target (its check follows from the tree), whether the tree
  // still has its loaded links (coarse: keeps paths few, coverage and the mutation check stay full), whether there
  // is a move to undo; zoom (read by no guard) only as in/fit/out while loading, enough to see its steps
  serialize: (s) => ({
    value: s.value, dragging: s.context.dragging, deleting: s.context.deleting?.id, refused: s.context.deleteError !== null, target: s.context.target?.parentId,
    moved: (s.context.groups as OrgGroup[]).some((g, i) => g.parentId !== GROUPS[i]?.parentId), lastMove: s.context.lastMove !== null,
    zoom: s.matches('loading') ? Math.sign(s.context.zoom - ZOOM.fit) : 0,
  }),
  limit: 200_000,
  invariants: (s) => {
    // the tree never holds a cycle, whatever happened
    for (const g of s.context.groups as OrgGroup[]) {
      let cursor: string | null = g.parentId
      for (let i = 0; cursor !== null; i++) {
        expect(i).toBeLessThan(10)
        cursor = (s.context.groups as OrgGroup[]).find((x) => x.id === cursor)?.parentId ?? null
      }
    }
    expect(s.context.zoom).toBeGreaterThanOrEqual(ZOOM.min)
    expect(s.context.zoom).toBeLessThanOrEqual(ZOOM.max)
    if (s.matches({ ready: 'dragging' })) expect(s.context.dragging).not.toBeNull()
    if (s.matches({ ready: 'idle' })) expect(s.context.pending).toBeNull()
    // a refused drop changes nothing in the tree
    if (s.context.error === 'LEVEL_ERROR' || s.context.error === 'GROUP_CYCLE') expect(s.context.pending).toBeNull()
  },
}
