import { msg } from '@lingui/core/macro'
import type { I18n, MessageDescriptor } from '@lingui/core'

/** Spec 8: the error catalogue's fallback texts (Turkish source, exact). */
export const CATALOGUE = {
  UNEXPECTED: /*i18n*/ { id: 'UNEXPECTED' },
  KVT_GATEWAY_ERR4: /*i18n*/ { id: 'KVT_GATEWAY_ERR4' },
  NETWORK: msg`Servise erişim sağlanamadı, internet erişiminizi kontrol ediniz`,
  TECHNICAL: msg`Teknik bir hata oluştu`,
  NOT_FOUND_404: /*i18n*/ { id: 'NOT_FOUND' },
  PASSWORD_EXPIRED: /*i18n*/ { id: 'PASSWORD_EXPIRED' },
  LEVEL_ERROR: /*i18n*/ { id: 'LEVEL_ERROR' },
  // spec 8's English texts are the English translations of these (issue 24 item 6): Turkish and Russian readers read their own language
  SMS_WRONG_CODE: /*i18n*/ { id: 'SMS_CODE_WRONG' },
  SMS_SEND_FAILED: /*i18n*/ { id: 'SMS_SEND_FAILED' },
} as const satisfies Record<string, MessageDescriptor>

/** A failed call, as the client sees it: no response at all, or a status with the server's body. */
export class ApiError extends Error {
  readonly kind: 'network' | 'timeout' | 'http'
  readonly status: number | null
  readonly code: string | null
  readonly serverMessage: string | null
  /** The whole answer body, for the few answers that carry more than `{ code, message }` (401 LOCKED). */
  readonly body: Record<string, unknown> | null
  /** The other fields of the server's error body (e.g. `lockedUntil`, `attemptsLeft`). */
  readonly details: Record<string, unknown>

  constructor(kind: ApiError['kind'], status: number | null, code: string | null, serverMessage: string | null, body: Record<string, unknown> | null = null) {
    super(code ?? kind)
    this.name = 'ApiError'
    this.kind = kind
    this.status = status
    this.code = code
    this.serverMessage = serverMessage
    this.body = body
    const { code: _code, message: _message, ...details } = body ?? {}
    this.details = details
  }
}

/**
 * The text a toast shows for a failure (spec 8): the server's own (already localized) message
 * first; then the catalogue by code; network failures and 404s by their fixed texts; else the
 * client's message or "Teknik bir hata oluştu".
 */
export function errorText(error: unknown, i18n: I18n): string {
  if (error instanceof ApiError) {
    if (error.kind !== 'http') return i18n._(CATALOGUE.NETWORK)
    if (error.serverMessage) return error.serverMessage
    if (error.code === 'UNEXPECTED') return i18n._(CATALOGUE.UNEXPECTED)
    if (error.code === 'KVT_GATEWAY_ERR4') return i18n._(CATALOGUE.KVT_GATEWAY_ERR4)
    if (error.status === 404) return i18n._(CATALOGUE.NOT_FOUND_404)
    if (error.status !== null && error.status >= 500) return i18n._(CATALOGUE.UNEXPECTED)
    return i18n._(CATALOGUE.TECHNICAL)
  }
  return i18n._(CATALOGUE.TECHNICAL)
}
