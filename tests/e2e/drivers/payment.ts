import type { Page, Route } from 'playwright-core'
import type { AnyEventObject } from 'xstate'
import { expect } from 'vitest'
import { checkCardBinWith, parseBinRows } from '../../../src/domain/card/bin.ts'
import { BIN_ROWS } from '../../../src/domain/card/bin-data/bin-table.ts'
import { TEST_CARDS } from '../../../src/server/services/gateway/bank-simulator.ts'
import { paymentExpectations } from '../../machines/expectations/payment.ts'
import { DEBIT, ORDER, paymentModel } from '../../machines/models/payment.model.ts'
import type { PathStep } from '../../support/paths.ts'
import type { Driver } from './types.ts'

/**
 * The card payment test form on the landing page (machines/payment) against the real server, its
 * bank simulator and the bundled BIN table. What the browser cannot do otherwise is arranged on the
 * network only: the BIN table's chunk cut off (the table cannot load), the gateway call cut off (a
 * network failure), and the bank's page held until the path paints it (so "loading" can be seen).
 *
 * The model has no focus: values are set and buttons pressed without moving it, so the card
 * number's blur (a BIN check) happens exactly where the path leaves the field, not whenever the
 * form focuses its first failing field and a later click would leave it.
 */
const TABLE = parseBinRows(BIN_ROWS)
const CARD = (scenario: string) => TEST_CARDS.find((c) => c.scenario === scenario)!.number
const DEBIT_CARD = '4016220000001238'
const FOREIGN_ORDER = 'KEM20260302999999111'
const BIN_CHUNK = /\/assets\/bin-table-[^/]*\.js$/
const GATEWAY = '**/moneyio/collection/posIP3D/Gateway'
const BANK_PAGE = /\/api\/v1\/banksim\/3d$/

type Coverage = Record<string, { value: unknown }>
const stateOf = (page: Page) => page.evaluate(() => JSON.stringify((window as unknown as { __e2eCoverage: Coverage }).__e2eCoverage.payment?.value))
const isOwnClose = (e: AnyEventObject) => e.type === 'frame.closed' && e.orderId === ORDER.orderId

/** A state waiting for the BIN check or the gateway: the browser leaves it as soon as the answer is there. */
const pendingCheck = (s: PathStep['state']) => s.matches('validating') || s.matches({ editing: 'checkingBin' })
const waiting = (s: PathStep['state']) => pendingCheck(s) || s.matches('submitting')

/**
 * What the browser can perform (the model lets every actor answer anything at any time):
 * - the BIN table is one chunk, loaded once and kept: it can fail to load only before it has loaded;
 * - the BIN rule's answer is the bundled table's for the card typed (403666 credit, 401622 debit);
 * - a state waiting for an answer is left by that answer; a path may end in it only while the
 *   request can be held (the gateway's, or the BIN table's before it has loaded);
 * - close3DBox for our order comes from our callback page, which the frame shows only after the
 *   bank's page was painted (threeD.ready).
 */
export function feasible(path: PathStep[]): boolean {
  let loaded = false
  for (const [i, { event, state }] of path.entries()) {
    const before = path[i - 1]?.state
    if (before && waiting(before) && !event.type.startsWith('xstate.')) return false
    if (event.type === 'xstate.error.actor.checkBin' && loaded) return false
    if (event.type === 'xstate.done.actor.checkBin') {
      loaded = true
      // the typed BIN is part of the model's abstract state, so the generated snapshot has it right
      const bin = (before?.context as { card: { bin: string } } | undefined)?.card.bin ?? ''
      if ((event as unknown as { output: { accepted: boolean } }).output.accepted !== checkCardBinWith(TABLE, bin).accepted) return false
    }
    if (isOwnClose(event) && !before?.matches({ threeD: 'ready' })) return false
    if (i === path.length - 1 && loaded && pendingCheck(state)) return false
  }
  return true
}

/** The test card for the path's end: success, the bank's refusal, or the bank page that never answers. */
let errorEnds = 0
function cardFor(path: PathStep[]): string {
  const close = path.find((s) => isOwnClose(s.event))?.event
  if (close?.status === 'error') return CARD(errorEnds++ % 2 === 0 ? 'declined' : 'authFailed')
  const timeout = path.findIndex((s) => s.event.type.startsWith('xstate.after'))
  if (timeout > 0 && path[timeout - 1]!.state.matches({ threeD: 'loading' })) return CARD('noAnswer')
  return CARD('success')
}

type Answer = 'real' | 'fail' | 'hold'
type Plan = { card: string; binTable: Answer[]; gateway: Answer[]; paint: () => void }
const never = new Promise<void>(() => {})

/** The next planned answer to a request: the real one, cut off, or held until the page closes. */
async function answer(route: Route, planned: Answer | undefined) {
  // the BIN table's chunk cannot load; the gateway answers as the server does when the bank is out of reach (502 KVT_GATEWAY_ERR4)
  if (planned === 'fail' && route.request().url().includes('/Gateway')) {
    return route.fulfill({ status: 502, contentType: 'application/json', body: JSON.stringify({ code: 'KVT_GATEWAY_ERR4', message: 'Kredi kartı doğrulama için Banka Sistemine erişilemiyor !' }) })
  }
  if (planned === 'fail') return route.abort('connectionrefused')
  if (planned === 'hold') return never
  return route.continue()
}
const PLANS = new WeakMap<Page, Plan>()

/** Sets a field's value as typing does (React's own setter bypassed) and fires its event, without focus. */
async function setValue(page: Page, selector: string, value: string, event: 'input' | 'change' = 'input') {
  await page.locator(selector).evaluate((el, [v, type]) => {
    const proto = el instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype
    Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(el, v)
    el.dispatchEvent(new Event(type!, { bubbles: true }))
  }, [value, event] as const)
}

const press = (page: Page, name: string) => page.getByRole('button', { name, exact: true }).evaluate((el) => (el as HTMLButtonElement).click())

/** The frame's 3-D page: a forged close3DBox (a foreign order, from the frame itself and from elsewhere) changes nothing; then the customer confirms with the one-time code. */
async function answerBank(page: Page) {
  const frame = page.frameLocator('iframe[name=ke-3d-frame]')
  const otp = (await frame.getByTestId('otp-code').textContent({ timeout: 15_000 }))!
  const before = await stateOf(page)
  await page.frames().find((f) => f.name() === 'ke-3d-frame')!.evaluate((o) => parent.postMessage({ type: 'close3DBox', orderId: o, status: 'success' }, location.origin), FOREIGN_ORDER)
  await page.evaluate((o) => window.postMessage({ type: 'close3DBox', orderId: o, status: 'success' }, '*'), ORDER.orderId)
  await page.waitForTimeout(200)
  expect(await stateOf(page), 'a foreign close3DBox is ignored').toBe(before)
  await frame.locator('input[name=otp]').fill(otp)
  await frame.getByRole('button', { name: 'Onayla' }).click()
}

export const paymentDriver: Driver = {
  id: 'payment',
  model: paymentModel,
  expectations: paymentExpectations,
  feasible: (path) => feasible(path.steps),
  async open(page, path) {
    const last = path.at(-1)?.state
    const answers = (actor: string) => path.filter((s) => s.event.type.endsWith(`.actor.${actor}`)).map((s) => s.event as AnyEventObject & { error?: { code?: string } })
    const checks = answers('checkBin')
    const firstDone = checks.findIndex((e) => e.type.startsWith('xstate.done'))
    let paint = () => {}
    const painted = new Promise<void>((ok) => { paint = ok })
    // one answer per request, in order; a path that ends waiting holds the request
    const plan: Plan = {
      card: cardFor(path),
      binTable: [
        ...checks.slice(0, firstDone < 0 ? undefined : firstDone + 1).map((e) => (e.type.startsWith('xstate.done') ? 'real' as const : 'fail' as const)),
        ...(firstDone < 0 && last && pendingCheck(last) ? ['hold' as const] : []),
      ],
      gateway: [
        ...answers('startPayment').map((e) => (e.type.startsWith('xstate.done') ? 'real' as const : 'fail' as const)),
        ...(last?.matches('submitting') ? ['hold' as const] : []),
      ],
      paint,
    }
    PLANS.set(page, plan)
    // the BIN table cannot load: its chunk is cut off; the gateway call cut off
    await page.route(BIN_CHUNK, (route: Route) => answer(route, plan.binTable.shift()))
    await page.route(GATEWAY, (route: Route) => answer(route, plan.gateway.shift()))
    // the bank's page is painted when the path says (the bank page that never answers is not held)
    if (plan.card === CARD('noAnswer')) paint()
    await page.route(BANK_PAGE, async (route: Route) => { await painted; await route.continue().catch(() => {}) })
    await page.goto('/')
    // as for a person, the first pointer move loads the form's code (a move before hydration finds no listener: move again)
    const form = page.getByTestId('payment-form')
    for (let i = 0; i < 40 && (await form.count()) === 0; i++) {
      await page.mouse.move(20 + i, 20 + i)
      await page.waitForTimeout(250)
    }
    await page.waitForFunction(() => !!(window as unknown as { __e2eCoverage: Coverage }).__e2eCoverage.payment)
  },
  // leaving the card number field while it holds fewer than 6 digits: the page sends card.blur, and there is no BIN to check
  async ignore(page, state, event) {
    if (state !== 'editing.idle' || event.type !== 'card.blur') return false
    const number = page.locator('input[name=number]')
    if ((await number.inputValue()).replace(/\D/g, '').length >= 6) return false
    await number.focus()
    await number.blur()
    return true
  },
  async act(page, step) {
    const e = step.event as AnyEventObject & Record<string, unknown>
    const plan = PLANS.get(page)!
    switch (e.type) {
      case 'field.change':
        await setValue(page, `[name=${String(e.field)}]`, String(e.value), e.field === 'trxtype' ? 'change' : 'input')
        break
      case 'card.input': await setValue(page, 'input[name=number]', e.bin === DEBIT.bin ? DEBIT_CARD : plan.card); break
      case 'cvc.input': await setValue(page, 'input[name=cvc]', '1234'.slice(0, Number(e.length))); break
      case 'card.blur': {
        const number = page.locator('input[name=number]')
        await number.focus()
        await number.blur()
        break
      }
      // the amount field is left (its focusout, without taking the focus from another field first)
      case 'amount.blur': await page.locator('input[name=amount]').dispatchEvent('focusout'); break
      case 'form.submit': await press(page, '3D Test Et'); break
      case 'form.reset': await press(page, 'Formu Temizle'); break
      case 'frame.loaded': plan.paint(); break
      case 'frame.closed': await answerBank(page); break
      default:
        // no answer from the bank: the limit the server gave passes by itself
        if (e.type.startsWith('xstate.after')) await page.waitForFunction(() => (window as unknown as { __e2eCoverage: Coverage }).__e2eCoverage.payment?.value === 'timedOut', null, { timeout: 40_000 })
    }
  },
}
