/**
 * `npm run bench`: performance figures, printed (not asserted).
 *  - the production JavaScript and CSS each route loads, raw and gzipped (from Vite's manifest);
 *  - the server's first start (empty PGlite: migrations + seeding) and warm start (same folder).
 *  - sign-in latency (p50, p95) on PGlite with the argon2id parameters in use.
 *  - session check cost over HTTP (autocannon) and in process, beside its physical floor in its own process,
 *    with the permissions call and a list page, on PGlite and PostgreSQL (scripts/bench-session.ts;
 *    `--only=session --budget` fails below 0.4x of the floor).
 *  - list endpoints (GET /audit, GET /user) at 100,000 rows, on PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set.
 *  - user list search (GET /user?q=) at 100,000 users without and with the trigram index (scripts/bench-users.ts).
 *  - load: session-checked calls and a public lookup at 200 concurrent clients beside two floors
 *    (scripts/bench-load.ts), on PGlite and on PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set.
 *  - the organisation builder at 1,000 groups in Chromium: chart render time, frame times while dragging (scripts/bench-org.ts).
 * `--budget`: instead, the budgets of scripts/budgets.ts as pass/fail figures (exit 1 on a miss); CI runs it.
 * Options: --no-build (use the existing dist/), --only=bundle|startup|login|session|list|users|payment|lighthouse|load|org (Lighthouse on `/`: scripts/bench-lighthouse.ts)
 */
import { spawn, spawnSync } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { bundleSizes } from './bench-bundle.ts'
import { runBudgets } from './budgets.ts'

const args = new Set(process.argv.slice(2))
const only = [...args].find((a) => a.startsWith('--only='))?.slice(7)
const kib = (n: number) => (n / 1024).toFixed(1).padStart(7) + ' KiB'

// the server-side benches (session, login, list, users, payment, load) need no build
const needsBuild = !only || ['bundle', 'startup', 'lighthouse', 'org'].includes(only)
if (needsBuild && !args.has('--no-build')) {
  const r = spawnSync('npm', ['run', 'build', '--silent'], { stdio: ['ignore', 'ignore', 'inherit'] })
  if (r.status !== 0) process.exit(r.status ?? 1)
}

async function bundle() {
  const { routes, entry, lazy } = await bundleSizes()
  console.log('\nBundle per route (JS + CSS that loads with the page, before any lazy import)')
  console.log('route'.padEnd(44), 'files', '        raw', '    gzipped', ' JS gzipped')
  for (const r of routes) console.log(r.route.padEnd(44), String(r.files).padStart(5), kib(r.raw), kib(r.gz), kib(r.jsGz))
  console.log(`entry alone: ${kib(entry.gz)} gzipped (JS ${kib(entry.jsGz).trim()})`)
  for (const c of lazy) console.log(`lazy chunk ${c.name.padEnd(44)} ${kib(c.gz)} gzipped`)
}

function startOnce(dataDir: string): Promise<{ ms: number; timings: Record<string, number> }> {
  return new Promise((ok, fail) => {
    const t0 = performance.now()
    const child = spawn(process.execPath, ['src/server/index.ts'], {
      env: { ...process.env, PORT: '0', DATA_DIR: dataDir, DATABASE_URL: '', ADMIN_PASSWORD: 'Bench-Parola-2026!x', MAIL_CATCHER: 'false', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    let out = ''
    let timings: Record<string, number> = {}
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString()
      const started = out.split('\n').find((l) => l.includes('"msg":"started"'))
      if (started) timings = (JSON.parse(started) as { timings: Record<string, number> }).timings
      if (/Listening on/.test(out)) {
        const ms = Math.round(performance.now() - t0)
        child.kill('SIGTERM')
        child.once('exit', () => ok({ ms, timings }))
      }
    })
    child.once('exit', (code) => { if (!/Listening on/.test(out)) fail(new Error(`server exited ${code}`)) })
  })
}

async function startup() {
  const dir = await mkdtemp(join(tmpdir(), 'ke-bench-'))
  try {
    console.log('\nServer start-up on PGlite (process spawn to "Listening", and the phases the server reports)')
    const first = await startOnce(join(dir, 'data'))
    console.log(`first start (empty folder): ${first.ms} ms  ${JSON.stringify(first.timings)}`)
    for (let i = 1; i <= 2; i++) {
      const warm = await startOnce(join(dir, 'data'))
      console.log(`warm start ${i}:               ${warm.ms} ms  ${JSON.stringify(warm.timings)}`)
    }
    const mem = await startOnce('memory://')
    console.log(`in-memory start:            ${mem.ms} ms  ${JSON.stringify(mem.timings)}`)
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

if (args.has('--budget')) {
  // pass/fail: each budget's figure against its limit (scripts/budgets.ts); nothing else runs
  process.exit((await runBudgets()) ? 0 : 1)
}
if (!only || only === 'bundle') await bundle()
if (!only || only === 'startup') await startup()
if (!only || only === 'login') {
  const r = spawnSync(process.execPath, ['scripts/bench-login.ts'], { stdio: 'inherit' })
  if (r.status !== 0) process.exitCode = 1
}
if (!only || only === 'session') {
  // --budget: pass/fail on the session check's ratio to its floor (exits 1 below 0.4x)
  const r = spawnSync(process.execPath, ['scripts/bench-session.ts', ...(args.has('--budget') ? ['--budget'] : [])], { stdio: 'inherit' })
  if (r.status !== 0) process.exitCode = 1
}
if (!only || only === 'users') {
  const r = spawnSync(process.execPath, ['scripts/bench-users.ts'], { stdio: 'inherit' })
  if (r.status !== 0) process.exitCode = 1
}
if (!only || only === 'list') {
  const r = spawnSync(process.execPath, ['scripts/bench-list.ts'], { stdio: 'inherit' })
  if (r.status !== 0) process.exitCode = 1
}
if (!only || only === 'payment') {
  const r = spawnSync(process.execPath, ['scripts/bench-payment.ts'], { stdio: 'inherit' })
  if (r.status !== 0) process.exitCode = 1
}
if (!only || only === 'load') {
  const r = spawnSync(process.execPath, ['scripts/bench-load.ts'], { stdio: 'inherit' })
  if (r.status !== 0) process.exitCode = 1
}
if (!only || only === 'org') {
  const r = spawnSync(process.execPath, ['scripts/bench-org.ts'], { stdio: 'inherit' })
  if (r.status !== 0) process.exitCode = 1
}
if (!only || only === 'lighthouse') {
  const r = spawnSync(process.execPath, ['scripts/bench-lighthouse.ts'], { stdio: 'inherit' })
  if (r.status !== 0) process.exitCode = 1
}
