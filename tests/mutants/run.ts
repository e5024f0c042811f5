/**
 * Runs the mutation check over the registry (tests/machines/registry.ts): every mutant of every
 * machine (tests/support/mutants.ts), or a sample drawn by a seed within a time budget. Writes
 * reports/mutants.txt (a table by machine and kind, then every survivor with its reason) and
 * reports/mutants.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { MACHINES, type Entry } from '../machines/registry.ts'
import { KINDS, killOrExplain, mutantsOf, mutationPaths, random, sample, type Mutant, type Verdict } from '../support/mutants.ts'

export type MutationRun = {
  /** Only these machines (registry names). */
  machines?: string[]
  /** Only these kinds. */
  kinds?: string[]
  /** Draw this many mutants (spread over the kinds) instead of running all. */
  sample?: number
  /** For a sample: how many machines, drawn by the seed (default: all). */
  machineCount?: number
  seed?: number
  /**
   * Stop starting new mutants once this process has used this much CPU time (user + system): a
   * budget in CPU time holds on a busy shared machine, where the wall clock runs several times faster.
   */
  budgetMs?: number
  /** Where to write the reports (default reports/). */
  reportDir?: string
}

export type MutationResult = {
  seed: number
  verdicts: Verdict[]
  survivors: Verdict[]
  lines: string[]
  skipped: number
  seconds: number
}

const pad = (s: string | number, n: number) => String(s).padStart(n)

export function runMutationCheck(run: MutationRun = {}): MutationResult {
  const started = Date.now()
  const cpu0 = process.cpuUsage()
  const spent = () => { const c = process.cpuUsage(cpu0); return (c.user + c.system) / 1000 }
  const seed = run.seed ?? Math.floor(Math.random() * 2 ** 31)
  let entries: Entry[] = MACHINES.filter((m) => !run.machines || run.machines.includes(m.model.name))
  if (run.machineCount && run.machineCount < entries.length) {
    const next = random(seed ^ 0x5bd1e995)
    entries = [...entries].sort(() => next() - 0.5).slice(0, run.machineCount)
  }
  const verdicts: Verdict[] = []
  let skipped = 0
  const perMachine = run.sample ? Math.max(1, Math.ceil(run.sample / entries.length)) : Infinity
  for (const { model, expectations } of entries) {
    if (run.budgetMs && spent() > run.budgetMs) { skipped++; continue }
    const paths = mutationPaths(model)
    let mutants: Mutant[] = mutantsOf(model, { covering: paths.covering })
    if (run.kinds) mutants = mutants.filter((m) => run.kinds!.includes(m.kind))
    // each machine its own draw of the seed (its own order of kinds)
    if (run.sample) mutants = sample(mutants, perMachine, seed ^ [...model.name].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0, 2166136261))
    const originals = new Map()
    for (const mutant of mutants) {
      if (run.budgetMs && spent() > run.budgetMs) { skipped++; continue }
      verdicts.push(killOrExplain(model, expectations, mutant, paths, originals))
    }
  }
  const survivors = verdicts.filter((v) => !v.killed && !v.equivalent)
  const machines = [...new Set(verdicts.map((v) => v.mutant.machine))]
  const count = (f: (v: Verdict) => boolean, list = verdicts) => list.filter(f).length
  const lines = [
    `mutation check: ${run.sample ? `a sample of ${verdicts.length} (seed ${seed})` : `${verdicts.length} mutants`}${skipped ? `, ${skipped} left for lack of time` : ''}`,
    '',
    `${'machine'.padEnd(20)} ${KINDS.map((k) => k.padStart(8)).join(' ')}    killed/made  equivalent  survived`,
    ...machines.map((name) => {
      const mine = verdicts.filter((v) => v.mutant.machine === name)
      const cells = KINDS.map((k) => {
        const of = mine.filter((v) => v.mutant.kind === k)
        return pad(of.length ? `${count((v) => v.killed, of)}/${of.length}` : '-', 8)
      })
      return `${name.padEnd(20)} ${cells.join(' ')}    ${pad(`${count((v) => v.killed, mine)}/${mine.length}`, 11)}  ${pad(count((v) => !!v.equivalent, mine), 10)}  ${pad(count((v) => !v.killed && !v.equivalent, mine), 8)}`
    }),
    `${'total'.padEnd(20)} ${KINDS.map((k) => { const of = verdicts.filter((v) => v.mutant.kind === k); return pad(of.length ? `${count((v) => v.killed, of)}/${of.length}` : '-', 8) }).join(' ')}    ${pad(`${count((v) => v.killed)}/${verdicts.length}`, 11)}  ${pad(count((v) => !!v.equivalent), 10)}  ${pad(survivors.length, 8)}`,
    '',
    ...survivors.map((v) => `SURVIVED ${v.mutant.id}\n  ${v.mutant.what}\n  why: ${v.reason}`),
    `took ${((Date.now() - started) / 1000).toFixed(1)} s (${(spent() / 1000).toFixed(1)} CPU-s)`,
  ]
  const dir = run.reportDir ?? 'reports'
  mkdirSync(dir, { recursive: true })
  writeFileSync(`${dir}/mutants.txt`, lines.join('\n') + '\n')
  writeFileSync(`${dir}/mutants.json`, JSON.stringify({
    seed, skipped,
    verdicts: verdicts.map((v) => ({ id: v.mutant.id, machine: v.mutant.machine, kind: v.mutant.kind, what: v.mutant.what, killed: v.killed, equivalent: v.equivalent, by: v.by, reason: v.reason, ms: v.ms })),
  }, null, 2))
  return { seed, verdicts, survivors, lines, skipped, seconds: (Date.now() - started) / 1000 }
}
