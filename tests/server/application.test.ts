import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { smsKey } from '../../src/server/routes/notification.ts'
import { issueTicket } from '../../src/server/services/sms/codes.ts'
import { agent } from '../support/fixtures.ts'
import { createTestApp, dbKinds, type TestApp } from '../support/test-app.ts'

const PHONE = '0532 123 45 67'

for (const kind of dbKinds()) {
  describe(`unfinished applications: save and resume after verifying the same phone (${kind})`, () => {
    let t: TestApp
    let api: ReturnType<typeof agent>
    beforeEach(async () => {
      t = await createTestApp(kind)
      api = agent(t.request)
    })
    afterEach(async () => t.close())

    /** The real way to a ticket: a code by SMS, typed back. */
    async function verify(phone = PHONE, product = 'tss'): Promise<string> {
      await api.post('/notification/sendsms', { gsmNumber: phone, smsSource: product })
      const code = /(\d{6})/.exec(t.sms.at(-1)!.text)![1]!
      const res = await api.post('/notification/verifysms', { gsmNumber: phone, code, smsSource: product })
      expect(res.status).toBe(200)
      return String(res.body.ticket)
    }

    const quote = { quickProfile: { gender: 'male', citycode: '34', birthdate: '1996-01-15' }, outpatientVisits: 10 }

    it('keeps the application under the verified phone and gives it back after a new verification', async () => {
      const first = await verify()
      const saved = await api.post('/digitalchannels/application', { ticket: first, product: 'tss', step: 'profile', data: quote })
      expect(saved.status, JSON.stringify(saved.body)).toBe(200)
      expect(saved.body).toMatchObject({ product: 'tss', step: 'profile', data: quote, expiresAt: '2026-03-05T09:00:00.000Z' })
      // the customer leaves; an hour later the same phone is verified again
      t.clock.advance(3_600_000)
      const second = await verify()
      const resumed = await api.post('/digitalchannels/application/resume', { ticket: second, product: 'tss' })
      expect(resumed.status).toBe(200)
      expect(resumed.body).toMatchObject({ id: saved.body.id, step: 'profile', data: quote })
    })

    it('one application per phone and product: a later step replaces the earlier one', async () => {
      const ticket = await verify()
      await api.post('/digitalchannels/application', { ticket, product: 'tss', step: 'quote', data: quote })
      const policy = { questions: [{ id: 'chronic', answer: false }, { id: 'surgery', answer: false }, { id: 'medication', answer: false }], isotherpolicy: false, birthCollateral: false, healthdeclarationconcent: true }
      await api.post('/digitalchannels/application', { ticket, product: 'tss', step: 'consents', data: { ...quote, healthPolicy: policy } })
      const resumed = await api.post('/digitalchannels/application/resume', { ticket, product: 'tss' })
      expect(resumed.body).toMatchObject({ step: 'consents', data: { healthPolicy: policy } })
    })

    it('shows nothing to another phone, another product, or after 72 hours', async () => {
      const ticket = await verify()
      await api.post('/digitalchannels/application', { ticket, product: 'tss', step: 'profile', data: quote })
      const other = await verify('0533 765 43 21')
      const res = await api.post('/digitalchannels/application/resume', { ticket: other, product: 'tss' })
      expect(res.status).toBe(404)
      expect(res.body.code).toBe('APPLICATION_NOT_FOUND')
      // a ticket for TSS does not open the travel product
      const cross = await api.post('/digitalchannels/application/resume', { ticket, product: 'seyahatsaglik' })
      expect(cross.status).toBe(401)
      t.clock.advance(72 * 3_600_000 + 1)
      const late = await verify()
      expect((await api.post('/digitalchannels/application/resume', { ticket: late, product: 'tss' })).status).toBe(404)
    })

    it('refuses a forged, expired or missing ticket and invalid sections, never with a 5xx', async () => {
      const forged = issueTicket(smsKey('another-secret'), '+905321234567', 'tss', t.clock.now()).ticket
      expect((await api.post('/digitalchannels/application', { ticket: forged, product: 'tss', step: 'quote', data: quote })).status).toBe(401)
      const ticket = await verify()
      t.clock.advance(31 * 60_000)
      const expired = await api.post('/digitalchannels/application', { ticket, product: 'tss', step: 'quote', data: quote }, { locale: 'en' })
      expect(expired.body).toEqual({ code: 'SMS_TICKET_INVALID', message: 'Your phone verification has expired; please verify your number again' })
      const fresh = await verify()
      for (const data of [{ quickProfile: { gender: 'X', citycode: '34', birthdate: '1996-01-15' } }, { outpatientVisits: 9 }, { notes: 'free text' }]) {
        const res = await api.post('/digitalchannels/application', { ticket: fresh, product: 'tss', step: 'quote', data })
        expect(res.status, JSON.stringify(data)).toBe(400)
      }
    })
  })
}
