import { describe, expect, it } from 'vitest'
import { formatMoney, formatNumber, formatPercent } from '../../src/domain/money.ts'

const NBSP = '\u00a0'

describe('formatMoney: the one way to write an amount', () => {
  it('writes Turkish the Turkish way: lira sign first, dot thousands, comma decimals', () => {
    expect(formatMoney(14375, 'TRY', 'tr')).toBe('₺14.375,00')
    expect(formatMoney('14375.00', 'TRY', 'tr')).toBe('₺14.375,00') // the server's decimal text
    expect(formatMoney('250.00', 'TRY', 'tr')).toBe('₺250,00')
    expect(formatMoney(1, 'TRY', 'tr')).toBe('₺1,00')
    expect(formatMoney(1234567.891, 'TRY', 'tr')).toBe('₺1.234.567,89')
    expect(formatMoney(2235, 'TRY', 'tr', { fractionDigits: 0 })).toBe('₺2.235')
    expect(formatMoney(30000, 'EUR', 'tr', { fractionDigits: 0 })).toBe('€30.000')
    expect(formatMoney(99.5, 'USD', 'tr')).toBe('$99,50')
  })

  it('follows the locale in English and Russian', () => {
    expect(formatMoney(14375, 'TRY', 'en')).toBe(`TRY${NBSP}14,375.00`)
    expect(formatMoney(2235, 'TRY', 'en', { fractionDigits: 0 })).toBe(`TRY${NBSP}2,235`)
    expect(formatMoney(30000, 'EUR', 'en', { fractionDigits: 0 })).toBe('€30,000')
    expect(formatMoney(1234.5, 'TRY', 'ru')).toBe(`1${NBSP}234,50${NBSP}TRY`)
    expect(formatMoney(30000, 'EUR', 'ru', { fractionDigits: 0 })).toBe(`30${NBSP}000${NBSP}€`)
  })

  it('writes a currency that is not an ISO code after the number, and nothing for what is not a number', () => {
    expect(formatMoney(1250.5, '949', 'tr')).toBe(`1.250,50${NBSP}949`)
    expect(formatMoney(1250.5, '', 'tr')).toBe('1.250,50')
    expect(formatMoney(12, 'try', 'tr')).toBe('₺12,00') // a typed lower-case code is still the lira
    expect(formatMoney('abc', 'TRY', 'tr')).toBe('')
    expect(formatMoney('', 'TRY', 'tr')).toBe('')
    expect(formatMoney(Number.NaN, 'TRY', 'tr')).toBe('')
  })

  it('falls back to Turkish for an empty or unknown language tag', () => {
    expect(formatMoney(14375, 'TRY', '')).toBe('₺14.375,00')
    expect(formatMoney(14375, 'TRY', 'not a tag!')).toBe('₺14.375,00')
  })
})

describe('formatNumber and formatPercent', () => {
  it('write numbers and shares in the language', () => {
    expect(formatNumber(150000, 'tr')).toBe('150.000')
    expect(formatNumber(150000, 'en')).toBe('150,000')
    expect(formatNumber(0.5, 'tr', { maximumFractionDigits: 2 })).toBe('0,5')
    expect(formatPercent(0.25, 'tr')).toBe('%25')
    expect(formatPercent(0.25, 'en')).toBe('25%')
    expect(formatPercent(0.125, 'tr', { maximumFractionDigits: 1 })).toBe('%12,5')
  })
})
