import COMMON_PASSWORDS_LIST from './password-data/common-passwords.json' with { type: 'json' }

/**
 * Password policy of spec 5 and SECURITY.md: minimum length (default 12; passwords up to 128
 * characters are accepted and never truncated), the complexity level, and at every level a
 * blocklist of common passwords and context words (brand words and the username).
 *
 * Since issue 28 (item 5), at every level too: a common password hidden inside a longer one counts
 * (what is left once the blocklisted words are taken out must still have letters of its own:
 * `Password123!Password123!` is common), a password that is one part repeated is refused
 * (`Password123!Password123!`, `abcabcabcabc`), it needs PASSWORD_MIN_DISTINCT different
 * characters, and a run of spaces counts as one character toward the minimum length (NIST SP
 * 800-63B lets a verifier normalise spaces: `Aa1!` followed by ten spaces is 5 characters long).
 */
export const PASSWORD_COMPLEXITIES = ['simple', 'complex', 'veryComplex'] as const
export type PasswordComplexity = (typeof PASSWORD_COMPLEXITIES)[number]

export type PasswordPolicy = {
  /** Minimum number of characters (Unicode code points; a run of spaces counts once). */
  readonly minLength: number
  readonly complexity: PasswordComplexity
  /**
   * The version of the rules every level applies (PASSWORD_RULES_VERSION) the password was checked
   * under, when a policy is recorded with a password; absent means before issue 28 (version 1).
   */
  readonly rules?: number
}

export type PasswordContext = {
  readonly username?: string | null
  /** Extra brand or company words; the product's own (DEFAULT_BRAND_WORDS) always apply. */
  readonly brandWords?: readonly string[]
}

export type PasswordRule =
  | 'tooShort' | 'tooLong' | 'needsUpper' | 'needsLower' | 'needsDigit' | 'needsSpecial' | 'common' | 'containsContextWord'
  | 'repeated' | 'tooFewDistinct'

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
/** Different characters a password needs at every level. */
export const PASSWORD_MIN_DISTINCT = 6
/** Blocklisted words this long or longer are found inside a password too. */
const INNER_WORD_MIN_LENGTH = 4
/** Letters a password must keep once the blocklisted words inside it are taken out. */
const OWN_LETTERS_MIN = 4
/** The version of the rules above (issue 28 added the inner words, repeats, distinct characters and space runs). */
export const PASSWORD_RULES_VERSION = 2

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
  rules.push('tooFewDistinct', 'repeated', 'common', 'containsContextWord')
  return rules
}

/** The length the minimum counts: code points, with every run of white space counted once. */
export function countedLength(password: string): number {
  return [...password.replace(/\s+/gu, ' ')].length
}

let innerWords: readonly string[] | null = null
function innerWordList(): readonly string[] {
  innerWords ??= [...commonPasswordSet()].filter((w) => [...w].length >= INNER_WORD_MIN_LENGTH && /\p{L}/u.test(w))
  return innerWords
}

/** Letters of `text` left once every blocklisted word found in it is taken out. */
function ownLetters(text: string): number {
  const taken = new Array<boolean>(text.length).fill(false)
  for (const word of innerWordList()) {
    for (let at = text.indexOf(word); at !== -1; at = text.indexOf(word, at + 1)) taken.fill(true, at, at + word.length)
  }
  let letters = 0
  for (let i = 0; i < text.length; i++) if (!taken[i] && /\p{L}/u.test(text[i]!)) letters++
  return letters
}

/** A common password hidden in a longer one: taking the blocklisted words out leaves too few letters of its own. */
function hidesCommon(password: string): boolean {
  const folded = foldForComparison(password)
  if (ownLetters(folded) >= OWN_LETTERS_MIN) {
    const plain = unLeet(folded)
    if (plain === folded || ownLetters(plain) >= OWN_LETTERS_MIN) return false
  }
  // a password with few letters of its own anyway (mostly digits and symbols) is not refused for that
  return [...folded].filter((ch) => /\p{L}/u.test(ch)).length >= OWN_LETTERS_MIN
}

/** The same part two or more times over, compared as the blocklist compares (`Password123!Password123!`). */
function isRepeated(password: string): boolean {
  const chars = [...unLeet(foldForComparison(password.replace(/\s+/gu, ' ')))]
  const n = chars.length
  for (let size = 1; size <= n / 2; size++) {
    if (n % size !== 0) continue
    const unit = chars.slice(0, size).join('')
    if (unit.repeat(n / size) === chars.join('')) return true
  }
  return false
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
  const failures: PasswordRule[] = []
  const applies = new Set(passwordRulesFor(policy))
  if (countedLength(value) < effectiveMinLength(policy)) failures.push('tooShort')
  // the maximum counts every character: nothing is ever truncated
  if ([...value].length > PASSWORD_MAX_LENGTH) failures.push('tooLong')
  if (!/\p{Lu}/u.test(value)) failures.push('needsUpper')
  if (!/\p{Ll}/u.test(value)) failures.push('needsLower')
  if (applies.has('needsDigit') && !/\p{Nd}/u.test(value)) failures.push('needsDigit')
  if (applies.has('needsSpecial') && !/[^\p{L}\p{N}]/u.test(value)) failures.push('needsSpecial')
  if (value !== '' && new Set(value).size < PASSWORD_MIN_DISTINCT) failures.push('tooFewDistinct')
  if (value !== '' && isRepeated(value)) failures.push('repeated')
  if (value !== '' && (isCommon(value) || hidesCommon(value))) failures.push('common')
  if (value !== '' && containsContextWord(value, context)) failures.push('containsContextWord')
  return { ok: failures.length === 0, failures }
}

const RANK: Record<PasswordComplexity, number> = { simple: 0, complex: 1, veryComplex: 2 }

/**
 * Whether a password checked under `recorded` (null: never recorded) may not meet `current`: a
 * shorter minimum, a lower complexity, or older rules (issue 28 item 6: such a password is checked
 * again at its owner's next sign-in, and must change only if it fails).
 */
export function isWeakerPolicy(recorded: { minLength: number; complexity: string; rules?: number } | null | undefined, current: PasswordPolicy): boolean {
  if (!recorded) return true
  return recorded.minLength < current.minLength
    || (RANK[recorded.complexity as PasswordComplexity] ?? -1) < RANK[current.complexity]
    || (recorded.rules ?? 1) < (current.rules ?? PASSWORD_RULES_VERSION)
}
