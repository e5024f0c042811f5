import { expect } from 'vitest'
import type { AnyEventObject } from 'xstate'
import { confirmActionMachine } from '../../../machines/confirm-action/confirm-action.machine.ts'
import type { Model } from '../../support/model-test.ts'
import type { Snapshot } from '../../support/paths.ts'

/**
 * The ask-then-act statechart as two pages use it (the browser replay opens the one a path's
 * subject names); the answers of `prepare` and `run` are each use's own:
 *  - deleting a job title (Company > Job titles): `prepare` reads the title again (its current
 *    version: NOT_FOUND when someone deleted it) and always asks; `run` is the DELETE;
 *  - the test mail (Company > Mail server): `prepare` checks the address (nothing to ask, or the
 *    field at fault), `run` sends the mail and answers what the mail server said; after a failure
 *    "Tekrar dene" sends the same again (confirm), "Kapat" gives up (cancel).
 */
export const ANALYST = { kind: 'delete', id: 'jt-analyst', name: 'Model Analist' }
export const EXPERT = { kind: 'delete', id: 'jt-expert', name: 'Model Uzman' }
export const MAIL = { kind: 'mail', to: 'test@example.com' }
export const NOT_AN_ADDRESS = { kind: 'mail', to: 'yok-boyle-adres' }

/** The job title read again (src/web/flows/company.ts), and the mail test's route (company-settings.ts): what `run` is given with the subject. */
export const ASK = { ask: true, preview: { jobtitleid: 'jt-analyst', name: 'Model Analist', version: 1 } }
export const NOTHING_TO_ASK = { ask: false, preview: { host: 'smtp.example.com', port: 587 } }
export const GONE = Object.assign(new Error('404'), { code: 'NOT_FOUND' })
export const WRONG_FIELD = Object.assign(new Error('invalid'), { code: 'FIELDS', fields: { to: 'email' } })
export const DELETED = { ok: true }
export const SENT = { ok: true, answer: '250 OK' }
export const NETWORK = Object.assign(new Error('x'), { kind: 'network' })

type Subject = typeof ANALYST | typeof MAIL

/** What each use's actors answer, for the subject in hand. */
function answers(s: Snapshot): AnyEventObject[] {
  const subject = s.context.subject as Subject | null
  if (!subject) return []
  const deletion = subject.kind === 'delete'
  if (s.matches('preparing')) {
    if (deletion) return [{ type: 'xstate.done.actor.prepare', output: ASK }, { type: 'xstate.error.actor.prepare', error: GONE }]
    return (subject as typeof MAIL).to === MAIL.to
      ? [{ type: 'xstate.done.actor.prepare', output: NOTHING_TO_ASK }]
      : [{ type: 'xstate.error.actor.prepare', error: WRONG_FIELD }]
  }
  if (s.matches('running')) return [{ type: 'xstate.done.actor.run', output: deletion ? DELETED : SENT }, { type: 'xstate.error.actor.run', error: NETWORK }]
  return []
}

export const confirmActionModel: Model = {
  name: 'confirm-action',
  machine: confirmActionMachine,
  events: (s) => [
    { type: 'request', subject: ANALYST },
    { type: 'request', subject: EXPERT },
    { type: 'request', subject: MAIL },
    { type: 'request', subject: NOT_AN_ADDRESS },
    { type: 'confirm' },
    { type: 'cancel' },
    ...answers(s),
  ],
  // the answers depend on the subject: given above, per state
  outputs: { prepare: [], run: [] },
  errors: { prepare: [], run: [] },
  // what the guards read and what tells the screens apart
  serialize: (s) => ({ value: s.value, subject: s.context.subject, error: s.context.error, fields: s.context.fields, done: s.context.result !== null }),
  invariants: (s) => {
    if (s.matches('asking') || s.matches('running') || s.matches('failed') || s.matches('preparing')) expect(s.context.subject).not.toBeNull()
    if (s.matches('idle')) expect(s.context.subject).toBeNull()
    if (s.matches('done')) expect(s.context.error).toBeNull()
    expect(s.hasTag('busy')).toBe(s.matches('preparing') || s.matches('running'))
  },
}
