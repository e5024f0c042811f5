import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { SMS_RESEND_COOLDOWN_S, SMS_VERIFIED_TICKET_S } from '../../src/domain/sms.ts'
import { endTickets, issueTicket } from '../../src/server/services/sms/codes.ts'
import { agent } from '../support/fixtures.ts'
import { createTestApp, dbKinds, type TestApp } from '../support/test-app.ts'

const PHONE = '0532 123 45 67'
const E164 = '+905321234567'
const COOKIE = 'ke_verified_tss'

/**
 * The verification proof a reloaded purchase page comes back with (issue 24 item 1,
 * services/sms-proof.ts): an HttpOnly, SameSite=Strict cookie set by verifysms, bound to the phone
 * and the product, expiring with the verification; `POST digitalchannels/verification` answers the
 * phone for it and refuses a forged, expired, ended or other product's one (401, translated).
 */
for (const kind of dbKinds()) {
  describe(`the verification proof cookie (${kind})`, () => {
    let t: TestApp
    let api: ReturnType<typeof agent>
    beforeEach(async () => {
      // Secure, as in production (the test configuration's default leaves it off for plain http)
      t = await createTestApp(kind, { cookieSecure: true, sms: { provider: 'catcher', netgsm: null, dailyPerNumber: 20, dailyPerIp: 20 } })
      api = agent(t.request)
    })
    afterEach(async () => t.close())

    async function verify(product = 'tss') {
      t.clock.advance(SMS_RESEND_COOLDOWN_S * 1000)
      expect((await api.post('/notification/sendsms', { gsmNumber: PHONE, smsSource: product })).status).toBe(200)
      const code = /(\d{6})/.exec(t.sms.at(-1)!.text)![1]!
      const res = await api.post('/notification/verifysms', { gsmNumber: PHONE, code, smsSource: product })
      expect(res.status).toBe(200)
      return res
    }
    const restore = (product = 'tss', headers?: Record<string, string>) => api.post('/digitalchannels/verification', { product }, headers)

    it('is set by a successful verification: HttpOnly, SameSite=Strict, Secure, for the sales calls, as long as the verification', async () => {
      const wrong = await api.post('/notification/verifysms', { gsmNumber: PHONE, code: '000000', smsSource: 'tss' })
      expect(wrong.status).toBe(400)
      expect(wrong.setCookies).toEqual([])
      const res = await verify()
      const line = res.setCookies.find((l) => l.startsWith(`${COOKIE}=`))!
      expect(line).toBeDefined()
      expect(line).toMatch(/; HttpOnly/)
      expect(line).toMatch(/; SameSite=Strict/)
      expect(line).toMatch(/; Secure/)
      expect(line).toMatch(new RegExp(`; Path=${t.config.apiBase}/digitalchannels(;|$)`))
      expect(line).toMatch(new RegExp(`; Max-Age=${SMS_VERIFIED_TICKET_S}(;|$)`))
      // the value is the verification's signed proof, not something a page could make up
      expect(t.sms.at(-1)!.text).not.toContain(line.split(';')[0]!.split('=')[1]!)
      // the consent page's verification keeps no purchase proof
      const consents = await verify('consents')
      expect(consents.setCookies.some((l) => l.startsWith('ke_verified_'))).toBe(false)
    })

    it('gives a reloaded page its verified phone without a new SMS, until the verification ends', async () => {
      await verify()
      const sent = t.sms.length
      const back = await restore()
      expect(back.status).toBe(200)
      expect(back.body).toMatchObject({ verified: true, gsmNumber: E164 })
      expect(back.headers.get('cache-control')).toBe('no-store')
      // the proof it answers is one the sales calls take (an application can be saved with it)
      const saved = await api.post('/digitalchannels/application/resume', { ticket: back.body.ticket, product: 'tss' })
      expect(saved.status).toBe(404)
      expect(saved.body.code).toBe('APPLICATION_NOT_FOUND')
      expect(t.sms.length).toBe(sent)
      // one second before the verification ends it still holds; at its end it does not
      t.clock.advance(SMS_VERIFIED_TICKET_S * 1000 - 1000)
      expect((await restore()).status).toBe(200)
      t.clock.advance(1000)
      const expired = await restore('tss', { locale: 'en' })
      expect(expired.status).toBe(401)
      expect(expired.body.code).toBe('SMS_PROOF_INVALID')
      expect(expired.body.message).toBe('Your phone verification is not valid or has expired; please verify your number again')
      // and the refused cookie is deleted
      expect(expired.setCookies.some((l) => l.startsWith(`${COOKIE}=;`) && /Max-Age=0/.test(l))).toBe(true)
      expect(api.jar.has(COOKIE)).toBe(false)
    })

    it('refuses another purchase\'s proof, a forged one, an ended one, and none, with a translated 401', async () => {
      await verify('seyahatsaglik')
      // the travel purchase's proof does not open the TSS purchase, even under the TSS cookie's name
      expect(api.jar.has('ke_verified_seyahatsaglik')).toBe(true)
      const travel = api.jar.get('ke_verified_seyahatsaglik')!
      expect((await restore('seyahatsaglik')).status).toBe(200)
      api.jar.set(COOKIE, travel)
      const other = await restore('tss')
      expect(other.status).toBe(401)
      expect(other.body).toMatchObject({ code: 'SMS_PROOF_INVALID', message: 'Telefon doğrulamanız geçerli değil ya da süresi doldu; lütfen numaranızı yeniden doğrulayınız' })
      // forged: the payload changed (another phone), the signature kept; a made-up signature; a proof signed with another key
      await verify('tss')
      const good = api.jar.get(COOKIE)!
      const [payload, mac] = good.split('.')
      const data = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as { p: string; s: string; e: number }
      const otherPhone = Buffer.from(JSON.stringify({ ...data, p: '+905329999999' })).toString('base64url')
      const longer = Buffer.from(JSON.stringify({ ...data, e: data.e + 86_400_000 })).toString('base64url')
      const foreign = issueTicket(Buffer.alloc(32, 7), E164, 'tss', t.clock.now()).ticket
      for (const forged of [`${otherPhone}.${mac}`, `${longer}.${mac}`, `${payload}.${'A'.repeat(mac!.length)}`, foreign, 'x', `${good}.x`]) {
        api.jar.set(COOKIE, forged)
        const res = await restore('tss', { locale: 'ru' })
        expect(res.status, forged).toBe(401)
        expect(res.body.code).toBe('SMS_PROOF_INVALID')
        expect(res.body.message).toBe('Подтверждение телефона недействительно или истекло; пожалуйста, подтвердите номер ещё раз')
      }
      // the genuine one still holds, until the phone's verifications are ended on the server
      api.jar.set(COOKIE, good)
      expect((await restore()).status).toBe(200)
      t.clock.advance(1000)
      await endTickets(t.db, E164, 'tss', t.clock.now())
      expect((await restore()).status).toBe(401)
      // none at all (this browser never verified here: a `?step=` address opened on another device): not "invalid", the page asks plainly (issue 23)
      api.jar.clear()
      const none = await restore()
      expect(none.status).toBe(401)
      expect(none.body).toMatchObject({ code: 'SMS_PROOF_MISSING', message: 'Bu cihazda doğrulanmış bir telefon numarası yok; lütfen numaranızı doğrulayınız' })
      expect(none.setCookies).toEqual([])
      // an empty cookie is one that is there: refused as invalid
      api.jar.set(COOKIE, '')
      expect((await restore()).body.code).toBe('SMS_PROOF_INVALID')
    })

    it('answers a clear 400 for a product it does not sell', async () => {
      const res = await restore('consents')
      expect(res.status).toBe(400)
      expect(res.body.code).toBe('VALIDATION')
      expect((await api.post('/digitalchannels/verification', { product: 'tss', ticket: 'x' })).status).toBe(400)
    })
  })
}
