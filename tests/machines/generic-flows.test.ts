/**
 * What the generic admin machines send and how long they wait, with recording fakes (the model
 * suites check states and context; these check each invoked actor's input and the delays, on a
 * simulated clock). Constants are the spec's and the product's, restated here as literals.
 */
import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, SimulatedClock } from 'xstate'
import { confirmActionMachine } from '../../machines/confirm-action/confirm-action.machine.ts'
import { loadMachine } from '../../machines/load/load.machine.ts'
import { searchMachine } from '../../machines/search/search.machine.ts'
import { uploadMachine, type Checked } from '../../machines/upload/upload.machine.ts'
import { formPanelMachine } from '../../machines/form-panel/form-panel.machine.ts'
import { resourceListMachine } from '../../machines/resource-list/resource-list.machine.ts'
import type { ListPage, ListParams } from '../../src/domain/list-params.ts'

const settle = () => new Promise((r) => setTimeout(r, 0))
function deferred<T>() {
  let resolve!: (v: T) => void
  let reject!: (e: unknown) => void
  const promise = new Promise<T>((ok, fail) => { resolve = ok; reject = fail })
  return { promise, resolve, reject }
}

describe('load: what is fetched', () => {
  it('fetches with the page\'s parameters, again with new ones, and drops an answer that came too late', async () => {
    const asked: unknown[] = []
    const answers: Array<ReturnType<typeof deferred<unknown>>> = []
    const actor = createActor(loadMachine.provide({
      actors: { fetch: fromPromise(({ input }) => { asked.push(input); const d = deferred<unknown>(); answers.push(d); return d.promise }) },
    }), { input: { params: { days: 7 } } }).start()
    expect(asked).toEqual([{ days: 7 }])
    actor.send({ type: 'params.change', params: { days: 30 } })
    expect(asked).toEqual([{ days: 7 }, { days: 30 }])
    answers[1]!.resolve('month')
    await settle()
    answers[0]!.resolve('week (too late)')
    await settle()
    expect(actor.getSnapshot().value).toBe('ready')
    expect(actor.getSnapshot().context.data).toBe('month')
    actor.send({ type: 'reload' })
    expect(asked.at(-1)).toEqual({ days: 30 })
  })

  it('without parameters (most pages) fetches with null; a failure\'s reason is a code', async () => {
    const asked: unknown[] = []
    const actor = createActor(loadMachine.provide({
      actors: { fetch: fromPromise(async ({ input }) => { asked.push(input); throw Object.assign(new Error('x'), { kind: 'network' }) }) },
    }), { input: undefined }).start()
    await settle()
    expect(asked).toEqual([null])
    expect(actor.getSnapshot().context.error).toBe('NETWORK')
    actor.send({ type: 'retry' })
    expect(asked).toEqual([null, null])
  })
})

describe('confirm-action: nothing is done before the confirmation', () => {
  it('prepare sees the subject; run gets the subject and the preview, only after "confirm"', async () => {
    const prepared: unknown[] = []
    const ran: unknown[] = []
    const actor = createActor(confirmActionMachine.provide({
      actors: {
        prepare: fromPromise(async ({ input }) => { prepared.push(input); return { ask: true, preview: { affected: 3 } } }),
        run: fromPromise(async ({ input }) => { ran.push(input); return { ok: true } }),
      },
    })).start()
    actor.send({ type: 'request', subject: { id: 'r1', name: 'ROLE_X' } })
    await settle()
    expect(prepared).toEqual([{ subject: { id: 'r1', name: 'ROLE_X' } }])
    expect(actor.getSnapshot().value).toBe('asking')
    expect(ran).toEqual([])
    actor.send({ type: 'confirm' })
    await settle()
    expect(ran).toEqual([{ subject: { id: 'r1', name: 'ROLE_X' }, preview: { affected: 3 } }])
  })

  it('a failure is tried again with the same subject; cancel runs nothing; nothing to ask runs at once', async () => {
    const ran: unknown[] = []
    let fail = true
    const actor = createActor(confirmActionMachine.provide({
      actors: {
        prepare: fromPromise(async ({ input }: { input: { subject: unknown } }) => ({ ask: (input.subject as { ask: boolean }).ask })),
        run: fromPromise(async ({ input }) => { ran.push(input); if (fail) throw Object.assign(new Error('x'), { code: 'ROLE_IN_USE', issues: [{ path: 'holders', code: '2' }] }); return 'ok' }),
      },
    })).start()
    actor.send({ type: 'request', subject: { ask: true, id: 1 } })
    await settle()
    actor.send({ type: 'confirm' })
    await settle()
    expect(actor.getSnapshot().value).toBe('failed')
    expect(actor.getSnapshot().context).toMatchObject({ error: 'ROLE_IN_USE', issues: [{ path: 'holders', code: '2' }] })
    fail = false
    actor.send({ type: 'confirm' })
    await settle()
    expect(ran).toEqual([{ subject: { ask: true, id: 1 }, preview: null }, { subject: { ask: true, id: 1 }, preview: null }])
    actor.send({ type: 'request', subject: { ask: true, id: 2 } })
    await settle()
    actor.send({ type: 'cancel' })
    expect(ran).toHaveLength(2)
    actor.send({ type: 'request', subject: { ask: false, id: 3 } })
    await settle()
    expect(ran.at(-1)).toEqual({ subject: { ask: false, id: 3 }, preview: null })
  })
})

describe('upload: nothing is sent before the check', () => {
  it('check sees the file; upload gets the file, the prepared picture and the crop; a refusal sends nothing', async () => {
    const checked: unknown[] = []
    const sent: unknown[] = []
    const actor = createActor(uploadMachine.provide({
      actors: {
        check: fromPromise(async ({ input }: { input: { file: unknown } }): Promise<Checked> => {
          checked.push(input)
          const name = (input.file as { name: string }).name
          if (name.endsWith('.txt')) throw Object.assign(new Error('type'), { code: 'LOGO_TYPE' })
          return { review: name.startsWith('photo'), prepared: { bitmap: name } }
        }),
        upload: fromPromise(async ({ input }): Promise<unknown> => { sent.push(input); return '/photo?v=2' }),
        remove: fromPromise(async (): Promise<unknown> => null),
      },
    })).start()
    actor.send({ type: 'file.select', file: { name: 'notes.txt' } })
    await settle()
    expect(actor.getSnapshot().value).toBe('rejected')
    expect(sent).toEqual([])
    actor.send({ type: 'file.select', file: { name: 'photo.png' } })
    await settle()
    expect(actor.getSnapshot().value).toBe('reviewing')
    expect(sent).toEqual([])
    actor.send({ type: 'upload.submit', options: { cx: 10, cy: 20, zoom: 2 } })
    await settle()
    expect(checked).toEqual([{ file: { name: 'notes.txt' } }, { file: { name: 'photo.png' } }])
    expect(sent).toEqual([{ file: { name: 'photo.png' }, prepared: { bitmap: 'photo.png' }, options: { cx: 10, cy: 20, zoom: 2 } }])
    actor.send({ type: 'file.select', file: { name: 'logo.png' } })
    await settle()
    // nothing to review: sent at once, without a crop
    expect(sent.at(-1)).toEqual({ file: { name: 'logo.png' }, prepared: { bitmap: 'logo.png' }, options: null })
  })
})

describe('search: the wait before asking is 250 ms of quiet typing', () => {
  function start() {
    const asked: string[] = []
    const clock = new SimulatedClock()
    const actor = createActor(searchMachine.provide({
      actors: { search: fromPromise(async ({ input }: { input: string }) => { asked.push(input); return [{ key: 'k', kind: 'user', label: 'Zeynep Arslan', detail: '', to: '/navbar/settings/users', q: 'zeynep.arslan' }] }) },
    }), { clock, input: undefined }).start()
    return { actor, asked, clock }
  }

  it('asks 250 ms after the last key, with the trimmed text, never for 1 character', async () => {
    const { actor, asked, clock } = start()
    actor.send({ type: 'input', q: 'a' })
    clock.increment(10_000)
    expect(asked).toEqual([])
    actor.send({ type: 'input', q: ' ars ' })
    clock.increment(249)
    expect(asked).toEqual([])
    actor.send({ type: 'input', q: ' arslan ' })
    clock.increment(249)
    // the second key started the wait again
    expect(asked).toEqual([])
    clock.increment(1)
    expect(asked).toEqual(['arslan'])
    await settle()
    expect(actor.getSnapshot().value).toBe('open')
  })

  it('a choice emits the hit (the page navigates) and clears the field', async () => {
    const { actor, clock } = start()
    const chosen: unknown[] = []
    actor.on('chosen', (e) => chosen.push(e.hit))
    actor.send({ type: 'input', q: 'arslan' })
    clock.increment(250)
    await settle()
    actor.send({ type: 'move.next' })
    actor.send({ type: 'choose' })
    expect(chosen).toEqual([expect.objectContaining({ label: 'Zeynep Arslan', to: '/navbar/settings/users', q: 'zeynep.arslan' })])
    expect(actor.getSnapshot().context.q).toBe('')
  })
})

describe('form-panel: a new record goes under the one shown', () => {
  it('"create" while a group is shown takes it as the parent; from nothing, the top', () => {
    const actor = createActor(formPanelMachine).start()
    actor.send({ type: 'create' })
    expect(actor.getSnapshot().context.parentId).toBeNull()
    actor.send({ type: 'open', id: 'g-sales' })
    actor.send({ type: 'create' })
    expect(actor.getSnapshot().context).toMatchObject({ parentId: 'g-sales', id: null })
    actor.send({ type: 'saved', id: 'g-new' })
    expect(actor.getSnapshot().context).toMatchObject({ id: 'g-new', parentId: null })
  })
})

describe('resource-list: a capped total is the answer\'s, never kept from an earlier one', () => {
  // the server caps a count it stops at (a page beyond the count may follow); a later answer without the cap
  // has exactly its pages (spec 2.2 "Lists"; found by the mutation sample, seed 303: totalCapped kept)
  it('after a capped answer, an uncapped one allows only its own pages; so does an empty one', async () => {
    const answers: Array<ListPage<unknown>> = [
      { items: Array.from({ length: 20 }, (_, i) => ({ id: i })), total: 10_000, totalCapped: true, page: 1, size: 20 },
      { items: Array.from({ length: 20 }, (_, i) => ({ id: i })), total: 45, page: 1, size: 20 },
      { items: Array.from({ length: 20 }, (_, i) => ({ id: i })), total: 10_000, totalCapped: true, page: 1, size: 20 },
      { items: [], total: 0, page: 1, size: 20 },
    ]
    const asked: ListParams[] = []
    const actor = createActor(resourceListMachine.provide({
      actors: { fetchPage: fromPromise(async ({ input }: { input: ListParams }) => { asked.push(input); return answers.shift()! }) },
    }), { input: { params: {} } }).start()
    await settle()
    expect(actor.getSnapshot().context).toMatchObject({ total: 10_000, totalCapped: true })
    actor.send({ type: 'filter.change', key: 'action', value: 'auth.login' })
    await settle()
    expect(actor.getSnapshot().context).toMatchObject({ total: 45, totalCapped: false })
    // 45 rows at 20 a page: three pages, no fourth
    actor.send({ type: 'page.go', page: 4 })
    expect(actor.getSnapshot().context.params.page).toBe(1)
    expect(asked).toHaveLength(2)
    actor.send({ type: 'filter.change', key: 'action', value: 'auth.logout' })
    await settle()
    expect(actor.getSnapshot().context.totalCapped).toBe(true)
    actor.send({ type: 'filter.change', key: 'action', value: 'user.create' })
    await settle()
    expect(actor.getSnapshot().value).toBe('empty')
    expect(actor.getSnapshot().context).toMatchObject({ total: 0, totalCapped: false })
    actor.stop()
  })
})
