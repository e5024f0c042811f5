/**
 * What scripts/bench-session.ts and its targets (scripts/bench-session-target.ts) share: the calls
 * measured, the headers a browser sends with them, the in-process run, and the figures.
 */

/** The calls staff make most: the session check, the permissions, a list page. */
export const CALLS = {
  session: { method: 'POST', path: '/auth/checkSessionValidity', label: 'POST /auth/checkSessionValidity', body: '{}' },
  permissions: { method: 'GET', path: '/auth/permissions', label: 'GET /auth/permissions' },
  list: { method: 'GET', path: '/user', label: 'GET /user (first page)' },
} as const satisfies Record<string, { method: 'GET' | 'POST'; path: string; label: string; body?: string }>
export type CallName = keyof typeof CALLS

export type Session = { cookie: string; companyId: string; sessionId: string; role: string }

/**
 * The headers the browser app sends with an authenticated call (src/web/api/client.ts specHeaders,
 * plus what every browser adds): the floor gets the very same request.
 */
export function browserHeaders(session: Session, withBody: boolean): Record<string, string> {
  const requestId = crypto.randomUUID()
  return {
    accept: '*/*',
    'accept-encoding': 'gzip, deflate, br, zstd',
    'accept-language': 'tr-TR,tr;q=0.9,en-US;q=0.8,en;q=0.7',
    'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Safari/537.36',
    origin: 'http://127.0.0.1',
    referer: 'http://127.0.0.1/yonetim/kullanicilar',
    'sec-fetch-site': 'same-origin',
    'sec-fetch-mode': 'cors',
    'sec-fetch-dest': 'empty',
    locale: 'tr',
    timezone: 'Europe/Istanbul',
    clientIP: '',
    encrypted: 'false',
    requestId,
    transactionId: requestId,
    trxType: 'FRM',
    companyId: session.companyId,
    sessionId: session.sessionId,
    role_name: session.role,
    cookie: session.cookie,
    ...(withBody ? { 'content-type': 'application/json' } : {}),
  }
}

/** Requests/s, latency percentiles (ms), non-200 answers, answers; over HTTP also the server's CPU time per request (µs). */
export type Figures = { rps: number; p50: number; p99: number; errors: number; n: number; cpuPerRequest?: number }

/** Latency percentiles (ms) of unsorted samples. */
export function figures(samples: number[], seconds: number, errors: number): Figures {
  const sorted = Float64Array.from(samples).sort()
  const pct = (p: number) => (sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!)
  return { rps: samples.length / seconds, p50: pct(0.5), p99: pct(0.99), errors, n: samples.length }
}

export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b)
  const m = s.length >> 1
  return s.length === 0 ? NaN : s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2
}

export type InProcessRequest = { path: string; method: 'GET' | 'POST'; body?: string; connections: number; seconds: number; sessions: Session[] }

/** `connections` concurrent loops calling the server's fetch directly (no HTTP) until the deadline. */
export async function runInProcess(fetch: (req: Request) => Response | Promise<Response>, req: InProcessRequest): Promise<Figures> {
  const times: number[] = []
  let errors = 0
  const started = performance.now()
  const end = started + req.seconds * 1000
  await Promise.all(Array.from({ length: req.connections }, async (_, i) => {
    const session = req.sessions[i % req.sessions.length]!
    while (performance.now() < end) {
      const t0 = performance.now()
      const res = await fetch(new Request(`http://127.0.0.1${req.path}`, {
        method: req.method, headers: browserHeaders(session, req.body !== undefined), body: req.body ?? null,
      }))
      await res.arrayBuffer()
      times.push(performance.now() - t0)
      if (res.status !== 200) errors++
    }
  }))
  return figures(times, (performance.now() - started) / 1000, errors)
}
