/**
 * List endpoints at 100,000 rows (issue 11): GET /audit and GET /user through the real app (in
 * process, a signed-in superadmin), on PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is
 * set (a fresh database, dropped afterwards), else on in-memory PGlite. Prints p50 and p95 per
 * query shape. BENCH_ROWS changes the row count.
 */
import { sql } from 'drizzle-orm'
import { openBenchDatabase, seedBenchCompany, signedInApp } from './bench-db.ts'

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000)
const RUNS = Number(process.env.BENCH_RUNS ?? 40)
const { database, drop } = await openBenchDatabase('ke_bench')

try {
  await seedBenchCompany(database)
  const db = database.db
  const t0 = performance.now()
  // 100k audit entries over 90 days and 100k users, made by the database itself
  await db.execute(sql`insert into audit_log (company_id, at, actor, action, target, request_id, detail)
    select c.id, now() - (g * interval '77 seconds'), 'user' || (g % 5000),
      (array['auth.login','auth.logout','auth.login.failed','user.reactivated','auth.lock','auth.unlock'])[1 + g % 6],
      md5(g::text), md5((g * 7)::text), jsonb_build_object('ip', '10.0.' || (g % 250) || '.1')
    from generate_series(1, ${ROWS}) g, (select id from company limit 1) c`)
  await db.execute(sql`insert into app_user (company_id, username, first_name, last_name, email, password_hash, status, locked_at)
    select c.id, 'kullanici' || g, (array['Ayşe','Mehmet','Zeynep','Burak','Elif','Ömer','Şule','İlker'])[1 + g % 8],
      (array['Yılmaz','Demir','Kaya','Çelik','Şahin','Öztürk','Arslan','Doğan'])[1 + (g / 8) % 8] || g,
      'kullanici' || g || '@example.com', 'x', (array['active','active','active','suspended','removed'])[1 + g % 5],
      case when g % 97 = 0 then now() else null end
    from generate_series(1, ${ROWS}) g, (select id from company limit 1) c`)
  await db.execute(sql`analyze`)
  console.log(`\nList endpoints at ${ROWS.toLocaleString('en')} rows on ${database.kind} (rows made in ${Math.round(performance.now() - t0)} ms)`)

  const { app, config, cookie } = await signedInApp(database)

  const shapes: Array<[string, string]> = [
    ['audit: first page (newest first)', '/audit'],
    ['audit: page 200 of 20', '/audit?page=200'],
    ['audit: filter by action', '/audit?action=user.reactivated&size=50'],
    ['audit: action prefix + time window', `/audit?action=auth.&from=${new Date(Date.now() - 7 * 86_400_000).toISOString()}`],
    ['audit: search (actor prefix)', '/audit?q=user42'],
    ['audit: sort by actor', '/audit?sort=actor'],
    ['users: first page', '/user'],
    ['users: search "yılmaz4"', `/user?q=${encodeURIComponent('yılmaz4')}`],
    ['users: search e-mail', '/user?q=kullanici9999%40'],
    ['users: locked only', '/user?locked=true'],
    ['users: suspended, by last name', '/user?status=suspended&sort=lastName'],
  ]
  const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!
  console.log('query'.padEnd(40), '   p50 ms', '   p95 ms', '   total')
  for (const [label, path] of shapes) {
    const times: number[] = []
    let total = 0
    for (let i = 0; i < RUNS + 3; i++) {
      const started = performance.now()
      const res = await app.request(config.apiBase + path, { headers: { cookie, trxType: 'FRM' } })
      const body = (await res.json()) as { total: number }
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}`)
      if (i >= 3) times.push(performance.now() - started)
      total = body.total
    }
    times.sort((a, b) => a - b)
    console.log(label.padEnd(40), pct(times, 50).toFixed(1).padStart(9), pct(times, 95).toFixed(1).padStart(9), String(total).padStart(8))
  }
} finally {
  await drop()
}
