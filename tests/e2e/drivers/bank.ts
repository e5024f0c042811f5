import { expect } from 'vitest'
import type { Page } from 'playwright-core'
import { TEST_CARDS } from '../../../src/server/services/gateway/bank-simulator.ts'
import type { E2eServer } from '../server.ts'

export type StartedOrder = { orderId: string; receipt: string; html: string }
export const ORDERS = new WeakMap<Page, StartedOrder>()
const CARD = TEST_CARDS.find((c) => c.scenario === 'success' && !c.personal)!.number
const DECLINED = TEST_CARDS.find((c) => c.scenario === 'declined' && !c.personal)!.number
/** src/web/flows/payment.ts RESULT_KEY (that module loads the browser's catalogs, so it is not imported here). */
export const RESULT_KEY = 'ke-payment'

/**
 * Starts a payment on the real gateway, as the card form would (spec 7.4 body; the server issues
 * the order id). With `purchaseId`, a payment of that purchase: what "another tab" of the same
 * customer does (issue 21). `scenario` picks the test card: approved or declined by the bank.
 */
let client = 0
export async function startOrder(server: E2eServer, purchaseId?: string, scenario: 'success' | 'declined' = 'success'): Promise<StartedOrder> {
  const card = scenario === 'declined' ? DECLINED : CARD
  // a device of its own (the gateway's per-address limit is the page's; a server trusting loopback proxies believes it)
  const ip = `10.77.${Math.floor(++client / 250) % 250}.${(client % 250) + 1}`
  const res = await fetch(`${server.url}/api/v1/moneyio/collection/posIP3D/Gateway`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', trxType: 'FRM', origin: server.url, provision: 'true', companyId: '', 'x-forwarded-for': ip, ...(purchaseId ? { purchaseId } : {}) },
    body: JSON.stringify({
      servicingBank: '0062', payway: 'CC', orderId: null, amount: 1250.5, currency: 'TRY',
      ccNumber: card, expireDate: '1230', cvv: '123', customerName: 'Ayşe Yılmaz', installment: 3, inquiryValue: null, span: null,
      OkUrl: `${server.url}/result/success`, FailUrl: `${server.url}/result/error`,
    }),
  })
  expect(res.status, await res.clone().text()).toBe(200)
  return (await res.json()) as StartedOrder
}

function hidden(html: string): Record<string, string> {
  const out: Record<string, string> = {}
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    out[m[1]!] = m[2]!.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>')
  }
  return out
}

/** The customer answers the bank simulator's 3-D page: the one-time code (approve) or "İptal"; the signed callback reaches the server. */
export async function answerAtBank(server: E2eServer, order: { html: string }, action: 'approve' | 'cancel') {
  const post = (url: string, f: Record<string, string>) =>
    fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(f).toString() })
  const action_ = (html: string) => /action="([^"]+)"/.exec(html)![1]!.replace(/&amp;/g, '&')
  const absolute = (u: string) => (u.startsWith('http') ? u : server.url + u)
  const bank = await (await post(absolute(action_(order.html)), hidden(order.html))).text()
  const otp = /data-testid="otp-code">(\d{6})</.exec(bank)![1]!
  const txn = /name="txn" value="([^"]+)"/.exec(bank)![1]!
  const back = await (await post(`${server.url}/api/v1/banksim/3d/confirm`, { txn, otp, action })).text()
  const callback = await post(absolute(action_(back)), hidden(back))
  expect(callback.status).toBe(200)
}

/** The bank simulator approves the order with its one-time code, and its signed callback reaches the server. */
export async function approve(server: E2eServer, order: { html: string }) {
  await answerAtBank(server, order, 'approve')
}
