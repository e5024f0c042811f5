import { expect } from 'vitest'
import type { Page } from 'playwright-core'
import { TEST_CARDS } from '../../../src/server/services/gateway/bank-simulator.ts'
import { orderDateOf } from '../../../src/domain/card/order-id.ts'
import type { E2eServer } from '../server.ts'

export const ORDERS = new WeakMap<Page, { orderId: string; receipt: string; html: string }>()
const CARD = TEST_CARDS.find((c) => c.scenario === 'success')!.number
const DECLINED = TEST_CARDS.find((c) => c.scenario === 'declined')!.number
let seq = 500
/** src/web/flows/payment.ts RESULT_KEY (that module loads the browser's catalogs, so it is not imported here). */
export const RESULT_KEY = 'ke-payment'

/** Starts a payment on the real gateway, as the card form would. */
export async function startOrder(server: E2eServer, scenario: 'success' | 'declined' = 'success') {
  const card = scenario === 'declined' ? DECLINED : CARD
  const res = await fetch(`${server.url}/api/v1/moneyio/collection/posIP3D/Gateway`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', trxType: 'FRM', origin: server.url, provision: 'true', companyId: '' },
    body: JSON.stringify({
      servicingBank: '0062', payway: 'CC', orderId: `KEM${orderDateOf(new Date())}${card.slice(0, 6)}${seq++}`, amount: 1250.5, currency: 'TRY',
      ccNumber: card, expireDate: '1230', cvv: '123', customerName: 'Ayşe Yılmaz', installment: 3, inquiryValue: null, span: null,
      OkUrl: `${server.url}/result/success`, FailUrl: `${server.url}/result/error`,
    }),
  })
  expect(res.status).toBe(200)
  return (await res.json()) as { orderId: string; receipt: string; html: string }
}

function hidden(html: string): Record<string, string> {
  const out: Record<string, string> = {}
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    out[m[1]!] = m[2]!.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>')
  }
  return out
}

/** The bank simulator approves the order with its one-time code, and its signed callback reaches the server. */
export async function approve(server: E2eServer, order: { html: string }) {
  const post = (url: string, f: Record<string, string>) =>
    fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(f).toString() })
  const action = (html: string) => /action="([^"]+)"/.exec(html)![1]!.replace(/&amp;/g, '&')
  const absolute = (u: string) => (u.startsWith('http') ? u : server.url + u)
  const bank = await (await post(absolute(action(order.html)), hidden(order.html))).text()
  const otp = /data-testid="otp-code">(\d{6})</.exec(bank)![1]!
  const txn = /name="txn" value="([^"]+)"/.exec(bank)![1]!
  const back = await (await post(`${server.url}/api/v1/banksim/3d/confirm`, { txn, otp, action: 'approve' })).text()
  await post(absolute(action(back)), hidden(back))
}

