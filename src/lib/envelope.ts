/**
 * The request/response body envelope of spec 7.1: symmetric encryption, base64 text. It uses
 * crypto-js AES with a passphrase (OpenSSL-compatible "Salted__" format, random salt per message),
 * so every message encrypts differently. It hides bodies from casual inspection only: the key is
 * in the browser bundle, so TLS, not this, is the security boundary.
 */
import AES from 'crypto-js/aes.js'
import Utf8 from 'crypto-js/enc-utf8.js'

export const ENVELOPE_HEADER = 'encrypted'

export function sealJson(value: unknown, key: string): string {
  return AES.encrypt(JSON.stringify(value), key).toString()
}

/** Returns the decrypted JSON value, or throws when the text is not a message sealed with this key. */
export function openJson(text: string, key: string): unknown {
  const trimmed = text.trim()
  if (!/^[A-Za-z0-9+/=\s]+$/.test(trimmed) || trimmed.length < 24) throw new Error('not an envelope')
  let plain: string
  try {
    plain = AES.decrypt(trimmed, key).toString(Utf8)
  } catch {
    throw new Error('not an envelope')
  }
  if (!plain) throw new Error('not an envelope')
  return JSON.parse(plain)
}
