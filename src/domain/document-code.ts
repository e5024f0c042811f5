import { DOCUMENT_CHECK_PATH } from './navigation.ts'

/**
 * The verification code printed on every policy and contract document (issue 24 item 5,
 * docs/decisions/documents.md): 12 characters of an alphabet without look-alikes (no 0/O, 1/I/L),
 * drawn on the server with a CSPRNG when the purchase is issued and stored with it. 31^12 is about
 * 7.9 * 10^17 (59 bits): with the lookup limited per client address, codes cannot be enumerated.
 * Written in groups of four for reading ("7KQM-4WZP-3HXN"); a reader may type it with or without
 * the hyphens, in lower case, with spaces.
 */
export const DOCUMENT_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ'
export const DOCUMENT_CODE_LENGTH = 12

const STORED = /^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{12}$/

/** The stored form of what a reader typed or a link carried, or null when it cannot be a code. */
export function normalizeDocumentCode(input: string): string | null {
  if (input.length > 40) return null
  const code = input.replace(/[\s-]/g, '').toUpperCase()
  return STORED.test(code) ? code : null
}

/** The code as printed: three groups of four. */
export function formatDocumentCode(code: string): string {
  return code.match(/.{1,4}/g)?.join('-') ?? code
}

/** The public page that checks a code (on the site's origin). */
export function documentCheckPath(code: string): string {
  return `${DOCUMENT_CHECK_PATH}/${code}`
}

/**
 * A name as the public check shows it: each part's first two letters, the rest hidden
 * ("Ayşe Çağlar" -> "Ay** Ça****"). Enough for the holder of the paper to compare, not to learn a name.
 */
export function maskName(name: string): string {
  return name.trim().split(/\s+/).map((part) => {
    const letters = [...part]
    return letters.length <= 2 ? `${letters[0] ?? ''}*` : letters.slice(0, 2).join('') + '*'.repeat(letters.length - 2)
  }).join(' ')
}

/** A passport or foreign ID as the public check shows it: the last three characters. */
export function maskDocumentNumber(id: string): string {
  return id.length <= 3 ? '*'.repeat(id.length) : `${'*'.repeat(id.length - 3)}${id.slice(-3)}`
}

/** What the public check (`GET /digitalchannels/documents/verify/:code`) answers for a valid code: the document's key facts, masked. */
export type DocumentCheck = {
  code: string
  product: 'tss' | 'seyahatsaglik' | 'erkenbes' | 'pratikbes'
  kind: 'policy' | 'contract'
  number: string
  /** The insured person or participant, masked (maskName). */
  holder: string
  /** The T.C. Kimlik No (or a foreigner's passport/ID), masked. */
  nationalId: string
  issuedAt: string
  /** The cover or contract's first and last day (ISO dates, Istanbul time); a contract has no end. */
  startDate: string
  endDate: string | null
  /** Whether the document is in force today: not yet, yes, or ended. */
  status: 'notStarted' | 'inForce' | 'ended'
  /** Travel: its region, cover level and medical cover in EUR. */
  region: string | null
  coverEur: number | null
  meetsSchengenVisa: boolean | null
}
