import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { CONFLICT, resourceEditorMachine, type FieldErrors, type Values, type VersionedRecord } from '../../machines/resource-editor/resource-editor.machine.ts'
import { modelSuite } from '../support/model-test.ts'
import { resourceEditorExpectations } from './expectations/resource-editor.ts'
import { record, resourceEditorModel } from './models/resource-editor.model.ts'

modelSuite(resourceEditorModel, resourceEditorExpectations)

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
