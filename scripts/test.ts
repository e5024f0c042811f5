/**
 * `npm test`: every test, as stages that run side by side where they can:
 *
 *   unit + web (vitest) ── server (vitest)
 *   build ──┬ budgets
 *   e2e-db ─┴ the browser lanes, at most three at a time, each a vitest run with its own servers
 *             on the one prepared PGlite dump (e2e-db) and one Chromium (contexts per file):
 *             e2e-paths (the statecharts' replay, the heavy machines), e2e-paths-2 (the replay, the
 *             others), e2e and e2e-2 (the browser files of no other lane, in two vitest shards),
 *             then e2e-pg (the money and sign-in flows, on PostgreSQL with TEST_DATABASE_URL; named
 *             e2e-flows and on PGlite without)
 *   then: mutants (a seeded sample of machine and view mutants, issue 22) once the browser lanes end,
 *   session-budget (the session check against its floor, issue 27), once the others have finished,
 *   and timing (tests/server/auth-timing.test.ts: sign-in answers alike in time, issue 9)
 *
 * `--ci` (what .ci/run uses) adds typecheck, lint and the fresh-clone smoke test (`npm install &&
 * npm start` in a clone), at low CPU priority (they have no timeouts), and fails when a browser or
 * PostgreSQL is missing. Without Chromium the
 * e2e stages print a loud notice and are skipped (failed with CI=true or E2E_REQUIRED=1).
 *
 * Each stage's output goes to test-results/<stage>.log and is printed when the stage ends; the run
 * ends with the stage times (wall and CPU seconds), the heaviest test files by CPU seconds
 * (tests/support/cpu-per-file.ts) and one "tests: N passed, N failed" line. Test files are found by
 * the vitest configs' globs: a new test file needs no change here.
 */
import { spawn } from 'node:child_process'
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { PATHS_FIRST_LANE } from '../vitest.e2e.config.ts'
import { processCpu } from '../tests/support/process-cpu.ts'

type Report = {
  numPassedTests: number
  numFailedTests: number
  numPendingTests: number
  testResults?: { name: string; message?: string; assertionResults?: { fullName: string; status: string; failureMessages?: string[] }[] }[]
}
type Stage = {
  name: string
  cmd: string[]
  /** Stages this one needs: it starts once they passed, and is skipped if one failed. */
  after?: string[]
  /** Stages this one waits for, whatever their result (so that two heavy stages do not share the CPU). */
  order?: string[]
  /** Lower CPU priority (nice 10): work without timeouts that must not slow the tests' clocks. */
  nice?: boolean
  /** The vitest JSON report this stage writes. */
  report?: string
  env?: Record<string, string>
  /** A browser lane: at most BROWSER_LANES of them run at once (each has a Chromium and servers). */
  browser?: boolean
}

const args = new Set(process.argv.slice(2))
const ci = args.has('--ci')
const started = Date.now()
mkdirSync('test-results', { recursive: true })
// reports of an earlier run must not count for this one
for (const f of ['unit', 'server', 'timing', 'e2e', 'e2e-2', 'e2e-paths', 'e2e-paths-2', 'e2e-pg', 'e2e-flows']) rmSync(`test-results/${f}.json`, { force: true })
// each test file's CPU seconds (tests/support/cpu-per-file.ts), one file of lines per stage
rmSync('test-results/cpu', { recursive: true, force: true })
// the browser lanes' statechart coverage: each lane adds its files, the last to end writes the report
rmSync('test-results/coverage/e2e', { recursive: true, force: true })

const chrome = process.env.CHROME_PATH || '/usr/bin/chromium'
const hasChrome = existsSync(chrome)
const e2eRequired = ci || process.env.CI === 'true' || process.env.E2E_REQUIRED === '1'
const pgUrl = process.env.E2E_DATABASE_URL || process.env.TEST_DATABASE_URL || ''
const node = process.execPath
const vitest = (report: string, ...rest: string[]) => [node, 'node_modules/vitest/vitest.mjs', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=test-results/${report}.json`, ...rest]

const stages: Stage[] = []
if (ci) {
  stages.push({ name: 'typecheck', cmd: [node, 'node_modules/typescript/bin/tsc', '--noEmit'], nice: true })
  stages.push({ name: 'lint', cmd: ['npm', 'run', '--silent', 'lint'], nice: true })
}
// one vitest stage at a time beside the browser stages: with 2 cores, more would starve the tests' timeouts
stages.push({ name: 'unit+web', cmd: vitest('unit', '--project', 'unit', '--project', 'web', '--project', 'web-mocks'), report: 'unit' })
// the sign-in timing file times requests: it runs in the quiet 'timing' stage below, not beside the browsers
const TIMING_FILE = 'tests/server/auth-timing.test.ts'
stages.push({ name: 'server', cmd: vitest('server', '--project', 'server', '--exclude', TIMING_FILE), report: 'server', order: ['unit+web'] })
stages.push({ name: 'build', cmd: ['npm', 'run', '--silent', 'build'] })
stages.push({ name: 'budgets', cmd: [node, 'scripts/bench.ts', '--no-build', '--budget'], after: ['build'] })
/** At most this many browser lanes at once (BROWSER_LANES overrides): each replays at about a third of a core, waiting on pages and timers. */
const BROWSER_LANES = Number(process.env.BROWSER_LANES) || 3
const E2E_DUMP = `${process.cwd()}/test-results/e2e-db/seeded.tar`
if (hasChrome) {
  // the e2e servers' prepared database, made once for every lane on PGlite (and the mutants' replays)
  rmSync('test-results/e2e-db', { recursive: true, force: true })
  stages.push({ name: 'e2e-db', cmd: [node, 'scripts/prepare-e2e-db.ts', E2E_DUMP] })
  // browser lanes, each a vitest run with its own servers; at most BROWSER_LANES at a time, in this order
  const lane = (name: string) => ({ E2E_LANE: name, E2E_COVERAGE_KEEP: '1', E2E_PGLITE_DUMP: E2E_DUMP, E2E_DATABASE_URL: '' })
  // a browser test gets one more try: a 2-core machine running three browser lanes beside the server
  // tests can miss a deadline now and then. A test that passes only on its retry is listed at the end
  // of the run with its first failure, so a flake is seen and looked at, not hidden; one that fails
  // twice fails the run.
  const browser = (report: string, ...rest: string[]) => vitest(report, '--retry=1', ...rest)
  const needs = ['build', 'e2e-db']
  stages.push({ name: 'e2e-paths', cmd: browser('e2e-paths', '--config', 'vitest.e2e.config.ts'), report: 'e2e-paths', after: needs, browser: true, env: { ...lane('paths'), E2E_MACHINES: PATHS_FIRST_LANE.join(',') } })
  stages.push({ name: 'e2e', cmd: browser('e2e', '--config', 'vitest.e2e.config.ts', '--shard=1/2'), report: 'e2e', after: needs, browser: true, env: lane('rest') })
  stages.push({ name: 'e2e-paths-2', cmd: browser('e2e-paths-2', '--config', 'vitest.e2e.config.ts'), report: 'e2e-paths-2', after: needs, browser: true, env: { ...lane('paths'), E2E_LANE_TAG: '2', E2E_MACHINES: `!${PATHS_FIRST_LANE.join(',')}` } })
  stages.push({ name: 'e2e-2', cmd: browser('e2e-2', '--config', 'vitest.e2e.config.ts', '--shard=2/2'), report: 'e2e-2', after: needs, browser: true, env: { ...lane('rest'), E2E_LANE_TAG: '2' } })
  // the money and sign-in flows: on PostgreSQL when the run has one (always in CI), else on PGlite
  stages.push(pgUrl
    ? { name: 'e2e-pg', cmd: browser('e2e-pg', '--config', 'vitest.e2e-pg.config.ts'), report: 'e2e-pg', after: needs, browser: true, env: { E2E_COVERAGE_KEEP: '1', E2E_DATABASE_URL: pgUrl } }
    : { name: 'e2e-flows', cmd: browser('e2e-flows', '--config', 'vitest.e2e.config.ts'), report: 'e2e-flows', after: needs, browser: true, env: lane('flows') })
}
const BROWSER_STAGES = ['e2e-paths', 'e2e', 'e2e-paths-2', 'e2e-2', 'e2e-pg', 'e2e-flows']
// a seeded sample of machine and view mutants (issue 22 item 8, scripts/mutants-ci.ts, about 60 CPU-s): after the
// browser lanes, whose build it borrows (kept aside while a mutant's build is served) and whose replay it needs passed
if (hasChrome) stages.push({ name: 'mutants', cmd: [node, 'scripts/mutants-ci.ts'], nice: true, after: ['build', 'e2e-db', 'e2e-paths', 'e2e-paths-2'], order: ['budgets', ...BROWSER_STAGES], env: { E2E_PGLITE_DUMP: E2E_DUMP } })
// the session check's ratio to its physical floor (issue 27): last, on a quieter machine, since it times requests
stages.push({ name: 'session-budget', cmd: [node, 'scripts/bench-session.ts', '--budget'], order: ['server', ...BROWSER_STAGES, 'mutants'] })
// sign-in and forgot-password answer alike in time (issue 9 item 4): after the browsers, as the session check
stages.push({ name: 'timing', cmd: vitest('timing', '--project', 'server', TIMING_FILE), report: 'timing', order: ['session-budget'] })
if (ci) stages.push({ name: 'smoke', cmd: [node, 'scripts/smoke.ts'], nice: true, after: ['build'] })

const problems: string[] = []
if (!hasChrome) {
  const line = '!'.repeat(78)
  console.error(`\n${line}\n!! END-TO-END TESTS NOT RUN: no Chromium at ${chrome} (set CHROME_PATH, or apt-get install chromium)\n${line}\n`)
  if (e2eRequired) problems.push('no browser: the e2e stages could not run (--ci, CI=true or E2E_REQUIRED=1)')
}
if (ci && !pgUrl) problems.push('no PostgreSQL: set TEST_DATABASE_URL (the server tests and the e2e flows run on PostgreSQL too in CI)')
if (!pgUrl) console.log('(no TEST_DATABASE_URL: the server tests and the browser\'s money and sign-in flows on PGlite only)')

type Result = { stage: Stage; ok: boolean; seconds: number; startedAt: number }
const TIME = existsSync('/usr/bin/time') ? '/usr/bin/time' : null
function cpuSeconds(name: string): string {
  const file = `test-results/${name}.cpu`
  if (!existsSync(file)) return ''
  const [user = 0, sys = 0] = (readFileSync(file, 'utf8').trim().split('\n').at(-1) ?? '').split(' ').map(Number)
  return Number.isFinite(user + sys) ? `${Math.round(user + sys)}s` : ''
}
/** The Chromium CPU seconds of a browser stage its own figure misses (tests/e2e/global-setup.ts writes them), or null. */
function chromiumSeconds(name: string): number | null {
  const file = `test-results/cpu/${name}.chromium.json`
  if (!existsSync(file)) return null
  try {
    return (JSON.parse(readFileSync(file, 'utf8')) as { uncounted: number }).uncounted
  } catch {
    return null
  }
}
const cores = availableParallelism()
const pgStart = process.env.TEST_PG_PID ? processCpu(Number(process.env.TEST_PG_PID)) : null
const results = new Map<string, Result>()
const running = new Map<string, Promise<Result>>()
const at = () => `+${Math.round((Date.now() - started) / 1000)}s`

function run(stage: Stage): Promise<Result> {
  const t0 = Date.now()
  const logFile = `test-results/${stage.name}.log`
  const log = createWriteStream(logFile)
  // the CPU seconds a stage used (its processes and their children): steadier than its wall time on a shared machine
  rmSync(`test-results/${stage.name}.cpu`, { force: true })
  const timed = TIME ? [TIME, '-f', '%U %S', '-o', `test-results/${stage.name}.cpu`, ...stage.cmd] : stage.cmd
  const [cmd, ...rest] = stage.nice ? ['nice', '-n', '10', ...timed] : timed
  console.log(`[${at()}] ${stage.name}: started`)
  return new Promise((ok) => {
    const child = spawn(cmd!, rest, { env: { ...process.env, FORCE_COLOR: '0', CPU_REPORT_NAME: stage.name, ...stage.env }, stdio: ['ignore', 'pipe', 'pipe'] })
    child.stdout.pipe(log, { end: false })
    child.stderr.pipe(log, { end: false })
    child.once('error', (e) => log.write(`\n${e.message}\n`))
    child.once('close', (code) => {
      log.end(() => {
        const seconds = Math.round((Date.now() - t0) / 1000)
        const result = { stage, ok: code === 0, seconds, startedAt: Math.round((t0 - started) / 1000) }
        console.log(`\n──── ${stage.name} ${result.ok ? 'passed' : 'FAILED'} in ${seconds} s (${logFile}) ────`)
        process.stdout.write(readFileSync(logFile, 'utf8'))
        ok(result)
      })
    })
  })
}

// start each stage once the stages it waits for have passed; a failed one skips its dependants
const pending = new Set(stages)
await new Promise<void>((done) => {
  const tick = () => {
    for (const stage of [...pending]) {
      const deps = stage.after ?? []
      if (deps.some((d) => results.has(d) && !results.get(d)!.ok)) {
        pending.delete(stage)
        results.set(stage.name, { stage, ok: false, seconds: 0, startedAt: -1 })
        console.log(`[${at()}] ${stage.name}: skipped (${deps.join(', ')} failed)`)
        continue
      }
      const lanes = [...running.keys()].filter((n) => stages.find((s) => s.name === n)?.browser).length
      if (stage.browser && lanes >= BROWSER_LANES) continue
      if (deps.every((d) => results.get(d)?.ok) && (stage.order ?? []).every((d) => results.has(d) || !stages.some((s) => s.name === d))) {
        pending.delete(stage)
        running.set(stage.name, run(stage).then((r) => {
          results.set(stage.name, r)
          running.delete(stage.name)
          tick()
          return r
        }))
      }
    }
    if (!pending.size && !running.size) done()
  }
  tick()
})

const totals = { passed: 0, failed: 0, skipped: 0 }
for (const stage of stages) {
  const r = results.get(stage.name)
  const file = `test-results/${stage.report}.json`
  if (!stage.report || !r || r.startedAt < 0 || !existsSync(file)) continue
  const report = JSON.parse(readFileSync(file, 'utf8')) as Report
  totals.passed += report.numPassedTests
  totals.failed += report.numFailedTests
  totals.skipped += report.numPendingTests
}

// the failures again, last, where a reader of the run's tail (CI prints only its end) sees them
const failures: string[] = []
const retried: string[] = []
for (const stage of stages) {
  const r = results.get(stage.name)
  const file = `test-results/${stage.report}.json`
  if (!stage.report || !r || r.startedAt < 0 || !existsSync(file)) continue
  const report = JSON.parse(readFileSync(file, 'utf8')) as Report
  for (const f of report.testResults ?? []) {
    const where = f.name.replace(`${process.cwd()}/`, '')
    if (f.message && !(f.assertionResults ?? []).some((a) => a.status === 'failed')) failures.push(`${stage.name} ${where}: ${f.message.split('\n')[0]}`)
    for (const a of f.assertionResults ?? []) {
      if (a.status === 'passed' && a.failureMessages?.length) {
        retried.push(`${stage.name} ${where} > ${a.fullName}\n    first try: ${a.failureMessages[0]!.split('\n')[0]!.slice(0, 300)}`)
        continue
      }
      if (a.status !== 'failed') continue
      const first = (a.failureMessages ?? []).join('\n').split('\n').filter((l) => l.trim()).slice(0, 6).map((l) => `    ${l.slice(0, 300)}`)
      failures.push(`${stage.name} ${where} > ${a.fullName}\n${first.join('\n')}`)
    }
  }
}
if (retried.length) console.log(`\npassed only on their retry (flaky: each needs a look) (${retried.length}):\n${retried.slice(0, 12).join('\n')}`)
if (failures.length) console.log(`\nfailed tests (${failures.length}):\n${failures.slice(0, 12).join('\n')}${failures.length > 12 ? `\n... and ${failures.length - 12} more (test-results/*.json)` : ''}`)

const seconds = Math.round((Date.now() - started) / 1000)
// cpu: the stage's processes and the children they waited for (/usr/bin/time); chromium: the lane's
// Chromium processes that figure misses (its renderers, tests/e2e/global-setup.ts)
console.log('\nstage            start    time     cpu  chromium   result')
const cpuTotal = { stages: 0, chromium: 0 }
for (const stage of stages) {
  const r = results.get(stage.name)!
  const skipped = r.startedAt < 0
  const own = skipped ? '' : cpuSeconds(stage.name)
  const chromium = skipped ? null : chromiumSeconds(stage.name)
  cpuTotal.stages += Number.parseFloat(own) || 0
  cpuTotal.chromium += chromium ?? 0
  console.log(`${stage.name.padEnd(16)} ${skipped ? '     -' : `${String(r.startedAt).padStart(5)}s`} ${String(r.seconds).padStart(6)}s ${own.padStart(7)} ${(chromium === null ? '' : `${Math.round(chromium)}s`).padStart(9)}   ${skipped ? 'skipped' : r.ok ? 'passed' : 'FAILED'}`)
}
// PostgreSQL's backends are its postmaster's children, counted by no stage: .ci/run names its
// private cluster's postmaster (TEST_PG_PID), whose figure then is this run's alone
const pgCpu = pgStart !== null ? (processCpu(Number(process.env.TEST_PG_PID)) ?? pgStart) - pgStart : null
const cpuAll = cpuTotal.stages + cpuTotal.chromium + (pgCpu ?? 0)
console.log(`\nCPU-s: stages ${Math.round(cpuTotal.stages)} + Chromium ${Math.round(cpuTotal.chromium)}${pgCpu !== null ? ` + PostgreSQL ${Math.round(pgCpu)}` : ''} = ${Math.round(cpuAll)} (${Math.round(cpuAll / cores)} s on ${cores} cores at best; the run took ${seconds} s)`)
// the heaviest test files by CPU seconds (their worker and the servers and browsers it waited for):
// what to look at first when the run grows slower
const heavy: string[] = []
for (const stage of stages) {
  const file = `test-results/cpu/${stage.name}.jsonl`
  if (!existsSync(file)) continue
  const rows = readFileSync(file, 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l) as { file: string; cpu: number; children: number; wall: number })
  const total = rows.reduce((s, r) => s + r.cpu + r.children, 0)
  const top = rows.sort((a, b) => b.cpu + b.children - (a.cpu + a.children)).slice(0, 5)
  heavy.push(`${stage.name} (${rows.length} files, ${Math.round(total)} CPU-s in the files): ${top.map((r) => `${r.file.replace(/^tests\//, '')} ${Math.round(r.cpu + r.children)}`).join(', ')}`)
}
if (heavy.length) console.log(`\nheaviest test files, CPU-s (test-results/cpu/):\n${heavy.join('\n')}`)
for (const p of problems) console.error(`!! ${p}`)
console.log(`\nnpm test took ${seconds} s`)
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`)
const ok = !problems.length && [...results.values()].every((r) => r.ok) && totals.failed === 0
process.exit(ok ? 0 : 1)
