/**
 * The API client (src/web/api/client.ts) on the browser's fetch (issue 23 goal 2: it no longer
 * loads ofetch): the address and query it asks, what it sends, the answer it gives back, and the
 * failures it turns into ApiErrors, as the client did on ofetch.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { call, onUnauthorized } from '../../src/web/api/client.ts'
import { ApiError } from '../../src/web/api/errors.ts'

type Seen = { url: string; init: RequestInit }
function answer(respond: (seen: Seen) => Response | Promise<Response>) {
  const seen: Seen[] = []
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => {
    seen.push({ url, init })
    return respond({ url, init })
  }))
  return seen
}
const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(body === null ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } })

afterEach(() => { vi.unstubAllGlobals() })

describe('the API client on fetch', () => {
  it('asks the API base with the query (undefined values left out) and gives the JSON answer', async () => {
    const seen = answer(() => json(200, [{ value: '34', name: 'İstanbul' }]))
    const cities = await call<unknown>('/lookup/cities', { query: { countryCode: 'TR', q: 'a b&c', none: undefined as unknown as string } })
    expect(cities).toEqual([{ value: '34', name: 'İstanbul' }])
    expect(seen[0]!.url).toBe('/api/v1/lookup/cities?countryCode=TR&q=a+b%26c')
    expect(seen[0]!.init.method).toBe('GET')
    expect(seen[0]!.init.credentials).toBe('same-origin')
    expect(seen[0]!.init.signal).toBeInstanceOf(AbortSignal)
    expect((seen[0]!.init.headers as Record<string, string>).trxType).toBe('FRM')
  })

  it('sends a body as JSON with its content type (POST by default), and takes an empty answer as null', async () => {
    const seen = answer(() => new Response(null, { status: 204 }))
    expect(await call('/x', { body: { a: 1 } })).toBeNull()
    expect(seen[0]!.init.method).toBe('POST')
    expect(seen[0]!.init.body).toBe('{"a":1}')
    expect((seen[0]!.init.headers as Record<string, string>)['content-type']).toBe('application/json')
  })

  it('a status below 400 is an answer (304 too, as with ofetch); 400 and up an ApiError with the body\'s code, message and details', async () => {
    answer(() => new Response(null, { status: 304 }))
    expect(await call('/x')).toBeNull()
    answer(() => json(401, { code: 'LOCKED', message: 'Kilitli', lockedUntil: 'soon' }))
    const error = await call('/auth', { body: {} }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ kind: 'http', status: 401, code: 'LOCKED', serverMessage: 'Kilitli' })
    expect((error as ApiError).details).toMatchObject({ lockedUntil: 'soon' })
    answer(() => new Response('not json', { status: 502 }))
    expect(await call('/x').catch((e: unknown) => e)).toMatchObject({ kind: 'http', status: 502, code: null })
  })

  it('tells the 401 listener when an authenticated call finds its session gone', async () => {
    const heard = vi.fn()
    const stop = onUnauthorized(heard)
    answer(() => json(401, { code: 'UNAUTHORIZED' }))
    await call('/x', { authenticated: true }).catch(() => {})
    answer(() => json(401, { code: 'LOCKED' }))
    await call('/x', { authenticated: true }).catch(() => {})
    stop()
    expect(heard).toHaveBeenCalledTimes(1)
  })

  it('a network failure is kind network, a timeout kind timeout; a caller\'s signal replaces the timeout', async () => {
    answer(() => { throw new TypeError('Failed to fetch') })
    expect(await call('/x').catch((e: unknown) => e)).toMatchObject({ kind: 'network', status: null })
    answer(() => { throw new DOMException('The operation timed out.', 'TimeoutError') })
    expect(await call('/x').catch((e: unknown) => e)).toMatchObject({ kind: 'timeout' })
    const controller = new AbortController()
    const seen = answer(() => json(200, {}))
    await call('/x', { signal: controller.signal })
    expect(seen[0]!.init.signal).toBe(controller.signal)
  })
})
