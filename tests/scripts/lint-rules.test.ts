/**
 * The import rules of .dependency-cruiser.cjs bind: each is proven by files that break it, cruised
 * with the project's own configuration in a scratch copy of the layout (so a lint running at the
 * same time on the real tree never sees them), next to files that keep it and must pass.
 */
import { spawnSync } from 'node:child_process'
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const ROOT = resolve(import.meta.dirname, '../..')
const CONFIG = join(ROOT, '.dependency-cruiser.cjs')

type Violation = { from: string; to: string; rule: { name: string } }

/** The scratch tree: path -> content. Names say what each file does. */
const FILES: Record<string, string> = {
  // machines/: xstate, src/domain and other machines only
  'machines/ok/ok.machine.ts': "import { setup } from 'xstate'\nimport { rule } from '../../src/domain/rule.ts'\nimport { other } from '../other/other.machine.ts'\nexport const m = [setup, rule, other]\n",
  'machines/other/other.machine.ts': "export const other = 1\n",
  'machines/bad-fs/fs.machine.ts': "import { readFileSync } from 'node:fs'\nexport const m = readFileSync\n",
  'machines/bad-pg/pg.machine.ts': "import pg from 'pg'\nexport const m = pg\n",
  'machines/bad-drizzle/drizzle.machine.ts': "import { sql } from 'drizzle-orm'\nexport const m = sql\n",
  'machines/bad-zod/zod.machine.ts': "import * as z from 'zod/mini'\nexport const m = z\n",
  'machines/bad-web/web.machine.ts': "import { api } from '../../src/web/api/client.ts'\nexport const m = api\n",
  'machines/bad-lib/lib.machine.ts': "import { redact } from '../../src/lib/redact.ts'\nexport const m = redact\n",
  // src/domain: zod, credit-card-type and other domain modules only
  'src/domain/rule.ts': "import * as z from 'zod/mini'\nexport const rule = z\n",
  'src/domain/bad-crypto.ts': "import { randomInt } from 'node:crypto'\nexport const bad = randomInt\n",
  'src/lib/redact.ts': 'export const redact = 1\n',
  // src/web: views render flows; only flows call the client
  'src/web/api/client.ts': 'export const api = 1\n',
  'src/web/api/errors.ts': 'export const errors = 1\n',
  'src/web/flows/thing.ts': "import { api } from '../api/client.ts'\nexport const thing = api\n",
  'src/web/views/ThingView.tsx': "import { thing } from '../flows/thing.ts'\nexport const View = thing\n",
  'src/web/views/admin/CallsApiView.tsx': "import { api } from '../../api/client.ts'\nexport const View = api\n",
  // components: props in, callbacks out
  'src/web/components/Plain.tsx': "import { useState } from 'react'\nexport const Plain = useState\n",
  'src/web/components/WithFlow.tsx': "import { thing } from '../flows/thing.ts'\nexport const C = thing\n",
  'src/web/components/WithMachine.tsx': "import { other } from '../../../machines/other/other.machine.ts'\nexport const C = other\n",
  'src/web/components/WithErrors.tsx': "import { errors } from '../api/errors.ts'\nexport const C = errors\n",
  // src/server/routes: parse, check, call a service, answer; the schema and drizzle are the services'
  'src/server/db/schema.ts': 'export const thing = 1\n',
  'src/server/services/things.ts': "import { eq } from 'drizzle-orm'\nimport { thing } from '../db/schema.ts'\nexport const things = [eq, thing]\n",
  'src/server/routes/things.ts': "import { things } from '../services/things.ts'\nexport const route = things\n",
  'src/server/routes/bad-schema.ts': "import { thing } from '../db/schema.ts'\nexport const route = thing\n",
  'src/server/routes/bad-drizzle.ts': "import { eq } from 'drizzle-orm'\nexport const route = eq\n",
  'src/server/routes/bad-schema-type.ts': "import type { thing } from '../db/schema.ts'\nexport type Route = typeof thing\n",
}

let dir = ''
let violations: Violation[] = []
let output = ''

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'ke-lint-'))
  for (const [path, text] of Object.entries(FILES)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true })
    writeFileSync(join(dir, path), text)
  }
  copyFileSync(join(ROOT, 'tsconfig.json'), join(dir, 'tsconfig.json'))
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir')
  // the project's rules, unchanged; only: packages are seen at node_modules/ through the link
  writeFileSync(join(dir, '.dependency-cruiser.cjs'), `module.exports = { extends: ${JSON.stringify(CONFIG)}, options: { preserveSymlinks: true } }\n`)
  const bin = join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruiser.mjs')
  const run = spawnSync(process.execPath, [bin, '--config', '.dependency-cruiser.cjs', '--output-type', 'json', 'src', 'machines'], { cwd: dir, encoding: 'utf8' })
  output = run.stdout + run.stderr
  if (!run.stdout.trim()) throw new Error('dependency-cruiser gave no report: ' + run.stderr)
  const result = JSON.parse(run.stdout) as { summary: { violations: Violation[] } }
  violations = result.summary.violations
}, 60_000)

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
})

function broken(from: string): string[] {
  return violations.filter((v) => v.from === from).map((v) => `${v.rule.name} -> ${v.to}`)
}

describe('the import allow-lists bind (.dependency-cruiser.cjs)', () => {
  it.each([
    ['machines/bad-fs/fs.machine.ts', 'machines-allow-list -> fs'],
    ['machines/bad-pg/pg.machine.ts', 'machines-allow-list -> node_modules/pg/'],
    ['machines/bad-drizzle/drizzle.machine.ts', 'machines-allow-list -> node_modules/drizzle-orm/'],
    ['machines/bad-zod/zod.machine.ts', 'machines-allow-list -> node_modules/zod/'],
    ['machines/bad-web/web.machine.ts', 'machines-allow-list -> src/web/api/client.ts'],
    ['machines/bad-lib/lib.machine.ts', 'machines-allow-list -> src/lib/redact.ts'],
    ['src/domain/bad-crypto.ts', 'domain-is-pure -> crypto'],
    ['src/web/views/admin/CallsApiView.tsx', 'views-not-api -> src/web/api/client.ts'],
    ['src/web/components/WithFlow.tsx', 'components-are-presentational -> src/web/flows/thing.ts'],
    ['src/web/components/WithMachine.tsx', 'components-are-presentational -> machines/other/other.machine.ts'],
    ['src/web/components/WithErrors.tsx', 'components-are-presentational -> src/web/api/errors.ts'],
    ['src/server/routes/bad-schema.ts', 'routes-call-services -> src/server/db/schema.ts'],
    ['src/server/routes/bad-drizzle.ts', 'routes-call-services -> node_modules/drizzle-orm/'],
    ['src/server/routes/bad-schema-type.ts', 'routes-call-services -> src/server/db/schema.ts'],
  ])('%s breaks it: %s', (from, expected) => {
    const found = broken(from)
    expect(found.length, output).toBe(1)
    // a package: its folder; a Node built-in or a project file: exactly
    if (expected.endsWith('/')) expect(found[0]!.startsWith(expected), found[0]).toBe(true)
    else expect(found[0]).toBe(expected)
  })

  it('files that keep the rules pass: a machine on xstate, domain and another machine; a view on a flow; a component on React; a route on a service, the service on drizzle and the schema', () => {
    for (const ok of ['machines/ok/ok.machine.ts', 'src/domain/rule.ts', 'src/web/views/ThingView.tsx', 'src/web/flows/thing.ts', 'src/web/components/Plain.tsx',
      'src/server/routes/things.ts', 'src/server/services/things.ts']) {
      expect(broken(ok), ok).toEqual([])
    }
  })

  it('nothing else is reported (each broken file breaks exactly one rule)', () => {
    expect(violations.length, output).toBe(14)
  })
})

describe('the temporary exceptions to views-not-api', () => {
  const require = createRequire(import.meta.url)
  const config = require(CONFIG) as { forbidden: Array<{ name: string; from: { pathNot?: string[] } }> }
  const listed = (config.forbidden.find((r) => r.name === 'views-not-api')?.from.pathNot ?? [])
    .map((p) => p.replace(/^\^/, '').replace(/\$$/, '').replace(/\\\./g, '.'))

  it('are none left (issue 26 item 5 moved the last calls into flows): the list only shrinks', () => {
    expect(listed).toEqual([])
    for (const file of listed) expect(file).toMatch(/^src\/web\/views\/[\w/-]+\.tsx?$/)
  })

  it.each(listed.length ? listed : ['(none)'])('%s still imports the API client (else remove it from VIEWS_STILL_CALLING_THE_API)', (file) => {
    if (file === '(none)') return
    const text = readFileSync(join(ROOT, file), 'utf8')
    expect(text).toMatch(/from '(\.\.\/)+api\/client\.ts'/)
  })
})

describe('the temporary exceptions to routes-call-services', () => {
  const require = createRequire(import.meta.url)
  const config = require(CONFIG) as { forbidden: Array<{ name: string; from: { pathNot?: string[] } }> }
  const listed = (config.forbidden.find((r) => r.name === 'routes-call-services')?.from.pathNot ?? [])
    .map((p) => p.replace(/^\^/, '').replace(/\$$/, '').replace(/\\\./g, '.'))

  it('name only route files', () => {
    for (const file of listed) expect(file).toMatch(/^src\/server\/routes\/[\w-]+\.ts$/)
  })

  it.each(listed.length ? listed : ['(none)'])('%s still imports the schema or drizzle (else remove it from ROUTES_STILL_QUERYING)', (file) => {
    if (file === '(none)') return
    const text = readFileSync(join(ROOT, file), 'utf8')
    expect(text).toMatch(/from '(drizzle-orm|\.\.\/db\/schema\.ts)'/)
  })
})
