import { expect } from 'vitest'
import { CONFLICT, FIELDS, resourceEditorMachine, type VersionedRecord } from '../../../machines/resource-editor/resource-editor.machine.ts'
import type { Model } from '../../support/model-test.ts'

export const record = (version: number, name = 'Katılım'): VersionedRecord => ({ id: 'c1', version, values: { name } })

export const resourceEditorModel: Model = {
  name: 'resource-editor',
  machine: resourceEditorMachine,
  input: { id: 'c1' },
  events: [
    { type: 'field.change', field: 'name', value: 'Yeni Ad' },
    // typed after a save: another name than the one saved
    { type: 'field.change', field: 'name', value: 'Başka Ad' },
    { type: 'form.submit' },
    { type: 'form.reset' },
    { type: 'retry' },
    { type: 'reload' },
    { type: 'leave.request' },
    { type: 'leave.confirm' },
    { type: 'leave.cancel' },
    { type: 'reauth.submit', password: 'Doğru-Parola-2026!' },
    { type: 'reauth.submit', password: '' },
    { type: 'reauth.cancel' },
  ],
  outputs: { load: [record(3)], validate: [{}, { name: 'required' }], save: [record(4, 'Yeni Ad')] },
  errors: {
    load: [Object.assign(new Error('x'), { kind: 'network' })],
    save: [
      Object.assign(new Error('409'), { code: CONFLICT }), Object.assign(new Error('400'), { code: FIELDS, fields: { name: 'duplicate' } }), Object.assign(new Error('403'), { code: 'FORBIDDEN' }),
      Object.assign(new Error('403 reauth required'), { code: 'REAUTH_REQUIRED' }), Object.assign(new Error('403 reauth failed'), { code: 'REAUTH_FAILED' }),
    ],
  },
  // only what guards read (dirty) and what tells the screens apart
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
    // a password given to the dialog is never kept (issue 28)
    expect(JSON.stringify(s.context)).not.toContain('Doğru-Parola-2026!')
  },
}
