/**
 * The one money formatter of the browser app: amounts in the active locale's digits, grouping and
 * decimal mark (Intl.NumberFormat).
 *
 * - `symbol` (default): the locale's currency form, as on the sales pages: tr "₺2.235", en "TRY 2,235",
 *   ru "2 235 TRY".
 * - `code`: the number in the locale's form followed by the ISO code, as on a receipt: tr
 *   "1.234,56 TRY", en "1,234.56 TRY", ru "1 234,56 TRY".
 */
export function formatMoney(
  amount: number | string,
  currency: string,
  locale: string,
  { fractionDigits = 2, display = 'symbol' }: { fractionDigits?: number; display?: 'symbol' | 'code' } = {},
): string {
  const value = typeof amount === 'string' ? Number(amount) : amount
  const digits = { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits }
  const lang = locale || 'tr'
  if (display === 'code' || !/^[A-Z]{3}$/.test(currency)) {
    return `${new Intl.NumberFormat(lang, digits).format(value)}\u00a0${currency}`
  }
  return new Intl.NumberFormat(lang, { style: 'currency', currency, ...digits }).format(value)
}
