import { createHash, timingSafeEqual } from 'node:crypto'

/**
 * NestPay "ver3" hashing (the Turkish banks' Payten/Asseco 3D gate, also used by the bank
 * simulator): the parameters sorted by name (case-insensitive), every value escaped ('\' -> '\\',
 * '|' -> '\|'), joined with '|', then '|' and the escaped store key; SHA-512, base64.
 */
const NOT_HASHED = new Set(['hash', 'encoding', 'countdown'])

export function escapeHashValue(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/\|/g, '\\|')
}

export function hashPlainText(params: Readonly<Record<string, string>>, storeKey: string): string {
  const keys = Object.keys(params)
    .filter((k) => !NOT_HASHED.has(k.toLowerCase()))
    .sort((a, b) => {
      const x = a.toLowerCase()
      const y = b.toLowerCase()
      return x < y ? -1 : x > y ? 1 : 0
    })
  return [...keys.map((k) => escapeHashValue(params[k] ?? '')), escapeHashValue(storeKey)].join('|')
}

export function signParams(params: Readonly<Record<string, string>>, storeKey: string): string {
  return createHash('sha512').update(hashPlainText(params, storeKey), 'utf8').digest('base64')
}

/** The received HASH against our own, compared in constant time. */
export function verifyParams(params: Readonly<Record<string, string>>, storeKey: string): boolean {
  const received = params.HASH ?? params.hash ?? ''
  if (!/^[A-Za-z0-9+/=]{1,200}$/.test(received)) return false
  const expected = Buffer.from(signParams(params, storeKey), 'utf8')
  const actual = Buffer.from(received, 'utf8')
  return expected.length === actual.length && timingSafeEqual(expected, actual)
}
