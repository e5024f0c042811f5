import { mkdirSync, writeFileSync } from 'node:fs'
import { afterAll, describe, expect, it } from 'vitest'
import type { AnyEventObject, AnyStateMachine } from 'xstate'
import { syncDocs } from './docs.ts'
import { activePaths, canon, checkState, checkStep, isIn, missingExpectations, screenOf, type Expectations } from './expectations.ts'
import {
  allStateNodes, coverageRow, coveringPaths, generatePaths, replayPath, startReplay,
  type DelayOracle, type GeneratedPath, type MachineModel, type Sent, type Snapshot,
} from './paths.ts'

export type Model = MachineModel<AnyStateMachine>

/** The delay's name in a timer event `xstate.after.<delay>.<state id>`. */
export function delayName(machine: AnyStateMachine, eventType: string): string {
  const rest = eventType.slice('xstate.after.'.length)
  const id = allStateNodes(machine.root).map((n) => n.id).sort((a, b) => b.length - a.length).find((sid) => rest.endsWith('.' + sid))
  return id ? rest.slice(0, rest.length - id.length - 1) : rest
}

/** Every invoke id of a machine, with the state that invokes it. */
export function invokesOf(machine: AnyStateMachine): Map<string, string> {
  const out = new Map<string, string>()
  for (const node of allStateNodes(machine.root)) for (const inv of node.invoke ?? []) out.set(inv.id, node.path.join('.'))
  return out
}

/** Every named delay of a machine (`after` keys), with the state that owns it. */
export function delaysOf(machine: AnyStateMachine): Map<string, string> {
  const out = new Map<string, string>()
  for (const node of allStateNodes(machine.root)) {
    for (const key of Object.keys((node.config as { after?: object }).after ?? {})) out.set(key, node.path.join('.'))
  }
  return out
}

/** The timers' durations by the oracle (the spec's, in the expectations); a delay it does not know fails. */
export function delayOracle(model: Model, expectations: Expectations): DelayOracle {
  return (timer) => {
    const name = delayName(model.machine, timer.type)
    const d = expectations.delays?.[name]
    if (!d) throw new Error(`no expected duration written for the delay "${name}" (expectations.delays)`)
    return d.ms(timer.context, timer.event, model.input)
  }
}

function fail(message: string): never {
  throw new Error(message)
}

/** Every actor the step started was given what the oracle says (what would reach the server). */
export function checkSent(expectations: Expectations, previous: Snapshot, event: AnyEventObject, actual: Snapshot, sent: Sent[], where: string, input: unknown): void {
  for (const s of sent) {
    const expected = expectations.inputs[s.id] ?? fail(`${where}: "${s.id}" started, but no expected input is written for it (expectations.inputs)`)
    let want: unknown
    try {
      want = expected(previous.context, event, actual.context, input, previous)
    } catch (error) {
      fail(`${where}: the expected input of "${s.id}" could not be computed: ${(error as Error).message}`)
    }
    try {
      expect(s.input).toEqual(want)
    } catch {
      fail(`${where}: "${s.id}" was given ${JSON.stringify(s.input)}, expected ${JSON.stringify(want)}`)
    }
  }
}

/**
 * Replays one path and checks, at every step, the expectations of the state the ACTUAL actor is
 * in, the rules for (previous state, event), what each started actor was given and, for a timer
 * step, its duration. Throws at the first failure; returns the transitions taken and the rules applied.
 */
export function replayChecked(model: Model, expectations: Expectations, path: GeneratedPath, observe?: (snapshot: Snapshot) => void, checked?: CheckedSteps) {
  const rules = new Set<string>()
  let initial = true
  let prefix: string | null = ''
  const taken = replayPath(model, path, (actual, previous, event, step, effects, sent, initialSent, timers) => {
    // a step after the same events as one already checked: the same actor, the same checks (see CheckedSteps)
    const key = prefix === null ? null : eventKey(event)
    prefix = key === null ? null : `${prefix}>${key}`
    const known = prefix === null ? undefined : checked?.get(prefix)
    if (known instanceof Error) throw known
    if (known) {
      for (const name of known) rules.add(name)
      initial = false
      // the screens check samples the same snapshots as without CheckedSteps
      observe?.(actual)
      return
    }
    try {
      const names = checkOneStep(actual, previous, event, step, effects, sent, initialSent, timers)
      for (const name of names) rules.add(name)
      if (prefix !== null) checked?.set(prefix, names)
    } catch (error) {
      if (prefix !== null) checked?.set(prefix, error as Error)
      throw error
    }
  }, delayOracle(model, expectations))
  return { taken, rules }

  function checkOneStep(actual: Snapshot, previous: Snapshot, event: AnyEventObject, step: number, effects: string[], sent: Sent[], initialSent: Sent[], timers: Parameters<Parameters<typeof replayPath>[2]>[7]): string[] {
    if (initial) {
      checkState(expectations, previous, 'initial state')
      checkSent(expectations, previous, { type: 'xstate.init' }, previous, initialSent, 'initial state', model.input)
      try {
        expectations.initial?.(previous.context, model.input)
      } catch (error) {
        fail(`initial context: ${(error as Error).message}`)
      }
    }
    initial = false
    const where = `step ${step + 1} (${event.type})`
    const started = { sent: sent.map((s) => s.id), timers: timers.map((t) => delayName(model.machine, t)) }
    const names = checkStep(expectations, previous, event, actual, where, effects, started)
    checkSent(expectations, previous, event, actual, sent, where, model.input)
    checkState(expectations, actual, where)
    observe?.(actual)
    return names
  }
}

/**
 * The steps a model suite has checked, by the events from the initial state up to each (issue 26
 * item 9): the generated paths are the shortest path to every state, each extended by one event, so
 * most paths repeat the steps of others. A replay is deterministic (fake actors, a simulated clock,
 * the model's input), so a step after the same events is the same actor in the same state, and its
 * checks (rules, context, inputs sent, the state's expectations) answer alike: the replay still runs
 * every step on a real actor (the transitions taken, the invariants), and a step checked before gives
 * its rules again, or its failure again, without being checked twice.
 */
export type CheckedSteps = Map<string, string[] | Error>

/**
 * An event as a key that tells apart every two events a replay could tell apart, or null (then
 * neither this step nor the ones after it are taken from CheckedSteps): plain data, and errors by
 * their class, message and own fields; a function or an object of another class is not keyed.
 */
function eventKey(event: AnyEventObject): string | null {
  let plain = true
  const text = JSON.stringify(event, (_k, v: unknown) => {
    if (v === undefined) return { '(undefined)': true }
    if (typeof v === 'function' || typeof v === 'symbol' || typeof v === 'bigint') plain = false
    else if (v instanceof Error) return { ...v, '(error)': v.constructor.name, name: v.name, message: v.message }
    else if (v && typeof v === 'object' && !Array.isArray(v) && ![Object.prototype, null].includes(Object.getPrototypeOf(v))) plain = false
    return v
  })
  return plain ? text : null
}

/**
 * The ignored events of every state: each is sent and must change nothing at all: no state, no
 * context, no transition (not even one without a target), no action, notice or request, no timer.
 */
export function checkIgnored(model: Model, expectations: Expectations, paths: GeneratedPath[]): string[] {
  const failures: string[] = []
  for (const [state, e] of Object.entries(expectations.states)) {
    const all = [...(e.ignores ?? []).map((event) => ({ event, when: undefined as ((c: unknown) => boolean) | undefined })), ...(e.ignoresWhen ?? [])]
    for (const { event, when } of all) {
      // the shortest path that ends in this state (or the initial state itself)
      // (the generated end state only picks candidates; the real actor must be there)
      const candidates = [{ steps: [] } as unknown as GeneratedPath, ...paths.filter((p) => isIn(p.end, state)).sort((a, b) => a.steps.length - b.steps.length)]
      let done = false
      for (const path of candidates) {
        const replay = startReplay(model, delayOracle(model, expectations))
        try {
          path.steps.forEach((s) => replay.advance(s.event))
        } catch {
          replay.actor.stop()
          continue
        }
        const before = replay.actor.getSnapshot() as Snapshot
        if (!isIn(before, state) || before.status !== 'active' || (when && !when(before.context))) { replay.actor.stop(); continue }
        const timersBefore = JSON.stringify([...replay.timers.values()].map((t) => [t.type, t.at]))
        const steps = replay.microsteps
        const { effects, sent } = replay.advance(event)
        const after = replay.actor.getSnapshot() as Snapshot
        replay.actor.stop()
        const what = `"${state}" must ignore ${JSON.stringify(event)}`
        if (JSON.stringify(after.value) !== JSON.stringify(before.value) || after.status !== before.status) failures.push(`${what}: it went from ${JSON.stringify(before.value)} to ${JSON.stringify(after.value)}`)
        else if (JSON.stringify(after.context) !== JSON.stringify(before.context)) failures.push(`${what}: the context changed`)
        else if (replay.microsteps !== steps) failures.push(`${what}: a transition was taken`)
        else if (effects.length > 0) failures.push(`${what}: it ran ${effects.join(', ')}`)
        else if (sent.length > 0) failures.push(`${what}: it started ${sent.map((s) => s.id).join(', ')}`)
        else if (JSON.stringify([...replay.timers.values()].map((t) => [t.type, t.at])) !== timersBefore) failures.push(`${what}: its timers changed`)
        done = true
        break
      }
      if (!done) failures.push(`no path reaches "${state}" to send it ${event.type}`)
    }
  }
  return failures
}

/**
 * The screens of the replayed snapshots: each shows at least one text or heading; two different
 * states never show the same screen; a failure or field error in the context shows its message.
 */
export function screenProblems(expectations: Expectations, samples: Map<string, Snapshot[]>): string[] {
  const problems: string[] = []
  const byValue = new Map<string, Set<string>>()
  for (const [value, snaps] of samples) {
    if (activeLeaves(snaps[0]!).some((l) => expectations.states[l]?.unseen)) continue
    const seen = new Set<string>()
    for (const s of snaps) {
      const screen = screenOf(expectations, s)
      if (screen.texts.length + screen.headings.length === 0) problems.push(`${value}: no text or heading must show`)
      const failure = failureIn(s.context)
      if (failure && !expectations.errorText?.(s.context, s)) problems.push(`${value}: the context has a failure (${failure}) whose message no expectation names (errorText)`)
      seen.add(canon(screen))
    }
    byValue.set(value, seen)
  }
  const values = [...byValue.keys()]
  // a pair a state names as looking alike (sameScreenAs) is allowed
  const alike = (a: string, b: string) => {
    const leaves = (v: string) => activeLeaves(samples.get(v)![0]!)
    const pairs = (x: string) => [expectations.states[x]?.sameScreenAs ?? []].flat().map((p) => p.state)
    return leaves(a).some((x) => leaves(b).some((y) => x !== y && (pairs(x).includes(y) || pairs(y).includes(x))))
  }
  for (const [i, a] of values.entries()) {
    for (const b of values.slice(i + 1)) {
      const same = [...byValue.get(a)!].find((s) => byValue.get(b)!.has(s))
      if (same && !alike(a, b)) problems.push(`${a} and ${b} show the same screen: ${same}`)
    }
  }
  return [...new Set(problems)]
}

function activeLeaves(s: Snapshot): string[] {
  const paths = activePaths(s)
  return paths.filter((p) => !paths.some((q) => q.startsWith(p + '.')))
}

/** The context keys that hold a failure or field errors, by the machines' conventions (a reason code, never text). */
const FAILURE_KEYS = ['error', 'serverError', 'reason', 'loadError', 'deleteError', 'errors', 'fieldErrors', 'loginErrors', 'unlockErrors', 'missing']
function failureIn(context: unknown): string | null {
  if (!context || typeof context !== 'object') return null
  for (const key of FAILURE_KEYS) {
    const v = (context as Record<string, unknown>)[key]
    if (v === null || v === undefined || v === false || v === '') continue
    if (Array.isArray(v) ? v.length > 0 : typeof v === 'object' ? Object.keys(v).length > 0 : true) return `${key}: ${JSON.stringify(v).slice(0, 60)}`
  }
  return null
}

/** Invokes and delays without an oracle entry, and entries that name none of the machine's. */
export function missingOracles(model: Model, expectations: Expectations): string[] {
  const invokes = invokesOf(model.machine)
  const delays = delaysOf(model.machine)
  return [
    ...[...invokes.keys()].filter((id) => !expectations.inputs[id]).map((id) => `invoke "${id}" (in ${invokes.get(id)}) has no expected input`),
    ...Object.keys(expectations.inputs).filter((id) => !invokes.has(id)).map((id) => `expected input for "${id}", which the machine does not invoke`),
    ...[...delays.keys()].filter((d) => !expectations.delays?.[d]).map((d) => `delay "${d}" (in ${delays.get(d)}) has no expected duration`),
    ...Object.keys(expectations.delays ?? {}).filter((d) => !delays.has(d)).map((d) => `expected duration for "${d}", which the machine does not have`),
  ]
}

/** The model with the input the web layer gives in production (the machine's own defaults run). */
export function productionModel(model: Model): Model | null {
  if (!model.productionInput) return null
  const { productionInput: _p, ...rest } = model
  return { ...rest, input: model.productionInput.input, name: `${model.name} (production input)` }
}

/** Where `npm run test:paths` reads a machine's figures from. */
export const PATHS_REPORT_DIR = 'reports/paths'

/**
 * The standard model-based suite of a machine: every generated path replayed on a real actor,
 * each step checked against the machine's independent expectations (tests/machines/expectations),
 * the ignored events of every state sent, a covering set with the production input, then 100%
 * transition coverage and every rule used.
 */
export function modelSuite(model: Model, expectations: Expectations) {
  const paths = generatePaths(model)
  const taken = new Set<string>()
  const used = new Set<string>()
  /** What each path took (the covering set of the documents is chosen from them). */
  const takes: Array<Set<string>> = new Array(paths.length)
  /** A few replayed snapshots of each state value (their screens are compared). */
  const samples = new Map<string, Snapshot[]>()
  const checked: CheckedSteps = new Map()
  const observe = (s: Snapshot) => {
    const key = JSON.stringify(s.value)
    const list = samples.get(key) ?? []
    if (list.length < 6) list.push(s)
    samples.set(key, list)
  }

  describe(`${model.name} (model-based: ${paths.length} paths)`, () => {
    it('has an expectation for every state, an expected input for every invoke and a duration for every delay', () => {
      expect(missingExpectations(model.machine, expectations)).toEqual({ missing: [], unknown: [] })
      expect(missingOracles(model, expectations)).toEqual([])
    })

    it.each(paths.map((p, i) => [i + 1, p.steps.map((s) => s.event.type).join(' > ') || '(initial)', p] as const))(
      'path %i: %s',
      (i, _label, path) => {
        const r = replayChecked(model, expectations, path, observe, checked)
        takes[i - 1] = r.taken
        for (const key of r.taken) taken.add(key)
        for (const name of r.rules) used.add(name)
      },
    )

    it('shows in every state a text of its own, and the message of its failure', () => {
      expect(screenProblems(expectations, samples)).toEqual([])
    })

    it('ignores the events each state must ignore', () => {
      expect(checkIgnored(model, expectations, paths)).toEqual([])
    })

    const production = productionModel(model)
    if (production) {
      it(`runs with the production input (${model.productionInput!.where}): its defaults are checked too`, () => {
        const covering = coveringPaths(production, generatePaths(production))
        expect(covering.length).toBeGreaterThan(0)
        for (const p of covering) replayChecked(production, expectations, p)
      })
    }

    afterAll(() => {
      const row = coverageRow(model, taken, paths.length)
      console.log(`${model.name}: states ${row.states}, transitions ${row.transitions}, paths ${row.paths}, covered ${row.covered} of ${row.transitions} (${row.percent}%)`)
      const unused = expectations.rules.map((r) => r.name).filter((n) => !used.has(n))
      mkdirSync(PATHS_REPORT_DIR, { recursive: true })
      writeFileSync(`${PATHS_REPORT_DIR}/${model.name}.json`, JSON.stringify({ ...row, unusedRules: unused, at: new Date().toISOString() }, null, 2))
      expect(row.missing, 'transitions no path took').toEqual([])
      expect(unused, 'rules no step applied').toEqual([])
      // the diagram and the catalogue, from the paths just replayed (only when every one ran)
      if (takes.filter(Boolean).length === paths.length) {
        expect(syncDocs(model, expectations, paths, takes, row), 'generated documents out of date: run npm run test:paths -- ' + model.name).toEqual([])
      }
    })
  })
}

