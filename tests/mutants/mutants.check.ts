/**
 * The mutation check (`npm run test:mutants`, scripts/mutants.ts): every transition target of
 * every machine is changed in turn to each other state of its region, and that machine's replay
 * and expectations run against the mutant. A mutant is killed when some check fails; the ones an
 * expectation file lists as equivalent (no behaviour differs) are counted apart.
 * MUTANTS_MACHINE=<name> limits the run to one machine.
 */
import { writeFileSync, mkdirSync } from 'node:fs'
import { expect, it } from 'vitest'
import { MACHINES } from '../machines/registry.ts'
import { checkIgnored, replayChecked } from '../support/model-test.ts'
import { coveringPaths, generatePaths, mutationsOf, setMutation } from '../support/paths.ts'

it('kills every mutant', () => {
  const started = Date.now()
  const rows: Array<{ machine: string; made: number; killed: number; equivalent: number; seconds: number; survivors: string[] }> = []
  for (const { model, expectations } of MACHINES) {
    if (process.env.MUTANTS_MACHINE && process.env.MUTANTS_MACHINE !== model.name) continue
    const t0 = Date.now()
    // the covering set first (it kills most mutants fast), then every other generated path
    const all = generatePaths(model)
    const covering = coveringPaths(model, all)
    const paths = [...covering, ...all.filter((p) => !covering.includes(p)).sort((a, b) => a.steps.length - b.steps.length)]
    const mutants = mutationsOf(model.machine)
    const survivors: string[] = []
    let equivalent = 0
    for (const m of mutants) {
      if (expectations.equivalentMutants?.[`${m.transition}  =>  #${m.target}`]) {
        equivalent++
        continue
      }
      setMutation(m)
      let killed = false
      for (const path of paths) {
        try {
          replayChecked(model, expectations, path)
        } catch {
          killed = true
          break
        }
      }
      if (!killed) killed = checkIgnored(model, expectations, paths).length > 0
      if (!killed) survivors.push(`${m.transition}  =>  #${m.target}`)
      setMutation(null)
    }
    rows.push({ machine: model.name, made: mutants.length, killed: mutants.length - survivors.length - equivalent, equivalent, seconds: (Date.now() - t0) / 1000, survivors })
  }
  const sum = (f: (r: (typeof rows)[number]) => number) => rows.reduce((a, r) => a + f(r), 0)
  const lines = [
    'machine              mutants   killed   equivalent   survived   seconds',
    ...rows.map((r) => `${r.machine.padEnd(20)} ${String(r.made).padStart(7)}  ${String(r.killed).padStart(7)}  ${String(r.equivalent).padStart(11)}  ${String(r.survivors.length).padStart(9)}  ${r.seconds.toFixed(1).padStart(8)}`),
    `${'total'.padEnd(20)} ${String(sum((r) => r.made)).padStart(7)}  ${String(sum((r) => r.killed)).padStart(7)}  ${String(sum((r) => r.equivalent)).padStart(11)}  ${String(sum((r) => r.survivors.length)).padStart(9)}  ${((Date.now() - started) / 1000).toFixed(1).padStart(8)}`,
    ...rows.flatMap((r) => r.survivors.map((s) => `SURVIVED ${r.machine}: ${s}`)),
  ]
  mkdirSync('reports', { recursive: true })
  writeFileSync('reports/mutants.txt', lines.join('\n') + '\n')
  writeFileSync('reports/mutants.json', JSON.stringify(rows, null, 2))
  expect(rows.flatMap((r) => r.survivors), 'surviving mutants').toEqual([])
})
