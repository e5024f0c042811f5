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

  it('"Showing {start} to {end} of {total}" counts rows from 1', () => {
    expect(showingRange(1, 20, 45)).toEqual({ start: 1, end: 20, total: 45 })
    expect(showingRange(3, 20, 45)).toEqual({ start: 41, end: 45, total: 45 })
    expect(showingRange(1, 20, 0)).toEqual({ start: 0, end: 0, total: 0 })
  })
})
