/**
 * User list search at 100,000 users (issue 14): GET /user?q= through the real app (in process, a
 * signed-in superadmin) over varied queries (names with Turkish letters, username and e-mail parts,
 * national ID digits, a miss), p50 and p95, first WITHOUT the trigram index (app_user_search_trgm_idx
 * dropped), then WITH it. On PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set (a fresh
 * database, dropped afterwards), else on in-memory PGlite. BENCH_ROWS changes the user count.
 */
import { sql } from 'drizzle-orm'
import { openBenchDatabase, seedBenchCompany, signedInApp } from './bench-db.ts'

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000)
const RUNS = Number(process.env.BENCH_RUNS ?? 5)
const { database, drop } = await openBenchDatabase('ke_bench_users')

/** The search queries: what people type (parts of names, usernames, e-mails, national IDs) and a miss. */
const QUERIES = [
  'yılmaz', 'şahin12', 'öztürk4', 'zeynep', 'kullanici777', 'kullanici4242@', '@example.com', '123450', '98765', 'çelik9',
  'ayşe doğan', 'mehmet.k', 'xq-yok-boyle', 'ömer', 'arslan31', 'elif kaya', 'burak', '5551', 'i̇lker', 'demir100',
]

try {
  await seedBenchCompany(database)
  const db = database.db
  const t0 = performance.now()
  await db.execute(sql`insert into app_user (company_id, username, first_name, last_name, email, password_hash, status, national_id)
    select c.id, 'kullanici' || g, (array['Ayşe','Mehmet','Zeynep','Burak','Elif','Ömer','Şule','İlker'])[1 + g % 8],
      (array['Yılmaz','Demir','Kaya','Çelik','Şahin','Öztürk','Arslan','Doğan'])[1 + (g / 8) % 8] || g,
      'kullanici' || g || '@example.com', 'x', (array['active','active','active','suspended','removed'])[1 + g % 5],
      lpad((10000000000 + g * 7919)::text, 11, '1')
    from generate_series(1, ${ROWS}) g, (select id from company limit 1) c`)
  await db.execute(sql`analyze app_user`)
  console.log(`\nUser list search at ${ROWS.toLocaleString('en')} users on ${database.kind} (rows made in ${Math.round(performance.now() - t0)} ms; ${QUERIES.length} queries x ${RUNS} runs)`)

  const { app, config, cookie } = await signedInApp(database)
  const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!

  const measure = async (label: string) => {
    const times: number[] = []
    const slowest: Array<[string, number, number]> = []
    let hits = 0
    for (const q of QUERIES) {
      const own: number[] = []
      let matched = 0
      const path = `${config.apiBase}/user?q=${encodeURIComponent(q)}`
      await app.request(path, { headers: { cookie, trxType: 'FRM' } }) // warm
      for (let i = 0; i < RUNS; i++) {
        const started = performance.now()
        const res = await app.request(path, { headers: { cookie, trxType: 'FRM' } })
        const body = (await res.json()) as { total: number }
        if (res.status !== 200) throw new Error(`${path} answered ${res.status}`)
        times.push(performance.now() - started)
        own.push(performance.now() - started)
        if (i === 0) { hits += body.total; matched = body.total }
      }
      slowest.push([q, own.sort((a, b) => a - b)[Math.floor(own.length / 2)]!, matched])
    }
    times.sort((a, b) => a - b)
    console.log(`${label.padEnd(34)} p50 ${pct(times, 50).toFixed(1).padStart(7)} ms   p95 ${pct(times, 95).toFixed(1).padStart(7)} ms   (matches over all queries: ${hits})`)
    const top = slowest.sort((a, b) => b[1] - a[1]).slice(0, 4).map(([q, ms, n]) => `"${q}" ${ms.toFixed(0)} ms (${n} matches)`)
    console.log(`${''.padEnd(34)} slowest: ${top.join(', ')}`)
  }

  await db.execute(sql`drop index app_user_search_trgm_idx`)
  await db.execute(sql`analyze app_user`)
  await measure('GET /user?q= without the index')
  const i0 = performance.now()
  await db.execute(sql.raw(`CREATE INDEX "app_user_search_trgm_idx" ON "app_user" USING gin ((lower("username" || ' ' || "first_name" || ' ' || "last_name" || ' ' || coalesce("national_id", ''))) gin_trgm_ops)`))
  await db.execute(sql`analyze app_user`)
  console.log(`trigram index built in ${Math.round(performance.now() - i0)} ms`)
  await measure('GET /user?q= with the trigram index')
} finally {
  await drop()
}
