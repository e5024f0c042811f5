import { expect } from 'vitest'
import { orgBuilderMachine, ZOOM, type OrgGroup } from '../../machines/org-builder/org-builder.machine.ts'
import { modelSuite } from '../support/model-test.ts'

const groups: OrgGroup[] = [
  { id: 'm', name: 'Genel Müdürlük', level: 'management', parentId: null, version: 1 },
  { id: 'u1', name: 'Satış', level: 'unit', parentId: 'm', version: 1 },
  { id: 'u2', name: 'Operasyon', level: 'unit', parentId: 'm', version: 1 },
  { id: 't', name: 'Ekip', level: 'team', parentId: 'u1', version: 1 },
]

modelSuite({
  name: 'org-builder',
  machine: orgBuilderMachine,
  events: [
    { type: 'drag.start', id: 't' },
    { type: 'drag.start', id: 'm' },
    { type: 'drag.start', id: 'u1' },        // u1 over u2: a unit under a unit, 'Hatalı Seviye'
    { type: 'drag.start', id: 'ghost' },
    { type: 'target.over', parentId: 'u2' },   // valid for t
    { type: 'target.over', parentId: 'u1' },   // t's own parent; a level error for m? (m under u1 is a cycle)
    { type: 'target.over', parentId: 't' },    // a cycle for m, a level error for t (itself)
    { type: 'target.next' },
    { type: 'target.previous' },
    { type: 'target.leave' },
    { type: 'drop' },
    { type: 'drag.cancel' },
    { type: 'undo' },
    { type: 'reload' },
    { type: 'zoom.in' },
    { type: 'zoom.out' },
    { type: 'zoom.fit' },
  ],
  outputs: {
    loadTree: [groups],
    moveGroup: [{ ...groups[3]!, parentId: 'u2', version: 2 }],
    undoMove: [{ ...groups[3]!, parentId: 'u1', version: 3 }],
  },
  errors: {
    loadTree: [Object.assign(new Error('x'), { kind: 'network' })],
    moveGroup: [Object.assign(new Error('409'), { code: 'CONFLICT' })],
    undoMove: [Object.assign(new Error('409'), { code: 'CONFLICT' })],
  },
  serialize: (s) => ({
    value: s.value, dragging: s.context.dragging, target: s.context.target?.parentId, ok: s.context.target?.check.ok,
    parents: s.context.groups.map((g: OrgGroup) => g.parentId).join(), lastMove: !!s.context.lastMove,
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
})
