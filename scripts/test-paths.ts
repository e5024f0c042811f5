/**
 * `npm run test:paths`: replays every generated path of every machine, then prints one line per
 * machine (states, transitions, paths, covered %) and writes the path catalogue for testers
 * (JSON and Markdown, Given / When / Then) to reports/paths/.
 */
import { spawnSync } from 'node:child_process'
import { readdirSync, readFileSync, rmSync } from 'node:fs'

const started = Date.now()
rmSync('reports/paths', { recursive: true, force: true })
const r = spawnSync(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', '--project', 'unit', 'tests/machines', '--reporter=dot', '--silent'], {
  stdio: 'inherit',
  env: { ...process.env, PATHS_REPORT: '1' },
})
console.log('\nmachine              states   transitions   paths   covered')
for (const file of readdirSync('reports/paths').filter((f) => f.endsWith('.txt')).sort()) {
  process.stdout.write(readFileSync(`reports/paths/${file}`, 'utf8'))
}
console.log(`\ncatalogue: reports/paths/<machine>.{json,md}; took ${((Date.now() - started) / 1000).toFixed(1)} s`)
process.exit(r.status ?? 1)
