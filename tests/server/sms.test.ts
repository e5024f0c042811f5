import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { smsCode } from '../../src/server/db/schema.ts'
import { smsKey } from '../../src/server/routes/notification.ts'
import { codeHmac, newCode, readTicket } from '../../src/server/services/sms/codes.ts'
import { createNetgsm } from '../../src/server/services/sms/netgsm.ts'
import { agent } from '../support/fixtures.ts'
import { createTestApp, dbKinds, type TestApp } from '../support/test-app.ts'

const PHONE = '0532 123 45 67'
const E164 = '+905321234567'

function lastCode(t: TestApp): string {
  const text = t.sms.at(-1)?.text ?? ''
  return /(\d{6})/.exec(text)?.[1] ?? ''
}

function wrong(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0')
}

describe('SMS codes: generation and storage', () => {
  it('are 6 digits from the whole range, zero-padded', () => {
    const codes = Array.from({ length: 2000 }, newCode)
    for (const c of codes) expect(c).toMatch(/^\d{6}$/)
    expect(new Set(codes).size).toBeGreaterThan(1990)
    expect(codes.some((c) => c.startsWith('0'))).toBe(true)
  })

  it('uses the cryptographic generator', async () => {
    // ESM namespaces cannot be spied on in place: check that the source draws from crypto.randomInt
    // over the whole range (a Math.random code would be guessable)
    const source = await import('node:fs/promises').then((fs) => fs.readFile(new URL('../../src/server/services/sms/codes.ts', import.meta.url), 'utf8'))
    expect(source).toMatch(/randomInt\(0, 10 \*\* SMS_CODE_LENGTH\)/)
    expect(source).not.toMatch(/Math\.random/)
  })
})

for (const kind of dbKinds()) {
  describe(`POST notification/sendsms and verifysms (${kind})`, () => {
    let t: TestApp
    let api: ReturnType<typeof agent>
    beforeEach(async () => {
      t = await createTestApp(kind, { sms: { provider: 'catcher', netgsm: null, dailyPerNumber: 8, dailyPerIp: 12 } })
      api = agent(t.request)
    })
    afterEach(async () => t.close())

    const send = (gsmNumber = PHONE, extra: Record<string, unknown> = {}, headers?: Record<string, string>) =>
      api.post('/notification/sendsms', { gsmNumber, smsSource: 'tss', ...extra }, headers)
    const verify = (code: string, gsmNumber = PHONE, smsSource = 'tss') => api.post('/notification/verifysms', { gsmNumber, code, smsSource })

    it('sends the server\'s own template with a 6-digit code, valid 120 s, and stores only an HMAC', async () => {
      const res = await send()
      expect(res.status).toBe(200)
      expect(res.body).toMatchObject({ sent: true, expiresInS: 120, resendAfterS: 60 })
      expect(t.sms).toHaveLength(1)
      expect(t.sms[0]!.to).toBe(E164)
      const code = lastCode(t)
      expect(t.sms[0]!.text).toBe(`Katılım Emeklilik doğrulama kodunuz: ${code}. Kod 2 dakika geçerlidir; kimseyle paylaşmayınız.`)
      expect(JSON.stringify(res.body)).not.toContain(code)
      const [row] = await t.db.select().from(smsCode)
      expect(row!.codeHmac).not.toContain(code)
      expect(row!.codeHmac).toBe(codeHmac(smsKey(t.config.secretsKey), row!.id, E164, 'tss', code))
      expect(row!.expiresAt.getTime() - t.clock.now().getTime()).toBe(120_000)
      expect(t.logs.join('\n')).not.toContain(code)
    })

    it('sends in the request\'s language', async () => {
      await send(PHONE, {}, { locale: 'ru' })
      expect(t.sms[0]!.text).toMatch(/^Ваш код подтверждения Katılım Emeklilik: \d{6}\./)
    })

    it('refuses free text, other numbers than Turkish mobiles and unknown keys, never with a 5xx', async () => {
      const free = await send(PHONE, { content: 'Tebrikler, ödül kazandınız: http://evil.example' })
      expect(free.status).toBe(400)
      expect(free.body.code).toBe('VALIDATION')
      for (const n of ['0212 123 45 67', '+1 202 555 0100', '12345', '']) {
        const res = await send(n)
        expect(res.status, n).toBe(400)
      }
      const landline = await send('0212 123 45 67')
      expect(landline.body).toMatchObject({ code: 'SMS_INVALID_PHONE', message: 'Lütfen 05 ile başlayan geçerli bir cep telefonu numarası giriniz' })
      expect((await send(PHONE, { extra: 1 })).status).toBe(400)
      expect(t.sms).toHaveLength(0)
    })

    it('accepts content "otp" (the template key) and needs the trxType header', async () => {
      expect((await send(PHONE, { content: 'otp' })).status).toBe(200)
      const res = await t.request('/notification/sendsms', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ gsmNumber: PHONE }) })
      expect(res.status).toBe(403)
    })

    it('verifies the right code once, and gives a ticket for that phone and purpose', async () => {
      await send()
      const code = lastCode(t)
      const ok = await verify(code)
      expect(ok.status).toBe(200)
      expect(ok.body).toMatchObject({ verified: true, gsmNumber: E164 })
      expect(readTicket(smsKey(t.config.secretsKey), String(ok.body.ticket), t.clock.now())).toEqual({ phone: E164, purpose: 'tss', validUntil: new Date(t.clock.now().getTime() + 30 * 60_000) })
      expect(readTicket(smsKey(t.config.secretsKey), String(ok.body.ticket) + 'x', t.clock.now())).toBeNull()
      t.clock.advance(31 * 60_000)
      expect(readTicket(smsKey(t.config.secretsKey), String(ok.body.ticket), t.clock.now())).toBeNull()
      // single use
      const again = await verify(code)
      expect(again.status).toBe(400)
      expect(again.body.code).toBe('SMS_CODE_EXPIRED')
    })

    it('binds the code to the phone and the purpose', async () => {
      await send()
      const code = lastCode(t)
      expect((await verify(code, '0532 123 45 68')).body.code).toBe('SMS_CODE_EXPIRED')
      expect((await verify(code, PHONE, 'erkenbes')).body.code).toBe('SMS_CODE_EXPIRED')
      expect((await verify(code)).status).toBe(200)
    })

    it('answers a wrong code with the spec\'s message and counts down the attempts; the 5th ends the code', async () => {
      await send()
      const code = lastCode(t)
      const first = await api.post('/notification/verifysms', { gsmNumber: PHONE, code: wrong(code), smsSource: 'tss' }, { locale: 'en' })
      expect(first.status).toBe(400)
      expect(first.body).toEqual({ code: 'SMS_CODE_WRONG', message: 'Incorrect random number generated !!!', attemptsLeft: 4 })
      for (const left of [3, 2, 1]) expect((await verify(wrong(code))).body.attemptsLeft).toBe(left)
      const fifth = await verify(wrong(code))
      expect(fifth.body.code).toBe('SMS_ATTEMPTS_EXHAUSTED')
      // the right code no longer works
      expect((await verify(code)).body.code).toBe('SMS_CODE_EXPIRED')
    })

    it('refuses a code that is not 6 digits with the spec\'s message, without using an attempt', async () => {
      await send()
      const res = await verify('12345')
      expect(res.body.code).toBe('SMS_CODE_WRONG')
      const [row] = await t.db.select().from(smsCode)
      expect(row!.attempts).toBe(0)
    })

    it('expires the code after 120 s', async () => {
      await send()
      const code = lastCode(t)
      t.clock.advance(119_000)
      await send('0533 000 00 00') // another number does not disturb it
      t.clock.advance(1_000)
      expect((await verify(code)).body.code).toBe('SMS_CODE_EXPIRED')
    })

    it('is still valid at 119 s', async () => {
      await send()
      const code = lastCode(t)
      t.clock.advance(119_000)
      expect((await verify(code)).status).toBe(200)
    })

    it('resends no sooner than 60 s, and a resend ends the earlier code', async () => {
      await send()
      const first = lastCode(t)
      t.clock.advance(30_000)
      const soon = await send()
      expect(soon.status).toBe(429)
      expect(soon.body).toMatchObject({ code: 'SMS_RESEND_TOO_SOON', retryAfterS: 30 })
      expect(soon.headers.get('retry-after')).toBe('30')
      t.clock.advance(30_000)
      expect((await send()).status).toBe(200)
      const second = lastCode(t)
      // the first code is over: typed now, it is compared with the new one only
      if (second !== first) expect((await verify(first)).body.code).toBe('SMS_CODE_WRONG')
      expect((await verify(second)).status).toBe(200)
    })

    it('sends at most 5 codes per number in 10 minutes, then says until when', async () => {
      for (let i = 0; i < 5; i++) {
        expect((await send()).status).toBe(200)
        t.clock.advance(60_000)
      }
      const sixth = await send()
      expect(sixth.status).toBe(429)
      expect(sixth.body.code).toBe('SMS_LOCKED')
      // the first send was at 09:00:00; five in ten minutes lets the sixth go at 09:10:00
      expect(sixth.body.lockedUntil).toBe('2026-03-02T09:10:00.000Z')
      expect(sixth.body.retryAfterS).toBe(300)
      t.clock.set(new Date('2026-03-02T09:10:00.001Z'))
      expect((await send()).status).toBe(200)
    })

    it('caps the sends per number per day', async () => {
      // 8 a day in this test's configuration: 5 + 3 across two ten-minute windows
      for (let i = 0; i < 8; i++) {
        expect((await send()).status, `send ${i + 1}`).toBe(200)
        t.clock.advance(i === 4 ? 11 * 60_000 : 60_000)
      }
      t.clock.advance(20 * 60_000)
      const over = await send()
      expect(over.body.code).toBe('SMS_LOCKED')
      expect(over.body.lockedUntil).toBe('2026-03-03T09:00:00.000Z')
    })

    it('caps the sends per client IP per day, whatever the numbers', async () => {
      for (let i = 0; i < 12; i++) expect((await send(`0532 000 00 ${String(i).padStart(2, '0')}`)).status).toBe(200)
      const over = await send('0532 000 00 99')
      expect(over.status).toBe(429)
      expect(over.body.code).toBe('SMS_LOCKED')
      expect(t.sms).toHaveLength(12)
    })

    it('keeps the SMS inbox (GET /dev/sms) closed to anyone not on this machine', async () => {
      await send()
      const res = await api.get('/dev/sms')
      expect(res.status).toBe(404)
      expect(JSON.stringify(res.body)).not.toMatch(/\d{6}/)
    })

    it('counts a burst of parallel sends to one number once', async () => {
      const answers = await Promise.all(Array.from({ length: 6 }, () => send()))
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1)
      expect(t.sms).toHaveLength(1)
      expect(await t.db.select().from(smsCode).where(eq(smsCode.phone, E164))).toHaveLength(1)
    })
  })
}

/** A local server that speaks Netgsm's REST v2 send API. */
async function fakeNetgsm(answer: (body: Record<string, unknown>, auth: string) => { status: number; json: unknown }) {
  const received: Array<{ body: Record<string, unknown>; auth: string; path: string }> = []
  const server = createServer((req: IncomingMessage, res) => {
    let data = ''
    req.on('data', (chunk: Buffer) => { data += chunk.toString('utf8') })
    req.on('end', () => {
      const body = JSON.parse(data) as Record<string, unknown>
      const auth = req.headers.authorization ?? ''
      received.push({ body, auth, path: req.url ?? '' })
      const a = answer(body, auth)
      res.writeHead(a.status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(a.json))
    })
  })
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  const port = (server.address() as AddressInfo).port
  return { url: `http://127.0.0.1:${port}/sms/rest/v2/send`, received, close: () => new Promise<void>((ok) => server.close(() => ok())) }
}

describe('Netgsm adapter (REST v2) against a local fake', () => {
  const creds = { username: '8503001122', password: 'Netgsm-Gizli-1', sender: 'KATILIM' }
  const basic = 'Basic ' + Buffer.from('8503001122:Netgsm-Gizli-1').toString('base64')
  let fake: Awaited<ReturnType<typeof fakeNetgsm>>
  afterEach(async () => fake?.close())

  it('posts the documented request and takes code "00" with its jobid', async () => {
    fake = await fakeNetgsm((_b, auth) => auth === basic ? { status: 200, json: { code: '00', jobid: '17377215342605050417149344', description: 'queued' } } : { status: 200, json: { code: '30', description: 'auth' } })
    const port = createNetgsm({ url: fake.url, ...creds })
    await expect(port.send({ to: E164, text: 'Kod: 123456' })).resolves.toEqual({ id: '17377215342605050417149344' })
    expect(fake.received[0]).toEqual({
      path: '/sms/rest/v2/send',
      auth: basic,
      body: { msgheader: 'KATILIM', encoding: 'TR', iysfilter: '0', messages: [{ msg: 'Kod: 123456', no: '5321234567' }] },
    })
  })

  it.each(['20', '30', '40', '50', '51', '70', '80', '85'])('rejects the provider code %s', async (code) => {
    fake = await fakeNetgsm(() => ({ status: 200, json: { code, description: 'x' } }))
    await expect(createNetgsm({ url: fake.url, ...creds }).send({ to: E164, text: 'x' })).rejects.toMatchObject({ providerCode: code })
  })

  it('rejects an HTTP error and an unreachable provider', async () => {
    fake = await fakeNetgsm(() => ({ status: 503, json: null }))
    await expect(createNetgsm({ url: fake.url, ...creds }).send({ to: E164, text: 'x' })).rejects.toMatchObject({ providerCode: 'HTTP_503' })
    await expect(createNetgsm({ url: 'http://127.0.0.1:9/sms/rest/v2/send', ...creds, timeoutMs: 2000 }).send({ to: E164, text: 'x' })).rejects.toMatchObject({ providerCode: 'NETWORK' })
  })

  it('through the app: the code goes to Netgsm; a provider failure answers "Error on sending SMS Message" and the server keeps serving', async () => {
    let down = false
    fake = await fakeNetgsm(() => down ? { status: 200, json: { code: '80', description: 'limit' } } : { status: 200, json: { code: '00', jobid: 'j1' } })
    const t = await createTestApp('pglite', {}, { sms: createNetgsm({ url: fake.url, ...creds }) })
    try {
      const api = agent(t.request)
      const ok = await api.post('/notification/sendsms', { gsmNumber: PHONE })
      expect(ok.status).toBe(200)
      const text = String((fake.received[0]!.body.messages as Array<{ msg: string }>)[0]!.msg)
      const code = /(\d{6})/.exec(text)![1]!
      expect((await api.post('/notification/verifysms', { gsmNumber: PHONE, code })).status).toBe(200)
      down = true
      const failed = await api.post('/notification/sendsms', { gsmNumber: '0533 111 22 33' }, { locale: 'en' })
      expect(failed.status).toBe(502)
      expect(failed.body).toEqual({ code: 'SMS_SEND_FAILED', message: 'Error on sending SMS Message' })
      // nothing was kept for the failed send: a retry is allowed at once
      down = false
      expect((await api.post('/notification/sendsms', { gsmNumber: '0533 111 22 33' })).status).toBe(200)
      expect((await api.get('/lookup/companySizes')).status).toBe(200)
    } finally {
      await t.close()
    }
  })
})
