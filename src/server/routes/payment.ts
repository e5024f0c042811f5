import { Hono, type Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import * as z from 'zod/mini'
import { checkCardBinWith, checkPurchaseCardWith, loadBinTable } from '../../domain/card/bin.ts'
import { isLuhnValid } from '../../domain/card/brands.ts'
import { ORDER_ID_PATTERN } from '../../domain/card/order-id.ts'
import { isValidExpiry } from '../../domain/expiry.ts'
import { gatewayPayloadSchema } from '../../domain/schemas/gateway.ts'
import { AppError } from '../errors.ts'
import { readJson, readQuery } from '../http.ts'
import { gatewayFor } from '../services/gateway/bank-simulator.ts'
import { esc, formHtml, frameCsp, nonce } from '../services/gateway/html.ts'
import type { CardGateway } from '../services/gateway/port.ts'
import { isLoopback } from '../services/client-ip.ts'
import { concludeOrder, findOrder, markAwaiting3ds, newReceipt, orderByReceipt, startPurchasePayment, startTestPayment, type OrderRow } from '../services/payments.ts'
import { PURCHASE_ID_PATTERN } from '../services/purchase.ts'
import { hit } from '../services/rate-limit.ts'
import { requireCustomHeaders } from '../services/sessions.ts'
import type { AppEnv } from '../types.ts'
import { publicRoute } from '../services/route-access.ts'

/**
 * Card payments (spec 4 "Payment flow", 7.4; SECURITY.md "Card data"):
 *  - POST {apiBase}/moneyio/collection/posIP3D/Gateway: the spec's payload and headers; records the
 *    order (first 6 and last 4 digits only) and answers the 3-D form the browser submits into the
 *    modal's frame;
 *  - GET {apiBase}/moneyio/collection/posIP3D/order/:orderId?receipt=: the order's real outcome;
 *  - POST /result/success and /result/error (OkUrl, FailUrl): the bank's cross-site callback,
 *    authenticated by its hash, checked against the order, applied once; answers a page that
 *    posts close3DBox to its parent.
 */
export const CALLBACK_PATHS = ['/result/success', '/result/error'] as const

/** Pages shown inside the 3-D frame: they set their own CSP (frame-ancestors 'self'). */
export function isFramePagePath(path: string, apiBase: string): boolean {
  return (CALLBACK_PATHS as readonly string[]).includes(path) || path.startsWith(`${apiBase}/banksim/`)
}

const PROVISION = z.enum(['true', 'false'])
const COMPANY_ID = /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})?$/i
const RECEIPT = /^[A-Za-z0-9_-]{43}$/
const StatusQuery = z.strictObject({ receipt: z.string().check(z.regex(RECEIPT)) })

let gatewayCache: { key: string; gateway: CardGateway } | null = null
function gatewayOf(c: Context<AppEnv>): CardGateway {
  const { config } = c.get('deps')
  const key = JSON.stringify([config.apiBase, config.gateway])
  if (gatewayCache?.key !== key) gatewayCache = { key, gateway: gatewayFor(config) }
  return gatewayCache.gateway
}

/**
 * Gateway calls per client address (issue 9 item 6): enough for a person retrying a payment, too
 * few for card testing or for taking a BIN's 900 order ids of a day.
 */
export const PAYMENT_IP_MAX = 20
export const PAYMENT_IP_WINDOW_MS = 10 * 60_000

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '0.0.0.0', '[::]'])

/**
 * Whether OkUrl's origin is the site's public origin (PUBLIC_ORIGIN, by default the listening
 * one), never what the request's Origin header claims. When that origin is a loopback or
 * wildcard address, its loopback aliases (localhost, 127.0.0.1, [::1]) on the same port count as it.
 */
function isPublicOrigin(origin: string, publicOrigin: string): boolean {
  if (origin === publicOrigin) return true
  const a = new URL(origin)
  const b = new URL(publicOrigin)
  return a.protocol === b.protocol && a.port === b.port && LOOPBACK_HOSTS.has(b.hostname) &&
    (a.hostname === 'localhost' || isLoopback(a.hostname.replace(/^\[|\]$/g, '')))
}

/** The origin OkUrl and FailUrl must share: the site's configured public origin. */
function returnOriginOf(c: Context<AppEnv>, okUrl: string, failUrl: string): string {
  const ok = new URL(okUrl)
  const fail = new URL(failUrl)
  const { publicOrigin } = c.get('deps').config
  if (ok.origin !== fail.origin || !publicOrigin || !isPublicOrigin(ok.origin, publicOrigin) || ok.pathname !== CALLBACK_PATHS[0] || fail.pathname !== CALLBACK_PATHS[1] || ok.search || fail.search) {
    throw new AppError(400, 'VALIDATION', [{ path: 'OkUrl', code: 'url.invalid' }])
  }
  return ok.origin
}

function maskedPan(bin6: string, last4: string): string {
  return `${bin6.slice(0, 4)} ${bin6.slice(4, 6)}** **** ${last4}`
}

function orderView(o: OrderRow) {
  return {
    orderId: o.orderId,
    status: o.status,
    reason: o.reason,
    amount: o.amount,
    currency: o.currency,
    installment: o.installment,
    trxType: o.trxType,
    maskedPan: maskedPan(o.bin6, o.last4),
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
    purchaseId: o.purchaseId,
  }
}

/**
 * The purchase a payment pays (header `purchaseId`, issue 15): its amount and currency replace the
 * client's, so a changed amount in the browser charges nothing else. Null without the header; an
 * id that cannot be one is 404 at once.
 */
function purchaseIdOf(c: Context<AppEnv>): string | null {
  const id = c.req.header('purchaseId')
  if (id === undefined) return null
  if (!PURCHASE_ID_PATTERN.test(id)) throw new AppError(404, 'PURCHASE_NOT_FOUND')
  return id
}

export function paymentRoutes() {
  const r = new Hono<AppEnv>()
  r.use('*', publicRoute())

  r.post('/posIP3D/Gateway', requireCustomHeaders, async (c) => {
    const { db, config, clock } = c.get('deps')
    const provision = z.safeParse(PROVISION, c.req.header('provision'))
    if (!provision.success) throw new AppError(400, 'BAD_HEADER', [{ path: 'provision', code: 'invalid' }])
    const companyId = c.req.header('companyId') ?? ''
    if (!COMPANY_ID.test(companyId)) throw new AppError(400, 'BAD_HEADER', [{ path: 'companyId', code: 'invalid' }])
    const p = await readJson(c, gatewayPayloadSchema)
    const returnOrigin = returnOriginOf(c, p.OkUrl, p.FailUrl)
    if (!isLuhnValid(p.ccNumber)) throw new AppError(422, 'CARD_REJECTED')
    // counted once a request could reach the bank: malformed ones are refused above at no cost to it
    if (!(await hit(db, `payment:ip:${c.get('clientIp')}`, PAYMENT_IP_MAX, PAYMENT_IP_WINDOW_MS, clock.now()))) {
      c.header('Retry-After', String(PAYMENT_IP_WINDOW_MS / 1000))
      throw new AppError(429, 'RATE_LIMITED')
    }
    if (!isValidExpiry(`${p.expireDate.slice(0, 2)}/${p.expireDate.slice(2)}`, clock.now())) throw new AppError(400, 'VALIDATION', [{ path: 'expireDate', code: 'expiry.invalid' }])
    const purchaseId = purchaseIdOf(c)
    // the test form keeps spec 5's commercial-only rule; a purchase takes any credit card of the four networks (docs/decisions/card-acceptance.md)
    const table = await loadBinTable()
    const bin = purchaseId ? checkPurchaseCardWith(table, p.ccNumber) : checkCardBinWith(table, p.ccNumber)
    if (!bin.accepted) throw new AppError(422, purchaseId && bin.reason === 'debit_card' ? 'CARD_DEBIT' : 'CARD_REJECTED')
    const gateway = gatewayOf(c)
    if (!purchaseId && gateway.currencyCode(p.currency) === null) throw new AppError(400, 'VALIDATION', [{ path: 'currency', code: 'invalid' }])
    const trxType = provision.data === 'true' ? 'P01' : 'S01'
    const { receipt, receiptHash } = newReceipt()
    const now = clock.now()
    const values = {
      companyId: companyId || null,
      gateway: gateway.kind,
      bin6: p.ccNumber.slice(0, 6),
      last4: p.ccNumber.slice(-4),
      installment: p.installment,
      trxType,
      status: 'created',
      returnOrigin,
      receiptHash,
      createdAt: now,
      updatedAt: now,
    }
    // the server issues the order id (spec 9's format); a purchase's payment is claimed on the purchase, one at a time
    const order = purchaseId
      ? await startPurchasePayment(db, purchaseId, values, p.ccNumber, now, config.gateway.timeoutMs)
      : await startTestPayment(db, { ...values, amount: p.amount.toFixed(2), currency: p.currency }, p.ccNumber, now)
    const { orderId, amount, currency: currencyName } = order
    const form = gateway.threeDForm({
      orderId, amount, currency: currencyName, installment: p.installment, pan: p.ccNumber, expiry: p.expireDate,
      cvv: p.cvv, cardholder: p.customerName, okUrl: p.OkUrl, failUrl: p.FailUrl, trxType,
      lang: c.get('locale') === 'tr' ? 'tr' : 'en',
    })
    await markAwaiting3ds(db, order.id, clock.now())
    c.get('log').log('info', 'payment started', { orderId, gateway: gateway.kind, trxType, purchaseId })
    c.header('Cache-Control', 'no-store')
    return c.json({ orderId, receipt, timeoutMs: config.gateway.timeoutMs, html: formHtml(form.action, form.fields) })
  })

  r.get('/posIP3D/order/:orderId', async (c) => {
    const { db, config, clock } = c.get('deps')
    const orderId = c.req.param('orderId')
    const { receipt } = readQuery(c, StatusQuery)
    if (!ORDER_ID_PATTERN.test(orderId)) throw new AppError(404, 'ORDER_NOT_FOUND')
    // a payment the bank never answered ends failed once its limit has passed (its purchase may be paid again)
    const order = await orderByReceipt(db, orderId, receipt, clock.now(), config.gateway.timeoutMs)
    if (!order) throw new AppError(404, 'ORDER_NOT_FOUND')
    c.header('Cache-Control', 'no-store')
    return c.json(orderView(order))
  })

  return r
}

/** The page the bank's callback lands on, inside the 3-D frame: it tells the parent to close. */
function closePage(c: Context<AppEnv>, status: number, message: { orderId: string; status: 'success' | 'error' } | null, targetOrigin: string | null) {
  const n = nonce()
  const script = message && targetOrigin
    ? `<script nonce="${n}">parent.postMessage(${JSON.stringify({ type: 'close3DBox', ...message }).replace(/</g, '\\u003c')}, ${JSON.stringify(targetOrigin).replace(/</g, '\\u003c')})</script>`
    : ''
  c.header('Content-Security-Policy', frameCsp(script ? n : null))
  c.header('Cache-Control', 'no-store')
  const text = message?.status === 'success' ? 'İşlem tamamlandı' : 'İşlem tamamlanamadı'
  return c.html(`<!doctype html><html lang="tr"><head><meta charset="utf-8"><title>${esc(text)}</title></head><body style="font-family:sans-serif;text-align:center;padding:2rem"><p>${esc(text)}</p>${script}</body></html>`, status as 200)
}

async function readForm(c: Context<AppEnv>): Promise<Record<string, string> | null> {
  const type = c.req.header('content-type') ?? ''
  if (!/^application\/x-www-form-urlencoded\b/i.test(type)) return null
  const params = new URLSearchParams(await c.req.text())
  const out: Record<string, string> = {}
  let count = 0
  for (const [k, v] of params) {
    if (++count > 100 || k.length > 64 || v.length > 2000 || k in out) return null
    out[k] = v
  }
  return out
}

/**
 * The bank's callback: a cross-site form POST to OkUrl or FailUrl (no custom header, no cookie).
 * Authenticated by its hash; the order id, amount and currency must match our order; applied with
 * a guarded UPDATE so that a replay changes nothing.
 */
export function paymentCallbackRoutes() {
  const r = new Hono<AppEnv>()
  // mounted at the root: its middleware applies to the callback paths only
  const limit = bodyLimit({ maxSize: 16 * 1024, onError: () => { throw new AppError(413, 'PAYMENT_HASH_INVALID') } })
  for (const path of CALLBACK_PATHS) {
    r.post(path, publicRoute(), limit, async (c) => {
      const { db, clock } = c.get('deps')
      const log = c.get('log')
      const params = await readForm(c)
      if (!params) return closePage(c, 400, null, null)
      const oid = params.oid ?? ''
      const order = ORDER_ID_PATTERN.test(oid) ? await findOrder(db, oid) : null
      const outcome = gatewayOf(c).readCallback(params)
      if (!outcome) {
        log.log('warn', 'payment callback refused', { orderId: order?.orderId ?? null, code: 'PAYMENT_HASH_INVALID' })
        return closePage(c, 400, order ? { orderId: order.orderId, status: 'error' } : null, order?.returnOrigin ?? null)
      }
      if (!order) return closePage(c, 404, null, null)
      const currency = gatewayOf(c).currencyCode(order.currency)
      if (outcome.amount !== order.amount || outcome.currency !== currency) {
        log.log('warn', 'payment callback refused', { orderId: order.orderId, code: 'PAYMENT_MISMATCH' })
        return closePage(c, 400, { orderId: order.orderId, status: 'error' }, order.returnOrigin)
      }
      // concluded with everything that follows from it in one transaction (docs/decisions/purchase.md "Money")
      const done = await concludeOrder(db, order, outcome, clock.now())
      const final = done.order
      const fields = { orderId: final.orderId, status: final.status, reason: final.reason, purchaseId: final.purchaseId }
      if (done.kind === 'concluded') log.log('info', 'payment concluded', fields)
      else if (done.kind === 'late') log.log('warn', 'payment approved after it had failed: accepted', { ...fields, failedAs: order.reason })
      else log.log('warn', 'payment callback replayed', { ...fields, answer: outcome.status })
      if (done.issued) log.log('info', 'purchase issued', { orderId: final.orderId, product: done.issued.product, repaired: done.kind === 'replayed' })
      if (done.action) {
        log.log('error', 'payment needs action', { orderId: final.orderId, purchaseId: final.purchaseId, reason: 'ALREADY_PAID', paidBy: done.action.paidBy, amount: final.amount, currency: final.currency })
      }
      if (done.issued) c.get('deps').outbox?.kick()
      return closePage(c, done.kind === 'conflict' ? 409 : 200, { orderId: final.orderId, status: final.status === 'succeeded' ? 'success' : 'error' }, final.returnOrigin)
    })
  }
  return r
}
