/**
 * The audit log's person picker at 100,000 users (issue 25 item 7): GET /audit/people?q= through the
 * real app (in process, a signed-in superadmin) over what people type into it (parts of names with
 * Turkish letters, usernames, e-mail starts, a full name, one and two letters, a miss), p50 and p95.
 * On PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set (a fresh database, dropped
 * afterwards), else on in-memory PGlite. BENCH_ROWS changes the user count. Run:
 * `node scripts/bench-people.ts`.
 */
import { sql } from 'drizzle-orm'
import { openBenchDatabase, seedBenchCompany, signedInApp } from './bench-db.ts'

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000)
const RUNS = Number(process.env.BENCH_RUNS ?? 5)
const { database, drop } = await openBenchDatabase('ke_bench_people')

const QUERIES = ['ay', 'yılmaz', 'şahin12', 'öztürk4', 'zeynep', 'kullanici777', 'kullanici4242@', 'ayşe doğan', 'mehmet.k', 'xq-yok-boyle',
  'ömer', 'arslan31', 'demir100', 'el', 'kaya9', '12345']

try {
  await seedBenchCompany(database)
  const db = database.db
  await db.execute(sql`insert into app_user (company_id, username, first_name, last_name, email, password_hash, status, national_id)
    select c.id, 'kullanici' || g, (array['Ayşe','Mehmet','Zeynep','Burak','Elif','Ömer','Şule','İlker'])[1 + g % 8],
      (array['Yılmaz','Demir','Kaya','Çelik','Şahin','Öztürk','Arslan','Doğan'])[1 + (g / 8) % 8] || g,
      'kullanici' || g || '@example.com', 'x', (array['active','active','active','suspended','removed'])[1 + g % 5],
      lpad((10000000000 + g * 7919)::text, 11, '1')
    from generate_series(1, ${ROWS}) g, (select id from company limit 1) c`)
  await db.execute(sql`analyze app_user`)
  const { app, config, cookie } = await signedInApp(database)
  const times: number[] = []
  const per: string[] = []
  for (const q of QUERIES) {
    const path = `${config.apiBase}/audit/people?q=${encodeURIComponent(q)}`
    await app.request(path, { headers: { cookie, trxType: 'FRM' } })
    const own: number[] = []
    let found = 0
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now()
      const res = await app.request(path, { headers: { cookie, trxType: 'FRM' } })
      const body = (await res.json()) as { items: unknown[] }
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}`)
      own.push(performance.now() - started)
      found = body.items.length
    }
    times.push(...own)
    own.sort((a, b) => a - b)
    per.push(`"${q}" ${own[Math.floor(own.length / 2)]!.toFixed(1)} ms (${found})`)
  }
  times.sort((a, b) => a - b)
  const pct = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))]!
  console.log(`GET /audit/people?q= at ${ROWS.toLocaleString('en')} users on ${database.kind}: p50 ${pct(50).toFixed(1)} ms, p95 ${pct(95).toFixed(1)} ms`)
  console.log(per.join('\n'))
} finally {
  await drop()
}
