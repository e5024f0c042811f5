import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { initials, isValidPersonName, isValidTrMobile, normalizeTrMobile } from '../../src/domain/index.ts'

describe('isValidPersonName (letters incl. Turkish, whitespace; empty allowed)', () => {
  it.each([
    ['', true, 'empty is allowed'],
    ['Ayşe Gül Çığ', true, 'Turkish letters'],
    ['İSMAİL IŞIK', true, 'dotted capital İ and dotless capital I'],
    ['ismail ışık', true, 'dotted i and dotless ı'],
    ['ĞÜŞÖÇ ğüşöç', true, 'all Turkish specials'],
    ['I\u0307smail', true, 'İ typed as I + combining dot (NFD) is normalised'],
    ['José Müller', true, 'other Latin letters'],
    ['Мария', true, 'Cyrillic (Russian interface)'],
    ["O'Neil", false, 'apostrophe refused (spec: only letters and whitespace)'],
    ['Ali-Can', false, 'hyphen refused'],
    ['Ali3', false, 'digit'],
    ['Ali.', false, 'dot'],
    ['<script>', false, 'markup'],
  ])('%j -> %s (%s)', (value, expected) => {
    expect(isValidPersonName(value)).toBe(expected)
  })
})

describe('initials', () => {
  it.each([
    ['ismail ışık', 'İI', 'Turkish upper case: i -> İ, ı -> I'],
    ['ayşe gül yılmaz demir', 'AGY', 'at most three words'],
    ['  çağla   öz ', 'ÇÖ', 'extra spaces'],
    ['ilker', 'İ', 'one word'],
    ['', '', 'empty'],
  ])('%j -> %j (%s)', (name, expected) => {
    expect(initials(name)).toBe(expected)
  })

  it('property: never more than 3 characters for letter-only words', () => {
    fc.assert(fc.property(fc.array(fc.stringMatching(/^[a-zçğıöşü]{1,8}$/), { maxLength: 6 }), (words) => [...initials(words.join(' '))].length <= 3))
  })
})

describe('Turkish mobile numbers', () => {
  it.each([
    ['05321234567', '+905321234567'],
    ['5321234567', '+905321234567'],
    ['+90 532 123 45 67', '+905321234567'],
    ['+90 (532) 123-45-67', '+905321234567'],
    ['0090 532 123 4567', '+905321234567'],
    ['90 532 123 45 67', '+905321234567'],
    ['+90 (0532) 123 45 67', '+905321234567'],
    ['0532.123.45.67', '+905321234567'],
    ['02121234567', null], // a landline (Istanbul)
    ['+905321234', null], // too short
    ['+9053212345678', null], // too long
    ['+15321234567', null], // another country
    ['0532123456a', null],
    ['', null],
  ])('%j -> %j', (value, expected) => {
    expect(normalizeTrMobile(value)).toBe(expected)
    expect(isValidTrMobile(value)).toBe(expected !== null)
  })

  it('property: every 5xxxxxxxxx number normalises to +905xxxxxxxxx in every accepted spelling', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^5\d{9}$/), fc.constantFrom('', '0', '+90', '+90 ', '0090', '90'), (n, prefix) =>
        normalizeTrMobile(prefix + n) === `+90${n}`,
      ),
    )
  })
})
