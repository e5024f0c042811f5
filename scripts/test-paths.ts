/**
 * `npm run test:paths [-- <machine>]`: replays every generated path of every machine (or of one)
 * against its independent expectations, then rewrites the testers' catalogue (docs/paths/) and
 * the diagrams (docs/diagrams/) from the machines and prints the figures per machine.
 */
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'

const started = Date.now()
const machine = process.argv[2]
const files = machine ? [`tests/machines/${machine}.paths.test.ts`, 'tests/machines/docs.test.ts'] : ['tests/machines']
const r = spawnSync(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', '--project', 'unit', ...files, '--reporter=dot', '--silent'], {
  stdio: 'inherit',
  env: { ...process.env, UPDATE_DOCS: '1' },
})
const table = readFileSync('docs/paths/README.md', 'utf8').split('\n').filter((l) => l.startsWith('|'))
console.log(`\n${table.join('\n')}\n\ncatalogue: docs/paths/<machine>.md, diagrams: docs/diagrams/<machine>.md; took ${((Date.now() - started) / 1000).toFixed(1)} s`)
process.exit(r.status ?? 1)
