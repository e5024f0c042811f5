import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import {
  checkPassword, DEFAULT_PASSWORD_POLICY, PASSWORD_COMPLEXITIES, passwordRulesFor, type PasswordPolicy, type PasswordRule,
} from '../../src/domain/index.ts'
import { countedLength, isWeakerPolicy, PASSWORD_RULES_VERSION } from '../../src/domain/password.ts'

const simple: PasswordPolicy = { minLength: 12, complexity: 'simple' }
const complex: PasswordPolicy = { minLength: 12, complexity: 'complex' }
const veryComplex: PasswordPolicy = { minLength: 12, complexity: 'veryComplex' }
/** 128 characters, none of them a repetition or a run of spaces. */
const LONG_128 = 'Aa1!' + [...'Güneşli bir sabah denize karşı kahvemi içerken yeni bir gün başlıyor, kuşlar uçuşuyor, rüzgâr hafifçe esiyor ve martılar bağırıyor; ne güzel.'].slice(0, 124).join('')

describe('checkPassword', () => {
  it.each<[string, PasswordPolicy, PasswordRule[]]>([
    ['Mavi Deniz Kıyısı', simple, []],
    ['mavi deniz kıyısı', simple, ['needsUpper']],
    ['MAVİ DENİZ KIYISI', simple, ['needsLower']],
    ['Mavi Deniz Kıyısı', complex, ['needsDigit']],
    ['Mavi Deniz Kıyısı 7', complex, []],
    ['MaviDenizKiyisi7', veryComplex, ['needsSpecial']],
    ['Mavi Deniz Kıyısı 7', veryComplex, []], // a space is a special character
    ['Mavi-Deniz-7', veryComplex, []], // exactly 12
    ['Mavi-Deniz7', veryComplex, ['tooShort']], // 11
    ['', veryComplex, ['tooShort', 'needsUpper', 'needsLower', 'needsDigit', 'needsSpecial']],
    ['kısa', veryComplex, ['tooShort', 'needsUpper', 'needsDigit', 'needsSpecial', 'tooFewDistinct']],
    ['aaaaaaaaaaaa', DEFAULT_PASSWORD_POLICY, ['needsUpper', 'needsDigit', 'needsSpecial', 'tooFewDistinct', 'repeated', 'common']],
    ['Yeni-Güçlü-Şifre-42', DEFAULT_PASSWORD_POLICY, []],
    // issue 28: 'test' and 'parola' are common words; without them only 'x' is left of its own
    ['Test-Parola-2026!x', DEFAULT_PASSWORD_POLICY, ['common']],
    ['Mavi-Kuzey-Yildizi-2026!', DEFAULT_PASSWORD_POLICY, []],
  ])('%j with %o -> %o', (password, policy, failures) => {
    const r = checkPassword(password, policy, { username: 'ayse' })
    expect(r.failures).toEqual(failures)
    expect(r.ok).toBe(failures.length === 0)
  })

  it('lists every failed rule at once', () => {
    expect(checkPassword('sigorta', { minLength: 12, complexity: 'veryComplex' }).failures).toEqual([
      'tooShort', 'needsUpper', 'needsDigit', 'needsSpecial', 'containsContextWord',
    ])
  })

  it('accepts up to 128 characters and never truncates: 129 is tooLong', () => {
    const long = LONG_128
    expect([...long].length).toBe(128)
    expect(checkPassword(long, veryComplex).failures).toEqual([])
    expect(checkPassword(long + 'x', veryComplex).failures).toEqual(['tooLong'])
    // a difference after character 72 (bcrypt's limit) still counts: the whole string is checked
    expect(checkPassword('A1!' + 'a'.repeat(100) + 'sigorta', veryComplex).failures).toContain('containsContextWord')
  })

  it('counts characters as code points (emoji are one character each)', () => {
    expect(checkPassword('Aa1!😀😁😂🤣😃😄😅😆', veryComplex).failures).toEqual([])
    expect(checkPassword('Aa1!😀😁😂🤣😃😄😅', veryComplex).failures).toEqual(['tooShort'])
  })

  it.each([
    ['Password1234', 'the base word of a common password'],
    ['P@ssw0rd2024!', 'common character swaps undone'],
    ['QWERTY123456', 'upper-cased'],
    ['Galatasaray1905!', 'a common Turkish password'],
    ['123456789012', 'a digit run'],
    ['Sunshine!!2024', 'trailing symbols and digits'],
  ])('common: %j (%s)', (password) => {
    expect(checkPassword(password, simple).failures).toContain('common')
  })

  it.each([
    ['Katılım-2026-Emekli', undefined, 'brand word with dotless ı'],
    ['KATILIM-2026-x', undefined, 'upper-case brand word'],
    ['Em3klilik-2026!', undefined, 'leet brand word'],
    ['Yeni-Sigorta-42', undefined, 'sigorta'],
    ['Mehmet.Yilmaz-42', 'mehmet.yilmaz', 'the username'],
    ['Xx-AYSEKAYA-99', 'aysekaya@example.com', 'the local part of an e-mail username'],
    ['Acme-Holding-42!', undefined, 'a company brand word', ['acme']],
  ])('context word: %j (%s)', (password, username, _why, brandWords?: string[]) => {
    const context = brandWords ? { username, brandWords } : { username }
    expect(checkPassword(password, veryComplex, context).failures).toContain('containsContextWord')
  })

  it('ignores context words shorter than 4 characters', () => {
    expect(checkPassword('Kalite-Ali-2026!', veryComplex, { username: 'ali' }).failures).toEqual([])
  })

  it('a bad policy minimum falls back to 12 and is kept within 1..128', () => {
    expect(checkPassword('Aa1!aaaa', { minLength: Number.NaN, complexity: 'veryComplex' }).failures).toContain('tooShort')
    expect(checkPassword(LONG_128, { minLength: 500, complexity: 'veryComplex' }).failures).toEqual([])
  })

  it('property: never accepts a password shorter than the policy minimum', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 128 }),
        fc.constantFrom(...PASSWORD_COMPLEXITIES),
        fc.string({ unit: 'grapheme', maxLength: 140 }),
        (minLength, complexity, password) => {
          fc.pre(countedLength(password) < minLength)
          const r = checkPassword(password, { minLength, complexity })
          return !r.ok && r.failures.includes('tooShort')
        },
      ),
    )
  })

  it('property: failures are always among the rules that apply', () => {
    fc.assert(
      fc.property(fc.constantFrom(...PASSWORD_COMPLEXITIES), fc.string({ maxLength: 40 }), (complexity, password) => {
        const policy = { minLength: 12, complexity }
        const rules = passwordRulesFor(policy)
        return checkPassword(password, policy).failures.every((f) => rules.includes(f))
      }),
    )
  })
})

describe('passwordRulesFor', () => {
  it.each<[PasswordPolicy, PasswordRule[]]>([
    [simple, ['tooShort', 'tooLong', 'needsUpper', 'needsLower', 'tooFewDistinct', 'repeated', 'common', 'containsContextWord']],
    [complex, ['tooShort', 'tooLong', 'needsUpper', 'needsLower', 'needsDigit', 'tooFewDistinct', 'repeated', 'common', 'containsContextWord']],
    [veryComplex, ['tooShort', 'tooLong', 'needsUpper', 'needsLower', 'needsDigit', 'needsSpecial', 'tooFewDistinct', 'repeated', 'common', 'containsContextWord']],
  ])('%o', (policy, rules) => {
    expect(passwordRulesFor(policy)).toEqual(rules)
  })

  it('DEFAULT_PASSWORD_POLICY: 12 characters, very complex', () => {
    expect(DEFAULT_PASSWORD_POLICY).toEqual({ minLength: 12, complexity: 'veryComplex' })
  })
})

describe('issue 28 item 5: what the default policy accepted and should not', () => {
  it.each<[string, PasswordRule[]]>([
    ['Aa1!          ', ['tooShort', 'tooFewDistinct']], // ten spaces count as one: 5 characters
    ['Aa1!    Bb2@    ', ['tooShort']], // 11: each run of spaces once
    ['Password123!Password123!', ['repeated', 'common']],
    ['Sifre2026!Sifre2026!', ['repeated', 'common']],
    ['Qz7!Qz7!Qz7!Qz7!', ['tooFewDistinct', 'repeated']],
    ['Xk#9Xk#9Xk#9Xk#9Xk#9', ['tooFewDistinct', 'repeated']],
    ['Sunshine-Dragon-2026!', ['common']], // two common words and digits
    ['My-Secret-Password-1', ['common']],
    ['P4ssw0rd-Dr4g0n-99!', ['common']], // the character swaps undone
  ])('%j fails %o', (password, failures) => {
    expect(checkPassword(password, DEFAULT_PASSWORD_POLICY, { username: 'ayse' }).failures).toEqual(failures)
  })

  it.each([
    'Yeni-Güçlü-Şifre-42', // a common word among words of its own
    'Mavi Deniz Kıyısı 7',
    'Güçlü-Parola-2026!',
    'Kahve ve 3 simit, lütfen!',
    'abcABC123!abcABD123!', // nearly, not quite, repeated
  ])('%j passes', (password) => {
    expect(checkPassword(password, DEFAULT_PASSWORD_POLICY, { username: 'ayse' }).failures).toEqual([])
  })

  it('counts a run of white space once toward the minimum, every character toward the maximum', () => {
    expect(countedLength('a  \t  b')).toBe(3)
    expect(countedLength('   ')).toBe(1)
    expect(countedLength('😀 😀')).toBe(3)
  })

  it('property: a part written twice or more is always refused', () => {
    fc.assert(fc.property(fc.string({ minLength: 1, maxLength: 20 }), fc.integer({ min: 2, max: 5 }), (part, times) => {
      fc.pre(/\S/.test(part) && !/\s/.test(part))
      expect(checkPassword(part.repeat(times), simple).failures).toContain('repeated')
    }), { numRuns: 300 })
  })

  it('a recorded policy is weaker than today\'s when shorter, less complex, of older rules, or unknown (item 6)', () => {
    const today = { minLength: 12, complexity: 'veryComplex' as const, rules: PASSWORD_RULES_VERSION }
    expect(isWeakerPolicy(null, today)).toBe(true)
    expect(isWeakerPolicy({ minLength: 12, complexity: 'veryComplex', rules: PASSWORD_RULES_VERSION }, today)).toBe(false)
    expect(isWeakerPolicy({ minLength: 16, complexity: 'veryComplex', rules: PASSWORD_RULES_VERSION }, today)).toBe(false)
    expect(isWeakerPolicy({ minLength: 10, complexity: 'veryComplex', rules: PASSWORD_RULES_VERSION }, today)).toBe(true)
    expect(isWeakerPolicy({ minLength: 12, complexity: 'complex', rules: PASSWORD_RULES_VERSION }, today)).toBe(true)
    expect(isWeakerPolicy({ minLength: 12, complexity: 'veryComplex' }, today)).toBe(true) // before issue 28's rules
  })
})
