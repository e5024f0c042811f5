/**
 * The CI's structure holds as files are added: test files are found by globs, server test files
 * that skip PostgreSQL say why and send no parallel requests, the PostgreSQL browser run covers the
 * money and sign-in flows, and CI runs the README's test command.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { FLOW_FILES, PATHS_FILES, PATHS_FIRST_LANE } from '../../vitest.e2e.config.ts'
import { MACHINES } from '../machines/registry.ts'

const ROOT = resolve(import.meta.dirname, '../..')
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8')
const serverFiles = readdirSync(join(ROOT, 'tests/server')).filter((f) => f.endsWith('.test.ts'))

describe('server tests on PostgreSQL (dbKinds)', () => {
  const optedOut = serverFiles.filter((f) => read(`tests/server/${f}`).includes("postgres: 'not needed"))

  it('some files opt out, with a reason each', () => {
    expect(optedOut.length).toBeGreaterThan(0)
    for (const f of optedOut) expect(read(`tests/server/${f}`), f).toMatch(/dbKinds\(\{ postgres: 'not needed: [^']{12,}' \}\)/)
  })

  it.each(optedOut)('%s sends no parallel requests (those must run on PostgreSQL too)', (f) => {
    expect(read(`tests/server/${f}`)).not.toMatch(/Promise\.(all|allSettled|race|any)\(/)
  })

  it('the files with races, money and authority keep PostgreSQL', () => {
    for (const f of ['auth-security', 'payment', 'purchase', 'sms', 'role-assignment', 'org-roles', 'users', 'users-admin', 'fuzz']) {
      expect(optedOut, f).not.toContain(`${f}.test.ts`)
    }
  })
})

describe('test files are found by globs', () => {
  it('vitest projects include folders by pattern, not file lists', () => {
    const unit = read('vitest.config.ts')
    expect(unit).toContain("'tests/server/**/*.test.ts'")
    expect(unit).toContain("'tests/web/**/*.test.{ts,tsx}'")
    expect(read('vitest.e2e.config.ts')).toContain("'tests/e2e/**/*.e2e.test.ts'")
  })

  it('the PostgreSQL browser run covers sign-in, card payments and purchases; every browser file is in exactly one lane of npm test', () => {
    expect(read('vitest.e2e-pg.config.ts')).toContain('include: FLOW_FILES')
    const e2e = readdirSync(join(ROOT, 'tests/e2e')).filter((f) => f.endsWith('.e2e.test.ts'))
    const matches = (glob: string) => {
      const re = new RegExp('^' + glob.replace('tests/e2e/', '').replace(/\./g, '\\.').replace(/\*/g, '[^/]*') + '$')
      return e2e.filter((f) => re.test(f))
    }
    const flows = FLOW_FILES.flatMap(matches)
    for (const f of ['auth.e2e.test.ts', 'payment.e2e.test.ts', 'purchase-health.e2e.test.ts', 'purchase-bes.e2e.test.ts', 'purchase-money.e2e.test.ts']) expect(flows, f).toContain(f)
    for (const g of [...FLOW_FILES, ...PATHS_FILES]) expect(matches(g).length, g).toBeGreaterThan(0)
    // the rest lane is what neither names: no file in two lanes, none in none
    const paths = PATHS_FILES.flatMap(matches)
    expect(paths.filter((f) => flows.includes(f))).toEqual([])
    expect(paths.length + flows.length).toBeLessThan(e2e.length)
  })
})

describe('CI runs the README\'s test command', () => {
  it('.ci/run ends with npm test -- --ci against its PostgreSQL, browser required', () => {
    const run = read('.ci/run')
    expect(run).toMatch(/TEST_DATABASE_URL="postgres:\/\/postgres@127\.0\.0\.1:\$PGPORT\/postgres" E2E_REQUIRED=1 npm test -- --ci/)
    expect(run).toContain('npm ci')
  })

  it('npm test -- --ci has every stage: typecheck, lint, unit, server, build, budgets, the three browser lanes (flows on PostgreSQL), mutants, smoke', () => {
    const runner = read('scripts/test.ts')
    for (const stage of ['typecheck', 'lint', 'unit+web', 'server', 'build', 'budgets', 'e2e', 'e2e-paths', 'e2e-pg', 'e2e-flows', 'mutants', 'smoke']) {
      expect(runner, stage).toContain(`name: '${stage}'`)
    }
  })
})

describe('the browser replay in two lanes (npm test)', () => {
  it('the first lane names machines of the registry; the second takes every other (E2E_MACHINES=!...)', () => {
    const names = MACHINES.map((m) => m.model.name)
    expect(PATHS_FIRST_LANE.filter((n) => !names.includes(n))).toEqual([])
    const runner = read('scripts/test.ts')
    expect(runner).toContain("E2E_MACHINES: PATHS_FIRST_LANE.join(',')")
    expect(runner).toContain("E2E_MACHINES: `!${PATHS_FIRST_LANE.join(',')}`")
    // the replay's filter: the listed machines, or with "!" every machine but those
    const replay = read('tests/e2e/model-paths.e2e.test.ts')
    expect(replay).toContain("listed.includes(d.model.name) !== but")
  })
})
