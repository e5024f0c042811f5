/**
 * Company rules (spec 3.1 "Company", issue 12): the Turkish tax number (VKN), Turkish phone numbers,
 * the job-title colour palette with readable text, and the currency and language choices.
 * The VKN rule is explained in docs/decisions/company.md.
 */
import { CURRENCY_BY_LOCALE } from './constants.ts'

/**
 * Vergi Kimlik Numarası: 10 digits; the last is a check digit over the first nine. For the i-th
 * digit d (i = 1..9): t = (d + 10 - i) mod 10; its share is 9 when t = 9, else (t * 2^(10-i)) mod 9;
 * the check digit is (10 - (sum of shares mod 10)) mod 10.
 */
export function vknCheckDigit(first9: string): number {
  let sum = 0
  for (let i = 1; i <= 9; i++) {
    const t = (Number(first9[i - 1]) + 10 - i) % 10
    sum += t === 9 ? 9 : (t * 2 ** (10 - i)) % 9
  }
  return (10 - (sum % 10)) % 10
}

export function isValidVkn(value: string): boolean {
  return typeof value === 'string' && /^\d{10}$/.test(value) && vknCheckDigit(value.slice(0, 9)) === Number(value[9])
}

const PHONE_SEPARATORS = /[\s\-().]/g
const TR_PHONE = /^(?:\+90|0090|90)?0?([2-5]\d{9})$/

/** A Turkish landline or mobile number as E.164 '+90xxxxxxxxxx' (area codes 2xx-4xx, mobiles 5xx), else null. */
export function normalizeTrPhone(value: string): string | null {
  if (typeof value !== 'string') return null
  const m = TR_PHONE.exec(value.replace(PHONE_SEPARATORS, ''))
  return m ? `+90${m[1]}` : null
}

export const CURRENCIES = ['TRY', 'USD', 'EUR'] as const
/** The company's currency setting that keeps spec 9's rule: USD for English, TRY otherwise. */
export const CURRENCY_BY_LANGUAGE = 'LANGUAGE'
/** What a company may choose as its default currency: spec 9's language rule, or one currency for everyone. */
export const CURRENCY_SETTINGS = [CURRENCY_BY_LANGUAGE, ...CURRENCIES] as const
export type CurrencySetting = (typeof CURRENCY_SETTINGS)[number]

/**
 * The currency the product proposes to a visitor: the company's choice when it made one, else
 * spec 9's rule (USD for en, TRY for tr; the Russian site sells the Turkish products, in TRY).
 */
export function effectiveCurrency(setting: string | null | undefined, locale: string): string {
  if ((CURRENCIES as readonly string[]).includes(setting ?? '')) return setting!
  return CURRENCY_BY_LOCALE[locale === 'en' ? 'en' : 'tr']
}
export const COMPANY_LANGUAGES = ['tr', 'en', 'ru'] as const

/** Relative luminance of a #rrggbb colour (WCAG 2.2). */
export function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16) / 255
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2)
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (hi + 0.05) / (lo + 0.05)
}

/** The text colour (black or white) that reads best on `background`. */
export function textColourOn(background: string): '#000000' | '#ffffff' {
  return contrastRatio(background, '#000000') >= contrastRatio(background, '#ffffff') ? '#000000' : '#ffffff'
}

/**
 * The job-title colour palette: every colour keeps its text (black or white) at 4.5:1 or more
 * (WCAG AA for normal text); a test proves it, and the server refuses colours outside the palette.
 */
export const JOB_TITLE_COLOURS = [
  '#1f4e79', '#2e7d32', '#b71c1c', '#6a1b9a', '#e65100', '#00695c', '#37474f', '#ad1457',
  '#90caf9', '#a5d6a7', '#ffe082', '#ffab91', '#ce93d8', '#80cbc4', '#eeeeee', '#fff59d',
] as const

export function isReadableColour(hex: string): boolean {
  return /^#[0-9a-f]{6}$/i.test(hex) && contrastRatio(hex, textColourOn(hex)) >= 4.5
}
