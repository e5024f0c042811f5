import { expect } from 'vitest'
import { confirmActionMachine } from '../../../machines/confirm-action/confirm-action.machine.ts'
import type { Model } from '../../support/model-test.ts'

/**
 * The ask-then-act statechart as two pages use it (the browser replay opens the one a path's
 * subject names):
 *  - deleting a job title (Company > Job titles): `prepare` always asks, `run` is the DELETE;
 *  - the test mail (Company > Mail server): `prepare` checks the address (nothing to ask, or the
 *    field at fault), `run` sends the mail and answers what the mail server said; after a failure
 *    "Tekrar dene" sends the same again (confirm), "Kapat" gives up (cancel).
 */
export const ANALYST = { kind: 'delete', id: 'jt-analyst', name: 'Model Analist' }
export const EXPERT = { kind: 'delete', id: 'jt-expert', name: 'Model Uzman' }
export const MAIL = { kind: 'mail', to: 'test@example.com' }
export const NOT_AN_ADDRESS = { kind: 'mail', to: 'yok-boyle-adres' }

export const ASK = { ask: true, preview: null }
export const NOTHING_TO_ASK = { ask: false, preview: null }
export const WRONG_FIELD = Object.assign(new Error('invalid'), { code: 'FIELDS', fields: { to: 'email' } })
export const SENT = { ok: true, answer: '250 OK' }
export const NETWORK = Object.assign(new Error('x'), { kind: 'network' })

export const confirmActionModel: Model = {
  name: 'confirm-action',
  machine: confirmActionMachine,
  events: [
    { type: 'request', subject: ANALYST },
    { type: 'request', subject: EXPERT },
    { type: 'request', subject: MAIL },
    { type: 'request', subject: NOT_AN_ADDRESS },
    { type: 'confirm' },
    { type: 'cancel' },
  ],
  outputs: { prepare: [ASK, NOTHING_TO_ASK], run: [SENT] },
  errors: { prepare: [WRONG_FIELD], run: [NETWORK] },
  // what the guards read and what tells the screens apart
  serialize: (s) => ({ value: s.value, subject: s.context.subject, error: s.context.error, fields: s.context.fields, done: s.context.result !== null }),
  invariants: (s) => {
    if (s.matches('asking') || s.matches('running') || s.matches('failed') || s.matches('preparing')) expect(s.context.subject).not.toBeNull()
    if (s.matches('idle')) expect(s.context.subject).toBeNull()
    if (s.matches('done')) expect(s.context.error).toBeNull()
    expect(s.hasTag('busy')).toBe(s.matches('preparing') || s.matches('running'))
  },
}
