import type { Page, Route } from 'playwright-core'
import { expect } from 'vitest'
import type { AnyEventObject } from 'xstate'
import { forgotPasswordExpectations } from '../../machines/expectations/forgot-password.ts'
import { forgotPasswordModel } from '../../machines/models/forgot-password.model.ts'
import { pressAgain } from './ignore.ts'
import type { Driver } from './types.ts'

/**
 * Forgot password at /auth/forgot-password, signed out. The server's answers are real (a refusal is
 * this address's allowance used up); the request is held until the path's answer step, so the
 * busy form is on the screen meanwhile, and what the page sent is read from it.
 */
const CALL = '**/api/v1/auth/forgotPassword'
type State = { held: Route | null; bodies: unknown[] }
const states = new WeakMap<Page, State>()

export const forgotPasswordDriver: Driver = {
  id: 'forgotPassword',
  model: forgotPasswordModel,
  expectations: forgotPasswordExpectations,
  // (every request is held until the path's answer step)
  ignoreWhileBusy: true,
  async open(page) {
    const state: State = { held: null, bodies: [] }
    states.set(page, state)
    await page.route(CALL, (route) => {
      state.bodies.push(route.request().postDataJSON())
      state.held = route
    })
    await page.goto('/auth/forgot-password')
  },
  async act(page, step, next, server) {
    const state = states.get(page)!
    const e = step.event as AnyEventObject & { email?: string }
    if (e.type === 'form.submit') {
      // the path wants the request refused: use up this address's allowance on the real server
      if (next?.event.type === 'xstate.error.actor.requestTemporaryPassword') {
        for (let i = 0; i < 20; i++) {
          await fetch(`${server.url}/api/v1/auth/forgotPassword`, {
            method: 'POST', headers: { 'content-type': 'application/json', trxType: 'forgotPassword' }, body: JSON.stringify({ email: `x${i}@example.com` }),
          })
        }
      }
      await page.locator('input[name=email]').fill(e.email ?? '')
      await page.getByRole('button', { name: 'Geçici Şifre Gönder' }).click()
    } else if (e.type === 'form.back') {
      await page.getByRole('button', { name: 'Giriş ekranına dön' }).click()
    } else if (e.type.startsWith('xstate.')) {
      // the server's answer: the held request goes on to the real server now
      await expect.poll(() => state.held !== null, { timeout: 10_000, message: 'no request to answer' }).toBe(true)
      const route = state.held!
      state.held = null
      await route.continue()
    }
  },
  // POST /auth/forgotPassword with the address as the oracle says it is sent (trimmed)
  async checkSent(page, id, expected) {
    if (id !== 'requestTemporaryPassword') return false
    const state = states.get(page)!
    await expect.poll(() => state.bodies.length, { timeout: 10_000, message: 'no forgotPassword request' }).toBeGreaterThan(0)
    expect(state.bodies.at(-1)).toEqual(expected)
    return true
  },
  // a second press of "Geçici Şifre Gönder" while the first request is on its way sends nothing
  async ignore(page, state, event) {
    if (state !== 'submitting' || event.type !== 'form.submit') return false
    // (the page sends no second submit while the first is on its way: nothing may reach the machine)
    const done = await pressAgain(page.getByRole('button', { name: 'Geçici Şifre Gönder' }))
    return done && 'view'
  },
}
