import { expect } from 'vitest'
import { myConsentsMachine } from '../../../machines/my-consents/my-consents.machine.ts'
import type { Model } from '../../support/model-test.ts'

const err = (code: string) => Object.assign(new Error(code), { code })
const network = Object.assign(new Error('network'), { kind: 'network' })

export const CONSENT_TICKET = 'consents-ticket-1'
export const SMS_ID = '11111111-1111-4111-8111-111111111111'
export const CONTRACT_ID = '22222222-2222-4222-8222-222222222222'
export const WITHDRAWN_ID = '33333333-3333-4333-8333-333333333333'
export const EMAIL_ID = '44444444-4444-4444-8444-444444444444'
const at = '2026-03-02T09:00:00.000Z'
const consent = (id: string, name: string, scope: string, title: string, status: string, withdrawable: boolean, givenAt: string | null = null) => ({
  id, name, scope, title, documentId: name === 'markconcent' ? 'TICARI-ILETI-v1' : 'SOZLESME-ONAY-v1', version: 1, text: 'metin', locale: 'tr',
  textSha256: 'a'.repeat(64), status, at, channel: 'WEB', givenAt, withdrawable,
})
/** The phone's one application: commercial messages by SMS (withdrawable) and the contract approval (not). */
export const MY_SALES = [{
  saleId: '7d0b4c3e-2f7a-4a51-9d0e-4b1f0b8e2a11', product: 'tss', policyNumber: null, startedAt: at,
  consents: [
    consent(SMS_ID, 'markconcent', 'SMS', 'Ticari Elektronik İleti İzni', 'ACCEPTED', true),
    consent(CONTRACT_ID, 'trxconcent', 'tss', 'Sözleşme Onayı', 'ACCEPTED', false),
  ],
}]
/**
 * Another phone's application with two withdrawable consents (commercial messages by SMS and by
 * e-mail): the second withdrawal must send its own id, not the first one's (nor its withdrawal's).
 */
export const TWO_WITHDRAWABLE = [{
  ...MY_SALES[0]!,
  consents: [MY_SALES[0]!.consents[0]!, consent(EMAIL_ID, 'markconcent', 'EMAIL', 'Ticari Elektronik İleti İzni', 'ACCEPTED', true), MY_SALES[0]!.consents[1]!],
}]
export const WITHDRAWN = consent(WITHDRAWN_ID, 'markconcent', 'SMS', 'Ticari Elektronik İleti İzni', 'WITHDRAWN', false, at)

/** The customer's consent page (issue 24 item 10): the SMS step, the list, a withdrawal asked, confirmed, answered. */
export const myConsentsModel: Model = {
  name: 'my-consents',
  machine: myConsentsMachine,
  events: [
    { type: 'consent.withdraw', id: SMS_ID },
    { type: 'consent.withdraw', id: EMAIL_ID },
    { type: 'consent.withdraw', id: CONTRACT_ID },
    { type: 'consent.withdraw', id: 'not-on-the-page' },
    { type: 'withdraw.confirm' },
    { type: 'withdraw.cancel' },
    { type: 'retry' },
  ],
  outputs: {
    sms: [{ phone: '+905321234567', ticket: CONSENT_TICKET }],
    loadConsents: [{ phone: '+905321234567', sales: MY_SALES }, { phone: '+905321234567', sales: [] }, { phone: '+905321234567', sales: TWO_WITHDRAWABLE }],
    withdrawConsent: [WITHDRAWN],
  },
  errors: {
    loadConsents: [err('SMS_TICKET_INVALID'), network],
    withdrawConsent: [err('SMS_TICKET_INVALID'), err('CONSENT_ALREADY_WITHDRAWN'), network],
  },
  serialize: (s) => ({
    value: s.value, ticket: s.context.ticket, selected: s.context.selected, error: s.context.error, withdrawn: s.context.withdrawn,
    rows: (s.context.sales as typeof MY_SALES).flatMap((x) => x.consents.map((c) => `${c.id}:${c.status}`)),
  }),
  invariants: (s) => {
    // a selected consent is one the page shows as withdrawable
    if (s.context.selected !== null) {
      const row = (s.context.sales as typeof MY_SALES).flatMap((x) => x.consents).find((c) => c.id === s.context.selected)
      expect(row?.withdrawable).toBe(true)
    }
    // the list is never shown without the phone's own verification
    if (s.context.ticket === null) expect(s.context.sales).toEqual([])
  },
}
