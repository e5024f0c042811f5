/**
 * `npm run test:paths [-- <machine>]`: replays every generated path of one machine (or of every
 * machine) against its independent expectations, rewrites that machine's catalogue
 * (docs/paths/<machine>.md) and diagram (docs/diagrams/<machine>.md) and the index, and prints
 * the tester's coverage: covered X of Y transitions, the transitions no path took, the rules no
 * step applied (reports/paths/<machine>.json holds the same).
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs'

type Row = { machine: string; states: number; transitions: number; covered: number; paths: number; percent: number; missing: string[]; unusedRules: string[] }

const started = Date.now()
const machine = process.argv.slice(2).find((a) => !a.startsWith('-'))
const all = readdirSync('tests/machines').filter((f) => f.endsWith('.paths.test.ts')).map((f) => f.replace('.paths.test.ts', ''))
if (machine && !all.includes(machine)) {
  console.error(`no machine "${machine}": tests/machines/${machine}.paths.test.ts does not exist (machines: ${all.join(', ')})`)
  process.exit(2)
}
const names = machine ? [machine] : all
for (const n of names) rmSync(`reports/paths/${n}.json`, { force: true })
const files = [...names.map((n) => `tests/machines/${n}.paths.test.ts`), 'tests/machines/docs.test.ts']
const r = spawnSync(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', '--project', 'unit', ...files, '--reporter=dot', '--silent'], {
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, UPDATE_DOCS: '1' },
})

const rows = names.map((n) => (existsSync(`reports/paths/${n}.json`) ? JSON.parse(readFileSync(`reports/paths/${n}.json`, 'utf8')) as Row : null))
for (const [i, row] of rows.entries()) {
  if (!row) {
    console.log(`\n${names[i]}: no coverage figures (the suite did not finish; see the errors above)`)
    continue
  }
  console.log(`\n${row.machine}: covered ${row.covered} of ${row.transitions} transitions (${row.percent}%) by ${row.paths} generated paths; ${row.states} states`)
  if (row.missing.length) console.log(`  not covered:\n${row.missing.map((k) => `    ${k}`).join('\n')}`)
  else console.log('  not covered: none')
  if (row.unusedRules.length) console.log(`  rules no step applied:\n${row.unusedRules.map((k) => `    ${k}`).join('\n')}`)
  if (machine) console.log(`  written: docs/paths/${row.machine}.md, docs/diagrams/${row.machine}.md, docs/paths/README.md`)
}
if (!machine) console.log('\nwritten: docs/paths/<machine>.md, docs/diagrams/<machine>.md, docs/paths/README.md')
console.log(`test:paths took ${((Date.now() - started) / 1000).toFixed(1)} s${r.status === 0 ? '' : ' (some checks failed: see above)'}`)
process.exit(r.status ?? 1)
