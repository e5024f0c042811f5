import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { makeOrderId, ORDER_ID_PATTERN } from '../../src/domain/index.ts'

describe('makeOrderId', () => {
  it.each([
    ['2026-06-15T09:00:00Z', 0, 'KEM20260615425669100', 'lowest suffix'],
    ['2026-06-15T09:00:00Z', 0.999999, 'KEM20260615425669999', 'highest suffix'],
    ['2026-06-15T09:00:00Z', 0.5, 'KEM20260615425669550', 'middle'],
    ['2026-06-14T21:30:00Z', 0, 'KEM20260615425669100', '00:30 in Istanbul is already the 15th'],
    ['2026-06-14T20:59:59Z', 0, 'KEM20260614425669100', '23:59 in Istanbul is still the 14th'],
    ['2025-12-31T21:00:00Z', 0, 'KEM20260101425669100', 'new year in Istanbul'],
  ])('%s random=%d -> %s (%s)', (iso, r, expected) => {
    expect(makeOrderId('4256 6912 3456 7890', new Date(iso), () => r)).toBe(expected)
  })

  it('clamps an out-of-range random function into 100..999', () => {
    expect(makeOrderId('4256691234567890', new Date('2026-01-01T12:00:00Z'), () => 1).slice(-3)).toBe('999')
    expect(makeOrderId('4256691234567890', new Date('2026-01-01T12:00:00Z'), () => -5).slice(-3)).toBe('100')
    expect(makeOrderId('4256691234567890', new Date('2026-01-01T12:00:00Z'), () => Number.NaN).slice(-3)).toBe('100')
  })

  it('refuses fewer than 6 card digits and invalid dates', () => {
    expect(() => makeOrderId('42566', new Date())).toThrow(RangeError)
    expect(() => makeOrderId('4256691234567890', new Date(Number.NaN))).toThrow(RangeError)
  })

  it('property: always KEM + 8 date digits + first 6 card digits + 100..999', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{6,19}$/),
        fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (card, now, r) => {
          const id = makeOrderId(card, now, () => r)
          const suffix = Number(id.slice(-3))
          return ORDER_ID_PATTERN.test(id) && id.length === 20 && id.slice(11, 17) === card.slice(0, 6) && suffix >= 100 && suffix <= 999
        },
      ),
    )
  })
})
