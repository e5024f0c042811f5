import { expect } from 'vitest'
import type { Page, Request, Route } from 'playwright-core'
import type { AnyEventObject } from 'xstate'
import { consentsFor, type SalesProduct } from '../../../src/domain/consents.ts'
import type { ApplicationData, ApplicationProduct } from '../../../src/domain/schemas/application.ts'
import { TEST_CARDS } from '../../../src/server/services/gateway/bank-simulator.ts'
import type { Expectations } from '../../support/expectations.ts'
import type { Model } from '../../support/model-test.ts'
import type { GeneratedPath } from '../../support/paths.ts'
import { caughtSms, type E2eServer } from '../server.ts'
import type { Driver } from './types.ts'

/**
 * What the health and travel purchase drivers share (machines/shared/purchase.ts on
 * /urunler/market/tss and /urunler/market/seyahatsaglik). Everything is real unless only a network
 * failure can make it: every SMS verification uses a fresh phone and the code from the server's
 * SMS catcher; a saved application to resume is saved on the server under the very ticket the page
 * has just been given; an expired verification is the server refusing a ticket that no longer
 * verifies; a refused purchase is the server finding a required consent withdrawn; the payment is
 * the bank simulator's (3-D Secure, success or declined card). Only the look-up, save and consent
 * failures of the NETWORK kind are cut off with page.route.
 */
export type PurchaseDriverSpec = {
  id: string
  product: ApplicationProduct
  path: string
  model: Model
  expectations: Expectations
  /** The page address's query of the quote the model calls good or bad. */
  query(good: boolean): string
  /** Fills the quote step's quick quote and presses its "Satın Al". */
  buy(page: Page): Promise<void>
  /** A complete application's answers besides the personal profile (the quote, the product's own sections), for a saved one to resume. */
  application(): ApplicationData
  /** Whether the model's quote.submit payload is the good one. */
  isGood(data: unknown): boolean
}

const API = '/api/v1/digitalchannels'
const HEADERS = { 'content-type': 'application/json', trxType: 'FRM' }
const card = (scenario: string) => TEST_CARDS.find((c) => c.scenario === scenario)!.number
let phoneSeq = 0
/** A mobile number no earlier path of this run has used (the server's cooldown and caps are per number). */
function freshPhone(): string {
  const n = String((Date.now() * 10 + phoneSeq++) % 10_000_000).padStart(7, '0')
  return `0538${n}`
}

/** `n` days from today in Istanbul, as the quick quotes' date fields take it. */
export function isoIn(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Istanbul' }).format(new Date(Date.now() + days * 86_400_000))
}

export const PERSON = { firstname: 'Ayşe', lastname: 'Çağlar', nationalId: '10000000146', nationality: 'TR', birthdate: '1990-05-17', email: 'ayse.caglar@example.com' }

/** The browser can take a bad quote only from the page's address (the quick quote offers no "Satın Al" for it): as the first step. */
export function quoteFeasible(isGood: (data: unknown) => boolean) {
  return (path: GeneratedPath) => path.steps.every((s, i) => s.event.type !== 'quote.submit' || i === 0 || isGood((s.event as AnyEventObject).data))
}

/** A page's purchase under test: the sale's id (for a withdrawn consent) and the phone it verified last. */
export type Tab = { saleId: string | null; opened: boolean; phone: string | null }
export const TABS = new WeakMap<Page, Tab>()

/** Remembers the sale's id from the page's own calls; the result page opens when the flow ends (the probe keeps the flow's last state). */
export async function watchPurchase(page: Page) {
  TABS.set(page, { saleId: null, opened: false, phone: null })
  page.on('request', (r: Request) => {
    if (r.url().endsWith(`${API}/legalpermission`)) TABS.get(page)!.saleId = r.headers().saleid ?? null
  })
  page.on('response', async (r) => {
    if (r.url().endsWith(`${API}/application`) && r.ok()) TABS.get(page)!.saleId = ((await r.json().catch(() => ({}))) as { id?: string }).id ?? null
  })
}

/** Saves an application on the server under a ticket (what a customer left earlier); answers its id. */
export async function saveApplication(server: E2eServer, body: { ticket: string; product: ApplicationProduct; step: string; data: ApplicationData }) {
  const res = await fetch(`${server.url}${API}/application`, { method: 'POST', headers: HEADERS, body: JSON.stringify(body) })
  expect(res.status, await res.clone().text()).toBe(200)
  return ((await res.json()) as { id: string }).id
}

/**
 * How the server answers the call the next step waits for: a NETWORK failure cut off, an expired
 * verification (the server refusing a ticket that no longer verifies), a withdrawn consent, a saved
 * application to resume (`seed`, saved under the ticket the page sends), or the real answer.
 */
export async function arrangeAnswer(page: Page, server: E2eServer, next: AnyEventObject | undefined, opts: {
  product: ApplicationProduct
  seed(ticket: string, output: unknown): Promise<string>
}) {
  const tab = TABS.get(page)!
  for (const url of ['application/resume', 'application', 'legalpermission', 'purchase']) await page.unroute(`**${API}/${url}`)
  if (!next?.type.startsWith('xstate.')) return
  const [, kind, , id] = next.type.split('.') as [string, string, string, string]
  const failed = kind === 'error' ? (next.error as { code?: string }).code : null
  const target = id === 'resumeApplication' ? 'application/resume' : id === 'saveApplication' ? 'application' : id === 'recordConsents' ? 'legalpermission' : 'purchase'
  const at = `**${API}/${target}`
  if (failed === 'NETWORK') {
    await page.route(at, (route: Route) => route.abort('connectionrefused'))
  } else if (failed === 'SMS_TICKET_INVALID') {
    // the verification no longer holds: the server refuses the ticket the page sends
    await page.route(at, (route: Route) => route.continue({ postData: JSON.stringify({ ...route.request().postDataJSON(), ticket: 'expired.ticket' }) }))
  } else if (failed === 'CONSENT_REQUIRED') {
    // the customer withdrew a required consent meanwhile: the server's records say so
    const doc = consentsFor(opts.product as SalesProduct).find((d) => d.requiredFor.includes(opts.product as SalesProduct) && d.kind === 'consent')!
    const res = await fetch(`${server.url}${API}/legalpermission`, {
      method: 'POST', headers: { ...HEADERS, saleId: tab.saleId!, processStep: 'consents' },
      body: JSON.stringify({ name: doc.name, status: 'REJECTED', documentId: doc.documentId, scope: opts.product, partyId: PERSON.nationalId }),
    })
    expect(res.status, await res.clone().text()).toBe(201)
  } else if (id === 'resumeApplication' && kind === 'done' && next.output) {
    // an application of this phone, saved earlier, under the ticket the page was just given
    await page.route(at, async (route: Route) => {
      tab.saleId = await opts.seed((route.request().postDataJSON() as { ticket: string }).ticket, next.output)
      await route.continue()
    })
  }
  // APPLICATION_NOT_FOUND is real: a fresh phone has nothing saved
}

/** A fresh phone verified with the code the server's SMS catcher caught. */
export async function verifyPhone(page: Page, server: E2eServer) {
  const phone = freshPhone()
  TABS.get(page)!.phone = phone
  await page.locator('input[name=phone]').fill(phone)
  await page.getByRole('button', { name: 'Kod Gönder' }).click()
  let inbox: Array<{ text: string }> = []
  await expect.poll(async () => (inbox = await caughtSms(server.url, phone)).length, { timeout: 15_000 }).toBeGreaterThan(0)
  await page.locator('input[name=code]').fill(/(\d{6})/.exec(inbox[0]!.text)![1]!)
  await page.getByRole('button', { name: 'Doğrula' }).click()
}

/** The card form and the bank simulator's 3-D page: a card the simulator approves, or one it declines. */
export async function pay(page: Page, status: string) {
  await payWithCard(page, card(status === 'success' ? 'success' : 'declined'))
}

/** The purchase's card form filled with `number` (a bank simulator test card), paid and approved on the simulator's 3-D page. */
export async function payWithCard(page: Page, number: string) {
  const form = page.getByTestId('payment-form')
  await form.waitFor({ timeout: 15_000 })
  await form.locator('input[name=number]').pressSequentially(number, { delay: 5 })
  await form.locator('input[name=number]').blur()
  await form.locator('input[name=name]').fill('Ayşe Çağlar')
  await form.locator('input[name=expiry]').fill('1230')
  await form.locator('input[name=cvc]').fill('123')
  await expect.poll(() => form.locator('input[name=bankcode]').inputValue()).not.toBe('')
  await form.getByTestId('submit').click()
  const frame = page.frameLocator('iframe[name=ke-3d-frame]')
  await frame.getByTestId('otp-code').waitFor({ timeout: 20_000 })
  await frame.locator('input[name=otp]').fill((await frame.getByTestId('otp-code').textContent())!)
  await frame.getByRole('button', { name: 'Onayla' }).click()
}

export const stateOf = (v: unknown) => (typeof v === 'string' ? v : Object.keys(v as object)[0]!)

export function purchaseDriver(spec: PurchaseDriverSpec): Driver {
  /** What the server holds for an application saved at the path's step: the quote and every section (the purchase prices them). */
  const seed = (server: E2eServer) => (ticket: string, output: unknown) => saveApplication(server, {
    ticket, product: spec.product, step: (output as { step: string }).step,
    data: { ...spec.application(), personalProfile: { ...PERSON, userphone: '05321234567' } },
  })
  const arrange = (page: Page, server: E2eServer, next: AnyEventObject | undefined) => arrangeAnswer(page, server, next, { product: spec.product, seed: seed(server) })

  /** The step on screen gets the model's answers where they are that step's (else answers it refuses, when the path wants a refusal). */
  async function submitSection(page: Page, value: Record<string, unknown>, valid: boolean) {
    const step = await page.getByTestId(`purchase-${spec.product}`).getAttribute('data-step')
    const form = page.getByTestId(`step-${step}`)
    if (step === 'profile') {
      const own = 'firstname' in value ? value : { ...PERSON, nationalId: valid ? PERSON.nationalId : '12345678901' }
      for (const name of ['firstname', 'lastname', 'nationalId', 'birthdate', 'email']) await form.locator(`input[name=${name}]`).fill(String(own[name] ?? ''))
    } else {
      await form.locator('input[name=healthdeclarationconcent]').setChecked('healthdeclarationconcent' in value ? value.healthdeclarationconcent === true : valid)
    }
    await form.getByRole('button', { name: 'Devam' }).click()
  }

  return {
    id: spec.id,
    model: spec.model,
    expectations: spec.expectations,
    feasible: quoteFeasible(spec.isGood),
    async open(page, path) {
      await watchPurchase(page)
      const first = path[0]!.event as AnyEventObject
      await page.goto(`${spec.path}?${spec.query(spec.isGood(first.data))}`)
      await page.waitForFunction((id) => !!(window as unknown as { __e2eCoverage: Record<string, unknown> }).__e2eCoverage[id], spec.id)
    },
    async act(page, step, next, server) {
      const e = step.event as AnyEventObject
      const tab = TABS.get(page)!
      const first = !tab.opened
      tab.opened = true
      // an answer of the server's was arranged by the step that asked for it (the SMS code is the customer's doing)
      if (e.type.startsWith('xstate.') && e.type !== 'xstate.done.actor.sms') return
      await arrange(page, server, next?.event as AnyEventObject | undefined)
      switch (e.type) {
        case 'quote.submit':
          // the first quote is the page address's (sent when the page opens); later ones are the quote step's "Satın Al"
          if (!first) await spec.buy(page)
          break
        case 'xstate.done.actor.sms': await verifyPhone(page, server); break
        case 'resume.accept': await page.getByRole('button', { name: 'Kaldığım yerden devam et' }).click(); break
        case 'resume.decline': await page.getByRole('button', { name: 'Baştan başla' }).click(); break
        case 'section.submit': await submitSection(page, e.value as Record<string, unknown>, stateOf(step.state.value).startsWith('saving')); break
        case 'back': await page.getByRole('button', { name: 'Geri', exact: true }).click(); break
        case 'consents.submit': {
          const form = page.getByTestId('step-consents')
          const all = stateOf(step.state.value) === 'recordingConsents'
          for (const name of ['gdprtextread', 'gdprconcent', 'infoconcent', 'trxconcent']) await form.locator(`input[name=${name}]`).setChecked(all || name === 'gdprtextread')
          await form.getByRole('button', { name: 'Devam' }).click()
          break
        }
        case 'summary.confirm': await page.getByRole('button', { name: 'Onayla ve ödemeye geç' }).click(); break
        case 'payment.done': await pay(page, String(e.status)); break
        default:
          if (!e.type.startsWith('xstate.')) throw new Error(`${spec.id} driver: no browser action for ${e.type}`)
      }
    },
  }
}
