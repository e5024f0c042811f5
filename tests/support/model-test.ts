import { afterAll, describe, expect, it } from 'vitest'
import type { AnyStateMachine } from 'xstate'
import { checkState, checkStep, isIn, missingExpectations, type Expectations } from './expectations.ts'
import { coverageRow, generatePaths, replayPath, startReplay, type GeneratedPath, type MachineModel, type Snapshot } from './paths.ts'

export type Model = MachineModel<AnyStateMachine>

/**
 * Replays one path and checks, at every step, the expectations of the state the ACTUAL actor is
 * in and the rules for (previous state, event). Throws at the first failure; returns the
 * transitions taken and the rules applied.
 */
export function replayChecked(model: Model, expectations: Expectations, path: GeneratedPath) {
  const rules = new Set<string>()
  let initial = true
  const taken = replayPath(model, path, (actual, previous, event, step, effects) => {
    if (initial) checkState(expectations, previous, 'initial state')
    initial = false
    const where = `step ${step + 1} (${event.type})`
    for (const name of checkStep(expectations, previous, event, actual, where, effects)) rules.add(name)
    checkState(expectations, actual, where)
  })
  return { taken, rules }
}

/** The ignored events of every state: each is sent and must change neither the state nor what matters of the context. */
export function checkIgnored(model: Model, expectations: Expectations, paths: GeneratedPath[]): string[] {
  const failures: string[] = []
  const significant = expectations.significant ?? ((c: unknown) => c)
  for (const [state, e] of Object.entries(expectations.states)) {
    for (const event of e.ignores ?? []) {
      // the shortest path that ends in this state (or the initial state itself)
      // (the generated end state only picks candidates; the real actor must be there)
      const candidates = [{ steps: [] } as unknown as GeneratedPath, ...paths.filter((p) => isIn(p.end, state)).sort((a, b) => a.steps.length - b.steps.length)]
      let done = false
      for (const path of candidates) {
        const { actor, advance } = startReplay(model)
        path.steps.forEach((s) => advance(s.event))
        const before = actor.getSnapshot() as Snapshot
        if (!isIn(before, state) || before.status !== 'active') { actor.stop(); continue }
        advance(event)
        const after = actor.getSnapshot() as Snapshot
        actor.stop()
        const same = JSON.stringify({ value: after.value, status: after.status, context: significant(after.context) })
          === JSON.stringify({ value: before.value, status: before.status, context: significant(before.context) })
        if (!same) failures.push(`"${state}" must ignore ${JSON.stringify(event)}: it went from ${JSON.stringify(before.value)} to ${JSON.stringify(after.value)}`)
        done = true
        break
      }
      if (!done) failures.push(`no path reaches "${state}" to send it ${event.type}`)
    }
  }
  return failures
}

/**
 * The standard model-based suite of a machine: every generated path replayed on a real actor,
 * each step checked against the machine's independent expectations (tests/machines/expectations),
 * the ignored events of every state sent, then 100% transition coverage and every rule used.
 */
export function modelSuite(model: Model, expectations: Expectations) {
  const paths = generatePaths(model)
  const taken = new Set<string>()
  const used = new Set<string>()

  describe(`${model.name} (model-based: ${paths.length} paths)`, () => {
    it('has an expectation for every state', () => {
      expect(missingExpectations(model.machine, expectations)).toEqual({ missing: [], unknown: [] })
    })

    it.each(paths.map((p, i) => [i + 1, p.steps.map((s) => s.event.type).join(' > ') || '(initial)', p] as const))(
      'path %i: %s',
      (_i, _label, path) => {
        const r = replayChecked(model, expectations, path)
        for (const key of r.taken) taken.add(key)
        for (const name of r.rules) used.add(name)
      },
    )

    it('ignores the events each state must ignore', () => {
      expect(checkIgnored(model, expectations, paths)).toEqual([])
    })

    afterAll(() => {
      const row = coverageRow(model, taken, paths.length)
      console.log(`${model.name}: states ${row.states}, transitions ${row.transitions}, paths ${row.paths}, covered ${row.percent}%`)
      expect(row.missing, 'transitions no path took').toEqual([])
      expect(expectations.rules.map((r) => r.name).filter((n) => !used.has(n)), 'rules no step applied').toEqual([])
    })
  })
}
