import type { Page, Route } from 'playwright-core'
import { expect } from 'vitest'
import type { AnyEventObject } from 'xstate'
import { smsVerificationExpectations } from '../../machines/expectations/sms-verification.ts'
import { PHONES, smsVerificationModel } from '../../machines/models/sms-verification.model.ts'
import type { PathStep } from '../../support/paths.ts'
import { caughtSms, type E2eServer } from '../server.ts'
import type { Driver } from './types.ts'

/**
 * The SMS verification step of the health purchase (/urunler/market/tss with a quote: the purchase
 * machine's child `smsVerification`), signed out, on Playwright's clock (the 60 s cooldown, the
 * 120 s validity and the lockout pass when a path says so, counted from the answer that starts them).
 *
 * The screen shows the model's number (0532 123 45 67); each path's requests reach the real server
 * for a fresh number of its own (the per-number limits: one code a minute, five in ten minutes), so
 * the codes are real, read from the SMS catcher, and so are a wrong code's refusal, a right code's
 * ticket and "a code went out less than a minute ago" (a code sent to the number just before). What
 * the server cannot be made to answer at once (the provider failing, a ten-minute lockout, five
 * wrong tries, a resend after a cooldown its own clock has not seen pass) is answered by the route
 * with the server's own status and body.
 */
const SEND = (url: URL) => url.pathname.endsWith('/api/v1/notification/sendsms')
const VERIFY = (url: URL) => url.pathname.endsWith('/api/v1/notification/verifysms')
const RESUME = (url: URL) => url.pathname.endsWith('/api/v1/digitalchannels/application/resume')
const STATUS: Record<string, number> = { SMS_SEND_FAILED: 502, SMS_LOCKED: 429, SMS_RESEND_TOO_SOON: 429 }

/** How the next request is answered: passed on to the server (for the path's own number), answered here, or held. */
type Plan = { kind: 'real' } | { kind: 'answer'; status: number; body: unknown } | { kind: 'hold' }
/** `sentAt`: the page clock's time when the last send's answer (or the lockout) arrived. */
type State = { phone: string; send: Plan; verify: Plan; held: Route | null; sentAt: number }
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

async function answer(route: Route, plan: Plan, phone: string) {
  if (plan.kind === 'answer') return route.fulfill({ status: plan.status, contentType: 'application/json', body: JSON.stringify(plan.body) })
  const body = JSON.parse(route.request().postData() ?? '{}') as Record<string, unknown>
  await route.continue({ postData: JSON.stringify({ ...body, gsmNumber: phone }) })
}

async function codes(server: E2eServer, phone: string): Promise<string> {
  let inbox: Array<{ text: string }> = []
  await expect.poll(async () => (inbox = await caughtSms(server.url, phone)).length, { timeout: 15_000 }).toBeGreaterThan(0)
  return /(\d{6})/.exec(inbox[inbox.length - 1]!.text)![1]!
}

export const smsVerificationDriver: Driver = {
  id: 'smsVerification',
  model: smsVerificationModel,
  expectations: smsVerificationExpectations,
  async open(page) {
    const state: State = { phone: freshPhone(), send: { kind: 'real' }, verify: { kind: 'real' }, held: null, sentAt: 0 }
    states.set(page, state)
    const handle = (which: 'send' | 'verify') => async (route: Route) => {
      const plan = state[which]
      if (plan.kind === 'hold') state.held = route
      else await answer(route, plan, state.phone)
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
      if (held) await answer(held, planFor(step), state.phone)
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
          expect(res.status).toBe(200)
        }
        await page.locator('input[name=phone]').fill(e.phone === PHONES.mobile ? PHONES.mobile : e.phone!)
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
