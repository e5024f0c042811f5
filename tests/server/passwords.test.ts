import { describe, expect, it } from 'vitest'
import { checkPassword, DEFAULT_PASSWORD_POLICY } from '../../src/domain/password.ts'
import { randomPassword } from '../../src/server/services/passwords.ts'

describe('generated passwords (printed once at the first start, pasted into shells)', () => {
  const samples = Array.from({ length: 3000 }, () => randomPassword())

  it('contain no character a shell would interpret, quoted or not', () => {
    for (const p of samples) {
      expect(p).toHaveLength(20)
      expect(p).toMatch(/^[A-Za-z0-9\-_.,:@%+]+$/)
      expect(p).not.toMatch(/[$&!`'"\\*?#~=^;|<>()[\]{}\s]/)
    }
  })

  it('meet the very-complex default policy', () => {
    for (const p of samples.slice(0, 300)) expect(checkPassword(p, DEFAULT_PASSWORD_POLICY).failures).toEqual([])
  })

  it('carry at least 100 bits (20 characters of the alphabet)', () => {
    const alphabet = new Set(samples.join(''))
    expect(alphabet.size).toBeGreaterThanOrEqual(64)
    expect(20 * Math.log2(alphabet.size)).toBeGreaterThanOrEqual(100)
  })
})
