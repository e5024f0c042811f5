import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, SimulatedClock } from 'xstate'
import { resourceListMachine } from '../../machines/resource-list/resource-list.machine.ts'
import { DEFAULT_LIST_PARAMS, PAGE_SIZES, showingRange, type ListPage, type ListParams } from '../../src/domain/list-params.ts'
import { modelSuite } from '../support/model-test.ts'

const page = (n: number, total: number): ListPage<unknown> => ({ items: Array.from({ length: n }, (_, i) => ({ id: i })), total, page: 1, size: 20 })

modelSuite({
  name: 'resource-list',
  machine: resourceListMachine,
  input: { searchDebounceMs: 300 },
  events: [
    { type: 'page.go', page: 2 },
    { type: 'page.go', page: 0 },
    { type: 'size.change', size: 50 },
    { type: 'size.change', size: 7 },
    { type: 'sort.toggle', field: 'at' },
    { type: 'filter.change', key: 'action', value: 'auth.login' },
    { type: 'search.input', q: 'ayse' },
    { type: 'params.sync', params: { ...DEFAULT_LIST_PARAMS, q: 'from-url' } },
    { type: 'params.sync', params: DEFAULT_LIST_PARAMS },
    { type: 'retry' },
    { type: 'reload' },
  ],
  outputs: { fetchPage: [page(20, 45), page(0, 0)] },
  errors: { fetchPage: [Object.assign(new Error('x'), { kind: 'network' })] },
  serialize: (s) => ({ value: s.value, params: s.context.params, total: s.context.total, error: s.context.error }),
  invariants: (s) => {
    const { params } = s.context
    // the list never asks for an impossible page or size
    expect(params.page).toBeGreaterThanOrEqual(1)
    expect(PAGE_SIZES).toContain(params.size)
    if (s.matches('ready')) expect(s.context.items.length).toBeGreaterThan(0)
    if (s.matches('empty')) expect(s.context.items).toEqual([])
    if (s.matches('failed')) expect(s.context.error).toBe('NETWORK')
    else expect(s.context.error).toBeNull()
    if (s.matches('loading')) expect(s.hasTag('busy')).toBe(true)
  },
  describeEvent: (e) => e.type.startsWith('xstate.done') ? 'the server answers a page' : e.type.startsWith('xstate.error') ? 'the request fails' : e.type.startsWith('xstate.after') ? 'the user pauses typing' : `${e.type} ${JSON.stringify({ ...e, type: undefined })}`,
}, { compare: (s) => ({ value: s.value, status: s.status, params: s.context.params, total: s.context.total }) })

describe('resource-list rules (written apart from the machine)', () => {
  function start(answers: (params: ListParams) => ListPage<unknown>) {
    const clock = new SimulatedClock()
    const asked: ListParams[] = []
    const machine = resourceListMachine.provide({
      actors: { fetchPage: fromPromise(async ({ input }: { input: ListParams }) => { asked.push(input); return answers(input) }) },
    })
    const actor = createActor(machine, { input: { searchDebounceMs: 300 }, clock }).start()
    return { actor, clock, asked }
  }
  const settle = () => new Promise((r) => setTimeout(r, 0))

  it('debounces search: only the last text after a pause is asked, from page 1', async () => {
    const { actor, clock, asked } = start(() => page(3, 3))
    await settle()
    actor.send({ type: 'page.go', page: 1 })
    await settle()
    actor.send({ type: 'search.input', q: 'a' })
    clock.increment(100)
    actor.send({ type: 'search.input', q: 'ay' })
    clock.increment(299)
    expect(actor.getSnapshot().value).toBe('searching')
    clock.increment(1)
    await settle()
    expect(asked.at(-1)).toMatchObject({ q: 'ay', page: 1 })
    expect(asked.map((p) => p.q)).not.toContain('a')
  })

  it('a new size or filter goes back to page 1; sort toggles ascending, descending', async () => {
    const { actor, asked } = start(() => page(20, 95))
    await settle()
    actor.send({ type: 'page.go', page: 5 })
    await settle()
    expect(asked.at(-1)!.page).toBe(5)
    actor.send({ type: 'page.go', page: 6 }) // only 5 pages of 20
    expect(asked).toHaveLength(2)
    actor.send({ type: 'size.change', size: 50 })
    await settle()
    expect(asked.at(-1)).toMatchObject({ page: 1, size: 50 })
    actor.send({ type: 'sort.toggle', field: 'at' })
    actor.send({ type: 'sort.toggle', field: 'at' })
    await settle()
    expect(asked.at(-1)!.sort).toBe('-at')
    actor.send({ type: 'page.go', page: 2 })
    actor.send({ type: 'filter.change', key: 'actor', value: 'admin' })
    await settle()
    expect(asked.at(-1)).toMatchObject({ page: 1, filters: { actor: 'admin' } })
  })

  it('"Showing {start} to {end} of {total}" counts rows from 1', () => {
    expect(showingRange(1, 20, 45)).toEqual({ start: 1, end: 20, total: 45 })
    expect(showingRange(3, 20, 45)).toEqual({ start: 41, end: 45, total: 45 })
    expect(showingRange(1, 20, 0)).toEqual({ start: 0, end: 0, total: 0 })
  })
})
