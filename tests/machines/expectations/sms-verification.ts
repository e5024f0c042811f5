import { expect } from 'vitest'
import type { SmsVerificationContext } from '../../../machines/sms-verification/sms-verification.machine.ts'
import type { Expectations } from '../../support/expectations.ts'
import { LOCKED_UNTIL, TICKET } from '../models/sms-verification.model.ts'
import { CATALOGUE } from './texts.ts'

const PHONE_TITLE = 'Cep telefonunuzu doğrulayalım'
const SEND = 'Kod Gönder'
const OTHER_NUMBER = 'Başka numara gir'
const LOCKED = 'Bu numara için çok fazla kod istendi.'
const CODE_TITLE = 'Doğrulama kodu'
/** Only the code form asks for the code (the phone form's lead speaks of "doğrulama kodu" too). */
const CODE_LEAD = 'numarasına gönderilen 6 haneli kodu giriniz'
/** The countdown goes with the code field and "Doğrula" (whose name is inside "Doğrulama kodu"). */
const COUNTDOWN = 'Kalan süre'
const VERIFY = 'Doğrula'
const RESEND = 'Yeni kod gönder'
const CHANGE = 'Numarayı değiştir'
const VERIFIED = 'Telefon numaranız doğrulandı.'
/** What the screens say for each reason (spec 8: the SMS catalogue texts). */
const SAYS: Record<string, string> = {
  INVALID_PHONE: 'Lütfen 05 ile başlayan geçerli bir cep telefonu numarası giriniz',
  SMS_CODE_WRONG: CATALOGUE.SMS_WRONG_CODE,
  SMS_SEND_FAILED: CATALOGUE.SMS_SEND_FAILED,
  SMS_CODE_EXPIRED: 'Doğrulama kodunun süresi doldu; lütfen yeni kod isteyiniz',
  SMS_ATTEMPTS_EXHAUSTED: 'Kod çok kez hatalı girildi ve geçersiz oldu; lütfen yeni kod isteyiniz',
  SMS_RESEND_TOO_SOON: 'Yeni kod istemeden önce biraz bekleyiniz',
  NETWORK: CATALOGUE.NETWORK,
}

/** A Turkish mobile (spec 4): 5XX XXX XX XX, with 0, 90 or +90 before it, spaces allowed; E.164 out. */
function e164(phone: string): string | null {
  const m = /^(?:\+?90|0)?(5\d{9})$/.exec(phone.replace(/\s/g, ''))
  return m ? `+90${m[1]}` : null
}
/** The code is six digits (SECURITY.md "SMS codes"); spaces around it are dropped. */
const wellFormed = (code: string) => /^\d{6}$/.test(code.trim())
const codeOf = (e: { error?: { code?: string } }) => e.error?.code

const phoneForm = { headings: [PHONE_TITLE], enabled: [SEND], absent: [CODE_LEAD, VERIFIED] }

/** SMS verification (spec 4, 5, 8; SECURITY.md "SMS codes"; issue 15), written apart from machines/sms-verification. */
export const smsVerificationExpectations: Expectations<SmsVerificationContext> = {
  states: {
    enteringPhone: {
      words: { tr: 'cep telefonu formu açık', en: 'the mobile phone form is open' },
      screen: phoneForm,
      tags: { busy: false },
      context: (c) => {
        expect(c.ticket).toBeNull()
        expect(c.lockedUntil).toBeNull()
      },
      ignores: [{ type: 'code.submit', code: '123456' }, { type: 'code.resend' }, { type: 'phone.change' }],
    },
    sending: {
      words: { tr: 'kod gönderiliyor', en: 'the code is being sent' },
      screen: { headings: [PHONE_TITLE], busy: [SEND], absent: [CODE_LEAD] },
      tags: { busy: true },
      context: (c) => expect(c.phone).toMatch(/^\+905\d{9}$/),
      ignores: [{ type: 'phone.submit', phone: '0532 123 45 67' }, { type: 'code.submit', code: '123456' }, { type: 'code.resend' }, { type: 'phone.change' }],
    },
    awaitingCode: {
      words: { tr: 'kod gönderildi, 2 dakika geçerli', en: 'the code was sent, valid for 2 minutes' },
      // while cooling down the button counts the seconds down ("Yeni kod gönder (60 sn)", "(59 sn)", ...)
      screen: (c) => ({ headings: [CODE_TITLE], texts: [`${c.phone} ${CODE_LEAD}`], enabled: [CHANGE], ...(c.canResend ? { enabled: [CHANGE, RESEND] } : { disabled: [`${RESEND} (`] }) }),
      context: (c) => {
        expect(c.phone).toMatch(/^\+905\d{9}$/)
        // the server's figures (spec 4: 2 minutes; a new code after 60 s), or the model's other server's
        expect([[120_000, 60_000], [90_000, 30_000]]).toContainEqual([c.validityMs, c.resendMs])
        expect(c.sends).toBeGreaterThan(0)
        expect(c.ticket).toBeNull()
      },
      ignores: [{ type: 'phone.submit', phone: '0532 123 45 67' }],
    },
    'awaitingCode.entering': {
      words: { tr: 'kod bekleniyor', en: 'waiting for the code' },
      screen: { texts: [COUNTDOWN], enabled: [VERIFY] },
      tags: { busy: false },
      // a new code only after the 60 s cooldown (the shortest path here has just sent one)
      ignores: [{ type: 'code.resend' }],
    },
    'awaitingCode.verifying': {
      words: { tr: 'kod kontrol ediliyor', en: 'the code is being checked' },
      screen: { texts: [COUNTDOWN], busy: [VERIFY] },
      tags: { busy: true },
      context: (c) => expect(c.error).toBeNull(),
      ignores: [{ type: 'code.submit', code: '123456' }],
    },
    codeOver: {
      words: { tr: 'kodun süresi doldu ya da çok kez yanlış girildi', en: 'the code expired or was typed wrong too often' },
      screen: { headings: [CODE_TITLE], enabled: [RESEND, CHANGE], absent: [COUNTDOWN] },
      tags: { busy: false },
      context: (c) => expect(['SMS_CODE_EXPIRED', 'SMS_ATTEMPTS_EXHAUSTED']).toContain(c.error),
      ignores: [{ type: 'code.submit', code: '123456' }, { type: 'phone.submit', phone: '0532 123 45 67' }],
    },
    lockedOut: {
      words: { tr: 'numara kilitli, bitiş zamanı görünür', en: 'the number is locked, its end time shows' },
      screen: { headings: [PHONE_TITLE], texts: [LOCKED], disabled: [SEND], enabled: [OTHER_NUMBER] },
      tags: { busy: false },
      context: (c) => {
        expect(c.error).toBe('SMS_LOCKED')
        expect(c.lockedUntil).toBe(LOCKED_UNTIL)
      },
      ignores: [{ type: 'phone.submit', phone: '0532 123 45 67' }, { type: 'code.submit', code: '123456' }, { type: 'code.resend' }],
    },
    verified: {
      words: { tr: 'telefon doğrulandı', en: 'the phone is verified' },
      screen: { texts: [VERIFIED] },
      context: (c, s) => {
        expect(s.status).toBe('done')
        expect(c.ticket).toBe(TICKET)
        // ends with the normalised phone and the ticket
        expect(s.output).toEqual({ phone: '+905321234567', ticket: TICKET })
      },
    },
  },
  rules: [
    { name: 'a number that is not a Turkish mobile is refused', from: 'enteringPhone', event: 'phone.submit', when: (_c, e) => e164(e.phone) === null, to: 'enteringPhone',
      then: (c, _p, e) => expect(c).toMatchObject({ error: 'INVALID_PHONE', phone: e.phone }) },
    { name: 'a Turkish mobile is sent a code', from: 'enteringPhone', event: 'phone.submit', when: (_c, e) => e164(e.phone) !== null, to: 'sending',
      then: (c, _p, e) => expect(c).toMatchObject({ error: null, phone: e164(e.phone) }) },
    { name: 'the code went out: as long as the server says to type it (120 s), a new one after its wait (60 s)', from: 'sending', event: 'xstate.done.actor.sendCode', to: 'awaitingCode.entering',
      changes: (p, e) => ({ validityMs: e.output.expiresInS * 1000, resendMs: e.output.resendAfterS * 1000, canResend: false, error: null, attemptsLeft: null, sends: p.sends + 1 }) },
    { name: 'too many codes: the number is locked until the server says', from: 'sending', event: 'xstate.error.actor.sendCode', when: (_c, e) => codeOf(e) === 'SMS_LOCKED', to: 'lockedOut',
      then: (c) => expect(c).toMatchObject({ error: 'SMS_LOCKED', lockedUntil: LOCKED_UNTIL, lockoutMs: 300_000 }) },
    { name: 'a code went out less than a minute ago: wait, then ask again', from: 'sending', event: 'xstate.error.actor.sendCode', when: (_c, e) => codeOf(e) === 'SMS_RESEND_TOO_SOON', to: 'enteringPhone',
      then: (c) => expect(c.error).toBe('SMS_RESEND_TOO_SOON') },
    { name: 'a failed send shows its reason on the phone form', from: 'sending', event: 'xstate.error.actor.sendCode', when: (_c, e) => !['SMS_LOCKED', 'SMS_RESEND_TOO_SOON'].includes(codeOf(e) ?? ''), to: 'enteringPhone',
      then: (c, _p, e) => expect(c.error).toBe(codeOf(e)) },
    { name: 'after 120 s the code is over and only a new one helps', from: 'awaitingCode', event: 'xstate.after.codeValidity.*', to: 'codeOver',
      then: (c) => expect(c.error).toBe('SMS_CODE_EXPIRED') },
    { name: 'after 60 s a new code may be asked for (typing)', from: 'awaitingCode.entering', event: 'xstate.after.resendCooldown.*', to: 'awaitingCode.entering',
      then: (c, p) => expect(c).toEqual({ ...p, canResend: true }) },
    { name: 'after 60 s a new code may be asked for (checking)', from: 'awaitingCode.verifying', event: 'xstate.after.resendCooldown.*', to: 'awaitingCode.verifying',
      then: (c, p) => expect(c).toEqual({ ...p, canResend: true }) },
    { name: 'changing the number while a code is out', from: 'awaitingCode', event: 'phone.change', to: 'enteringPhone', then: (c) => expect(c.error).toBeNull() },
    { name: 'a new code once the cooldown has passed', from: 'awaitingCode', event: 'code.resend', when: (c) => c.canResend, to: 'sending' },
    { name: 'a malformed code never reaches the server', from: 'awaitingCode.entering', event: 'code.submit', when: (_c, e) => !wellFormed(e.code), to: 'awaitingCode.entering',
      then: (c) => expect(c.error).toBe('SMS_CODE_WRONG') },
    { name: 'a six-digit code is checked', from: 'awaitingCode.entering', event: 'code.submit', when: (_c, e) => wellFormed(e.code), to: 'awaitingCode.verifying' },
    { name: 'a right code verifies the phone', from: 'awaitingCode.verifying', event: 'xstate.done.actor.verifyCode', to: 'verified',
      then: (c) => expect(c).toMatchObject({ ticket: TICKET, error: null }) },
    { name: 'a wrong code shows the attempts left and keeps the countdown', from: 'awaitingCode.verifying', event: 'xstate.error.actor.verifyCode', when: (_c, e) => codeOf(e) === 'SMS_CODE_WRONG', to: 'awaitingCode.entering',
      then: (c, p) => expect(c).toMatchObject({ error: 'SMS_CODE_WRONG', attemptsLeft: 4, sends: p.sends }) },
    { name: 'an expired or used-up code is over', from: 'awaitingCode.verifying', event: 'xstate.error.actor.verifyCode', when: (_c, e) => ['SMS_CODE_EXPIRED', 'SMS_ATTEMPTS_EXHAUSTED'].includes(codeOf(e) ?? ''), to: 'codeOver',
      then: (c, _p, e) => expect(c.error).toBe(codeOf(e)) },
    { name: 'a new code after the old one is over', from: 'codeOver', event: 'code.resend', to: 'sending' },
    { name: 'changing the number after the code is over', from: 'codeOver', event: 'phone.change', to: 'enteringPhone', then: (c) => expect(c.error).toBeNull() },
    { name: 'the lockout ends when the server said', from: 'lockedOut', event: 'xstate.after.lockout.*', to: 'enteringPhone',
      then: (c) => expect(c).toMatchObject({ error: null, lockedUntil: null }) },
    { name: 'another number while locked', from: 'lockedOut', event: 'phone.change', to: 'enteringPhone',
      then: (c) => expect(c).toMatchObject({ error: null, lockedUntil: null }) },
  ],
  inputs: {
    // the number in E.164 (a new number as typed and accepted; a resend to the number a code went to), for this flow's purpose
    sendCode: (p, e, _n, input) => ({ phone: e.type === 'phone.submit' ? e164(e.phone) : p.phone, purpose: input.purpose }),
    // the code without the spaces around it, for the number the code went to
    verifyCode: (p, e, _n, input) => ({ phone: p.phone, purpose: input.purpose, code: e.code.trim() }),
  },
  delays: {
    // spec 4, 9: a code is valid for 2 minutes (the server's answer says so: expiresInS)
    codeValidity: { ms: (_c, e) => e.output.expiresInS * 1000, words: { tr: '120 sn (sunucunun expiresInS değeri)', en: '120 s (the server\'s expiresInS)' } },
    // SECURITY.md: a new code after 60 s (the server's resendAfterS)
    resendCooldown: { ms: (_c, e) => e.output.resendAfterS * 1000, words: { tr: '60 sn (sunucunun resendAfterS değeri)', en: '60 s (the server\'s resendAfterS)' } },
    // the lockout ends when the server said (retryAfterS)
    lockout: { ms: (_c, e) => e.error.retryAfterS * 1000, words: { tr: 'sunucunun retryAfterS değeri', en: 'the server\'s retryAfterS' } },
  },
  // the reason of the last problem shows on the form; a lockout says until when
  errorText: (c) => (c.error === 'SMS_LOCKED' ? [LOCKED] : c.error ? [SAYS[c.error] ?? CATALOGUE.TECHNICAL] : null),
  equivalentMutants: {
    'guard | smsVerification.awaitingCode --xstate.after.resendCooldown.smsVerification.awaitingCode#0--> (self)  dropped': 'the cooldown ends once per code, and every code starts with no resend allowed: the guard never fails',
    'assign | smsVerification.awaitingCode.verifying --xstate.done.actor.verifyCode#0--> smsVerification.verified action#0 error kept': 'a check starts with the error cleared (code.submit)',
  },
  initial: (c, input) => expect(c).toEqual({
    purpose: input.purpose, phone: input.phone ?? '', validityMs: 120_000, resendMs: 60_000, canResend: false, error: null,
    attemptsLeft: null, lockedUntil: null, lockoutMs: 0, ticket: null, sends: 0,
  }),
  describeEvent: (e) => {
    const ev = e as { type: string; phone?: string; code?: string; error?: { code?: string } }
    if (e.type === 'phone.submit') return { tr: `müşteri "${ev.phone}" numarasını gönderir`, en: `the customer submits the phone "${ev.phone}"` }
    if (e.type === 'code.submit') return { tr: `müşteri "${ev.code}" kodunu girer`, en: `the customer submits the code "${ev.code}"` }
    if (e.type === 'code.resend') return { tr: `müşteri "${RESEND}" düğmesine basar`, en: `the customer presses "${RESEND}"` }
    if (e.type === 'phone.change') return { tr: 'müşteri numarayı değiştirir', en: 'the customer changes the number' }
    if (e.type === 'xstate.done.actor.sendCode') return { tr: 'kod gönderilir (120 sn geçerli)', en: 'the code is sent (valid 120 s)' }
    if (e.type === 'xstate.done.actor.verifyCode') return { tr: 'sunucu kodu doğrular', en: 'the server accepts the code' }
    if (e.type.startsWith('xstate.error.actor.sendCode')) return { tr: `kod gönderilemez (${codeOf(ev)})`, en: `the code is not sent (${codeOf(ev)})` }
    if (e.type.startsWith('xstate.error.actor.verifyCode')) return { tr: `sunucu kodu reddeder (${codeOf(ev)})`, en: `the server refuses the code (${codeOf(ev)})` }
    if (e.type.startsWith('xstate.after.codeValidity')) return { tr: '120 saniye geçer', en: '120 seconds pass' }
    if (e.type.startsWith('xstate.after.resendCooldown')) return { tr: '60 saniye geçer', en: '60 seconds pass' }
    if (e.type.startsWith('xstate.after.lockout')) return { tr: 'kilit süresi (300 sn) dolar', en: 'the lockout (300 s) ends' }
    return { tr: e.type, en: e.type }
  },
}
