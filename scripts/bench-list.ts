/**
 * Lists with a real company's data (issues 11 and 25 item 14): GET /audit, GET /user and the org
 * chart's load (GET /group/{companyId}) through the real app (in process, a signed-in superadmin),
 * on PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set (a fresh database, dropped
 * afterwards), else on in-memory PGlite. Rows: 100,000 users, 5,000 groups (1:9:90 management,
 * units, teams; every user in a team) and 1,000,000 audit entries on PostgreSQL (100,000 on PGlite),
 * then `vacuum analyze` (the state autovacuum leaves a real database in). The org chart loads the
 * lean tree (`?view=tree`); the spec read with counts is measured beside it.
 * Prints p50 and p95 per query shape, whether each p95 is within 100 ms, and the load average.
 * BENCH_ROWS (users), BENCH_AUDIT_ROWS and BENCH_GROUPS change the counts; BENCH_KEEP_DB=1 keeps the
 * PostgreSQL database for EXPLAIN.
 */
import { cpus, loadavg } from 'node:os'
import { sql } from 'drizzle-orm'
import { company } from '../src/server/db/schema.ts'
import { openDatabase } from '../src/server/db/client.ts'
import { openBenchDatabase, seedBenchCompany, signedInApp } from './bench-db.ts'

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000)
const RUNS = Number(process.env.BENCH_RUNS ?? 40)
const TARGET_P95_MS = 100
// BENCH_DB_PREFIX names the PostgreSQL database (a helper's branch, on a shared cluster)
const PREFIX = process.env.BENCH_DB_PREFIX ?? 'ke_bench'
// BENCH_REUSE_DB=<name>: measure on a database an earlier run kept (BENCH_KEEP_DB=1), without seeding it again
const REUSE = process.env.BENCH_REUSE_DB
async function reuseDatabase(name: string) {
  const u = new URL(process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || '')
  u.pathname = '/' + name
  const database = await openDatabase({ url: u.toString() })
  return { database, drop: () => database.close() }
}
const { database, drop } = REUSE ? await reuseDatabase(REUSE) : await openBenchDatabase(PREFIX)
const AUDIT_ROWS = Number(process.env.BENCH_AUDIT_ROWS ?? (database.kind === 'postgres' ? 1_000_000 : 100_000))
// 1:9:90, as a real company's chart: management groups, their units, the units' teams
const GROUPS = Number(process.env.BENCH_GROUPS ?? 5_000)
const MANAGEMENT = Math.max(1, Math.round(GROUPS / 100))
const UNITS = MANAGEMENT * 9
const TEAMS = Math.max(1, GROUPS - MANAGEMENT - UNITS)

try {
  const db = database.db
  const t0 = performance.now()
  // a kept database gets the migrations made since (they are no-ops when it has them)
  if (REUSE) await database.migrate()
  else await seedRows()
  const [n] = (await db.execute(sql`select (select count(*) from app_user)::int as users, (select count(*) from user_group)::int as groups, (select count(*) from audit_log)::int as audit`)).rows as Array<{ users: number; groups: number; audit: number }>
  console.log(`\nLists at ${n!.users.toLocaleString('en')} users, ${n!.groups.toLocaleString('en')} groups, ${n!.audit.toLocaleString('en')} audit entries on ${database.kind} (rows made in ${Math.round(performance.now() - t0)} ms${REUSE ? `, reused ${REUSE}` : ''})`)
  await measure()
} finally {
  // BENCH_KEEP_DB=1 leaves the PostgreSQL database for EXPLAIN and BENCH_REUSE_DB (its name is printed)
  if (process.env.BENCH_KEEP_DB && database.kind === 'postgres' && !REUSE) {
    console.log(`kept the database ${PREFIX}_${process.pid} (BENCH_KEEP_DB)`)
    await database.close()
  } else await drop()
}

async function seedRows() {
  const db = database.db
  await seedBenchCompany(database)
  // the audit entries over about 90 days, the groups and the users, made by the database itself
  const spacing = `${Math.max(1, Math.floor((90 * 86_400) / AUDIT_ROWS))} seconds`
  await db.execute(sql`insert into audit_log (company_id, at, actor, action, target, request_id, detail)
    select c.id, now() - (g * ${spacing}::interval), 'user' || (g % 5000),
      (array['auth.login','auth.logout','auth.login.failed','user.reactivated','auth.lock','auth.unlock'])[1 + g % 6],
      md5(g::text), md5((g * 7)::text), jsonb_build_object('ip', '10.0.' || (g % 250) || '.1')
    from generate_series(1, ${AUDIT_ROWS}) g, (select id from company limit 1) c`)
  await db.execute(sql`insert into user_group (company_id, name, level, parent_id)
    select c.id, 'Yönetim ' || g, 'management', null from generate_series(1, ${MANAGEMENT}) g, (select id from company limit 1) c`)
  await db.execute(sql`insert into user_group (company_id, name, level, parent_id)
    select p.company_id, 'Birim ' || g, 'unit', p.id
    from generate_series(1, ${UNITS}) g
    join (select id, company_id, row_number() over (order by name) - 1 as k from user_group where level = 'management' and name like 'Yönetim %') p on p.k = (g - 1) % ${MANAGEMENT}`)
  await db.execute(sql`insert into user_group (company_id, name, level, parent_id)
    select p.company_id, 'Ekip ' || g, 'team', p.id
    from generate_series(1, ${TEAMS}) g
    join (select id, company_id, row_number() over (order by name) - 1 as k from user_group where level = 'unit' and name like 'Birim %') p on p.k = (g - 1) % ${UNITS}`)
  await db.execute(sql`insert into app_user (company_id, username, first_name, last_name, email, password_hash, status, locked_at)
    select c.id, 'kullanici' || g, (array['Ayşe','Mehmet','Zeynep','Burak','Elif','Ömer','Şule','İlker'])[1 + g % 8],
      (array['Yılmaz','Demir','Kaya','Çelik','Şahin','Öztürk','Arslan','Doğan'])[1 + (g / 8) % 8] || g,
      'kullanici' || g || '@example.com', 'x', (array['active','active','active','suspended','removed'])[1 + g % 5],
      case when g % 97 = 0 then now() else null end
    from generate_series(1, ${ROWS}) g, (select id from company limit 1) c`)
  // every user in a team
  await db.execute(sql`update app_user u set group_id = t.id
    from (select id, row_number() over (order by name) - 1 as k from user_group where level = 'team' and name like 'Ekip %') t
    where u.username like 'kullanici%' and t.k = (substring(u.username from 10)::int) % ${TEAMS}`)
  // what autovacuum does after such a bulk change (the update above left 100,000 dead rows and no
  // visibility map): a real company's tables are vacuumed, so their index-only scans are
  await db.execute(sql`vacuum analyze`)
}

async function measure() {
  const db = database.db
  // the time each request spent in the app (its request log line): the query's figure, without the client's parse
  let serverMs = 0
  const { app, config, cookie } = await signedInApp(database, (f) => { serverMs = Number(f.ms) })
  const [{ id: companyId }] = await db.select({ id: company.id }).from(company).limit(1) as [{ id: string }]

  // 'revalidate': sent with the ETag of the answer before, as a browser holding it does
  const shapes: Array<[string, string, 'revalidate'?]> = [
    ['audit: first page (newest first)', '/audit'],
    ['audit: page 200 of 20', '/audit?page=200'],
    ['audit: filter by action', '/audit?action=user.reactivated&size=50'],
    ['audit: action prefix + time window', `/audit?action=auth.&from=${new Date(Date.now() - 7 * 86_400_000).toISOString()}`],
    ['audit: search (actor prefix)', '/audit?q=user42'],
    ['audit: sort by actor', '/audit?sort=actor'],
    ['audit: sort by actor, descending', '/audit?sort=-actor'],
    ['users: first page', '/user'],
    ['users: search "yılmaz4"', `/user?q=${encodeURIComponent('yılmaz4')}`],
    ['users: search e-mail', '/user?q=kullanici9999%40'],
    ['users: search e-mail domain', '/user?q=%40example.com'],
    ['users: search a name', `/user?q=${encodeURIComponent('şahin12')}`],
    ['users: search username part', '/user?q=ici777'],
    ['users: search, no match', '/user?q=xq-yok'],
    ['users: locked only', '/user?locked=true'],
    ['users: suspended, by last name', '/user?status=suspended&sort=lastName'],
    ['org chart: its load (the lean tree)', `/group/${companyId}?view=tree`],
    ['org chart: teams only (lean)', `/group/${companyId}?view=tree&filterByLevelType=team`],
    ['org chart: reload (its version held, 304)', `/group/${companyId}?view=tree`, 'revalidate'],
    ['groups with counts (spec 7.5 read)', `/group/${companyId}`],
    ['groups with counts, teams only', `/group/${companyId}?filterByLevelType=team`],
  ]
  const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!
  const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`
  console.log(`load average (1, 5, 15 min) before measuring: ${loadavg().map((x) => x.toFixed(1)).join(', ')} on ${cpus().length} cores`)
  console.log('p50/p95: the whole call (the app, then the client reading the JSON); server: the time in the app alone (its request log);')
  console.log('bytes: the answer as JSON, and gzipped as a browser receives it')
  console.log('query'.padEnd(42), '   p50 ms', '   p95 ms', ' server p50', ' server p95', '   total', '    bytes', '  gzipped', `  p95 <= ${TARGET_P95_MS} ms`)
  const missed: string[] = []
  for (const [label, path, revalidate] of shapes) {
    const times: number[] = []
    const server: number[] = []
    let total = 0
    let bytes = 0
    let etag: string | null = null
    for (let i = 0; i < RUNS + 3; i++) {
      const started = performance.now()
      const res = await app.request(config.apiBase + path, { headers: { cookie, trxType: 'FRM', ...(revalidate && etag ? { 'if-none-match': etag } : {}) } })
      if (revalidate && i > 0) {
        if (res.status !== 304) throw new Error(`${path} with its ETag answered ${res.status}`)
      } else {
        const text = await res.text()
        if (res.status !== 200) throw new Error(`${path} answered ${res.status}`)
        const body = JSON.parse(text) as { total?: number; items?: unknown[]; ids?: unknown[] }
        total = body.total ?? body.items?.length ?? body.ids?.length ?? 0
        bytes = Buffer.byteLength(text)
        etag = res.headers.get('etag')
      }
      if (i >= 3) { times.push(performance.now() - started); server.push(serverMs) }
    }
    times.sort((a, b) => a - b)
    server.sort((a, b) => a - b)
    // what a browser receives: the same answer asked with accept-encoding gzip
    const zipped = revalidate ? 0 : (await (await app.request(config.apiBase + path, { headers: { cookie, trxType: 'FRM', 'accept-encoding': 'gzip' } })).arrayBuffer()).byteLength
    const p95 = pct(times, 95)
    if (p95 > TARGET_P95_MS) missed.push(label)
    console.log(label.padEnd(42), pct(times, 50).toFixed(1).padStart(9), pct(times, 95).toFixed(1).padStart(9), pct(server, 50).toFixed(1).padStart(11), pct(server, 95).toFixed(1).padStart(11),
      String(total).padStart(8), (revalidate ? '-' : kb(bytes)).padStart(9), (revalidate ? '-' : kb(zipped)).padStart(9), `  ${p95 <= TARGET_P95_MS ? 'yes' : 'NO'}`)
  }
  console.log(`load average (1, 5, 15 min) at the end: ${loadavg().map((x) => x.toFixed(1)).join(', ')} on ${cpus().length} cores`)
  console.log(missed.length ? `p95 over ${TARGET_P95_MS} ms: ${missed.join('; ')}` : `every list's p95 within ${TARGET_P95_MS} ms`)
}
