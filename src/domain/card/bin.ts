import { BIN_LENGTH } from '../constants.ts'
import { cardDigits } from './brands.ts'

/**
 * The bundled BIN table (spec 3.3) and the card check of spec 5: the first 6 digits are looked up;
 * the card is accepted only when it is a CREDIT CARD with ticari 'E' (commercial); a number
 * starting 9792 (Troy) is accepted as a Turkish bank card without lookup; everything else is
 * refused. The table lives in its own module, loaded on first use, so pages that never check a
 * card do not download it (Vite puts it in its own chunk).
 */
export type BinEntry = {
  readonly bin_code: string
  /** 4-digit bank (EFT) code, '' when unknown. */
  readonly bank_code: string
  readonly card_type: 'CREDIT CARD' | 'DEBIT CARD'
  /** '' for networks other than the four the spec names. */
  readonly card_sub_type: 'MAS' | 'VIS' | 'TRY' | 'AMX' | ''
  readonly blok: 'E' | 'H' | ''
  readonly ticari: 'E' | 'H' | ''
}

export type BinTable = ReadonlyMap<string, BinEntry>

export type BinRejectReason = 'too_short' | 'unknown_bin' | 'debit_card' | 'not_commercial' | 'unknown_network'

export type BinCheckResult =
  | { readonly accepted: true; readonly entry: BinEntry | null }
  | { readonly accepted: false; readonly reason: BinRejectReason }

/** A number starting with this is a Turkish (Troy) bank card, accepted without lookup. */
export const TURKISH_BANK_CARD_PREFIX = '9792'

const SUB_TYPES = { M: 'MAS', V: 'VIS', T: 'TRY', A: 'AMX', '-': '' } as const
const FLAGS = { E: 'E', H: 'H', '-': '' } as const

function pick<T extends Record<string, string>>(map: T, key: string | undefined, row: string): T[keyof T] {
  if (key === undefined || !Object.hasOwn(map, key)) throw new Error(`bad BIN row: ${row}`)
  return map[key as keyof T]
}

/** Decodes the fixed-width rows written by scripts/derive-bin-table.ts (format in bin-table.ts). */
export function parseBinRows(rows: string): BinTable {
  const table = new Map<string, BinEntry>()
  for (const raw of rows.split('\n')) {
    const row = raw.trim()
    if (row === '') continue
    if (!/^\d{6}(?:\d{4}|----)[CD][MVTA-][EH-][EH-]$/.test(row)) throw new Error(`bad BIN row: ${row}`)
    const bank = row.slice(6, 10)
    table.set(row.slice(0, 6), {
      bin_code: row.slice(0, 6),
      bank_code: bank === '----' ? '' : bank,
      card_type: row[10] === 'C' ? 'CREDIT CARD' : 'DEBIT CARD',
      card_sub_type: pick(SUB_TYPES, row[11], row),
      blok: pick(FLAGS, row[12], row),
      ticari: pick(FLAGS, row[13], row),
    })
  }
  return table
}

let tablePromise: Promise<BinTable> | null = null

/** The bundled table, imported and decoded once, on first use. */
export function loadBinTable(): Promise<BinTable> {
  tablePromise ??= import('./bin-data/bin-table.ts').then((m) => parseBinRows(m.BIN_ROWS))
  tablePromise.catch(() => {
    tablePromise = null // a failed chunk load may be retried
  })
  return tablePromise
}

/** The entry of a 6-digit BIN (or of the first 6 digits of a longer number), or null. */
export function lookupBin(table: BinTable, bin: string): BinEntry | null {
  const d = cardDigits(bin)
  if (d.length < BIN_LENGTH) return null
  return table.get(d.slice(0, BIN_LENGTH)) ?? null
}

/** The card check against a given table (synchronous; the server passes its own loaded table). */
export function checkCardBinWith(table: BinTable, cardNumber: string): BinCheckResult {
  const d = cardDigits(cardNumber)
  if (d.startsWith(TURKISH_BANK_CARD_PREFIX)) return { accepted: true, entry: lookupBin(table, d) }
  if (d.length < BIN_LENGTH) return { accepted: false, reason: 'too_short' }
  const entry = lookupBin(table, d)
  if (!entry) return { accepted: false, reason: 'unknown_bin' }
  if (entry.card_type !== 'CREDIT CARD') return { accepted: false, reason: 'debit_card' }
  if (entry.ticari !== 'E') return { accepted: false, reason: 'not_commercial' }
  return { accepted: true, entry }
}

/** The card networks a purchase takes (the four the BIN table names). */
export const PURCHASE_CARD_NETWORKS: readonly BinEntry['card_sub_type'][] = ['VIS', 'MAS', 'TRY', 'AMX']

/**
 * The card rule of a purchase's payment (issue 21, docs/decisions/card-acceptance.md), apart from
 * the test form's rule of spec 5 above: any CREDIT CARD of Visa, Mastercard, Troy or American
 * Express in the table, personal or commercial (ticari E, H or empty); a DEBIT CARD is refused with
 * its own reason ('debit_card', a message saying to use a credit card); a BIN the table does not
 * know, or of another network, is refused as not valid. A 9792 (Troy) number is looked up like any
 * other: the table knows whether it is a credit or a bank card.
 */
export function checkPurchaseCardWith(table: BinTable, cardNumber: string): BinCheckResult {
  const d = cardDigits(cardNumber)
  if (d.length < BIN_LENGTH) return { accepted: false, reason: 'too_short' }
  const entry = lookupBin(table, d)
  if (!entry) return { accepted: false, reason: 'unknown_bin' }
  if (entry.card_type !== 'CREDIT CARD') return { accepted: false, reason: 'debit_card' }
  if (!PURCHASE_CARD_NETWORKS.includes(entry.card_sub_type)) return { accepted: false, reason: 'unknown_network' }
  return { accepted: true, entry }
}

/** The purchase card rule against the bundled table, loading it on first use. */
export async function checkPurchaseCard(cardNumber: string): Promise<BinCheckResult> {
  if (cardDigits(cardNumber).length < BIN_LENGTH) return { accepted: false, reason: 'too_short' }
  return checkPurchaseCardWith(await loadBinTable(), cardNumber)
}

/** The card check against the bundled table, loading it on first use. */
export async function checkCardBin(cardNumber: string): Promise<BinCheckResult> {
  const d = cardDigits(cardNumber)
  // Decided without the table: no need to download it for these.
  if (d.length < BIN_LENGTH && !d.startsWith(TURKISH_BANK_CARD_PREFIX)) return { accepted: false, reason: 'too_short' }
  return checkCardBinWith(await loadBinTable(), d)
}

/**
 * The bank code a card check fills in the form ('' when the table does not know it). A Troy card
 * starting 9792 is accepted without lookup (spec 5), so its bank may be unknown: then the customer
 * must type the issuing bank's 4-digit EFT code, and `needsBankCodeFromCustomer` says so.
 */
export function bankCodeOf(result: BinCheckResult): string {
  return result.accepted ? result.entry?.bank_code ?? '' : ''
}

export function needsBankCodeFromCustomer(result: BinCheckResult): boolean {
  return result.accepted && bankCodeOf(result) === ''
}
