import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, SimulatedClock } from 'xstate'
import { resourceListMachine } from '../../machines/resource-list/resource-list.machine.ts'
import { showingRange, type ListPage, type ListParams } from '../../src/domain/list-params.ts'
import { modelSuite } from '../support/model-test.ts'
import { resourceListExpectations } from './expectations/resource-list.ts'
import { page, resourceListModel } from './models/resource-list.model.ts'

modelSuite(resourceListModel, resourceListExpectations)

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

  it('a capped count ("10.000+", issue 25 item 14): the next page exists while rows come, none after an exact end', async () => {
    // the server counted to the page asked for and one row more: 40 rows, more to come, from any page
    const { actor, asked } = start((p) => (p.page < 4
      ? { ...page(20, 0), total: p.page * 20, totalCapped: true }
      : { ...page(5, 0), total: 65, totalCapped: false }))
    await settle()
    expect(actor.getSnapshot().context).toMatchObject({ total: 20, totalCapped: true })
    // one page counted, capped: page 2 may be asked, page 3 not yet
    actor.send({ type: 'page.go', page: 3 })
    expect(asked).toHaveLength(1)
    for (const n of [2, 3, 4]) {
      actor.send({ type: 'page.go', page: n })
      await settle()
      expect(asked.at(-1)!.page).toBe(n)
    }
    // page 4 held the last five rows, counted exactly: no page 5
    expect(actor.getSnapshot().context).toMatchObject({ total: 65, totalCapped: false })
    actor.send({ type: 'page.go', page: 5 })
    expect(asked).toHaveLength(4)
    // an uncapped answer after a capped one clears the flag (an empty page too)
    const second = start(() => ({ ...page(0, 0), totalCapped: undefined as unknown as boolean }))
    await settle()
    expect(second.actor.getSnapshot().context.totalCapped).toBe(false)
  })

  it('"Showing {start} to {end} of {total}" counts rows from 1', () => {
    expect(showingRange(1, 20, 45)).toEqual({ start: 1, end: 20, total: 45 })
    expect(showingRange(3, 20, 45)).toEqual({ start: 41, end: 45, total: 45 })
    expect(showingRange(1, 20, 0)).toEqual({ start: 0, end: 0, total: 0 })
  })
})
