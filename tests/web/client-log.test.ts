import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

type Shipper = typeof import('../../src/web/log/shipper.ts')
const headers = () => ({ trxType: 'FRM', requestId: 'r-1', locale: 'tr' })

let fetchMock: ReturnType<typeof vi.fn>
let shipper: Shipper

beforeEach(async () => {
  vi.useFakeTimers()
  fetchMock = vi.fn(async () => new Response('{"ok":true}', { status: 202 }))
  vi.stubGlobal('fetch', fetchMock)
  vi.resetModules()
  shipper = await import('../../src/web/log/shipper.ts')
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

function sent(i: number) {
  const [url, init] = fetchMock.mock.calls[i] as [string, RequestInit]
  const form = init.body as FormData
  return { url, init, severity: form.get('severity'), data: JSON.parse(String(form.get('data'))) as { entries: Array<{ severity: string; message: string }>; dropped?: number } }
}

describe('browser log shipper (POST /log/log.json)', () => {
  it('sends a batch 5 s after its first entry, as the spec\'s multipart form with the spec\'s headers, card numbers redacted', () => {
    shipper.enqueue('warn', 'API call failed: GET /api/v1/client/info 404', headers)
    shipper.enqueue('error', 'TypeError: boom for card 4036 6600 0000 1231 and 4036660000001231')
    vi.advanceTimersByTime(4999)
    expect(fetchMock).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(fetchMock).toHaveBeenCalledTimes(1)
    const { url, init, severity, data } = sent(0)
    expect(url).toBe('/api/v1/log/log.json')
    expect(init.method).toBe('POST')
    expect(init.headers).toMatchObject({ trxType: 'FRM' })
    expect(severity).toBe('error')
    expect(data.entries.map((e) => e.severity)).toEqual(['warn', 'error'])
    expect(data.entries[1]!.message).toBe('TypeError: boom for card [redacted] and [redacted]')
    expect(JSON.stringify(data)).not.toMatch(/4036/)
  })

  it('sends at once when 10 entries are queued', () => {
    for (let i = 0; i < 10; i++) shipper.enqueue('warn', `entry ${i}`, headers)
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(sent(0).severity).toBe('warn')
    expect(sent(0).data.entries).toHaveLength(10)
  })

  it('sends at most 20 entries a minute per tab and says how many it dropped', () => {
    for (let i = 0; i < 25; i++) shipper.enqueue('error', `entry ${i}`, headers)
    expect(fetchMock).toHaveBeenCalledTimes(2)
    vi.advanceTimersByTime(5000)
    expect(fetchMock).toHaveBeenCalledTimes(2)
    vi.advanceTimersByTime(60_000)
    shipper.enqueue('error', 'after a minute', headers)
    vi.advanceTimersByTime(5000)
    expect(fetchMock).toHaveBeenCalledTimes(3)
    expect(sent(2).data).toEqual({ entries: [expect.objectContaining({ message: 'after a minute' })], dropped: 5 })
  })

  it('sends what is left with keepalive when the page goes away', () => {
    shipper.enqueue('error', 'last words', headers)
    window.dispatchEvent(new Event('pagehide'))
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(sent(0).init.keepalive).toBe(true)
    vi.advanceTimersByTime(5000)
    expect(fetchMock).toHaveBeenCalledTimes(1)
  })

  it('cuts long messages so a batch fits the route\'s limit', () => {
    for (let i = 0; i < 10; i++) shipper.enqueue('error', 'x'.repeat(5000), headers)
    for (let i = 0; i < 10; i++) shipper.enqueue('error', '"\n'.repeat(2000), headers)
    expect(fetchMock).toHaveBeenCalledTimes(2)
    for (const i of [0, 1]) {
      const data = String((sent(i).init.body as FormData).get('data'))
      expect(data.length).toBeLessThanOrEqual(8192)
      expect(JSON.parse(data).entries).toHaveLength(10)
    }
  })
})

describe('error capture', () => {
  it('ships uncaught errors and unhandled rejections through the lazily loaded shipper', async () => {
    const capture = await import('../../src/web/log/capture.ts')
    capture.setLogHeaders(headers)
    capture.captureErrors()
    window.dispatchEvent(new ErrorEvent('error', { error: new Error('kaboom'), message: 'kaboom' }))
    const rejection = new Event('unhandledrejection') as Event & { reason?: unknown }
    rejection.reason = new Error('nobody caught me')
    window.dispatchEvent(rejection)
    await vi.dynamicImportSettled()
    vi.advanceTimersByTime(5000)
    expect(fetchMock).toHaveBeenCalledTimes(1)
    const messages = sent(0).data.entries.map((e) => e.message.split('\n')[0])
    expect(messages).toEqual(['Error: kaboom', 'Unhandled rejection: Error: nobody caught me'])
    expect(sent(0).init.headers).toMatchObject({ trxType: 'FRM' })
  })
})
