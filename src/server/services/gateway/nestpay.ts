import { randomBytes } from 'node:crypto'
import { signParams, verifyParams } from './hash.ts'
import type { CallbackOutcome, CardGateway, ThreeDForm, ThreeDRequest } from './port.ts'

const NUMERIC: Record<string, string> = { TRY: '949', TL: '949', USD: '840', EUR: '978', GBP: '826' }

/** ISO 4217 numeric code for a currency code or number ('TRY' -> '949'), null when unknown. */
export function numericCurrency(currency: string): string | null {
  const c = currency.trim().toUpperCase()
  if (/^\d{3}$/.test(c)) return c
  return NUMERIC[c] ?? null
}

/** mdStatus 1-4: the 3-D authentication passed (full, half, attempt). */
export function isThreeDAuthenticated(mdStatus: string | undefined): boolean {
  return mdStatus === '1' || mdStatus === '2' || mdStatus === '3' || mdStatus === '4'
}

export type NestPaySettings = { clientId: string; storeKey: string; url: string; storeType: string }

/**
 * The cardholder left the bank's 3-D page with its cancel button: the 3-D step did not pass
 * (mdStatus 0) and the ACS says why in `mdErrorMsg` (our test bank: "Cancelled by cardholder").
 */
export function isCancelledByCardholder(p: Readonly<Record<string, string>>): boolean {
  return !isThreeDAuthenticated(p.mdStatus) && /cancel|iptal/i.test(p.mdErrorMsg ?? '')
}

/**
 * The outcome a NestPay 3D Pay callback stands for (after its hash verified), with the reason of a
 * failure in the customer's terms (issue 21): CANCELLED (the cardholder cancelled on the bank's
 * page), THREE_D_FAILED (the 3-D verification did not pass), DECLINED (the issuer refused).
 */
export function outcomeOf(p: Readonly<Record<string, string>>): CallbackOutcome {
  const mdStatus = p.mdStatus ?? null
  const approved = p.Response === 'Approved' && p.ProcReturnCode === '00'
  const status = isThreeDAuthenticated(p.mdStatus) && approved ? 'succeeded' : 'failed'
  const reason = status === 'succeeded' ? null : isCancelledByCardholder(p) ? 'CANCELLED' : !isThreeDAuthenticated(p.mdStatus) ? 'THREE_D_FAILED' : 'DECLINED'
  return { orderId: p.oid ?? '', amount: p.amount ?? '', currency: p.currency ?? '', status, reason, mdStatus }
}

/** A NestPay-style 3D Pay gateway: the card goes from the browser to the bank's 3D gate. */
export function nestPayGateway(settings: NestPaySettings, kind: CardGateway['kind'] = 'nestpay'): CardGateway {
  const origins = /^https?:\/\//.test(settings.url) ? [new URL(settings.url).origin] : []
  return {
    kind,
    origins,
    currencyCode: numericCurrency,
    threeDForm(req: ThreeDRequest): ThreeDForm {
      const fields: Record<string, string> = {
        clientid: settings.clientId,
        storetype: settings.storeType,
        hashAlgorithm: 'ver3',
        islemtipi: req.trxType === 'P01' ? 'PreAuth' : 'Auth',
        amount: req.amount,
        currency: numericCurrency(req.currency) ?? req.currency,
        oid: req.orderId,
        okUrl: req.okUrl,
        failUrl: req.failUrl,
        lang: req.lang,
        rnd: randomBytes(12).toString('hex'),
        taksit: req.installment > 1 ? String(req.installment) : '',
        pan: req.pan,
        Ecom_Payment_Card_ExpDate_Month: req.expiry.slice(0, 2),
        Ecom_Payment_Card_ExpDate_Year: req.expiry.slice(2, 4),
        cv2: req.cvv,
        BillToName: req.cardholder,
      }
      fields.HASH = signParams(fields, settings.storeKey)
      return { action: settings.url, fields }
    },
    readCallback(params) {
      if (!verifyParams(params, settings.storeKey)) return null
      if (params.clientid !== undefined && params.clientid !== settings.clientId) return null
      return outcomeOf(params)
    },
  }
}
