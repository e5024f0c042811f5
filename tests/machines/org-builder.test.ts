import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { orgBuilderMachine, ZOOM, type OrgGroup } from '../../machines/org-builder/org-builder.machine.ts'

const groups: OrgGroup[] = [
  { id: 'm', name: 'Genel Müdürlük', level: 'management', parentId: null, version: 1 },
  { id: 'u1', name: 'Satış', level: 'unit', parentId: 'm', version: 1 },
  { id: 'u2', name: 'Operasyon', level: 'unit', parentId: 'm', version: 1 },
  { id: 't', name: 'Ekip', level: 'team', parentId: 'u1', version: 1 },
]

/** The machine with a fake server that applies moves to its own copy of the tree, or refuses them. */
function start(opts: { refuse?: string } = {}) {
  const server = structuredClone(groups)
  const calls: Array<{ id: string; parentId: string | null; version: number }> = []
  const actor = createActor(orgBuilderMachine.provide({
    actors: {
      loadTree: fromPromise(async () => structuredClone(server)),
      moveGroup: fromPromise(async ({ input }: { input: { id: string; parentId: string | null; version: number } }) => {
        calls.push(input)
        if (opts.refuse) throw Object.assign(new Error(opts.refuse), { code: opts.refuse })
        const g = server.find((x) => x.id === input.id)!
        g.parentId = input.parentId
        g.version += 1
        return { ...g }
      }),
    },
  }))
  const notices: string[] = []
  actor.on('notice', (n) => notices.push(n.code))
  actor.start()
  return { actor, calls, notices, server }
}

const parentOf = (s: { context: { groups: OrgGroup[] } }, id: string) => s.context.groups.find((g) => g.id === id)!.parentId

describe('org builder rules', () => {
  it('a valid drop moves the group and saves it with its version', async () => {
    const { actor, calls, notices } = start()
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send({ type: 'drag.start', id: 't' })
    actor.send({ type: 'target.over', parentId: 'u2' })
    actor.send({ type: 'drop' })
    expect(parentOf(actor.getSnapshot(), 't')).toBe('u2') // shown at once
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }))
    expect(calls).toEqual([{ id: 't', parentId: 'u2', version: 1 }])
    expect(actor.getSnapshot().context.groups.find((g) => g.id === 't')!.version).toBe(2)
    expect(notices).toEqual(['moved'])
  })

  it('an invalid level says "level error" and moves nothing; a cycle is refused too', async () => {
    const { actor, calls, notices } = start()
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send({ type: 'drag.start', id: 'u1' })
    actor.send({ type: 'target.over', parentId: 'u2' })
    expect(actor.getSnapshot().context.target?.check).toEqual({ ok: false, reason: 'level' })
    actor.send({ type: 'drop' })
    actor.send({ type: 'drag.start', id: 'm' })
    actor.send({ type: 'target.over', parentId: 't' })
    actor.send({ type: 'drop' })
    expect(notices).toEqual(['levelError', 'cycle'])
    expect(calls).toEqual([])
    expect(actor.getSnapshot().context.groups).toEqual(groups)
  })

  it('a refused save rolls the tree back and says why', async () => {
    const { actor, notices } = start({ refuse: 'CONFLICT' })
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send({ type: 'drag.start', id: 't' })
    actor.send({ type: 'target.over', parentId: 'u2' })
    actor.send({ type: 'drop' })
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }))
    expect(parentOf(actor.getSnapshot(), 't')).toBe('u1')
    expect(actor.getSnapshot().context.error).toBe('CONFLICT')
    expect(notices).toEqual(['failed'])
  })

  it('undo puts the last moved group back under its former parent', async () => {
    const { actor, calls, notices, server } = start()
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send({ type: 'drag.start', id: 't' })
    actor.send({ type: 'target.over', parentId: 'u2' })
    actor.send({ type: 'drop' })
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }) && s.context.lastMove !== null)
    actor.send({ type: 'undo' })
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }) && s.context.lastMove === null)
    expect(calls.at(-1)).toEqual({ id: 't', parentId: 'u1', version: 2 })
    expect(server.find((g) => g.id === 't')!.parentId).toBe('u1')
    expect(notices).toEqual(['moved', 'undone'])
    // nothing left to undo
    expect(actor.getSnapshot().can({ type: 'undo' })).toBe(false)
  })

  it('the keyboard steps through every candidate parent in the order the chart shows (the company first, siblings by name), and wraps', async () => {
    const { actor } = start()
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send({ type: 'drag.start', id: 't' })
    const seen: Array<string | null> = []
    for (let i = 0; i < 5; i++) {
      actor.send({ type: 'target.next' })
      seen.push(actor.getSnapshot().context.target!.parentId)
    }
    // Operasyon (u2) before Satış (u1): tree order, not the order the server listed them
    expect(seen).toEqual([null, 'm', 'u2', 'u1', null])
    actor.send({ type: 'target.previous' })
    expect(actor.getSnapshot().context.target!.parentId).toBe('u1')
    actor.send({ type: 'drag.cancel' })
    expect(actor.getSnapshot().context.dragging).toBeNull()
  })

  it('zooms in steps within its bounds, and fit resets', () => {
    const { actor } = start()
    for (let i = 0; i < 40; i++) actor.send({ type: 'zoom.in' })
    expect(actor.getSnapshot().context.zoom).toBe(ZOOM.max)
    for (let i = 0; i < 40; i++) actor.send({ type: 'zoom.out' })
    expect(actor.getSnapshot().context.zoom).toBe(ZOOM.min)
    actor.send({ type: 'zoom.fit' })
    expect(actor.getSnapshot().context.zoom).toBe(1)
    actor.send({ type: 'zoom.fit', scale: 0.1234 })
    expect(actor.getSnapshot().context.zoom).toBe(0.123)
    actor.send({ type: 'zoom.set', scale: 0.001 })
    expect(actor.getSnapshot().context.zoom).toBe(ZOOM.min)
    actor.send({ type: 'zoom.set', scale: Number.NaN })
    expect(actor.getSnapshot().context.zoom).toBe(1)
  })
})

describe('org builder: deleting a group', () => {
  function withDelete(refuse?: { code: string; details: { issues: Array<{ path: string; code: string }> } }) {
    const calls: Array<{ id: string; version: number }> = []
    let loads = 0
    const actor = createActor(orgBuilderMachine.provide({
      actors: {
        loadTree: fromPromise(async () => { loads++; return structuredClone(groups) }),
        deleteGroup: fromPromise<unknown, { id: string; version: number }>(async ({ input }) => {
          calls.push(input)
          if (refuse) throw Object.assign(new Error(refuse.code), refuse)
          return { ok: true }
        }),
      },
    }))
    const notices: string[] = []
    actor.on('notice', (n) => notices.push(n.code))
    actor.start()
    return { actor, calls, notices, loads: () => loads }
  }

  it('asks first; nothing is deleted until confirmed; cancel leaves everything', async () => {
    const { actor, calls } = withDelete()
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send({ type: 'delete.request', id: 't' })
    expect(actor.getSnapshot().matches({ ready: 'confirmingDelete' })).toBe(true)
    expect(actor.getSnapshot().context.deleting).toEqual({ id: 't', version: 1 })
    actor.send({ type: 'delete.cancel' })
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true)
    expect(calls).toEqual([])
  })

  it('confirmed: deletes with the version read, says so and loads the tree again', async () => {
    const { actor, calls, notices, loads } = withDelete()
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send({ type: 'delete.request', id: 't' })
    actor.send({ type: 'delete.confirm' })
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }) && loads() === 2)
    expect(calls).toEqual([{ id: 't', version: 1 }])
    expect(notices).toEqual(['deleted'])
  })

  it('refused: the question stays open with the reason and the counts', async () => {
    const { actor } = withDelete({ code: 'GROUP_NOT_EMPTY', details: { issues: [{ path: 'subgroups', code: '2' }, { path: 'members', code: '1' }] } })
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send({ type: 'delete.request', id: 'u1' })
    actor.send({ type: 'delete.confirm' })
    const s = await waitFor(actor, (x) => x.context.deleteError !== null)
    expect(s.matches({ ready: 'confirmingDelete' })).toBe(true)
    expect(s.context.deleteError).toEqual({ reason: 'GROUP_NOT_EMPTY', issues: [{ path: 'subgroups', code: '2' }, { path: 'members', code: '1' }] })
  })
})

describe('org builder: what is no target', () => {
  it('the dragged block itself is no target, and leaving when there is no target changes nothing', async () => {
    const { actor } = start()
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send({ type: 'drag.start', id: 'u1' })
    const before = actor.getSnapshot()
    actor.send({ type: 'target.over', parentId: 'u1' })
    actor.send({ type: 'target.leave' })
    expect(actor.getSnapshot()).toBe(before)
    actor.send({ type: 'target.over', parentId: 't' })
    expect(actor.getSnapshot().context.target).toEqual({ parentId: 't', check: { ok: false, reason: 'cycle' } })
  })
})
