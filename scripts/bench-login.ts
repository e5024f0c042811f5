/**
 * Sign-in latency on PGlite with the argon2id parameters in use: the real app (in process),
 * N sequential POST /auth/login calls, p50 and p95, for a right and a wrong password.
 */
import { createApp } from '../src/server/app.ts'
import { loadConfig } from '../src/server/config.ts'
import { openDatabase } from '../src/server/db/client.ts'
import { seedFirstCompany, seedReferenceData } from '../src/server/db/seed.ts'
import { createLogger } from '../src/server/services/logger.ts'
import { ARGON2_PARAMS } from '../src/server/services/passwords.ts'

const N = Number(process.env.BENCH_LOGINS ?? 40)
const PASSWORD = 'Bench-Parola-2026!x'

const database = await openDatabase({ dataDir: 'memory://' })
await database.migrate()
await seedReferenceData(database.db)
await seedFirstCompany(database.db, { username: 'admin', password: PASSWORD, email: 'admin@example.com' })
// each call from its own address (through a trusted proxy), so that the per-IP throttle stays out of the figures
const config = { ...loadConfig({ NODE_ENV: 'production' }), mailCatcher: false, cookieSecure: false, trustProxy: 'all' as const }
const app = createApp({ db: database.db, config, logger: createLogger('silent') })

async function timed(password: string): Promise<number[]> {
  const times: number[] = []
  for (let i = 0; i < N; i++) {
    const started = performance.now()
    const res = await app.request(`${config.apiBase}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', trxType: 'FRM', 'x-forwarded-for': `10.0.${i}.1` },
      body: JSON.stringify({ username: 'admin', password }),
    })
    await res.arrayBuffer()
    times.push(performance.now() - started)
    if (password === PASSWORD && res.status !== 200) throw new Error(`login answered ${res.status}`)
  }
  return times.sort((a, b) => a - b)
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!.toFixed(1)
await timed(PASSWORD) // warm-up
const ok = await timed(PASSWORD)
const wrong = await timed('yanlis-parola')
console.log(`\nSign-in latency on PGlite, argon2id m=${ARGON2_PARAMS.memoryCost} KiB t=${ARGON2_PARAMS.timeCost} p=${ARGON2_PARAMS.parallelism}, ${N} sequential calls`)
console.log(`right password: p50 ${pct(ok, 50)} ms, p95 ${pct(ok, 95)} ms`)
console.log(`wrong password: p50 ${pct(wrong, 50)} ms, p95 ${pct(wrong, 95)} ms`)
await database.close()
