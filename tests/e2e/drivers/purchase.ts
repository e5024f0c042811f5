import { expect } from 'vitest'
import type { Page, Request, Route } from 'playwright-core'
import type { AnyEventObject } from 'xstate'
import { consentsFor, type SalesProduct } from '../../../src/domain/consents.ts'
import type { ApplicationData, ApplicationProduct } from '../../../src/domain/schemas/application.ts'
import { TEST_CARDS } from '../../../src/server/services/gateway/bank-simulator.ts'
import type { Expectations } from '../../support/expectations.ts'
import type { Model } from '../../support/model-test.ts'
import { startReplay, type GeneratedPath, type PathStep } from '../../support/paths.ts'
import { caughtSms, endSmsVerification, type E2eServer } from '../server.ts'
import { answerAtBank, startOrder, type StartedOrder } from './bank.ts'
import { OLDER_BIRTHDATE, TICKET as MODEL_TICKET } from '../../machines/models/purchase.ts'
import { expectSummaryRows, fillLabelled } from './labelled.ts'
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
 *
 * Issue 21: "another tab" of the same customer is the driver paying the same purchase on the real
 * gateway (a payment under way the page's purchase call or card form then learns of, 409), and the
 * bank answering that payment (approve or "İptal") is how the page's wait for it ends; a price the
 * server computes differently is the profile given an older birth date than the quote's; the
 * result page's "Tekrar dene" is the page opened with a purchase bought on the server.
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
  /** What the good quote costs (the model's `quotedAmount`): a save answering another price wants an older insured person. */
  quotedAmount: number
  /** The summary's rows of the product (title: what it shows), checked before it is confirmed. */
  summary?: Record<string, string | RegExp>
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

/** A birth date that prices differently from the models' quotes (65 years old: another TSS band, travel's 65+ factor): the models' "other price". */
export { OLDER_BIRTHDATE }

/**
 * What the browser can perform of a purchase path (the model replayed along it, for its context):
 * - a bad quote only from the page's address (the quick quote offers no "Satın Al" for it), and the
 *   result page's retry only as the page opens: as the first step;
 * - the server's price follows the answers it holds: a purchase costs what the last save said
 *   (`price`, the quote's until then), and a section after the profile does not change it;
 * - "another tab" is a payment of the purchase under way (started by the driver): while it is, the
 *   page's purchase answers "in progress" and its card payment is refused; once the bank answers
 *   it (watchPayment done), it is over;
 * - a verification the server has ended (SMS_TICKET_INVALID) stays ended until the phone is verified
 *   again: until then the server answers every call with the ticket by refusing it (only a call cut
 *   off by the network fails otherwise), so "Tekrar dene" cannot make a save succeed.
 */
export function purchaseFeasible(model: Model, isGood?: (data: unknown) => boolean) {
  return (path: GeneratedPath) => {
    const { actor, advance } = startReplay(model)
    let other = false
    // the server has ended the page's verification (SMS_TICKET_INVALID)
    let ended = false
    // the price of the profile the page holds (its saves send it), in the model's figures
    let pagePrice: number | null = null
    try {
      for (const [i, s] of path.steps.entries()) {
        const e = s.event as AnyEventObject
        const snap = actor.getSnapshot() as { value: unknown }
        if (e.type === 'quote.submit' && i > 0 && isGood && !isGood(e.data)) return false
        if ((e.type === 'payment.retry' || e.type === 'opening.failed' || e.type === 'restore') && i > 0) return false
        if (e.type === 'xstate.done.actor.resumeApplication' && e.output) pagePrice = e.output.price?.amount ?? null
        if (e.type === 'xstate.done.actor.saveApplication' && isGood) {
          // the profile's save prices what the driver types; a later section's save prices the profile the page holds
          if (snap.value === 'savingProfile') pagePrice = e.output.price?.amount ?? null
          else if (pagePrice !== null && e.output.price?.amount !== pagePrice) return false
        }
        if (e.type === 'xstate.done.actor.createPurchase') {
          // (the purchase costs what the confirmed form says; a form at any price: another tab may have saved another insured person meanwhile)
          if (e.output.paymentInProgress) other = true
          else if (other) return false
        }
        if (e.type === 'xstate.done.actor.smsVerification' || e.type === 'xstate.done.actor.sms') ended = false
        else if (ended && /^xstate\.(done|error)\.actor\.(resumeApplication|saveApplication|recordConsents|createPurchase)$/.test(e.type)) {
          const code = (e.error as { code?: string } | undefined)?.code
          if (e.type.includes('.done.') || (code !== 'SMS_TICKET_INVALID' && code !== 'NETWORK')) return false
        }
        if (e.type.startsWith('xstate.error.') && (e.error as { code?: string } | undefined)?.code === 'SMS_TICKET_INVALID') ended = true
        if (e.type === 'payment.elsewhere') other = true
        if (e.type === 'xstate.done.actor.watchPayment') other = false
        if (e.type === 'payment.done' && other) return false
        advance(e)
      }
      return true
    } finally {
      actor.stop()
    }
  }
}

/** A page's purchase under test: the sale's id and the verified phone's ticket (for a withdrawn consent, as the customer), the phone it verified last, its purchase and "another tab's" payment of it. */
export type Tab = {
  saleId: string | null; ticket: string | null; opened: boolean; phone: string | null; purchaseId: string | null; other: StartedOrder | null
  /** The application as last saved (by the page or the driver), and its price in the model's figures. */
  lastSave: { ticket: string; product: ApplicationProduct; step: string; data: ApplicationData } | null
  appPrice: number | null
  /** The page's reads of its purchase fail (the wait for another tab's payment cannot follow it). */
  cutReads: boolean
  /** The page is reloaded at a step (issue 24 item 1): a saved application to find holds the sections the model's does, no more. */
  restoring: boolean
  /** The call the driver holds unanswered (the path ends while the page waits for it), if any. */
  held: 'preinformation' | 'purchase' | 'application' | null
  /** The path the page performs (a step's server answers are arranged before the step, however many follow one another). */
  path: PathStep[]
  /** What the page sent, per call (POST bodies, the consents' saleId header), in order; and the id of each pre-information form it was given. */
  sent: Record<string, Array<{ body: Record<string, unknown>; saleId?: string }>>
  forms: string[]
  /** The ids of the applications the server answered the page (saved or resumed) and the tickets its verifications were given. */
  apps: string[]
  tickets: string[]
}
export const TABS = new WeakMap<Page, Tab>()

/** Remembers the sale's id from the page's own calls; the result page opens when the flow ends (the probe keeps the flow's last state). */
export async function watchPurchase(page: Page, path: PathStep[]) {
  TABS.set(page, { saleId: null, ticket: null, opened: false, phone: null, purchaseId: null, other: null, lastSave: null, appPrice: null, cutReads: false, restoring: false, held: null, path, sent: {}, forms: [], apps: [], tickets: [] })
  await page.route(PURCHASE_READ, (route: Route) => (route.request().method() === 'GET' && TABS.get(page)!.cutReads ? route.abort('connectionrefused') : route.fallback()))
  page.on('request', (r: Request) => {
    const call = SENT_CALLS.find((c) => r.method() === 'POST' && new URL(r.url()).pathname === `${API}/${c}`)
    if (call) (TABS.get(page)!.sent[call] ??= []).push({ body: (r.postDataJSON() ?? {}) as Record<string, unknown>, saleId: r.headers().saleid })
    if (r.url().endsWith(`${API}/legalpermission`)) TABS.get(page)!.saleId = r.headers().saleid ?? null
    if (r.url().endsWith(`${API}/application`) && r.method() === 'POST') {
      const tab = TABS.get(page)!
      tab.lastSave = r.postDataJSON() as Tab['lastSave']
      // the ticket the page proves its phone with (the customer's own, to withdraw a consent as them)
      if (typeof tab.lastSave?.ticket === 'string') tab.ticket = tab.lastSave.ticket
    }
  })
  page.on('response', async (r) => {
    // the ticket of the page's last verification (a resumed application may never be saved again before its purchase)
    if (r.url().endsWith('/notification/verifysms') && r.ok()) {
      const ticket = ((await r.json().catch(() => ({}))) as { ticket?: string }).ticket
      if (ticket) {
        TABS.get(page)!.ticket = ticket
        TABS.get(page)!.tickets.push(ticket)
      }
    }
    if (r.url().endsWith(`${API}/application`) && r.ok()) TABS.get(page)!.saleId = ((await r.json().catch(() => ({}))) as { id?: string }).id ?? null
    if ((r.url().endsWith(`${API}/application`) || r.url().endsWith(`${API}/application/resume`)) && r.ok()) {
      const id = ((await r.json().catch(() => ({}))) as { id?: string }).id
      if (id) TABS.get(page)!.apps.push(id)
    }
    if (r.url().endsWith(`${API}/preinformation`) && r.ok()) {
      const id = ((await r.json().catch(() => ({}))) as { id?: string }).id
      if (id) TABS.get(page)!.forms.push(id)
    }
    if (r.url().endsWith(`${API}/purchase`) && r.ok()) TABS.get(page)!.purchaseId = ((await r.json().catch(() => ({}))) as { id?: string }).id ?? null
  })
}

/** The calls whose bodies the drivers check (checkSent), by the actor that makes each. */
const SENT_CALLS = ['application/resume', 'application', 'legalpermission', 'preinformation', 'purchase', 'verification']
const CALL_OF: Record<string, string> = {
  resumeApplication: 'application/resume', saveApplication: 'application', recordConsents: 'legalpermission', loadPreInformation: 'preinformation', createPurchase: 'purchase',
  restoreVerification: 'verification',
}

/**
 * What the page sent for an invoked actor, checked against the oracle's expected input (never
 * rewritten): the ticket is the one the page's own verification was given (the model's stands for
 * it), the product and the step saved are the oracle's, a purchase names the pre-information form
 * the page was given last (the model's form id stands for it), consents go under the sale the
 * oracle names (the application the page saved or resumed) with the page's ticket. The answers'
 * own values (the quote's dates are today's in the browser) are checked by the screens.
 */
export async function checkPurchaseSent(page: Page, id: string, expected: unknown, modelTicket: string): Promise<boolean> {
  const call = CALL_OF[id]
  if (!call) return false
  const tab = TABS.get(page)!
  const want = expected as { ticket?: string; product?: string; step?: string; preInformationId?: string; saleId?: string; choices?: Record<string, { accepted: boolean }> }
  await expect.poll(() => tab.sent[call]?.length ?? 0, { timeout: 10_000, message: `${id}: no POST ${call}` }).toBeGreaterThan(0)
  const last = tab.sent[call]!.at(-1)!
  if (call === 'verification') {
    // a reloaded page asks for its verification by the product alone: the proof is the HttpOnly cookie, never a ticket or phone of the page's
    expect(last.body, `${id}: what the reloaded page sends`).toEqual({ product: (expected as { product?: string }).product })
    return true
  }
  // the ticket of the page's last verification (its answer is read as it arrives)
  expect(want.ticket, `${id}: the oracle's ticket`).toBe(modelTicket)
  await expect.poll(() => tab.tickets.at(-1), { timeout: 5_000, message: `${id}: the ticket sent is the page's last verification's` }).toBe(last.body.ticket)
  if (call === 'legalpermission') {
    // a consent the customer gave, recorded under the page's own application (the model's id stands for it), with its status
    await expect.poll(() => tab.apps.includes(String(last.saleId)), { timeout: 5_000, message: `${id}: saleId ${last.saleId} is not an application the server gave the page` }).toBe(true)
    // each record of a consent is for the product (commercial messages are recorded per channel: their scope is the channel)
    for (const x of tab.sent[call]!) if (x.body.name !== 'markconcent') expect(x.body.scope, `${id}: ${String(x.body.name)}'s scope`).toBe(want.product)
    // each record says what the customer chose: given (ACCEPTED, or READ for a notice) exactly when the model's choice accepts it
    // (a consent the model does not name, e.g. commercial messages, is left unticked by the driver: never recorded as given)
    for (const x of tab.sent[call]!) {
      const given = want.choices?.[String(x.body.name)]?.accepted === true
      expect(['ACCEPTED', 'READ'].includes(String(x.body.status)), `${id}: ${String(x.body.name)} recorded as ${String(x.body.status)}`).toBe(given)
    }
    return true
  }
  expect(last.body.product, `${id}: the product`).toBe(want.product)
  // (a save started by an answer, e.g. consents recorded, is sent a moment after the step: the last one must come to say the oracle's step)
  if (call === 'application') await expect.poll(() => tab.sent[call]!.at(-1)!.body.step, { timeout: 10_000, message: `${id}: the step the application goes on at` }).toBe(want.step)
  if (call === 'purchase') {
    expect(want.preInformationId, `${id}: the oracle names a form`).toBeTruthy()
    expect(last.body.preInformationId, `${id}: the form the page was given last`).toBe(tab.forms.at(-1))
  }
  return true
}

/** The id of the application the server holds for a ticket's phone and product (as a resume finds it). */
async function applicationId(server: E2eServer, ticket: string, product: ApplicationProduct): Promise<string> {
  const res = await fetch(`${server.url}${API}/application/resume`, { method: 'POST', headers: HEADERS, body: JSON.stringify({ ticket, product }) })
  expect(res.status, await res.clone().text()).toBe(200)
  return ((await res.json()) as { id: string }).id
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
const PURCHASE_READ = /\/digitalchannels\/purchase\/[A-Za-z0-9_-]{24}(\?.*)?$/

/** "Another tab" pays the page's purchase: a payment of it on the real gateway, waiting for the bank. */
export async function payFromAnotherTab(page: Page, server: E2eServer, purchaseId: string) {
  const tab = TABS.get(page)!
  tab.other ??= await startOrder(server, purchaseId)
}

/**
 * How the page's wait for the other tab's payment ends (issue 21): the bank approves it (the
 * purchase is issued) or the customer cancels it there (the purchase is payable again), once the
 * page waits; or the page cannot read the purchase (its reads cut off).
 */
export async function arrangeOtherPayment(page: Page, server: E2eServer, next: AnyEventObject, machineId: string) {
  const tab = TABS.get(page)!
  const cut = next.type === 'xstate.error.actor.watchPayment'
  if (cut) tab.cutReads = true
  // with the reads cut, the page can leave otherPayment (its watch fails) between two looks of a busy
  // machine: then the watch's failure, taken from otherPayment, is the proof it waited there
  await page.waitForFunction(({ id, cut }) => {
    const entry = (window as unknown as { __e2eCoverage: Record<string, { value: unknown; taken: string[] }> }).__e2eCoverage[id]
    return entry?.value === 'otherPayment' || (cut && !!entry?.taken.some((k) => /\.otherPayment --xstate\.error\.actor\.watchPayment#/.test(k)))
  }, { id: machineId, cut }, { timeout: 20_000, polling: 50 })
  if (cut) return
  await answerAtBank(server, tab.other!, next.output === 'success' ? 'approve' : 'cancel')
  tab.other = null
}

/**
 * The server's answers that follow `step` one after another without the person doing anything (a
 * refused purchase, then the new form it asks for; consents recorded, then their save): all of them
 * are arranged before the step, since the page asks for the later ones before the driver's next turn.
 * (The SMS code is the person's doing: it ends the run.)
 */
export function answersAfter(page: Page, step: PathStep): AnyEventObject[] {
  const path = TABS.get(page)!.path
  const out: AnyEventObject[] = []
  for (let j = path.indexOf(step) + 1; j > 0 && j < path.length; j++) {
    const e = path[j]!.event as AnyEventObject
    if (!/^xstate\.(done|error)\.actor\./.test(e.type) || /^xstate\.done\.actor\.(sms|smsVerification)$/.test(e.type)) break
    out.push(e)
  }
  return out
}

export type ArrangeOptions = {
  product: ApplicationProduct
  seed(ticket: string, output: unknown): Promise<string>
  /** How another tab of this phone changes the application (PRE_INFORMATION_CHANGED): by default the person's e-mail. */
  otherTab?(data: ApplicationData): ApplicationData
}

/** Arranges each answer of a chain (see answersAfter) on its own call. */
export async function arrangeAnswers(page: Page, server: E2eServer, answers: AnyEventObject[], opts: ArrangeOptions) {
  const tab = TABS.get(page)!
  for (const url of ['application/resume', 'application', 'legalpermission', 'preinformation', 'purchase']) await page.unroute(`**${API}/${url}`)
  tab.cutReads = false
  for (const [i, answer] of answers.entries()) await arrangeAnswer(page, server, answer, i === 0, opts)
}

async function arrangeAnswer(page: Page, server: E2eServer, next: AnyEventObject, first: boolean, opts: ArrangeOptions) {
  const tab = TABS.get(page)!
  if (!next.type.startsWith('xstate.')) return
  const [, kind, , id] = next.type.split('.') as [string, string, string, string]
  const failed = kind === 'error' ? (next.error as { code?: string }).code : null
  const target = id === 'resumeApplication' ? 'application/resume' : id === 'saveApplication' ? 'application' : id === 'recordConsents' ? 'legalpermission'
    : id === 'loadPreInformation' ? 'preinformation' : 'purchase'
  const at = `**${API}/${target}`
  if (id === 'createPurchase' && kind === 'done' && (next.output as { paymentInProgress?: boolean }).paymentInProgress) {
    // another tab of this phone confirmed the same summary and is paying: the page's own purchase call then finds that payment under way
    await page.route(at, async (route: Route) => {
      const first = await route.fetch()
      await payFromAnotherTab(page, server, ((await first.json()) as { id: string }).id)
      await route.continue()
    })
  } else if (failed === 'NETWORK') {
    await page.route(at, (route: Route) => route.abort('connectionrefused'))
  } else if (failed === 'SMS_TICKET_INVALID') {
    // the verification no longer holds: the server ends it (its SMS catcher's test route), so it refuses the very ticket the page sends, unchanged
    // (an answer later in a chain: ended as the page asks for it, so that the calls before it still succeed)
    if (!tab.phone) throw new Error('SMS_TICKET_INVALID: this path verified no phone')
    const phone = tab.phone
    if (first) await endSmsVerification(server.url, phone, opts.product)
    else {
      await page.route(at, async (route: Route) => {
        await endSmsVerification(server.url, phone, opts.product)
        await route.continue()
      })
    }
  } else if (failed === 'PRE_INFORMATION_CHANGED') {
    // another tab of this phone changed the answers after this one was given the form: the server's form is no longer the one confirmed
    await page.route(at, async (route: Route) => {
      const { ticket, product } = route.request().postDataJSON() as { ticket: string; product: ApplicationProduct }
      const res = await fetch(`${server.url}${API}/application/resume`, { method: 'POST', headers: HEADERS, body: JSON.stringify({ ticket, product }) })
      const saved = (await res.json()) as { step: string; data: ApplicationData }
      const person = saved.data.personalProfile!
      const data = opts.otherTab ? opts.otherTab(saved.data) : { ...saved.data, personalProfile: { ...person, email: `other.${person.email}` } }
      await saveApplication(server, { ticket, product, step: saved.step, data })
      await route.continue()
    })
  } else if (failed === 'CONSENT_REQUIRED') {
    // the customer withdrew a required consent meanwhile (in another tab, with their own verified phone): the server's records say so
    const doc = consentsFor(opts.product as SalesProduct).find((d) => d.requiredFor.includes(opts.product as SalesProduct) && d.kind === 'consent')!
    // the page's own ticket (its last verification) and its application's id, however the page came by it (saved, resumed)
    const ticket = tab.ticket
    if (!ticket) throw new Error('CONSENT_REQUIRED: the page holds no verification ticket')
    const saleId = tab.saleId ?? await applicationId(server, ticket, opts.product)
    const res = await fetch(`${server.url}${API}/legalpermission`, {
      method: 'POST', headers: { ...HEADERS, saleId, processStep: 'consents' },
      body: JSON.stringify({ name: doc.name, status: 'REJECTED', documentId: doc.documentId, scope: opts.product, ticket }),
    })
    expect(res.status, await res.clone().text()).toBe(201)
  } else if (id === 'resumeApplication' && kind === 'done' && next.output) {
    // an application of this phone, saved earlier, under the ticket the page was just given
    await page.route(at, async (route: Route) => {
      // (the ticket is the page's: a later step may record a consent under it, as another tab of this phone)
      tab.ticket = (route.request().postDataJSON() as { ticket: string }).ticket
      tab.saleId = await opts.seed(tab.ticket, next.output)
      await route.continue()
    })
  }
  // APPLICATION_NOT_FOUND is real: a fresh phone has nothing saved
}

/**
 * The step before `step` was a call the server refused because it ended the verification
 * (SMS_TICKET_INVALID): the SMS step must say so, in these words, before the phone is verified
 * again (the replay checks no screen there: the next step is the verification's own answer).
 */
export async function expectEndedVerificationSaid(page: Page, step: PathStep, words: string) {
  const path = TABS.get(page)!.path
  const before = path[path.indexOf(step) - 1]?.event as AnyEventObject | undefined
  if (!before?.type.startsWith('xstate.error.actor.') || (before.error as { code?: string } | undefined)?.code !== 'SMS_TICKET_INVALID') return
  await page.getByRole('alert').filter({ hasText: words }).first().waitFor({ state: 'visible', timeout: 10_000 })
    .catch(() => { throw new Error(`the SMS step after an ended verification does not say "${words}"`) })
}

/**
 * A page that was at `step` of the purchase before a reload (issue 24 item 1): a fresh phone verified
 * in the browser's own context (the server sets its proof cookie there, as for the page's own
 * verification), and the page's history entry naming the step. `forged`: the proof cookie then
 * altered (another phone in its signed part), which the server must refuse.
 */
export async function verifiedBeforeReload(page: Page, server: E2eServer, product: ApplicationProduct, step: string, forged: boolean, behind: readonly string[] = []) {
  const tab = TABS.get(page)!
  const phone = freshPhone()
  const sent = await page.request.post(`${server.url}/api/v1/notification/sendsms`, { headers: HEADERS, data: { gsmNumber: phone, smsSource: product } })
  expect(sent.status(), await sent.text()).toBe(200)
  let inbox: Array<{ text: string }> = []
  await expect.poll(async () => (inbox = await caughtSms(server.url, phone)).length, { timeout: 15_000 }).toBeGreaterThan(0)
  const verified = await page.request.post(`${server.url}/api/v1/notification/verifysms`, { headers: HEADERS, data: { gsmNumber: phone, code: /(\d{6})/.exec(inbox[0]!.text)![1]!, smsSource: product } })
  expect(verified.status(), await verified.text()).toBe(200)
  const { ticket } = (await verified.json()) as { ticket: string }
  tab.phone = phone
  tab.ticket = ticket
  tab.tickets.push(ticket)
  tab.restoring = true
  if (forged) {
    const cookie = (await page.context().cookies(`${server.url}${API}/verification`)).find((c) => c.name === `ke_verified_${product}`)!
    const [payload, mac] = cookie.value.split('.')
    const data = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>
    await page.context().addCookies([{ ...cookie, value: `${Buffer.from(JSON.stringify({ ...data, p: '+905320000000' })).toString('base64url')}.${mac}` }])
  }
  // the page has recorded the step it opened at (its first step replaces its entry): written only after
  // that, the entries below are not overwritten by the page's own
  await page.waitForFunction(() => !!(history.state as { purchaseStep?: string } | null)?.purchaseStep, undefined, { timeout: 20_000 })
  // `behind`: the entries of the steps the customer took before it (a reload keeps them): Back from the
  // restored step lands on the page's own earlier entry, as after a real reload, not on the page before
  await page.evaluate(({ s, earlier }) => {
    const state = history.state as object
    const [first, ...rest] = [...earlier, s]
    history.replaceState({ ...state, purchaseStep: first }, '')
    for (const e of rest) history.pushState({ ...state, purchaseStep: e }, '')
  }, { s: step, earlier: [...behind] })
}

/**
 * `phone` verified on the page's SMS step with the code the server's SMS catcher caught: exactly one
 * message sent to it (a second would be an SMS the customer did not ask for).
 */
export async function verifyWithCaughtCode(page: Page, baseUrl: string, phone: string) {
  await page.locator('input[name=phone]').fill(phone)
  await page.getByRole('button', { name: 'Kod Gönder' }).click()
  let inbox: Array<{ text: string }> = []
  await expect.poll(async () => (inbox = await caughtSms(baseUrl, phone)).length, { timeout: 15_000 }).toBe(1)
  await page.locator('input[name=code]').fill(/(\d{6})/.exec(inbox[0]!.text)![1]!)
  await page.getByRole('button', { name: 'Doğrula' }).click()
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

/** The purchase's card form filled with `number` (a bank simulator test card) and "Öde" pressed. */
export async function submitCard(page: Page, number: string) {
  const form = page.getByTestId('payment-form')
  await form.waitFor({ timeout: 15_000 })
  await form.locator('input[name=number]').pressSequentially(number, { delay: 5 })
  await form.locator('input[name=number]').blur()
  await form.locator('input[name=name]').fill('Ayşe Çağlar')
  await form.locator('input[name=expiry]').fill('1230')
  await form.locator('input[name=cvc]').fill(number.startsWith('37') ? '1234' : '123')
  await expect.poll(() => form.locator('input[name=bankcode]').inputValue()).not.toBe('')
  await form.getByTestId('submit').click()
}

/** The purchase's card form filled with `number` (a bank simulator test card), paid and approved on the simulator's 3-D page. */
export async function payWithCard(page: Page, number: string) {
  await submitCard(page, number)
  const frame = page.frameLocator('iframe[name=ke-3d-frame]')
  await frame.getByTestId('otp-code').waitFor({ timeout: 20_000 })
  await frame.locator('input[name=otp]').fill((await frame.getByTestId('otp-code').textContent())!)
  await frame.getByRole('button', { name: 'Onayla' }).click()
}

export const stateOf = (v: unknown) => (typeof v === 'string' ? v : Object.keys(v as object)[0]!)

/** The card form is told a payment of this purchase is under way: another tab pays it (unless one does already), then "Öde" here. */
export async function payElsewhere(page: Page, server: E2eServer, machineId: string, next: AnyEventObject | undefined) {
  const tab = TABS.get(page)!
  await payFromAnotherTab(page, server, tab.purchaseId!)
  if (next?.type === 'xstate.error.actor.watchPayment') tab.cutReads = true
  await submitCard(page, card('success'))
  if (next?.type.endsWith('.actor.watchPayment')) await arrangeOtherPayment(page, server, next, machineId)
  // the card form was told: the page waits for the other payment
  else await page.waitForFunction((id) => (window as unknown as { __e2eCoverage: Record<string, { value: unknown }> }).__e2eCoverage[id]?.value === 'otherPayment', machineId, { timeout: 20_000 })
}

/** The product's required consents recorded for an application, as the page records them (src/web/flows/purchase.ts). */
export async function recordRequiredConsents(server: E2eServer, product: ApplicationProduct, ticket: string, saleId: string) {
  for (const d of consentsFor(product as SalesProduct).filter((x) => x.requiredFor.includes(product as SalesProduct))) {
    const r = await fetch(`${server.url}${API}/legalpermission`, {
      method: 'POST', headers: { ...HEADERS, saleId, processStep: 'consents' },
      body: JSON.stringify({ name: d.name, status: d.kind === 'notice' ? 'READ' : 'ACCEPTED', documentId: d.documentId, scope: product, ticket }),
    })
    expect(r.status, await r.clone().text()).toBe(201)
  }
}

/** A purchase bought on the server for a fresh phone (verified, saved, consented), unpaid: its id. */
export async function buyOnServer(server: E2eServer, product: ApplicationProduct, data: ApplicationData): Promise<string> {
  const phone = freshPhone()
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${API}${path}`, { method: 'POST', headers: { ...HEADERS, ...headers }, body: JSON.stringify(body) })
  const sent = await fetch(`${server.url}/api/v1/notification/sendsms`, { method: 'POST', headers: HEADERS, body: JSON.stringify({ gsmNumber: phone, smsSource: product }) })
  expect(sent.status, await sent.clone().text()).toBe(200)
  let inbox: Array<{ text: string }> = []
  await expect.poll(async () => (inbox = await caughtSms(server.url, phone)).length, { timeout: 15_000 }).toBeGreaterThan(0)
  const verified = await fetch(`${server.url}/api/v1/notification/verifysms`, { method: 'POST', headers: HEADERS, body: JSON.stringify({ gsmNumber: phone, code: /(\d{6})/.exec(inbox[0]!.text)![1]!, smsSource: product }) })
  const { ticket } = (await verified.json()) as { ticket: string }
  const saleId = await saveApplication(server, { ticket, product, step: 'payment', data })
  for (const d of consentsFor(product as SalesProduct).filter((x) => x.requiredFor.includes(product as SalesProduct))) {
    // as the page records them (src/web/flows/purchase.ts): the verified phone's ticket proves the applicant (issue 28 item 3)
    const r = await post('/legalpermission', { name: d.name, status: d.kind === 'notice' ? 'READ' : 'ACCEPTED', documentId: d.documentId, scope: product, ticket }, { saleId, processStep: 'consents' })
    expect(r.status, await r.clone().text()).toBe(201)
  }
  // the pre-information form given, then named by the purchase (issue 24 item 4)
  const form = (await (await post('/preinformation', { ticket, product })).json()) as { id: string }
  const bought = await post('/purchase', { ticket, product, preInformationId: form.id })
  expect(bought.status, await bought.clone().text()).toBe(201)
  return ((await bought.json()) as { id: string }).id
}

/** The page's next call to `call` is left unanswered until the page closes (the path ends while the page waits for it). */
export async function holdCall(page: Page, call: 'preinformation' | 'purchase') {
  await page.route(`**${API}/${call}`, (route: Route) => { TABS.get(page)!.held = call; void route })
}

/**
 * The ignored event a customer can make on a purchase page: "Geri" pressed while the page waits for
 * the pre-information form or for the purchase (the driver holds that call): the page sends `back`,
 * the machine must ignore it (no step back, no second call).
 */
export async function ignoreInPurchase(page: Page, state: string, event: AnyEventObject): Promise<boolean> {
  const call = state === 'loadingPreInformation' ? 'preinformation' : state === 'purchasing' ? 'purchase' : null
  if (!call || event.type !== 'back') return false
  // (the held call is made as the state is entered: a moment after the replay sees the state)
  const tab = TABS.get(page)!
  for (let i = 0; i < 50 && tab.held !== call; i++) await page.waitForTimeout(100)
  if (tab.held !== call) return false
  await page.getByRole('button', { name: 'Geri', exact: true }).click()
  return true
}

/** A path that ends as the page waits for the pre-information form or the purchase (the driver holds that call). */
export function restsWaiting(path: GeneratedPath): boolean {
  const last = path.steps.at(-1)?.event as AnyEventObject | undefined
  return (path.end.matches('loadingPreInformation') && (last?.type === 'summary.confirm' || last?.type === 'price.accept'))
    || (path.end.matches('purchasing') && last?.type === 'preInformation.confirm' && last.accepted === true)
}

/** The profile's fields the driver fills, with the labels the spec gives them (found by both: a wrong label fails). */
const PROFILE_LABELS = [['firstname', 'Ad'], ['lastname', 'Soyad'], ['nationalId', 'T.C. Kimlik No'], ['birthdate', 'Doğum tarihi'], ['email', 'E-posta']] as const

export function purchaseDriver(spec: PurchaseDriverSpec): Driver {
  /** What the server holds for an application saved at the path's step: the quote and every section (the purchase prices them). */
  const seed = (page: Page, server: E2eServer) => async (ticket: string, output: unknown) => {
    // an application at another price than the quote's is an older insured person's
    const price = (output as { price?: { amount: number } }).price?.amount ?? spec.quotedAmount
    const tab = TABS.get(page)!
    const full: ApplicationData = { ...spec.application(), personalProfile: { ...PERSON, birthdate: price === spec.quotedAmount ? PERSON.birthdate : OLDER_BIRTHDATE, userphone: '05321234567' } }
    // a reloaded page goes back to a step by the sections saved: exactly the model's application's sections (issue 24 item 1)
    const modelData = (output as { data?: Record<string, unknown> }).data ?? {}
    const data = tab.restoring ? Object.fromEntries(Object.entries(full).filter(([k]) => k in modelData)) as ApplicationData : full
    const body = { ticket, product: spec.product, step: (output as { step: string }).step, data }
    tab.lastSave = body
    tab.appPrice = price
    const id = await saveApplication(server, body)
    // a page reloaded after its consents: they were recorded for this application before the reload
    if (tab.restoring && 'personalProfile' in data) await recordRequiredConsents(server, spec.product, ticket, id)
    return id
  }
  /** The insured person's birth date the server prices at `amount` (the model's figures): the quote's person, or an older one. */
  const birthdateFor = (amount: number) => (amount === spec.quotedAmount ? PERSON.birthdate : OLDER_BIRTHDATE)
  const arrange = async (page: Page, server: E2eServer, answers: AnyEventObject[]) => {
    const tab = TABS.get(page)!
    const [next, then] = answers
    if (next?.type === 'xstate.done.actor.saveApplication') tab.appPrice = (next.output as { price?: { amount: number } }).price?.amount ?? tab.appPrice
    // a form at another price than the application's: another tab of this phone saves another insured person first
    const formAt = (e: AnyEventObject | undefined) => (e?.type === 'xstate.done.actor.loadPreInformation' ? (e.output as { amount: number }).amount : null)
    const repriced = formAt(next)
    if (repriced !== null && repriced !== tab.appPrice && tab.lastSave) {
      const { data } = tab.lastSave
      await saveApplication(server, { ...tab.lastSave, data: { ...data, personalProfile: { ...data.personalProfile!, birthdate: birthdateFor(repriced) } } })
      tab.appPrice = repriced
    }
    // a purchase refused for a form no longer the answers' (another tab changed them after the form was given), then the new form:
    // at another price when the other tab saved another insured person, else at the same (it changed the e-mail)
    const renewed = formAt(then)
    const otherTab = renewed !== null && renewed !== tab.appPrice
      ? (data: ApplicationData) => ({ ...data, personalProfile: { ...data.personalProfile!, birthdate: birthdateFor(renewed) } })
      : undefined
    if (otherTab) tab.appPrice = renewed
    await arrangeAnswers(page, server, answers, { product: spec.product, seed: seed(page, server), otherTab })
  }

  /**
   * The step on screen gets the model's answers where they are that step's (else answers it refuses,
   * when the path wants a refusal). A profile the server is to price differently from the quote
   * (the save's answer says so) is an older person's.
   */
  async function submitSection(page: Page, value: Record<string, unknown>, valid: boolean, next: AnyEventObject | undefined) {
    const step = await page.getByTestId(`purchase-${spec.product}`).getAttribute('data-step')
    const form = page.getByTestId(`step-${step}`)
    if (step === 'profile') {
      const own: Record<string, unknown> = 'firstname' in value ? { ...value } : { ...PERSON, nationalId: valid ? PERSON.nationalId : '12345678901' }
      const saved = next?.type === 'xstate.done.actor.saveApplication' ? (next.output as { price?: { amount: number } }).price?.amount : undefined
      if (saved !== undefined && saved !== spec.quotedAmount) own.birthdate = OLDER_BIRTHDATE
      for (const [name, label] of PROFILE_LABELS) await fillLabelled(form, name, label, String(own[name] ?? ''))
    } else {
      // the health questions start unanswered (issue 24 item 3): the model's answers, each one given
      const answers = (value.questions as Array<{ id: string; answer: boolean }> | undefined) ?? []
      for (const q of answers) await form.locator(`input[name=q-${q.id}][value=${q.answer ? 'yes' : 'no'}]`).check()
      await form.locator('input[name=healthdeclarationconcent]').setChecked('healthdeclarationconcent' in value ? value.healthdeclarationconcent === true : valid)
    }
    await form.getByRole('button', { name: 'Devam' }).click()
  }

  return {
    id: spec.id,
    model: spec.model,
    expectations: spec.expectations,
    feasible: purchaseFeasible(spec.model, spec.isGood),
    checkSent: (page, id, expected) => checkPurchaseSent(page, id, expected, MODEL_TICKET),
    ignore: ignoreInPurchase,
    ignoreRest: restsWaiting,
    async open(page, path, server) {
      await watchPurchase(page, path)
      const first = path[0]!.event as AnyEventObject
      if (first.type === 'payment.retry') {
        // the result page's "Tekrar dene": a purchase this customer left unpaid, opened at its payment step
        const id = await buyOnServer(server, spec.product, { ...spec.application(), personalProfile: { ...PERSON, userphone: '05321234567' } })
        TABS.get(page)!.purchaseId = id
        await page.goto(`${spec.path}?purchase=${id}`)
      } else if (first.type === 'restore') {
        // the page was at a step after the verification (issue 24 item 1): its verification, its history entry; the reload is the step (act)
        await page.goto(`${spec.path}?${spec.query(true)}`)
        await page.waitForFunction((id) => !!(window as unknown as { __e2eCoverage: Record<string, unknown> }).__e2eCoverage[id], spec.id)
        const forged = (path[1]?.event as AnyEventObject | undefined)?.type === 'xstate.error.actor.restoreVerification'
        await verifiedBeforeReload(page, server, spec.product, String(first.step), forged)
        return
      } else if (first.type === 'opening.failed') {
        // the result page's "Tekrar dene" of a purchase the server does not have (an id of the right form, never issued)
        await page.goto(`${spec.path}?purchase=${'Zz'.repeat(12)}`)
      } else {
        await page.goto(`${spec.path}?${spec.query(spec.isGood(first.data))}`)
      }
      await page.waitForFunction((id) => !!(window as unknown as { __e2eCoverage: Record<string, unknown> }).__e2eCoverage[id], spec.id)
    },
    async act(page, step, next, server) {
      const e = step.event as AnyEventObject
      const tab = TABS.get(page)!
      const first = !tab.opened
      tab.opened = true
      // an answer of the server's was arranged by the step that asked for it (the SMS code is the customer's doing);
      // the other tab's payment ends once the page waits for it
      if (e.type.startsWith('xstate.') && e.type !== 'xstate.done.actor.sms') {
        if (next?.event.type.endsWith('.actor.watchPayment')) await arrangeOtherPayment(page, server, next.event as AnyEventObject, spec.id)
        return
      }
      await arrange(page, server, answersAfter(page, step))
      switch (e.type) {
        case 'quote.submit':
          // the first quote is the page address's (sent when the page opens); later ones are the quote step's "Satın Al"
          if (!first) await spec.buy(page)
          break
        case 'xstate.done.actor.sms':
          await expectEndedVerificationSaid(page, step, 'Telefon doğrulamanızın süresi doldu; lütfen numaranızı yeniden doğrulayınız')
          await verifyPhone(page, server)
          break
        case 'resume.accept': await page.getByRole('button', { name: 'Kaldığım yerden devam et' }).click(); break
        case 'resume.decline': await page.getByRole('button', { name: 'Baştan başla' }).click(); break
        case 'section.submit': await submitSection(page, e.value as Record<string, unknown>, stateOf(step.state.value).startsWith('saving'), next?.event as AnyEventObject | undefined); break
        case 'back': await page.getByRole('button', { name: 'Geri', exact: true }).click(); break
        case 'consents.submit': {
          const form = page.getByTestId('step-consents')
          const all = stateOf(step.state.value) === 'recordingConsents'
          for (const name of ['gdprtextread', 'gdprconcent', 'trxconcent']) await form.locator(`input[name=${name}]`).setChecked(all || name === 'gdprtextread')
          await form.getByRole('button', { name: 'Devam' }).click()
          break
        }
        case 'summary.confirm':
        case 'price.accept':
          // a path that ends while the purchase is being made: its request is held, so the busy summary is what shows
          if (!next) await holdCall(page, 'preinformation')
          if (spec.summary) await expectSummaryRows(page.getByTestId('step-summary'), spec.summary)
          await page.getByRole('button', { name: e.type === 'price.accept' ? 'Yeni fiyatı onayla ve ödemeye geç' : 'Onayla ve ödemeye geç', exact: true }).click()
          break
        case 'preInformation.confirm': {
          // issue 24 item 4: the form's own box, then "Ödemeye geç"
          const form = page.getByTestId('step-preInformation')
          await form.locator('input[name=preinformation]').setChecked(e.accepted === true)
          if (!next && e.accepted === true) await holdCall(page, 'purchase')
          // a path that ends as the page asks for the renewed form (the purchase refused for a form no longer the answers'): that call is held,
          // so the reload of the form is what shows
          const path = TABS.get(page)!.path
          if (e.accepted === true && next && next === path.at(-1) && next.event.type === 'xstate.error.actor.createPurchase') await holdCall(page, 'preinformation')
          await form.getByRole('button', { name: 'Ödemeye geç', exact: true }).click()
          break
        }
        case 'payment.done': await pay(page, String(e.status)); break
        case 'payment.elsewhere': await payElsewhere(page, server, spec.id, next?.event as AnyEventObject | undefined); break
        case 'payment.retry': break // the page sent it as it opened (open)
        case 'opening.failed': break // the page sent it as its purchase could not be read (open)
        case 'restore':
          // the reload: the page finds its entry's step and sends it as it opens
          page.once('dialog', (d) => void d.accept())
          await page.reload()
          await page.waitForFunction((id) => !!(window as unknown as { __e2eCoverage: Record<string, unknown> }).__e2eCoverage[id], spec.id)
          break
        default:
          if (!e.type.startsWith('xstate.')) throw new Error(`${spec.id} driver: no browser action for ${e.type}`)
      }
    },
  }
}

/**
 * The pre-information step (issue 24 item 4) as a customer goes through it: the whole form is shown
 * (its title, the customer's masked national ID), going on unticked is refused with the step's
 * words, then the form's own box is ticked and "Ödemeye geç" pressed.
 */
export async function confirmPreInformation(page: Page, title = 'Ön Bilgilendirme Formu') {
  const step = page.getByTestId('step-preInformation')
  const form = step.getByTestId('pre-information-form')
  await form.waitFor({ timeout: 20_000 })
  expect(await form.textContent()).toContain(title)
  expect(await form.textContent()).toMatch(/\*{3,}/)
  await step.getByRole('button', { name: 'Ödemeye geç', exact: true }).click()
  await expect.poll(() => step.getByRole('alert').first().textContent()).toContain('Ödemeye geçmek için ön bilgilendirme formunu okuyup onaylamalısınız')
  await step.locator('input[name=preinformation]').check()
  await step.getByRole('button', { name: 'Ödemeye geç', exact: true }).click()
}

/** The BES quick profile filled as a customer does (a woman in İstanbul born 1990-04-01) and "Devam Et" pressed. */
export async function besQuickProfile(page: Page) {
  await expect.poll(() => page.locator('select[name=citycode] option').count(), { timeout: 20_000 }).toBe(82)
  await expect.poll(async () => {
    await page.getByLabel('Kadın').click({ timeout: 5_000 }).catch(() => {})
    return page.getByLabel('Kadın').isChecked()
  }, { timeout: 20_000 }).toBe(true)
  await page.locator('select[name=citycode]').selectOption('34')
  await page.locator('input[name=birthdate]').fill('1990-04-01')
  await page.getByRole('button', { name: 'Devam Et' }).click()
}
