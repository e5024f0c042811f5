import { REQUEST_TIMEOUT_MS } from '../../domain/constants.ts'
import { PERMISSIONS_STAMP_HEADER } from '../../domain/permissions.ts'
import { runtimeConfig } from '../config.ts'
import { i18n } from '../i18n/index.ts'
import { logToServer, setLogHeaders } from '../log/capture.ts'
import { getItem } from '../storage.ts'
import { ApiError } from './errors.ts'

export type CallOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  body?: unknown
  query?: Record<string, string>
  /** Adds companyId, sessionId and role_name (spec 7.1). */
  authenticated?: boolean
  /** Keeps one transaction id across the calls of one flow. */
  transactionId?: string
  headers?: Record<string, string>
  signal?: AbortSignal
  /** Another service's base path (e.g. the payment service); the API base by default. */
  base?: string
}

function timezone(): string {
  return getItem('timezone') ?? Intl.DateTimeFormat().resolvedOptions().timeZone ?? 'Europe/Istanbul'
}

/** The spec's headers (7.1). */
export function specHeaders(opts: Pick<CallOptions, 'authenticated' | 'transactionId'>, encrypted: boolean): Record<string, string> {
  const requestId = crypto.randomUUID()
  const headers: Record<string, string> = {
    locale: i18n.locale || 'tr',
    timezone: timezone(),
    clientIP: getItem('clientIP') ?? '',
    encrypted: String(encrypted),
    requestId,
    transactionId: opts.transactionId ?? requestId,
    trxType: 'FRM',
  }
  if (opts.authenticated) {
    headers.companyId = getItem('companyId') ?? ''
    headers.sessionId = getItem('sessionId') ?? ''
    headers.role_name = getItem('activeRole') ?? ''
  }
  return headers
}

// the log route gets the same headers (trxType among them)
setLogHeaders(() => specHeaders({}, false))

async function envelope() {
  return import('../../lib/envelope.ts')
}

let stampListener: ((stamp: string) => void) | null = null

/**
 * Hears the `permissions-stamp` of every signed-in answer, failures included (the session flow
 * re-fetches the permissions when the stamp no longer matches the ones it holds).
 */
export function onPermissionsStamp(listener: ((stamp: string) => void) | null) {
  stampListener = listener
}

function noteStamp(headers: Headers | undefined) {
  const stamp = headers?.get(PERMISSIONS_STAMP_HEADER)
  if (stamp && stampListener) stampListener(stamp)
}

const unauthorizedListeners = new Set<() => void>()

/**
 * Hears an authenticated call refused with 401 UNAUTHORIZED: the session no longer exists on the
 * server (the user was suspended or removed, or it was ended elsewhere). Other 401s (LOCKED, a
 * failed unlock, an expiry) are the session machine's own transitions. The session flow listens,
 * so that any page's next request takes the tab to sign-in.
 */
export function onUnauthorized(listener: () => void): () => void {
  unauthorizedListeners.add(listener)
  return () => { unauthorizedListeners.delete(listener) }
}

/** Calls the API: the spec's headers, the optional body envelope, 60 s timeout, typed failures. */
export async function call<T>(path: string, opts: CallOptions = {}): Promise<T> {
  const encrypted = runtimeConfig.encryptRequests && !!runtimeConfig.envelopeKey
  const key = runtimeConfig.envelopeKey ?? ''
  const env = encrypted ? await envelope() : null
  const hasBody = opts.body !== undefined
  const method = opts.method ?? (hasBody ? 'POST' : 'GET')
  const base = opts.base ?? runtimeConfig.apiBase
  // the query's values, encoded (a value left undefined is left out, as ofetch did)
  const query = new URLSearchParams(Object.entries(opts.query ?? {}).filter(([, v]) => v !== undefined && v !== null)).toString()
  const url = base + path + (query ? `${path.includes('?') ? '&' : '?'}${query}` : '')
  const init: RequestInit = {
    method,
    credentials: 'same-origin',
    // 60 s unless the caller brings its own signal (as ofetch did)
    signal: opts.signal ?? AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    headers: {
      ...specHeaders(opts, encrypted),
      ...(hasBody ? { 'content-type': encrypted ? 'text/plain' : 'application/json' } : {}),
      ...opts.headers,
    },
    ...(hasBody ? { body: env ? env.sealJson(opts.body, key) : JSON.stringify(opts.body) } : {}),
  }
  const decode = (text: string, headers: Headers): unknown => {
    if (!text) return null
    if (headers.get('encrypted') === 'true' && env) return env.openJson(text, key)
    return JSON.parse(text)
  }
  let response: Response
  let text: string
  try {
    response = await fetch(url, init)
    text = await response.text()
  } catch (error) {
    reportFailedCall(method, base + path, undefined, error)
    throw new ApiError((error as Error).name === 'TimeoutError' ? 'timeout' : 'network', null, null, null)
  }
  noteStamp(response.headers)
  // a status below 400 is an answer (a 304 too), as it was with ofetch
  if (response.status < 400) return decode(text, response.headers) as T
  reportFailedCall(method, base + path, response.status, null)
  let body: { code?: unknown; message?: unknown } | null
  try {
    body = decode(text, response.headers) as { code?: unknown; message?: unknown } | null
  } catch {
    body = null
  }
  if (opts.authenticated && response.status === 401 && body?.code === 'UNAUTHORIZED') for (const listener of unauthorizedListeners) listener()
  throw new ApiError(
    'http',
    response.status,
    typeof body?.code === 'string' ? body.code : null,
    typeof body?.message === 'string' ? body.message : null,
    body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : null,
  )
}

/** A failed call goes to the log route (method, path, status; never a body); aborted calls are not failures. */
function reportFailedCall(method: string, path: string, status: number | undefined, error: unknown) {
  const name = (error as { name?: string } | null)?.name
  if (status === undefined && name === 'AbortError') return
  logToServer(status !== undefined && status < 500 ? 'warn' : 'error', `API call failed: ${method} ${path} ${status ?? name}`)
}

/**
 * A binary call (spec 7.3 images, uploads): the spec's headers and session headers, a raw body
 * (never enveloped), the answer as a Blob. Failures are ApiErrors as with `call`; a 404 is not
 * logged when `quietNotFound` (an image that does not exist is an answer, not a failure).
 */
export async function callBlob(path: string, opts: { method?: 'GET' | 'POST' | 'DELETE'; body?: Blob; signal?: AbortSignal; quietNotFound?: boolean } = {}): Promise<Blob> {
  const method = opts.method ?? (opts.body ? 'POST' : 'GET')
  const headers: Record<string, string> = specHeaders({ authenticated: true }, false)
  if (opts.body) headers['content-type'] = opts.body.type || 'application/octet-stream'
  let response: Response
  try {
    response = await fetch(runtimeConfig.apiBase + path, {
      method, headers, body: opts.body, credentials: 'same-origin', cache: 'no-cache', signal: opts.signal ?? AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    })
  } catch (error) {
    reportFailedCall(method, runtimeConfig.apiBase + path, undefined, error)
    throw new ApiError((error as Error).name === 'TimeoutError' ? 'timeout' : 'network', null, null, null)
  }
  if (response.ok) return response.blob()
  if (!(opts.quietNotFound && response.status === 404)) logToServer(response.status < 500 ? 'warn' : 'error', `API call failed: ${method} ${runtimeConfig.apiBase + path} ${response.status}`)
  const body = (await response.json().catch(() => null)) as { code?: unknown; message?: unknown } | null
  throw new ApiError('http', response.status, typeof body?.code === 'string' ? body.code : null, typeof body?.message === 'string' ? body.message : null,
    body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : null)
}
