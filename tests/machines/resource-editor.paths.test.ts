import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { CONFLICT, resourceEditorMachine, type FieldErrors, type Values, type VersionedRecord } from '../../machines/resource-editor/resource-editor.machine.ts'
import { modelSuite } from '../support/model-test.ts'

const record = (version: number, name = 'Katılım'): VersionedRecord => ({ id: 'c1', version, values: { name } })

modelSuite({
  name: 'resource-editor',
  machine: resourceEditorMachine,
  input: { id: 'c1' },
  events: [
    { type: 'field.change', field: 'name', value: 'Yeni Ad' },
    { type: 'form.submit' },
    { type: 'form.reset' },
    { type: 'retry' },
    { type: 'reload' },
    { type: 'leave.request' },
    { type: 'leave.confirm' },
    { type: 'leave.cancel' },
  ],
  outputs: { load: [record(3)], validate: [{}, { name: 'required' }], save: [record(4, 'Yeni Ad')] },
  errors: {
    load: [Object.assign(new Error('x'), { kind: 'network' })],
    validate: [new Error('schema missing')],
    save: [Object.assign(new Error('409'), { code: CONFLICT }), Object.assign(new Error('403'), { code: 'FORBIDDEN' })],
  },
  serialize: (s) => ({ value: s.value, dirty: s.context.dirty, version: s.context.record?.version ?? null, errors: s.context.errors, error: s.context.error }),
  invariants: (s) => {
    // a saved form holds exactly what the server answered, with its new version
    if (s.matches('saved')) {
      expect(s.context.dirty).toBe(false)
      expect(s.context.draft).toEqual(s.context.record!.values)
    }
    if (s.matches('conflict')) expect(s.context.error).toBe('CONFLICT')
    // a conflict never throws the user's changes away
    if (s.matches('conflict') || s.matches('confirmingLeave')) expect(s.context.record).not.toBeNull()
    if (s.matches('loadFailed')) expect(s.context.error).toBe('NETWORK')
    if (s.matches('validating') || s.matches('saving') || s.matches('loading')) expect(s.hasTag('busy')).toBe(true)
  },
}, { compare: (s) => ({ value: s.value, status: s.status, dirty: s.context.dirty, error: s.context.error }) })

describe('resource-editor rules (written apart from the machine)', () => {
  const settle = () => new Promise((r) => setTimeout(r, 0))
  function start(save: (input: { version: number; values: Values }) => Promise<VersionedRecord>) {
    const sent: { version: number; values: Values }[] = []
    const actor = createActor(resourceEditorMachine.provide({
      actors: {
        load: fromPromise(async () => record(7)),
        validate: fromPromise(async ({ input }: { input: { values: Values } }): Promise<FieldErrors> => (input.values.name ? {} : { name: 'required' })),
        save: fromPromise(async ({ input }: { input: { id: string; version: number; values: Values } }) => { sent.push(input); return save(input) }),
      },
    }), { input: { id: 'c1' } }).start()
    return { actor, sent }
  }

  it('saves with the version it loaded; a stale save is a conflict, and reload brings the new version', async () => {
    let stale = true
    const { actor, sent } = start(async (input) => {
      if (stale) throw Object.assign(new Error('409'), { code: CONFLICT })
      return record(input.version + 1, String(input.values.name))
    })
    await settle()
    actor.send({ type: 'field.change', field: 'name', value: 'Benim' })
    actor.send({ type: 'form.submit' })
    await settle(); await settle()
    expect(sent[0]).toMatchObject({ version: 7, values: { name: 'Benim' } })
    expect(actor.getSnapshot().value).toBe('conflict')
    expect(actor.getSnapshot().context.draft).toEqual({ name: 'Benim' })
    stale = false
    actor.send({ type: 'reload' })
    await settle()
    expect(actor.getSnapshot().value).toBe('editing')
    expect(actor.getSnapshot().context.draft).toEqual({ name: 'Katılım' })
  })

  it('never saves an invalid form; leaving with unsaved changes asks, without them it leaves', async () => {
    const { actor, sent } = start(async () => record(8))
    await settle()
    actor.send({ type: 'leave.request' })
    expect(actor.getSnapshot().value).toBe('left')
    const second = start(async () => record(8))
    await settle()
    second.actor.send({ type: 'field.change', field: 'name', value: '' })
    second.actor.send({ type: 'form.submit' })
    await settle()
    expect(second.actor.getSnapshot().value).toBe('editing')
    expect(second.actor.getSnapshot().context.errors).toEqual({ name: 'required' })
    expect(second.sent).toHaveLength(0)
    second.actor.send({ type: 'leave.request' })
    expect(second.actor.getSnapshot().value).toBe('confirmingLeave')
    second.actor.send({ type: 'leave.cancel' })
    expect(second.actor.getSnapshot().context.draft).toEqual({ name: '' })
    expect(sent).toHaveLength(0)
  })
})
