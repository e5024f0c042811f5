import { promisify } from 'node:util'
import { gzip, gzipSync } from 'node:zlib'
import type { MiddlewareHandler } from 'hono'
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/compress'
import { parseAccept } from 'hono/utils/accept'

/**
 * gzip for the app's answers, applied to the finished Response outside Hono's context (the app's
 * `fetch` is wrapped): setting `c.res` a second time inside a middleware turns the answer into a
 * stream (Hono re-wraps it, @hono/node-server then pipes it), which was a fifth of the session
 * check's cost (docs/benchmarks.md).
 * - JSON and plain-text answers (built in memory: the API's answers, sealed envelopes) are
 *   compressed in one go when they reach `threshold` bytes; smaller ones go out as they are
 *   (hono's compress middleware gzipped every JSON answer: without a Content-Length it cannot see
 *   the threshold). The text of a `c.json` answer is known (rememberJsonText), so it is not read
 *   back from the Response, which would build a web stream around it.
 * - Other compressible types (pages, CSV exports) are streamed through a CompressionStream.
 * - Nothing is touched for HEAD, 204/206/304, answers already encoded or marked `no-transform`.
 */
const NO_TRANSFORM = /(?:^|,)\s*?no-transform\s*?(?:,|$)/i
const VARY_ACCEPT_ENCODING = /(?:^|,)\s*accept-encoding\s*(?:,|$)/i
const IN_MEMORY_TYPE = /^\s*(?:application\/json|text\/plain)(?:[;\s]|$)/i
/** Above this, compression goes to the thread pool instead of blocking the event loop. */
const SYNC_MAX_BYTES = 64 * 1024
const gzipAsync = promisify(gzip)
/** Small inputs need no large window or hash table: a third less work, the same output below 4 KiB. */
const SMALL_INPUT = 4096
const SMALL_OPTIONS = { windowBits: 12, memLevel: 4 }

/** The JSON text of answers made by c.json (for clients that accept gzip). */
const jsonTexts = new WeakMap<Response, string>()

/**
 * Makes `c.json` remember the text of the answer it builds (the text hono's c.json builds:
 * JSON.stringify of the same value), for gzipAnswer. Only for clients that accept gzip.
 */
export function rememberJsonText(): MiddlewareHandler {
  return async (c, next) => {
    if (acceptsGzip(c.req.header('accept-encoding'))) {
      const json = c.json as (object: unknown, ...rest: unknown[]) => Response
      c.json = ((object: unknown, ...rest: unknown[]) => {
        const res = json(object, ...rest)
        jsonTexts.set(res, JSON.stringify(object))
        return res
      }) as typeof c.json
    }
    await next()
  }
}

export function acceptsGzip(header: string | null | undefined): boolean {
  if (!header) return false
  const accepts = parseAccept(header)
  const explicit = accepts.find((a) => a.type.toLowerCase() === 'gzip')
  return (explicit ? explicit.q : accepts.find((a) => a.type === '*')?.q ?? 0) > 0
}

type Fetch = (request: Request, ...rest: never[]) => Response | Promise<Response>

export async function gzipAnswer(request: Request, res: Response, threshold: number): Promise<Response> {
  const status = res.status
  if (request.method === 'HEAD' || status === 204 || status === 206 || status === 304) return res
  const headers = res.headers
  if (headers.has('content-encoding') || headers.has('transfer-encoding')) return res
  const type = headers.get('content-type')
  if (!type || !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type) || NO_TRANSFORM.test(headers.get('cache-control') ?? '')) return res
  const length = headers.get('content-length')
  if (length !== null && Number(length) < threshold) return res
  const text = jsonTexts.get(res)
  // a UTF-16 unit takes at most three bytes in UTF-8
  if (text !== undefined && text.length * 3 < threshold) return res
  const known = text === undefined ? undefined : Buffer.from(text)
  if (known && known.byteLength < threshold) return res
  const vary = headers.get('vary')
  if (vary !== '*' && !(vary && VARY_ACCEPT_ENCODING.test(vary))) headers.set('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding')
  if (!acceptsGzip(request.headers.get('accept-encoding'))) return res
  const etag = headers.get('etag')
  if (IN_MEMORY_TYPE.test(type)) {
    const plain = known ?? new Uint8Array(await res.arrayBuffer())
    if (plain.byteLength < threshold) return new Response(plain, { status, headers })
    const zipped = plain.byteLength <= SMALL_INPUT ? gzipSync(plain, SMALL_OPTIONS) : plain.byteLength <= SYNC_MAX_BYTES ? gzipSync(plain) : await gzipAsync(plain)
    headers.set('content-encoding', 'gzip')
    headers.delete('content-length')
    if (etag && !etag.startsWith('W/')) headers.set('etag', `W/${etag}`)
    return new Response(new Uint8Array(zipped.buffer, zipped.byteOffset, zipped.byteLength), { status, headers })
  }
  if (!res.body) return res
  headers.set('content-encoding', 'gzip')
  headers.delete('content-length')
  if (etag && !etag.startsWith('W/')) headers.set('etag', `W/${etag}`)
  return new Response(res.body.pipeThrough(new CompressionStream('gzip')), { status, headers })
}

/** Wraps an app's `fetch` (and so its `request`, which calls it) with gzipAnswer. */
export function withGzip<T extends { fetch: Fetch }>(app: T, threshold: number): T {
  const inner = app.fetch
  app.fetch = (async (request: Request, ...rest: never[]) => gzipAnswer(request, await inner(request, ...rest), threshold)) as T['fetch']
  return app
}
