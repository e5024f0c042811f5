import { expect } from 'vitest'
import { emailChangeMachine } from '../../../machines/email-change/email-change.machine.ts'
import type { Model } from '../../support/model-test.ts'

const err = (code: string) => Object.assign(new Error(code), { code })

/** The e-mail change page (issue 28 item 2): its link read, its button pressed, the server's answers. */
export const emailChangeModel: Model = {
  name: 'email-change',
  machine: emailChangeMachine,
  events: [{ type: 'link.submit' }, { type: 'retry' }],
  outputs: { readLink: [{ action: 'confirm' }, { action: 'cancel' }], submitLink: [{ email: 'mehmet.yeni@example.com' }] },
  errors: {
    readLink: [err('LINK_INVALID')],
    submitLink: [err('EMAIL_CHANGE_INVALID'), err('USER_EXISTS'), Object.assign(new Error('network'), { kind: 'network' })],
  },
  serialize: (s) => ({ value: s.value, action: s.context.action, error: s.context.error }),
  invariants: (s) => {
    // the link's token is never part of the machine
    expect(Object.keys(s.context).sort()).toEqual(['action', 'email', 'error'])
    if (s.matches('confirmed')) expect(s.context.action).toBe('confirm')
    if (s.matches('cancelled')) expect(s.context.action).toBe('cancel')
  },
}
