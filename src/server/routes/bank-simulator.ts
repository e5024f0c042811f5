import { randomInt } from 'node:crypto'
import { Hono, type Context } from 'hono'
import { isLuhnValid } from '../../domain/card/brands.ts'
import { formatMoney } from '../../domain/money.ts'
import {
  BANK_SIM_CLIENT_ID, BANK_SIM_MERCHANT, bankSimTxn, concludeBankSimTxn, countBankSimAttempt, openBankSimTxn, scenarioOf, type BankSimScenario, type BankSimTxn,
} from '../services/gateway/bank-simulator.ts'
import { signParams, verifyParams } from '../services/gateway/hash.ts'
import { esc, formHtml, frameCsp, nonce } from '../services/gateway/html.ts'
import type { AppEnv } from '../types.ts'
import { publicRoute } from '../services/route-access.ts'

/**
 * The built-in 3-D Secure bank simulator (a TEST bank, clearly marked on every page). It receives
 * the merchant's NestPay 3D Pay form, checks its hash, shows the 3D page (merchant, amount, masked
 * card, the one-time code to type), and posts the signed result to the merchant's OkUrl or FailUrl.
 * It keeps the first 6 and last 4 digits only. Test cards: README "Test cards".
 */
const MAX_OTP_ATTEMPTS = 3
/** What the test bank's ACS says when the cardholder presses "İptal" (read as CANCELLED: gateway/nestpay.ts). */
export const CANCELLED_MD_ERROR = 'Cancelled by cardholder'
const CURRENCY_NAMES: Record<string, string> = { '949': 'TRY', '840': 'USD', '978': 'EUR', '826': 'GBP' }

type Txn = BankSimTxn

function page(c: Context<AppEnv>, body: string, opts: { status?: number; scriptNonce?: string | null; formAction?: string } = {}) {
  c.header('Content-Security-Policy', frameCsp(opts.scriptNonce ?? null, opts.formAction))
  c.header('Cache-Control', 'no-store')
  return c.html(`<!doctype html><html lang="tr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>TEST BANKASI 3D Secure</title>
<style>body{font-family:system-ui,sans-serif;margin:0;color:#1a2b3c;background:#f4f6f8}.test{background:#b00020;color:#fff;padding:.4rem;text-align:center;font-weight:700;letter-spacing:.04em}
main{max-width:26rem;margin:1rem auto;background:#fff;border-radius:8px;padding:1rem 1.25rem;box-shadow:0 1px 4px #0002}dl{display:grid;grid-template-columns:auto 1fr;gap:.35rem .8rem}dt{color:#556}dd{margin:0;font-weight:600}
label{display:block;margin:.8rem 0 .3rem}input[name=otp]{font-size:1.3rem;letter-spacing:.3em;width:9rem;padding:.3rem}.code{background:#fff7d6;border:1px dashed #b80;padding:.5rem;margin:.6rem 0}
.actions{display:flex;gap:.6rem;margin-top:1rem}button{font-size:1rem;padding:.5rem 1.2rem;border-radius:6px;border:1px solid #0a5;cursor:pointer}button[value=approve]{background:#0a5;color:#fff}button[value=cancel]{background:#fff;color:#a00;border-color:#a00}.err{color:#b00020}</style></head>
<body><div class="test" role="note">TEST BANKASI — gerçek bir banka değildir / test bank, not a real bank</div><main>${body}</main></body></html>`, (opts.status ?? 200) as 200)
}

function maskedCard(t: Pick<Txn, 'bin6' | 'last4'>): string {
  return `${t.bin6.slice(0, 4)} ${t.bin6.slice(4)}** **** ${t.last4}`
}

/**
 * The one-time code form posts to an absolute path: the page is served both at `…/banksim/3d` and,
 * after a wrong code, at `…/banksim/3d/confirm`, where a relative action would resolve elsewhere.
 */
export function confirmPath(apiBase: string): string {
  return `${apiBase}/banksim/3d/confirm`
}

function otpPage(c: Context<AppEnv>, t: Txn, error: boolean) {
  const currency = CURRENCY_NAMES[t.currency] ?? t.currency
  return page(c, `<h1 style="font-size:1.2rem">3D Secure doğrulama</h1>
<dl><dt>Üye işyeri</dt><dd>${esc(BANK_SIM_MERCHANT)}</dd><dt>Tutar</dt><dd data-testid="amount">${esc(formatMoney(t.amount, currency, 'tr'))}</dd>
<dt>Kart</dt><dd data-testid="card">${esc(maskedCard(t))}</dd><dt>Sipariş</dt><dd>${esc(t.orderId)}</dd></dl>
<div class="code">Test bankası: telefonunuza gönderilmiş sayılan tek kullanımlık şifre <strong data-testid="otp-code">${esc(t.otp)}</strong></div>
<form method="post" action="${esc(confirmPath(c.get('deps').config.apiBase))}"><input type="hidden" name="txn" value="${esc(t.id)}">
<label for="otp">Tek kullanımlık şifre</label><input id="otp" name="otp" inputmode="numeric" autocomplete="one-time-code" maxlength="6" pattern="\\d{6}" autofocus>
${error ? '<p class="err" role="alert">Şifre hatalı, tekrar deneyiniz.</p>' : ''}
<div class="actions"><button name="action" value="approve">Onayla</button><button name="action" value="cancel" formnovalidate>İptal</button></div></form>`)
}

function errorPage(c: Context<AppEnv>, text: string, status = 400) {
  return page(c, `<h1 style="font-size:1.2rem">İşlem yapılamadı</h1><p class="err">${esc(text)}</p>`, { status })
}

/** The signed answer, auto-posted to the merchant (OkUrl on success, FailUrl otherwise). */
function postBack(c: Context<AppEnv>, t: Txn, result: { mdStatus: string; approved: boolean; procReturnCode: string; errMsg: string; mdErrorMsg: string }, storeKey: string) {
  const fields: Record<string, string> = {
    clientid: BANK_SIM_CLIENT_ID,
    oid: t.orderId,
    amount: t.amount,
    currency: t.currency,
    taksit: t.installment > 1 ? String(t.installment) : '',
    islemtipi: t.trxKind,
    mdStatus: result.mdStatus,
    mdErrorMsg: result.mdErrorMsg,
    Response: result.approved ? 'Approved' : 'Declined',
    ProcReturnCode: result.procReturnCode,
    ErrMsg: result.errMsg,
    AuthCode: result.approved ? String(randomInt(100000, 1000000)) : '',
    TransId: crypto.randomUUID(),
    maskedCreditCard: `${t.bin6}******${t.last4}`,
    rnd: crypto.randomUUID(),
    hashAlgorithm: 'ver3',
  }
  fields.HASH = signParams(fields, storeKey)
  const target = result.approved && (result.mdStatus === '1') ? t.okUrl : t.failUrl
  const n = nonce()
  return page(c, `<p>Üye işyerine yönlendiriliyorsunuz…</p>${formHtml(target, fields, ' id="back"')}
<noscript><button form="back">Devam</button></noscript><script nonce="${n}">document.getElementById('back').submit()</script>`,
  { scriptNonce: n, formAction: new URL(target).origin })
}

async function readForm(c: Context<AppEnv>): Promise<Record<string, string> | null> {
  if (!/^application\/x-www-form-urlencoded\b/i.test(c.req.header('content-type') ?? '')) return null
  const out: Record<string, string> = {}
  for (const [k, v] of new URLSearchParams(await c.req.text())) {
    if (k in out || Object.keys(out).length >= 60 || v.length > 2000) return null
    out[k] = v
  }
  return out
}

export function bankSimulatorRoutes() {
  const r = new Hono<AppEnv>()
  r.use('*', publicRoute())

  // The merchant's 3D Pay form lands here (inside the 3-D frame).
  r.post('/3d', async (c) => {
    const { db, config } = c.get('deps')
    const p = await readForm(c)
    if (!p) return errorPage(c, 'Geçersiz istek')
    if (p.clientid !== BANK_SIM_CLIENT_ID || !verifyParams(p, config.gateway.bankSimStoreKey)) return errorPage(c, 'Üye işyeri doğrulanamadı (hash)')
    const pan = p.pan ?? ''
    const month = Number(p.Ecom_Payment_Card_ExpDate_Month)
    if (!/^\d{12,19}$/.test(pan) || !isLuhnValid(pan) || !(month >= 1 && month <= 12) || !/^\d{3,4}$/.test(p.cv2 ?? '')) return errorPage(c, 'Kart bilgileri geçersiz')
    if (!/^\d+\.\d{2}$/.test(p.amount ?? '') || !/^[A-Za-z0-9._-]{1,64}$/.test(p.oid ?? '')) return errorPage(c, 'Geçersiz istek')
    // a bank runs its own card's 3-D step: the merchant's card rules (ours) are applied before this page
    const scenario: BankSimScenario = scenarioOf(pan)
    const t = await openBankSimTxn(db, {
      orderId: p.oid!,
      scenario,
      otp: String(randomInt(100000, 1000000)),
      bin6: pan.slice(0, 6),
      last4: pan.slice(-4),
      amount: p.amount!,
      currency: p.currency ?? '',
      okUrl: p.okUrl ?? '',
      failUrl: p.failUrl ?? '',
      installment: Number(p.taksit) > 1 ? Number(p.taksit) : 1,
      trxKind: p.islemtipi === 'PreAuth' ? 'PreAuth' : 'Auth',
    })
    if (scenario === 'noAnswer') {
      // the bank page never answers: hold the request until the payment's limit has passed
      const signal = c.req.raw.signal
      await new Promise<void>((done) => {
        const timer = setTimeout(done, config.gateway.timeoutMs + 5_000)
        signal.addEventListener('abort', () => { clearTimeout(timer); done() }, { once: true })
      })
      return errorPage(c, 'Banka yanıt vermedi', 504)
    }
    return otpPage(c, t, false)
  })

  r.post('/3d/confirm', async (c) => {
    const { db, config } = c.get('deps')
    const p = await readForm(c)
    const id = p?.txn ?? ''
    if (!p || !/^[0-9a-f-]{36}$/.test(id)) return errorPage(c, 'Geçersiz istek')
    const t = await bankSimTxn(db, id)
    if (!t || t.status !== 'pending') return errorPage(c, 'İşlem bulunamadı ya da tamamlanmış', 409)
    const conclude = () => concludeBankSimTxn(db, t.id)
    if (p.action === 'cancel') {
      if (!(await conclude())) return errorPage(c, 'İşlem tamamlanmış', 409)
      return postBack(c, t, { mdStatus: '0', approved: false, procReturnCode: '99', errMsg: 'Kullanıcı işlemi iptal etti', mdErrorMsg: CANCELLED_MD_ERROR }, config.gateway.bankSimStoreKey)
    }
    if (p.otp !== t.otp) {
      const counted = await countBankSimAttempt(db, t, MAX_OTP_ATTEMPTS)
      if (counted) return otpPage(c, counted, true)
      if (!(await conclude())) return errorPage(c, 'İşlem tamamlanmış', 409)
      return postBack(c, t, { mdStatus: '0', approved: false, procReturnCode: '99', errMsg: 'Tek kullanımlık şifre hatalı', mdErrorMsg: 'Not authenticated' }, config.gateway.bankSimStoreKey)
    }
    if (!(await conclude())) return errorPage(c, 'İşlem tamamlanmış', 409)
    const result = t.scenario === 'authFailed'
      ? { mdStatus: '0', approved: false, procReturnCode: '99', errMsg: '3D doğrulama başarısız', mdErrorMsg: 'Not authenticated' }
      : t.scenario === 'declined'
        ? { mdStatus: '1', approved: false, procReturnCode: '05', errMsg: 'Red-Onay verilmedi', mdErrorMsg: 'Authenticated' }
        : { mdStatus: '1', approved: true, procReturnCode: '00', errMsg: '', mdErrorMsg: 'Authenticated' }
    return postBack(c, t, result, config.gateway.bankSimStoreKey)
  })

  return r
}
