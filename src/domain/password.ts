import COMMON_PASSWORDS_LIST from './password-data/common-passwords.json' with { type: 'json' }

/**
 * Password policy of spec 5 and SECURITY.md: minimum length (default 12; passwords up to 128
 * characters are accepted and never truncated), the complexity level, and at every level a
 * blocklist of common passwords and context words (brand words and the username).
 */
export const PASSWORD_COMPLEXITIES = ['simple', 'complex', 'veryComplex'] as const
export type PasswordComplexity = (typeof PASSWORD_COMPLEXITIES)[number]

export type PasswordPolicy = {
  /** Minimum number of characters (Unicode code points). */
  readonly minLength: number
  readonly complexity: PasswordComplexity
}

export type PasswordContext = {
  readonly username?: string | null
  /** Extra brand or company words; the product's own (DEFAULT_BRAND_WORDS) always apply. */
  readonly brandWords?: readonly string[]
}

export type PasswordRule =
  | 'tooShort' | 'tooLong' | 'needsUpper' | 'needsLower' | 'needsDigit' | 'needsSpecial' | 'common' | 'containsContextWord'

export type PasswordCheck = { readonly ok: boolean; readonly failures: PasswordRule[] }

export const PASSWORD_DEFAULT_MIN_LENGTH = 12
export const PASSWORD_MAX_LENGTH = 128
/** The lowest minimum a company may set (NIST SP 800-63B, ASVS V6). */
export const PASSWORD_MIN_LENGTH_FLOOR = 8
export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = { minLength: PASSWORD_DEFAULT_MIN_LENGTH, complexity: 'veryComplex' }
/** Product words refused inside any password. */
export const DEFAULT_BRAND_WORDS = ['katilim', 'emeklilik', 'sigorta'] as const
/** Context words shorter than this are ignored (a 3-letter username would refuse too much). */
export const CONTEXT_WORD_MIN_LENGTH = 4

let commonPasswords: ReadonlySet<string> | null = null
/** Built on first use, so bundles that never check a password drop the list. */
function commonPasswordSet(): ReadonlySet<string> {
  commonPasswords ??= new Set(COMMON_PASSWORDS_LIST as string[])
  return commonPasswords
}

/** Case- and accent-insensitive form: 'KATILIM', 'Katılım' and 'katilim' all become 'katilim'. */
export function foldForComparison(value: string): string {
  return value.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/ı/g, 'i')
}

const LEET: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '@': 'a', $: 's', '!': 'i' }
function unLeet(value: string): string {
  return value.replace(/[0134579@$!]/g, (c) => LEET[c] ?? c)
}

/** The effective minimum: a missing or odd value falls back to 12, and it is kept within 1..128. */
function effectiveMinLength(policy: PasswordPolicy): number {
  const n = policy.minLength
  if (!Number.isFinite(n)) return PASSWORD_DEFAULT_MIN_LENGTH
  return Math.min(Math.max(Math.ceil(n), 1), PASSWORD_MAX_LENGTH)
}

/** The rules a policy applies, in checklist order (for a live checklist next to the field). */
export function passwordRulesFor(policy: PasswordPolicy): PasswordRule[] {
  const rules: PasswordRule[] = ['tooShort', 'tooLong', 'needsUpper', 'needsLower']
  if (policy.complexity === 'complex' || policy.complexity === 'veryComplex') rules.push('needsDigit')
  if (policy.complexity === 'veryComplex') rules.push('needsSpecial')
  rules.push('common', 'containsContextWord')
  return rules
}

function isCommon(password: string): boolean {
  const common = commonPasswordSet()
  const folded = foldForComparison(password)
  if (common.has(folded)) return true
  // The base word: leading and trailing digits and symbols removed ('P@ssw0rd2024!' -> 'p@ssw0rd').
  const base = folded.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '')
  if (base.length < 4) return false
  return common.has(base) || common.has(unLeet(base))
}

function contextWords(context: PasswordContext): string[] {
  const words: string[] = [...DEFAULT_BRAND_WORDS, ...(context.brandWords ?? [])]
  const username = context.username?.trim()
  if (username) {
    words.push(username)
    const at = username.indexOf('@')
    if (at > 0) words.push(username.slice(0, at))
  }
  return words.map(foldForComparison).filter((w) => [...w].length >= CONTEXT_WORD_MIN_LENGTH)
}

function containsContextWord(password: string, context: PasswordContext): boolean {
  const folded = foldForComparison(password)
  const plain = unLeet(folded)
  return contextWords(context).some((w) => folded.includes(w) || plain.includes(w))
}

/** Checks a password against a policy and lists every rule it fails. */
export function checkPassword(password: string, policy: PasswordPolicy = DEFAULT_PASSWORD_POLICY, context: PasswordContext = {}): PasswordCheck {
  const value = typeof password === 'string' ? password : ''
  const length = [...value].length
  const failures: PasswordRule[] = []
  const applies = new Set(passwordRulesFor(policy))
  if (length < effectiveMinLength(policy)) failures.push('tooShort')
  if (length > PASSWORD_MAX_LENGTH) failures.push('tooLong')
  if (!/\p{Lu}/u.test(value)) failures.push('needsUpper')
  if (!/\p{Ll}/u.test(value)) failures.push('needsLower')
  if (applies.has('needsDigit') && !/\p{Nd}/u.test(value)) failures.push('needsDigit')
  if (applies.has('needsSpecial') && !/[^\p{L}\p{N}]/u.test(value)) failures.push('needsSpecial')
  if (value !== '' && isCommon(value)) failures.push('common')
  if (value !== '' && containsContextWord(value, context)) failures.push('containsContextWord')
  return { ok: failures.length === 0, failures }
}
