/**
 * The testers' report of an end-to-end run: per statechart, which of its transitions the browser
 * took and in which test files (hand-written and the model replay alike), from the files
 * tests/e2e/browser.ts writes to test-results/coverage/e2e/. Written by the e2e global setup's
 * teardown: test-results/coverage/e2e-coverage.md (to read) and e2e-coverage.json.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'

const DIR = resolve(import.meta.dirname, '../../test-results/coverage')

type FileCoverage = { file: string; machines: Record<string, string[]> }
export type MachineTransitions = Array<{ id: string; name: string; transitions: string[] }>

export function writeE2eReport(known: MachineTransitions): string | null {
  const dir = join(DIR, 'e2e')
  if (!existsSync(dir)) return null
  const files = readdirSync(dir).filter((f) => f.endsWith('.json')).map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as FileCoverage)
  if (files.length === 0) return null
  const by = new Map<string, Map<string, Set<string>>>() // machine id -> transition -> files
  for (const f of files) {
    for (const [id, keys] of Object.entries(f.machines)) {
      const m = by.get(id) ?? new Map<string, Set<string>>()
      for (const k of keys) m.set(k, new Set([...(m.get(k) ?? []), f.file.replace(/^tests\/e2e\//, '')]))
      by.set(id, m)
    }
  }
  const ids = [...new Set([...known.map((k) => k.id), ...by.keys()])]
  const rows = ids.map((id) => {
    const k = known.find((x) => x.id === id)
    const took = by.get(id) ?? new Map<string, Set<string>>()
    const all = k ? k.transitions : [...took.keys()].sort()
    const covered = all.filter((t) => took.has(t))
    return { id, name: k?.name ?? id, total: all.length, covered: covered.length, transitions: all.map((t) => ({ transition: t, files: [...(took.get(t) ?? [])].sort() })), inRegistry: !!k }
  })
  mkdirSync(DIR, { recursive: true })
  writeFileSync(join(DIR, 'e2e-coverage.json'), JSON.stringify({ at: new Date().toISOString(), files: files.map((f) => f.file).sort(), machines: rows }, null, 2))
  const pct = (c: number, t: number) => (t === 0 ? '100' : (Math.round((c / t) * 1000) / 10).toString())
  const md = [
    '# Statechart transitions taken in the browser',
    '',
    `End-to-end run of ${new Date().toISOString()}: ${files.length} test files reported (tests/e2e/browser.ts's probe).`,
    'A transition is covered when some page of some file took it; each lists the files that did.',
    '',
    '| machine | covered | transitions | % |',
    '|---|---|---|---|',
    ...rows.map((r) => `| ${r.name}${r.inRegistry ? '' : ' (not in the registry)'} | ${r.covered} | ${r.total} | ${pct(r.covered, r.total)} |`),
    '',
    ...rows.flatMap((r) => [
      `## ${r.name} (${r.covered} of ${r.total})`,
      '',
      ...r.transitions.map((t) => `- ${t.files.length ? '[x]' : '[ ]'} \`${t.transition}\`${t.files.length ? `: ${t.files.join(', ')}` : ' **not taken**'}`),
      '',
    ]),
  ].join('\n')
  writeFileSync(join(DIR, 'e2e-coverage.md'), md)
  return join(DIR, 'e2e-coverage.md')
}
