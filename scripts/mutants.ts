/**
 * `npm run test:mutants`: the mutation check of the model-based tests. Every transition target of
 * every machine is changed in turn (to each other state of the same region) and that machine's
 * replay with its independent expectations is run against the mutant; prints mutants made and
 * killed per machine and lists the survivors (aim: none). `-- <machine>` checks one machine.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, rmSync } from 'node:fs'

const started = Date.now()
rmSync('reports/mutants.txt', { force: true })
const machine = process.argv[2]
const r = spawnSync(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', '--config', 'vitest.mutants.config.ts', '--reporter=dot', '--silent'], {
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, ...(machine ? { MUTANTS_MACHINE: machine } : {}) },
})
if (existsSync('reports/mutants.txt')) process.stdout.write(readFileSync('reports/mutants.txt', 'utf8'))
console.log(`\ntest:mutants took ${((Date.now() - started) / 1000).toFixed(1)} s`)
process.exit(r.status ?? 1)
