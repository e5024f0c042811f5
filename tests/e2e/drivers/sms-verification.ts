import type { Page, Route } from 'playwright-core'
import { expect } from 'vitest'
import type { AnyEventObject } from 'xstate'
import { smsVerificationExpectations } from '../../machines/expectations/sms-verification.ts'
import { PHONES, smsVerificationModel } from '../../machines/models/sms-verification.model.ts'
import type { PathStep } from '../../support/paths.ts'
import { caughtSms, type E2eServer } from '../server.ts'
import { pressAgain } from './ignore.ts'
import type { Driver } from './types.ts'

/**
 * The SMS verification step of the health purchase (/urunler/market/tss with a quote: the purchase
 * machine's child `smsVerification`), signed out, on Playwright's clock (the 60 s cooldown, the
 * 120 s validity and the lockout pass when a path says so, counted from the answer that starts them).
 *
 * Each path types a fresh mobile number of its own where the model has its 0532 123 45 67 (the
 * server's per-number limits: one code a minute, five in ten minutes): the screen shows that number
 * (screenContext), and the request the page sends is checked to carry it (checkSent), never
 * rewritten. The codes are real, read from the SMS catcher, and so are a wrong code's refusal, a
 * right code's ticket and "a code went out less than a minute ago" (a code sent to the number just
 * before). What the server cannot be made to answer at once (the provider failing, a ten-minute
 * lockout, five wrong tries, a resend after a cooldown its own clock has not seen pass) is answered
 * by the route with the server's own status and body.
 */
const SEND = (url: URL) => url.pathname.endsWith('/api/v1/notification/sendsms')
const VERIFY = (url: URL) => url.pathname.endsWith('/api/v1/notification/verifysms')
const RESUME = (url: URL) => url.pathname.endsWith('/api/v1/digitalchannels/application/resume')
const STATUS: Record<string, number> = { SMS_SEND_FAILED: 502, SMS_LOCKED: 429, SMS_RESEND_TOO_SOON: 429 }

/** How the next request is answered: passed on to the server (for the path's own number), answered here, or held. */
type Plan = { kind: 'real' } | { kind: 'answer'; status: number; body: unknown } | { kind: 'hold' }
/** `sentAt`: the page clock's time when the last send's answer (or the lockout) arrived. */
type State = { phone: string; send: Plan; verify: Plan; held: Route | null; sentAt: number; typedCode: string; bodies: { sendCode: unknown[]; verifyCode: unknown[] } }
const states = new WeakMap<Page, State>()

/** A mobile number no other path (or run) uses: 0539 and nine digits from the clock and chance. */
function freshPhone(): string {
  return `+90539${String(Date.now()).slice(-4)}${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`
}

function planFor(next: PathStep | undefined): Plan {
  const e = next?.event as (AnyEventObject & { output?: unknown; error?: Record<string, unknown> }) | undefined
  if (!e || !/^xstate\.(done|error)\.actor\./.test(e.type)) return { kind: 'hold' }
  if (e.type === 'xstate.done.actor.sendCode' || e.type === 'xstate.done.actor.verifyCode') return { kind: 'real' }
  const { error: _message, ...body } = e.error!
  // a wrong code and a code sent a moment ago come from the server itself
  if (body.code === 'SMS_CODE_WRONG' || body.code === 'SMS_RESEND_TOO_SOON') return { kind: 'real' }
  return { kind: 'answer', status: STATUS[String(body.code)] ?? 400, body: { ...body, message: String(body.code) } }
}

/** The real server's answer, or the server's own status and body where it cannot be made to answer so now; the request goes as the page sent it. */
async function answer(route: Route, plan: Plan) {
  if (plan.kind === 'answer') return route.fulfill({ status: plan.status, contentType: 'application/json', body: JSON.stringify(plan.body) })
  await route.continue()
}

/** The model's mobile (0532 123 45 67) is this path's fresh number; other numbers are typed as the model has them. */
const MODEL_E164 = '+905321234567'


async function codes(server: E2eServer, phone: string): Promise<string> {
  let inbox: Array<{ text: string }> = []
  await expect.poll(async () => (inbox = await caughtSms(server.url, phone)).length, { timeout: 15_000 }).toBeGreaterThan(0)
  return /(\d{6})/.exec(inbox[inbox.length - 1]!.text)![1]!
}

export const smsVerificationDriver: Driver = {
  id: 'smsVerification',
  model: smsVerificationModel,
  expectations: smsVerificationExpectations,
  // the real server answers as spec 4 says (120 s, a new code after 60 s): the model's other server is the model's
  feasible: (path) => path.steps.every((s) => s.event.type !== 'xstate.done.actor.sendCode' || (s.event as unknown as { output: { expiresInS: number } }).output.expiresInS === 120),
  // the page holds this path's number where the model holds its own
  screenContext: (page, c) => ({ ...c, phone: c.phone === MODEL_E164 ? states.get(page)!.phone : c.phone }),
  // POST notification/sendsms and verifysms (spec 7.3): the number in E.164 the oracle expects (this path's for the model's), the purpose as smsSource
  async checkSent(page, id, expected) {
    const state = states.get(page)!
    const want = expected as { phone: string; purpose: string; code?: string }
    const phone = want.phone === MODEL_E164 ? state.phone : want.phone
    if (id === 'sendCode') {
      await expect.poll(() => state.bodies.sendCode.length, { timeout: 10_000, message: 'no sendsms request' }).toBeGreaterThan(0)
      expect(state.bodies.sendCode.at(-1), 'the sendsms request').toEqual({ gsmNumber: phone, content: 'otp', smsSource: want.purpose })
      return true
    }
    if (id === 'verifyCode') {
      await expect.poll(() => state.bodies.verifyCode.length, { timeout: 10_000, message: 'no verifysms request' }).toBeGreaterThan(0)
      // the code typed, without the spaces around it (the model's code stands for the real one the catcher caught)
      expect(state.bodies.verifyCode.at(-1), 'the verifysms request').toEqual({ gsmNumber: phone, code: state.typedCode, smsSource: want.purpose })
      expect(want.code).toMatch(/^\d{6}$/)
      return true
    }
    return false
  },
  // "Kod Gönder" pressed again while the code is on its way, or while the number is locked; "Yeni kod gönder" before its wait is over
  async ignore(page, state, event) {
    // (sending only while its request is held: a real answer leaves the state at once)
    if (state === 'sending' && !states.get(page)!.held) return false
    if ((state === 'sending' || state === 'lockedOut') && event.type === 'phone.submit') {
      return pressAgain(page.getByRole('button', { name: 'Kod Gönder' }))
    }
    if (state === 'awaitingCode.entering' && event.type === 'code.resend') {
      return pressAgain(page.getByRole('button', { name: /^Yeni kod gönder \(/ }))
    }
    return false
  },
  async open(page) {
    const state: State = { phone: freshPhone(), send: { kind: 'real' }, verify: { kind: 'real' }, held: null, sentAt: 0, typedCode: '', bodies: { sendCode: [], verifyCode: [] } }
    states.set(page, state)
    const handle = (which: 'send' | 'verify') => async (route: Route) => {
      state.bodies[which === 'send' ? 'sendCode' : 'verifyCode'].push(JSON.parse(route.request().postData() ?? 'null'))
      const plan = state[which]
      if (plan.kind === 'hold') state.held = route
      else await answer(route, plan)
    }
    await page.route(SEND, handle('send'))
    await page.route(VERIFY, handle('verify'))
    // the purchase goes on after a right code: held, so the verified step stays on the screen
    await page.route(RESUME, () => { /* held: the path ends verified */ })
    // installed, and left running: the browser context's clock is shared with the other drivers
    await page.clock.install()
    await page.goto('/urunler/market/tss?gender=female&citycode=06&birthdate=1990-05-17&visits=8')
    await page.waitForFunction(() => !!(window as unknown as { __e2eCoverage: Record<string, unknown> }).__e2eCoverage.smsVerification)
  },
  async act(page, step, next, server) {
    const state = states.get(page)!
    const e = step.event as AnyEventObject & { phone?: string; code?: string }
    if (/^xstate\.(done|error)\.actor\./.test(e.type)) {
      // an answer the path held until now
      const held = state.held
      state.held = null
      if (held) await answer(held, planFor(step))
      // a code out or a lockout: its timers start when the answer arrives, read on the page's clock
      const to = e.type === 'xstate.done.actor.sendCode' ? 'awaitingCode' : (e as { error?: { code?: string } }).error?.code === 'SMS_LOCKED' ? 'lockedOut' : null
      if (to) {
        await page.waitForFunction((v) => JSON.stringify((window as unknown as { __e2eCoverage: Record<string, { value: unknown }> }).__e2eCoverage.smsVerification?.value).includes(v), to)
        state.sentAt = await page.evaluate(() => Date.now())
      }
      return
    }
    if (e.type.startsWith('xstate.after.')) {
      // the timer runs from the send (or the refusal that locked the number): on to exactly its end
      const ms = e.type.includes('codeValidity') ? 120_000 : e.type.includes('resendCooldown') ? 60_000 : 300_000
      const now = await page.evaluate(() => Date.now())
      await page.clock.fastForward(Math.max(0, state.sentAt + ms - now))
      return
    }
    switch (e.type) {
      case 'phone.submit': {
        const plan = planFor(next)
        state.send = plan
        const tooSoon = (next?.event as { error?: { code?: string } } | undefined)?.error?.code === 'SMS_RESEND_TOO_SOON'
        if (tooSoon) {
          // a code went out to this number a moment ago (another tab): the server refuses the next one
          const res = await fetch(`${server.url}/api/v1/notification/sendsms`, {
            method: 'POST', headers: { 'content-type': 'application/json', trxType: 'FRM' },
            body: JSON.stringify({ gsmNumber: state.phone, content: 'otp', smsSource: 'tss' }),
          })
          // (refused already when this path sent it a code a moment ago: the condition holds either way)
          expect([200, 429]).toContain(res.status)
        }
        // the model's mobile is this path's fresh number (the page shows and sends it); any other as the model has it
        await page.locator('input[name=phone]').fill(e.phone === PHONES.mobile ? state.phone.replace(/^\+90/, '0') : e.phone!)
        await page.getByRole('button', { name: 'Kod Gönder' }).click()
        break
      }
      case 'code.submit': {
        state.verify = planFor(next)
        const wellFormed = /^\d{6}$/.test(e.code!.trim())
        let typed = e.code!
        if (wellFormed) {
          const real = await codes(server, state.phone)
          const error = (next?.event as { error?: { code?: string } } | undefined)?.error?.code
          typed = error === 'SMS_CODE_WRONG' ? (real === '000000' ? '111111' : '000000') : real
        }
        state.typedCode = typed.trim()
        await page.locator('input[name=code]').fill(typed)
        // a check the path holds while a timer ends starts a second later: its 60 s request timeout comes after the 60 s cooldown
        if (wellFormed && state.verify.kind === 'hold') await page.clock.fastForward(1_000)
        await page.getByRole('button', { name: 'Doğrula', exact: true }).click()
        break
      }
      case 'code.resend': {
        // the server's own clock has not seen the cooldown pass: a new code's answer is the route's
        const plan = planFor(next)
        state.send = plan.kind === 'real' ? { kind: 'answer', status: 200, body: { sent: true, expiresAt: new Date(Date.now() + 120_000).toISOString(), expiresInS: 120, resendAfterS: 60 } } : plan
        await page.getByRole('button', { name: /^Yeni kod gönder/ }).click()
        break
      }
      case 'phone.change': {
        await page.getByRole('button', { name: /^(Numarayı değiştir|Başka numara gir)$/ }).click()
        break
      }
      default: throw new Error(`sms-verification driver: no browser action for ${e.type}`)
    }
  },
}
