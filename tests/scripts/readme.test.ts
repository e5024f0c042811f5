/**
 * The README stays a true front door: short, its commands exist, its links and the files it names
 * exist, and its configuration table lists exactly the variables the server reads. The same link
 * and file checks run over docs/.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = resolve(import.meta.dirname, '../..')
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8')
const README = read('README.md')
const pkg = JSON.parse(read('package.json')) as { scripts: Record<string, string>; engines: { node: string } }

/** Markdown files of the front door and docs/ (generated catalogues and diagrams included). */
function markdownFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(join(ROOT, path)).isDirectory()) return markdownFiles(path)
    return name.endsWith('.md') ? [path] : []
  })
}
const DOCS = ['README.md', ...markdownFiles('docs')]

/** Text outside fenced code blocks (links and paths in shell examples are not claims about files). */
function prose(text: string): string {
  return text.replace(/^```[\s\S]*?^```/gm, '')
}

/** GitHub's anchor for a heading. */
function slug(heading: string): string {
  return heading.trim().toLowerCase().replace(/[`*]/g, '').replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-')
}

function anchors(file: string): Set<string> {
  const text = prose(read(file))
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((m) => slug(m[1]!)))
}

describe('README.md', () => {
  it('is a front door: under 300 lines', () => {
    expect(README.split('\n').length).toBeLessThan(300)
  })

  it('starts with the two commands, and both exist as npm scripts', () => {
    const start = README.indexOf('npm install && npm start')
    expect(start).toBeGreaterThan(0)
    expect(README.indexOf('npm test')).toBeGreaterThan(0)
    // before the demo users, the cards and the configuration
    expect(start).toBeLessThan(README.indexOf('## Demo users'))
    expect(pkg.scripts.start).toMatch(/npm run build && node src\/server\/index\.ts/)
    expect(pkg.scripts.test).toBe('node scripts/test.ts')
    expect(pkg.scripts.prestart).toBe('node scripts/check-node.cjs')
  })

  it('asks for the Node the project declares', () => {
    expect(pkg.engines.node).toBe('>=22.19')
    expect(README).toContain('any Node >= 22.19')
    expect(read('.nvmrc').trim()).toBe('24')
  })

  it('names only npm scripts that exist', () => {
    const named = new Set([...README.matchAll(/npm run ([\w:-]+)/g)].map((m) => m[1]!))
    expect(named.size).toBeGreaterThan(8)
    for (const script of named) expect(pkg.scripts[script], `npm run ${script}`).toBeDefined()
  })

  it('lists every npm script in its commands table', () => {
    const table = README.slice(README.indexOf('## Commands'), README.indexOf('## Configuration'))
    const hooks = /^(pre|post)/
    for (const script of Object.keys(pkg.scripts).filter((s) => !hooks.test(s))) {
      const shown = script === 'start' || script === 'test' ? `\`npm ${script}` : `\`npm run ${script}`
      expect(table, script).toContain(shown)
    }
  })

  it('lists exactly the environment variables the server reads', () => {
    const table = README.slice(README.indexOf('## Configuration'), README.indexOf('### Running on PostgreSQL'))
    const documented = new Set([...table.matchAll(/^\| ([^|]+) \|/gm)].flatMap((m) => [...m[1]!.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((v) => v[1]!)))
    const config = read('src/server/config.ts')
    const read_ = new Set([...config.matchAll(/env\.([A-Z][A-Z0-9_]+)|base\('([A-Z_]+)'/g)].map((m) => (m[1] ?? m[2])!))
    expect(read_.size).toBeGreaterThan(40)
    for (const v of read_) expect(documented.has(v), `${v} is read by src/server/config.ts but not in the README's table`).toBe(true)
    // the test and tool variables the table documents are read somewhere too
    const elsewhere = ['scripts/test.ts', 'tests/e2e/browser.ts', 'tests/support/global-setup.ts'].map(read).join('\n')
    for (const v of documented) expect(read_.has(v) || elsewhere.includes(v), `${v} is in the README's table but nothing reads it`).toBe(true)
  })
})

describe.each(DOCS)('%s', (file) => {
  const text = prose(read(file))
  const here = dirname(file)

  it('links only to files and headings that exist', () => {
    for (const m of text.matchAll(/\[[^\]]*\]\(([^)\s]+)\)/g)) {
      const target = m[1]!
      if (/^(https?:|mailto:)/.test(target)) continue
      const [path, anchor] = target.split('#') as [string, string | undefined]
      const resolved = path ? join(here, path) : file
      expect(existsSync(join(ROOT, resolved)), `${file}: link to ${target}`).toBe(true)
      if (anchor && resolved.endsWith('.md')) expect(anchors(resolved).has(anchor), `${file}: no heading #${anchor} in ${resolved}`).toBe(true)
    }
  })

  it('names only repository files and folders that exist', () => {
    // `src/...`, `tests/...`, `scripts/...`, `machines/...`, `docs/...` in code spans; patterns are not names
    for (const m of text.matchAll(/`((?:src|tests|scripts|machines|docs|\.ci)\/[^`\s]*)`/g)) {
      const name = m[1]!.replace(/[:#].*$/, '')
      if (/[<>{}*]|\.\.\./.test(name)) continue
      expect(existsSync(join(ROOT, name)), `${file} names ${name}`).toBe(true)
    }
  })
})

describe('the documentation of the areas moved out of the README', () => {
  it.each(['docs/admin.md', 'docs/permissions.md', 'docs/sales.md', 'docs/api.md', 'docs/sessions.md', 'docs/benchmarks.md', 'docs/testing.md', 'docs/decisions/README.md'])('%s is linked from the README', (doc) => {
    expect(README).toContain(`](${doc})`)
  })

  it('every decision file is in the decisions index', () => {
    const index = read('docs/decisions/README.md')
    for (const f of readdirSync(join(ROOT, 'docs/decisions')).filter((n) => n.endsWith('.md') && n !== 'README.md')) {
      expect(index, f).toContain(`](${f})`)
    }
  })

  it('every benchmark figure says when and at which commit it was recorded', () => {
    const figuresPart = read('docs/benchmarks.md').split('## Budgets')[0]!
    const rows = figuresPart.split('\n').filter((l) => l.startsWith('| ') && !/^\| figure \|/.test(l))
    const figures = rows.filter((l) => l.split('|').length === 5)
    expect(figures.length).toBeGreaterThan(15)
    for (const row of figures) expect(row, row).toMatch(/\| 2\d{3}-\d{2}-\d{2}, (branch `[\w-]+` on main )?[0-9a-f]{7,} \|$/)
  })
})

