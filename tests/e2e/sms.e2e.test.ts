import { inject } from 'vitest'
import { describe, expect, it } from 'vitest'
import { caughtSms } from './server.ts'

/** The real server process: the default SMS catcher, its loopback inbox, and the verification calls. */
describe('SMS verification against the running server (built-in catcher)', () => {
  const base = inject('baseUrl')
  const post = (path: string, body: unknown, locale = 'tr') => fetch(`${base}/api/v1${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', trxType: 'FRM', locale },
    body: JSON.stringify(body),
  })

  it('sends a code readable at GET /dev/sms from this machine, verifies it, and refuses it a second time', async () => {
    const phone = '0539 ' + String(Date.now()).slice(-7)
    const sent = await post('/notification/sendsms', { gsmNumber: phone, content: 'otp', smsSource: 'tss' })
    expect(sent.status).toBe(200)
    const inbox = await caughtSms(base, phone)
    expect(inbox).toHaveLength(1)
    const code = /(\d{6})/.exec(inbox[0]!.text)![1]!
    const wrong = await post('/notification/verifysms', { gsmNumber: phone, code: code === '000000' ? '111111' : '000000', smsSource: 'tss' }, 'en')
    expect(await wrong.json()).toEqual({ code: 'SMS_CODE_WRONG', message: 'Incorrect random number generated !!!', attemptsLeft: 4 })
    const ok = await post('/notification/verifysms', { gsmNumber: phone, code, smsSource: 'tss' })
    expect(ok.status).toBe(200)
    expect(await ok.json()).toMatchObject({ verified: true })
    const again = await post('/notification/verifysms', { gsmNumber: phone, code, smsSource: 'tss' })
    expect((await again.json() as { code: string }).code).toBe('SMS_CODE_EXPIRED')
  })
})
