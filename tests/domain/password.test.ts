import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import {
  checkPassword, DEFAULT_PASSWORD_POLICY, PASSWORD_COMPLEXITIES, passwordRulesFor, type PasswordPolicy, type PasswordRule,
} from '../../src/domain/index.ts'

const simple: PasswordPolicy = { minLength: 12, complexity: 'simple' }
const complex: PasswordPolicy = { minLength: 12, complexity: 'complex' }
const veryComplex: PasswordPolicy = { minLength: 12, complexity: 'veryComplex' }

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
    ['kısa', veryComplex, ['tooShort', 'needsUpper', 'needsDigit', 'needsSpecial']],
    ['aaaaaaaaaaaa', DEFAULT_PASSWORD_POLICY, ['needsUpper', 'needsDigit', 'needsSpecial']],
    ['Yeni-Güçlü-Şifre-42', DEFAULT_PASSWORD_POLICY, []],
    ['Test-Parola-2026!x', DEFAULT_PASSWORD_POLICY, []],
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
    const base = 'Aa1!'
    expect(checkPassword(base.repeat(32), veryComplex).failures).toEqual([])
    expect(checkPassword(base.repeat(32) + 'x', veryComplex).failures).toEqual(['tooLong'])
    // a difference after character 72 (bcrypt's limit) still counts: the whole string is checked
    expect(checkPassword('A1!' + 'a'.repeat(100) + 'sigorta', veryComplex).failures).toContain('containsContextWord')
  })

  it('counts characters as code points (emoji are one character each)', () => {
    expect(checkPassword('Aa1!😀😀😀😀😀😀😀😀', veryComplex).failures).toEqual([])
    expect(checkPassword('Aa1!😀😀😀😀😀😀😀', veryComplex).failures).toEqual(['tooShort'])
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
    expect(checkPassword('Aa1!'.repeat(32), { minLength: 500, complexity: 'veryComplex' }).failures).toEqual([])
  })

  it('property: never accepts a password shorter than the policy minimum', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 128 }),
        fc.constantFrom(...PASSWORD_COMPLEXITIES),
        fc.string({ unit: 'grapheme', maxLength: 140 }),
        (minLength, complexity, password) => {
          fc.pre([...password].length < minLength)
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
    [simple, ['tooShort', 'tooLong', 'needsUpper', 'needsLower', 'common', 'containsContextWord']],
    [complex, ['tooShort', 'tooLong', 'needsUpper', 'needsLower', 'needsDigit', 'common', 'containsContextWord']],
    [veryComplex, ['tooShort', 'tooLong', 'needsUpper', 'needsLower', 'needsDigit', 'needsSpecial', 'common', 'containsContextWord']],
  ])('%o', (policy, rules) => {
    expect(passwordRulesFor(policy)).toEqual(rules)
  })

  it('DEFAULT_PASSWORD_POLICY: 12 characters, very complex', () => {
    expect(DEFAULT_PASSWORD_POLICY).toEqual({ minLength: 12, complexity: 'veryComplex' })
  })
})
