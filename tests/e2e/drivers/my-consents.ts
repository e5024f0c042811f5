import type { Page, Request, Route } from 'playwright-core'
import { expect } from 'vitest'
import type { AnyEventObject } from 'xstate'
import { myConsentsExpectations, MY_CONSENTS_TEXTS as T } from '../../machines/expectations/my-consents.ts'
import { CONSENT_TICKET, EMAIL_ID, myConsentsModel, SMS_ID } from '../../machines/models/my-consents.model.ts'
import type { GeneratedPath, PathStep } from '../../support/paths.ts'
import { SMS_RESEND_COOLDOWN_S } from '../../../src/domain/sms.ts'
import { caughtSms, devSmsTicket, endSmsVerification, type E2eServer } from '../server.ts'
import { pressAgain } from './ignore.ts'
import type { Driver } from './types.ts'

/**
 * The customer's consent page (/izinlerim, issue 24 item 10) on the real server. For each path a
 * fresh mobile number gets, through the sales API, a TSS application with two consents recorded
 * (commercial messages by SMS: withdrawable; the contract approval: not), unless the path's list is
 * empty; the page verifies that number with the real SMS code. The server's answers are its own:
 * an expired verification is the verification ended on the server (dev route) just before the
 * request goes on; "withdrawn meanwhile" is the same withdrawal made first through the API with
 * the ticket the page sends ("another tab"); a network failure is the request cut off; an answer
 * the path does not reach is held. The requests are observed (checkSent), never rewritten.
 */
const LOAD = (url: URL) => url.pathname.endsWith('/api/v1/digitalchannels/consents')
const WITHDRAW = (url: URL) => url.pathname.endsWith('/api/v1/digitalchannels/consents/withdraw')
type Plan = 'real' | 'expire' | 'network' | 'hold' | 'elsewhere'
type Tab = {
  phone: string; e164: string; smsRecordId: string | null; emailRecordId: string | null; ticket: string | null; sentAt: number
  plans: { load: Plan[]; withdraw: Plan[] }
  bodies: { loadConsents: unknown[]; withdrawConsent: unknown[] }
}
const tabs = new WeakMap<Page, Tab>()
const paths = new WeakMap<Page, PathStep[]>()
let seq = 0

function freshPhone(): string {
  return `0537${String((Date.now() * 10 + seq++) % 10_000_000).padStart(7, '0')}`
}

async function post(server: E2eServer, path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url}/api/v1${path}`, { method: 'POST', headers: { 'content-type': 'application/json', trxType: 'FRM', ...headers }, body: JSON.stringify(body) })
  return { status: res.status, body: await res.json() as Record<string, unknown> }
}

/**
 * The phone's TSS application and its two consents, through the sales API (as the purchase page records them);
 * with `email`, commercial messages by e-mail too (the model's second list: two withdrawable consents).
 */
async function applied(server: E2eServer, tab: Tab, email: boolean) {
  // the application's own verification without a code: the number's one code a minute is the page's
  const ticket = await devSmsTicket(server.url, tab.e164, 'tss')
  const app = await post(server, '/digitalchannels/application', {
    ticket, product: 'tss', step: 'consents',
    data: {
      quickProfile: { gender: 'female', citycode: '34', birthdate: '1990-05-17' }, outpatientVisits: 10,
      personalProfile: { firstname: 'Ayşe', lastname: 'Çağlar', nationalId: '10000000146', nationality: 'TR', birthdate: '1990-05-17', email: 'ayse.caglar@example.com', userphone: tab.phone },
    },
  })
  expect(app.status, JSON.stringify(app.body)).toBe(200)
  const record = (body: Record<string, unknown>) => post(server, '/digitalchannels/legalpermission', { ticket, ...body }, { saleId: String(app.body.id), processStep: 'consents' })
  const sms = await record({ name: 'markconcent', status: 'ACCEPTED', documentId: 'TICARI-ILETI-v1', scope: 'SMS' })
  expect(sms.status, JSON.stringify(sms.body)).toBe(201)
  tab.smsRecordId = String(sms.body.id)
  if (email) {
    const mail = await record({ name: 'markconcent', status: 'ACCEPTED', documentId: 'TICARI-ILETI-v1', scope: 'EMAIL' })
    expect(mail.status, JSON.stringify(mail.body)).toBe(201)
    tab.emailRecordId = String(mail.body.id)
  }
  expect((await record({ name: 'trxconcent', status: 'ACCEPTED', documentId: 'SOZLESME-ONAY-v1', scope: 'tss' })).status).toBe(201)
}

function planOf(e: AnyEventObject | undefined, actor: string): Plan {
  if (!e || !e.type.endsWith(`.actor.${actor}`)) return 'hold'
  if (e.type.startsWith('xstate.done.')) return 'real'
  const code = (e.error as { code?: string } | undefined)?.code
  return code === 'SMS_TICKET_INVALID' ? 'expire' : code === 'CONSENT_ALREADY_WITHDRAWN' ? 'elsewhere' : 'network'
}

/** Each answer the path's requests get, in order: one plan per loadConsents and per withdrawConsent request. */
function plansOf(path: PathStep[]) {
  const load: Plan[] = []
  const withdraw: Plan[] = []
  path.forEach((s, i) => {
    const next = path[i + 1]?.event
    if (['xstate.done.actor.sms', 'retry'].includes(s.event.type) || (s.event.type === 'xstate.error.actor.withdrawConsent' && planOf(s.event, 'withdrawConsent') === 'elsewhere')) load.push(planOf(next, 'loadConsents'))
    if (s.event.type === 'withdraw.confirm') withdraw.push(planOf(next, 'withdrawConsent'))
  })
  return { load, withdraw }
}

async function answer(route: Route, plan: Plan | undefined, server: E2eServer, tab: Tab, request: Request) {
  // what the page sent, as it sent it (before anything is answered)
  tab.bodies[LOAD(new URL(request.url())) ? 'loadConsents' : 'withdrawConsent'].push(JSON.parse(request.postData() ?? 'null'))
  if (plan === undefined || plan === 'hold') return undefined
  if (plan === 'network') return route.abort('connectionrefused')
  if (plan === 'expire') await endSmsVerification(server.url, tab.e164, 'consents')
  if (plan === 'elsewhere') {
    const body = request.postDataJSON() as { ticket: string; id: string }
    expect((await post(server, '/digitalchannels/consents/withdraw', body)).status).toBe(201)
  }
  return route.continue()
}

async function verify(page: Page, server: E2eServer, tab: Tab) {
  const wait = tab.sentAt + (SMS_RESEND_COOLDOWN_S + 1) * 1000 - Date.now()
  if (wait > 0) await page.waitForTimeout(wait)
  const before = (await caughtSms(server.url, tab.e164)).length
  await page.locator('input[name=phone]').fill(tab.phone)
  await page.getByRole('button', { name: T.sendCode }).click()
  let inbox: Array<{ text: string }> = []
  await expect.poll(async () => (inbox = await caughtSms(server.url, tab.e164)).length, { timeout: 15_000 }).toBeGreaterThan(before)
  tab.sentAt = Date.now()
  const verified = page.waitForResponse((r) => r.url().endsWith('/api/v1/notification/verifysms'))
  await page.locator('input[name=code]').fill(/(\d{6})/.exec(inbox[0]!.text)![1]!)
  await page.getByRole('button', { name: 'Doğrula' }).click()
  tab.ticket = String(((await (await verified).json()) as { ticket: string }).ticket)
}

/** The lists the path reads: none (empty), the application's, or the application's with the e-mail consent too. */
const loads = (path: PathStep[] | GeneratedPath['steps']) => path.filter((s) => s.event.type === 'xstate.done.actor.loadConsents')
  .map((s) => { const sales = (s.event as unknown as { output: { sales: unknown[] } }).output.sales; return sales.length === 0 ? 'none' : JSON.stringify(sales).includes(EMAIL_ID) ? 'two' : 'one' })
const withEmail = (path: PathStep[] | GeneratedPath['steps']) => loads(path).includes('two') || path.some((s) => (s.event as { id?: string }).id === EMAIL_ID)

export const myConsentsDriver: Driver = {
  id: 'myConsents',
  model: myConsentsModel,
  expectations: myConsentsExpectations,
  // one phone per path: its list is either empty or its application's, never both; a load the SMS step precedes is asked at once
  feasible: (path) => new Set(loads(path.steps)).size <= 1,
  // the e-mail consent withdrawn after the list with two withdrawable ones: its own id is sent, not the SMS one's
  mustReplay: (path) => path.steps.some((s, i) => s.event.type === 'withdraw.confirm' && (path.steps[i - 1]?.event as { id?: string } | undefined)?.id === EMAIL_ID),
  async open(page, path, server) {
    paths.set(page, path)
    const phone = freshPhone()
    const tab: Tab = { phone, e164: `+90${phone.slice(1)}`, smsRecordId: null, emailRecordId: null, ticket: null, sentAt: 0, plans: plansOf(path), bodies: { loadConsents: [], withdrawConsent: [] } }
    if (loads(path).some((l) => l !== 'none') || path.some((s) => s.event.type === 'withdraw.confirm')) await applied(server, tab, withEmail(path))
    tabs.set(page, tab)
    await page.route(LOAD, (route) => answer(route, tab.plans.load.shift(), server, tab, route.request()))
    await page.route(WITHDRAW, (route) => answer(route, tab.plans.withdraw.shift(), server, tab, route.request()))
    await page.goto('/izinlerim')
    await page.waitForFunction(() => !!(window as unknown as { __e2eCoverage: Record<string, unknown> }).__e2eCoverage.myConsents)
  },
  ignoreRest: (path) => path.end.matches('withdrawing') && path.steps.at(-1)?.event.type === 'withdraw.confirm',
  // "Geri çek" (the confirmation's button) pressed again while the withdrawal is on its way (held): disabled by the view
  async ignore(page, state, event) {
    if (state !== 'withdrawing' || event.type !== 'withdraw.confirm') return false
    return pressAgain(page.getByRole('button', { name: T.confirm }))
  },
  async act(page, step, _next, server) {
    const tab = tabs.get(page)!
    switch (step.event.type) {
      case 'xstate.done.actor.sms': await verify(page, server, tab); return
      // the row the event names: commercial messages by e-mail, else the first withdrawable one (by SMS)
      case 'consent.withdraw': await page.getByRole('button', { name: (step.event as { id?: string }).id === EMAIL_ID ? `${T.withdrawButton}: ${T.email}` : T.withdrawButton }).first().click(); return
      case 'withdraw.confirm': await page.getByRole('button', { name: T.confirm }).click(); return
      case 'withdraw.cancel': await page.getByRole('button', { name: T.cancel }).click(); return
      case 'retry': await page.getByRole('button', { name: T.retry }).click(); return
      default: return
    }
  },
  // POST digitalchannels/consents {ticket} and /consents/withdraw {ticket, id}: the ticket the page's SMS step got, the id of the phone's own record
  async checkSent(page, id, expected) {
    const tab = tabs.get(page)!
    if (id !== 'loadConsents' && id !== 'withdrawConsent') return false
    const want = { ...(expected as Record<string, string>) }
    if (want.ticket === CONSENT_TICKET) want.ticket = tab.ticket!
    if (want.id === SMS_ID) want.id = tab.smsRecordId!
    if (want.id === EMAIL_ID) want.id = tab.emailRecordId!
    await expect.poll(() => tab.bodies[id].length, { timeout: 10_000, message: `no ${id} request` }).toBeGreaterThan(0)
    expect(tab.bodies[id].at(-1)).toEqual(want)
    return true
  },
}
