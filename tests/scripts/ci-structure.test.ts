/**
 * The CI's structure holds as files are added: test files are found by globs, every server test
 * file says which database engines it needs and why (one engine: no parallel requests), web files
 * that mock modules keep a worker of their own, the PostgreSQL browser run covers the
 * money and sign-in flows, and CI runs the README's test command.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { WEB_MOCKING_FILES } from '../../vitest.config.ts'
import { FLOW_FILES, PATHS_FILES, PATHS_FIRST_LANE } from '../../vitest.e2e.config.ts'
import { MACHINES } from '../machines/registry.ts'
import { SERVER_FILE_ENGINES, type EngineChoice } from '../support/engines.ts'

const ROOT = resolve(import.meta.dirname, '../..')
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8')
const serverFiles = readdirSync(join(ROOT, 'tests/server')).filter((f) => f.endsWith('.test.ts'))

describe('server tests on PostgreSQL where the database kind matters (tests/support/engines.ts)', () => {
  const listed = Object.keys(SERVER_FILE_ENGINES)
  const on = (kind: EngineChoice['on']) => listed.filter((f) => SERVER_FILE_ENGINES[f]!.on === kind)

  it('every server test file is listed, with a reason; none listed is gone', () => {
    expect(serverFiles.filter((f) => !listed.includes(f)), 'add these to tests/support/engines.ts').toEqual([])
    expect(listed.filter((f) => !serverFiles.includes(f))).toEqual([])
    for (const f of listed) expect(SERVER_FILE_ENGINES[f]!.why.length, f).toBeGreaterThan(12)
  })

  it('a file on both or one engine asks dbKinds(); a file that picks its own engine does not', () => {
    const asks = (f: string) => read(`tests/server/${f}`).includes('dbKinds()')
    expect([...on('both'), ...on('one')].filter((f) => !asks(f))).toEqual([])
    expect(on('fixed').filter(asks)).toEqual([])
  })

  it.each(on('one'))('%s runs on one engine and sends no parallel requests (those must run on PostgreSQL too)', (f) => {
    expect(read(`tests/server/${f}`)).not.toMatch(/Promise\.(all|allSettled|race|any)\(/)
  })

  it('the files with races, money, authority and migrations keep both engines', () => {
    for (const f of ['auth-security', 'payment', 'purchase', 'money', 'sms', 'role-assignment', 'authority', 'org-roles', 'users', 'users-admin', 'fuzz', 'migrations', 'atomic-writes', 'test-database']) {
      expect(SERVER_FILE_ENGINES[`${f}.test.ts`]?.on, f).toBe('both')
    }
  })
})

describe('unit and web test files sharing a worker (vitest.config.ts, isolate: false)', () => {
  const webFiles = (readdirSync(join(ROOT, 'tests/web'), { recursive: true }) as string[])
    .filter((f) => /\.test\.tsx?$/.test(f))
    .map((f) => `tests/web/${f}`)
  const mocks = (f: string) => /\bvi\.(mock|doMock|unmock|doUnmock)\(/.test(read(f))

  it('a web file that replaces a module (vi.mock) runs in the web-mocks project, in a worker of its own', () => {
    // in the shared worker an earlier file has already imported the real module: the mock would not apply
    expect(webFiles.filter((f) => mocks(f) && !WEB_MOCKING_FILES.includes(f))).toEqual([])
  })

  it('no unit test file mocks a module (the unit project shares a worker too)', () => {
    const unit = ['tests/domain', 'tests/machines', 'tests/scripts'].flatMap((dir) =>
      (readdirSync(join(ROOT, dir), { recursive: true }) as string[]).filter((f) => f.endsWith('.test.ts')).map((f) => `${dir}/${f}`))
    expect(unit.length).toBeGreaterThan(50)
    expect(unit.filter(mocks)).toEqual([])
  })

  it('the web-mocks project holds only files that mock a module (the rest share a worker)', () => {
    expect(WEB_MOCKING_FILES.filter((f) => !webFiles.includes(f) || !mocks(f))).toEqual([])
  })

  it('a shared web file that stubs globals or fakes timers puts them back for the next file', () => {
    const shared = webFiles.filter((f) => !WEB_MOCKING_FILES.includes(f))
    expect(shared.filter((f) => read(f).includes('vi.stubGlobal(') && !read(f).includes('vi.unstubAllGlobals()'))).toEqual([])
    expect(shared.filter((f) => read(f).includes('vi.useFakeTimers(') && !read(f).includes('vi.useRealTimers()'))).toEqual([])
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
