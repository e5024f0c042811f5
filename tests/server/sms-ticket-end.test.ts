import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createApp } from '../../src/server/app.ts'
import { loadConfig } from '../../src/server/config.ts'
import { smsKey } from '../../src/server/routes/notification.ts'
import { createSmsCatcher } from '../../src/server/services/sms/catcher.ts'
import { issueTicket } from '../../src/server/services/sms/codes.ts'
import { createTestApp, dbKinds, type TestApp } from '../support/test-app.ts'

const loopback = { incoming: { socket: { remoteAddress: '127.0.0.1' } } }
const PHONE = '+905321234567'
const TOKEN = 'a-long-enough-dev-token'
const quiet = { log() {}, child() { return this } }

/**
 * POST /dev/sms/end-verification (src/server/routes/dev.ts): a test has the server refuse the
 * ticket a page sends by ending the phone's verification in the database (sms_ticket_end), never by
 * rewriting the page's request. The route exists only with the SMS catcher and the dev routes on.
 */
for (const kind of dbKinds()) {
  describe(`ending an SMS verification (${kind})`, () => {
    let t: TestApp
    beforeEach(async () => { t = await createTestApp(kind) })
    afterEach(async () => t.close())

    const ticket = (purpose: 'tss' | 'seyahatsaglik' = 'tss') => issueTicket(smsKey(t.config.secretsKey), PHONE, purpose, t.clock.now()).ticket
    const resume = (tk: string, product = 'tss') => t.request('/digitalchannels/application/resume', {
      method: 'POST', headers: { 'content-type': 'application/json', trxType: 'FRM' }, body: JSON.stringify({ ticket: tk, product }),
    })
    const end = (body: unknown) => t.app.request(`${t.config.apiBase}/dev/sms/end-verification`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
    }, loopback)

    it('refuses every ticket of that phone and purpose issued until then, and only those', async () => {
      const before = ticket()
      const travel = ticket('seyahatsaglik')
      // a valid ticket of a phone with nothing saved: not found (not refused)
      expect((await resume(before)).status).toBe(404)
      t.clock.advance(1000)
      expect((await end({ phone: '0532 123 45 67', purpose: 'tss' })).status).toBe(204)
      const refused = await resume(before)
      expect(refused.status).toBe(401)
      expect(((await refused.json()) as { code: string }).code).toBe('SMS_TICKET_INVALID')
      // another purpose's verification of the same phone still holds
      expect((await resume(travel, 'seyahatsaglik')).status).toBe(404)
      // a new verification gives a ticket that holds again
      t.clock.advance(1000)
      expect((await resume(ticket())).status).toBe(404)
      expect((await resume(before)).status).toBe(401)
    })

    it('answers a clear 400 for a phone or purpose it does not know', async () => {
      const bad = await end({ phone: '12', purpose: 'tss' })
      expect(bad.status).toBe(400)
      expect(((await bad.json()) as { code: string }).code).toBe('VALIDATION')
      expect((await end({ phone: PHONE, purpose: 'nothing' })).status).toBe(400)
    })

    it('is not there in a production configuration, nor without the SMS catcher, nor for another machine', async () => {
      const app = (config: ReturnType<typeof loadConfig>, catcher: boolean) =>
        createApp({ db: t.db, config: { ...config, databaseUrl: null }, logger: quiet, clock: t.clock, smsCatcher: catcher ? createSmsCatcher() : null })
      const post = (a: ReturnType<typeof createApp>, env: object = loopback, headers: Record<string, string> = {}) => a.request('/api/v1/dev/sms/end-verification', {
        method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ phone: PHONE, purpose: 'tss' }),
      }, env)
      const issued = ticket()
      // production by default: no dev routes at all
      expect((await post(app(loadConfig({ NODE_ENV: 'production' }), true), loopback, { authorization: `Bearer ${TOKEN}` })).status).toBe(404)
      // production with a real SMS provider: no catcher, no route, whatever DEV_ROUTES says
      const netgsm = loadConfig({ NODE_ENV: 'production', DEV_ROUTES: 'true', DEV_ROUTES_TOKEN: TOKEN, SMS_PROVIDER: 'netgsm', SMS_USERNAME: 'u', SMS_PASSWORD: 'p', SMS_SENDER: 'KATILIM' })
      expect((await post(app(netgsm, false), loopback, { authorization: `Bearer ${TOKEN}` })).status).toBe(404)
      // dev routes on in production: only with the token
      const guarded = app(loadConfig({ NODE_ENV: 'production', DEV_ROUTES: 'true', DEV_ROUTES_TOKEN: TOKEN }), true)
      expect((await post(guarded)).status).toBe(404)
      // another machine
      expect((await post(app(loadConfig({ NODE_ENV: 'test' }), true), { incoming: { socket: { remoteAddress: '203.0.113.9' } } })).status).toBe(404)
      // none of these ended anything
      expect((await resume(issued)).status).toBe(404)
    })
  })
}
