import { hash, verify } from '@node-rs/argon2'
import { randomInt } from 'node:crypto'

/** argon2id with the parameters of SECURITY.md, set explicitly (Algorithm.Argon2id is 2). */
export const ARGON2_PARAMS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1, outputLen: 32 } as const

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_PARAMS)
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password)
  } catch {
    return false
  }
}

/** True when a stored hash was made with weaker parameters than ours (re-hash at next login). */
export function needsRehash(stored: string): boolean {
  const m = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(stored)
  if (!m) return true
  return Number(m[1]) < ARGON2_PARAMS.memoryCost || Number(m[2]) < ARGON2_PARAMS.timeCost || Number(m[3]) !== ARGON2_PARAMS.parallelism
}

const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ'
const LOWER = 'abcdefghijkmnopqrstuvwxyz'
const DIGIT = '23456789'
// Specials a shell leaves alone, quoted or not: printed passwords are pasted into terminals and curl
// commands (no $ & ! ` ' " \ * ? # ~ = ^ ; | < > ( ) [ ] { } or space). 65 symbols: 20 characters
// carry about 120 bits.
const SPECIAL = '-_.,:@%+'

/** A random password from a CSPRNG meeting the very-complex policy (upper, lower, digit, special). */
export function randomPassword(length = 20): string {
  const all = UPPER + LOWER + DIGIT + SPECIAL
  const chars = [UPPER, LOWER, DIGIT, SPECIAL].map((set) => set[randomInt(set.length)]!)
  while (chars.length < length) chars.push(all[randomInt(all.length)]!)
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1)
    ;[chars[i], chars[j]] = [chars[j]!, chars[i]!]
  }
  return chars.join('')
}
