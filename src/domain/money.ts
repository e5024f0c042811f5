/**
 * The one way to write an amount of money (and the other numbers people read) in this product: the
 * browser (sales pages, card form, result pages, staff pages), the policy and contract PDFs, the
 * mails and the bank simulator's page all call these, so an amount reads the same everywhere in a
 * language. Turkish is written the Turkish way: "₺14.375,00" (lira sign first, dot for thousands,
 * comma for decimals); English and Russian follow their locale ("TRY 14,375.00", "14 375,00 TRY").
 *
 * This is the only module that may build an `Intl.NumberFormat` (tests/domain/money-sites.test.ts
 * fails on any other): a new money site cannot drift to "14,375.00 TRY" or "250.00 TL".
 */

/** An ISO 4217 alphabetic code: written with the locale's currency form; anything else follows the number. */
const ISO_CODE = /^[A-Z]{3}$/

const cache = new Map<string, Intl.NumberFormat>()
function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`
  let f = cache.get(key)
  if (!f) {
    f = new Intl.NumberFormat(locale, options)
    cache.set(key, f)
  }
  return f
}

/** The language to write in ('' and unknown tags fall back to Turkish, the product's default). */
function lang(locale: string | undefined): string {
  if (!locale) return 'tr'
  try {
    return Intl.NumberFormat.supportedLocalesOf([locale]).length ? locale : 'tr'
  } catch {
    return 'tr'
  }
}

export type MoneyOptions = {
  /** Decimals shown (default 2, spec 9 "Decimals 2"; 0 for round prices such as "Aylık ₺100"). */
  fractionDigits?: number
}

/**
 * An amount in a language: tr "₺14.375,00", en "TRY 14,375.00", ru "14 375,00 TRY"; with
 * `fractionDigits: 0`, "₺2.235". `amount` may be the server's decimal text ("14375.00"). A currency
 * that is not an ISO code (a card form's "949") follows the number: "250,00 949". An amount that is
 * not a number gives ''.
 */
export function formatMoney(amount: number | string, currency: string, locale: string, { fractionDigits = 2 }: MoneyOptions = {}): string {
  const value = typeof amount === 'string' ? Number(amount.trim() === '' ? NaN : amount) : amount
  if (!Number.isFinite(value)) return ''
  const digits = { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits }
  const code = currency.trim().toUpperCase()
  if (!ISO_CODE.test(code)) return `${numberFormat(lang(locale), digits).format(value)}${code ? `\u00a0${currency.trim()}` : ''}`
  return numberFormat(lang(locale), { style: 'currency', currency: code, ...digits }).format(value)
}

/** A plain number in a language (tr "150.000", en "150,000"), with at most `maximumFractionDigits` decimals. */
export function formatNumber(value: number, locale: string, { maximumFractionDigits = 0 }: { maximumFractionDigits?: number } = {}): string {
  return numberFormat(lang(locale), { maximumFractionDigits }).format(value)
}

/** A share in a language (tr "%25", en "25%", ru "25 %") from a ratio (0.25). */
export function formatPercent(ratio: number, locale: string, { maximumFractionDigits = 0 }: { maximumFractionDigits?: number } = {}): string {
  return numberFormat(lang(locale), { style: 'percent', maximumFractionDigits }).format(ratio)
}
