/**
 * Model-based testing of statecharts (ARCHITECTURE.md §4):
 *  1. generate paths with xstate/graph: the shortest path to every state, each extended by every
 *     event that leaves that state (so every transition is the last step of some path). Events
 *     are the user events a test lists (valid and invalid payloads) plus synthetic events derived
 *     from the machine itself: `xstate.done.actor.<id>` / `xstate.error.actor.<id>` for every
 *     invoke and `xstate.after.<delay>.<state>` for every delayed transition;
 *  2. replay every path on a real actor (fake actors that never settle, so the path decides how
 *     each one ends; a SimulatedClock that is advanced for timer steps), asserting the state and
 *     the machine's invariants at every step;
 *  3. measure transition coverage: every transition of the machine against those the replays took
 *     (read from the actor's inspection microsteps).
 */
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import {
  createActor, fromCallback, fromPromise, SimulatedClock,
  type AnyActorLogic, type AnyEventObject, type AnyStateMachine, type AnyStateNode, type AnyTransitionDefinition,
  type SnapshotFrom,
} from 'xstate'
import { getShortestPaths } from 'xstate/graph'

export type Snapshot = SnapshotFrom<AnyStateMachine>

export type MachineModel<M extends AnyStateMachine> = {
  /** Used in reports and file names. */
  name: string
  machine: M
  input?: unknown
  /** User events with representative payloads, or a function of the state. */
  events: AnyEventObject[] | ((state: Snapshot) => AnyEventObject[])
  /** Outputs of invoked actors, by invoke id: each becomes one `xstate.done.actor.<id>` event. */
  outputs?: Record<string, unknown[]>
  /** Errors of invoked actors, by invoke id (default: one generic error). */
  errors?: Record<string, unknown[]>
  /** Actor logic used during replay, by src (default: a promise that never settles). */
  actors?: Record<string, AnyActorLogic>
  /** Which parts of the state make it distinct (default: value + the whole context). */
  serialize?: (state: Snapshot) => unknown
  /** Checked after every step of every replay. */
  invariants?: (state: Snapshot) => void
  /** Plain words for an event, for the testers' catalogue. */
  describeEvent?: (event: AnyEventObject) => string
  /** Plain words for a state. */
  describeState?: (state: Snapshot) => string
  limit?: number
}

export type PathStep = { event: AnyEventObject; state: Snapshot }
export type GeneratedPath = { steps: PathStep[]; end: Snapshot }

/** Stable key of one transition: source state, event, and its index among that event's transitions. */
function transitionKey(t: AnyTransitionDefinition): string {
  const source = t.source as AnyStateNode
  const list = t.eventType === '' ? source.always ?? [] : source.transitions.get(t.eventType) ?? []
  const index = list.indexOf(t)
  return `${source.id} --${t.eventType || '(always)'}#${index}--> ${(t.target ?? []).map((n: AnyStateNode) => n.id).join(',') || '(self)'}`
}

function allStateNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states ?? {}).flatMap((child) => allStateNodes(child as AnyStateNode))]
}

/** Every transition of the machine, eventless ones included. */
export function allTransitions(machine: AnyStateMachine): Map<string, AnyTransitionDefinition> {
  const map = new Map<string, AnyTransitionDefinition>()
  for (const node of allStateNodes(machine.root)) {
    for (const list of node.transitions.values()) for (const t of list) map.set(transitionKey(t), t)
    for (const t of node.always ?? []) map.set(transitionKey(t), t)
  }
  return map
}

/** The synthetic events the machine's own invokes and delays imply. */
export function syntheticEvents(model: MachineModel<AnyStateMachine>): AnyEventObject[] {
  const events: AnyEventObject[] = []
  const seen = new Set<string>()
  for (const node of allStateNodes(model.machine.root)) {
    for (const inv of node.invoke ?? []) {
      if (seen.has(inv.id)) continue
      seen.add(inv.id)
      for (const output of model.outputs?.[inv.id] ?? [undefined]) events.push({ type: `xstate.done.actor.${inv.id}`, output })
      for (const error of model.errors?.[inv.id] ?? [new Error('failed')]) events.push({ type: `xstate.error.actor.${inv.id}`, error })
    }
    for (const eventType of node.transitions.keys()) {
      if (eventType.startsWith('xstate.after.') && !seen.has(eventType)) {
        seen.add(eventType)
        events.push({ type: eventType })
      }
    }
  }
  return events
}

function defaultSerialize(state: Snapshot): unknown {
  return { value: state.value, context: state.context, status: state.status }
}

function serializeEvent(event: AnyEventObject): string {
  return JSON.stringify(event, (_k, v: unknown) => (v instanceof Error ? { error: v.message } : v))
}

/** Shortest path to every state, then every one-step extension that leaves it. */
export function generatePaths(model: MachineModel<AnyStateMachine>): GeneratedPath[] {
  const synthetic = syntheticEvents(model)
  const userEvents = model.events
  // a synthetic event only where an active state handles it (an unhandled actor error would
  // otherwise put the machine itself in error, a state no real run reaches)
  const handles = (state: Snapshot, type: string) =>
    (state as unknown as { _nodes: AnyStateNode[] })._nodes.some((n) => n.transitions.has(type))
  const eventsFor = (state: Snapshot): AnyEventObject[] => [
    ...(typeof userEvents === 'function' ? userEvents(state) : userEvents),
    ...synthetic.filter((e) => handles(state, e.type)),
  ]
  const serialize = model.serialize ?? defaultSerialize
  const serializeState = (s: Snapshot) => JSON.stringify(serialize(s))
  const options = {
    events: eventsFor,
    serializeState,
    serializeEvent,
    // events that take no transition add nothing but work
    filterEvents: (state: Snapshot, event: AnyEventObject) => state.can(event as never),
    limit: model.limit ?? 500_000,
    ...(model.input !== undefined ? { input: model.input } : {}),
  }
  const shortest = getShortestPaths(model.machine, options as never) as Array<{ state: Snapshot; steps: PathStep[] }>
  const paths: GeneratedPath[] = []
  const seen = new Set<string>()
  for (const path of shortest) {
    const prefix = path.steps
    const from = path.state
    if (from.status !== 'active') {
      paths.push({ steps: prefix.filter((s) => s.event.type !== 'xstate.init'), end: from })
      continue
    }
    for (const event of eventsFor(from)) {
      const key = serializeState(from) + '|' + serializeEvent(event)
      if (seen.has(key)) continue
      seen.add(key)
      let next: Snapshot
      try {
        next = model.machine.transition(from, event as never, fakeScope(model.machine) as never) as Snapshot
      } catch {
        continue
      }
      // only events that take a transition make a path
      if (!from.can(event as never)) continue
      paths.push({ steps: [...prefix, { event, state: next }].filter((s) => s.event.type !== 'xstate.init'), end: next })
    }
  }
  return paths
}

function fakeScope(machine: AnyStateMachine) {
  // an inert scope, as xstate/graph uses: nothing is started, nothing is executed
  const actor = createActor(machine as AnyActorLogic)
  return (actor as unknown as { _actorScope: unknown })._actorScope
}

/** A promise actor that never settles: the path itself decides how each invoked actor ends. */
export const pending = fromPromise(() => new Promise<never>(() => {}))
/** A callback actor that does nothing. */
export const idle = fromCallback(() => () => {})

function delayOf(machine: AnyStateMachine, eventType: string, state: Snapshot): number | null {
  const rest = eventType.slice('xstate.after.'.length)
  const stateIds = allStateNodes(machine.root).map((n) => n.id).sort((a, b) => b.length - a.length)
  const id = stateIds.find((sid) => rest.endsWith('.' + sid))
  if (!id) return null
  const delay = rest.slice(0, rest.length - id.length - 1)
  if (/^\d+$/.test(delay)) return Number(delay)
  const impl = (machine.implementations.delays as Record<string, unknown>)[delay]
  if (typeof impl === 'number') return impl
  if (typeof impl === 'function') return (impl as (a: { context: unknown; event: unknown }) => number)({ context: state.context, event: { type: eventType } })
  return null
}

export type ReplayResult = { taken: Set<string>; total: Map<string, AnyTransitionDefinition>; paths: GeneratedPath[] }

/**
 * Replays one path on a real actor and returns the transitions it took. `check` receives the
 * actor's snapshot and the expected one after every step.
 */
export function replayPath(
  model: MachineModel<AnyStateMachine>,
  path: GeneratedPath,
  check: (actual: Snapshot, expected: Snapshot, step: number) => void,
): Set<string> {
  const machine = model.machine.provide({
    actors: { ...fakeActorsFor(model.machine), ...model.actors } as never,
    actions: fakeActionsFor(model.machine) as never,
  })
  const clock = new SimulatedClock()
  const taken = new Set<string>()
  const actor = createActor(machine, {
    clock,
    ...(model.input !== undefined ? { input: model.input } : {}),
    inspect: (ev) => {
      if (ev.type === '@xstate.microstep') {
        for (const t of (ev as unknown as { _transitions: AnyTransitionDefinition[] })._transitions) taken.add(transitionKey(t))
      }
    },
  })
  actor.start()
  path.steps.forEach((step, i) => {
    const type = step.event.type
    const ms = type.startsWith('xstate.after.') ? delayOf(machine, type, actor.getSnapshot()) : null
    if (ms !== null) clock.increment(ms)
    else actor.send(step.event)
    const actual = actor.getSnapshot()
    check(actual, step.state, i)
    model.invariants?.(actual)
  })
  actor.stop()
  return taken
}

/** Side-effect actions are placeholders that throw; replays run them as no-ops (built-ins stay). */
function fakeActionsFor(machine: AnyStateMachine): Record<string, () => void> {
  const fakes: Record<string, () => void> = {}
  for (const [key, impl] of Object.entries(machine.implementations.actions ?? {})) {
    if (typeof impl === 'function' && !('type' in impl)) fakes[key] = () => {}
  }
  return fakes
}

function fakeActorsFor(machine: AnyStateMachine): Record<string, AnyActorLogic> {
  const fakes: Record<string, AnyActorLogic> = {}
  for (const key of Object.keys(machine.implementations.actors ?? {})) fakes[key] = pending
  return fakes
}

/** Plain words for a path: Given / When / Then. */
export function describePath(model: MachineModel<AnyStateMachine>, path: GeneratedPath, initial: Snapshot): string[] {
  const stateWords = model.describeState ?? ((s: Snapshot) => JSON.stringify(s.value))
  const eventWords = model.describeEvent ?? ((e: AnyEventObject) => e.type)
  const lines = [`Given ${model.name} is ${stateWords(initial)}`]
  path.steps.forEach((step, i) => {
    lines.push(`${i === 0 ? 'When' : 'And'} ${eventWords(step.event)}`)
    lines.push(`Then it is ${stateWords(step.state)}`)
  })
  return lines
}

export type CoverageRow = { machine: string; states: number; transitions: number; covered: number; paths: number; percent: number; missing: string[] }

export function coverageRow(model: MachineModel<AnyStateMachine>, taken: Set<string>, pathCount: number): CoverageRow {
  const total = allTransitions(model.machine)
  const covered = [...total.keys()].filter((k) => taken.has(k))
  return {
    machine: model.name,
    states: allStateNodes(model.machine.root).length - 1,
    transitions: total.size,
    covered: covered.length,
    paths: pathCount,
    percent: total.size === 0 ? 100 : Math.round((covered.length / total.size) * 1000) / 10,
    missing: [...total.keys()].filter((k) => !taken.has(k)),
  }
}

/** Writes the path catalogue (JSON and Markdown) to reports/paths/ when PATHS_REPORT is set. */
export async function writeCatalogue(model: MachineModel<AnyStateMachine>, paths: GeneratedPath[], row: CoverageRow): Promise<void> {
  if (!process.env.PATHS_REPORT) return
  const dir = process.env.PATHS_REPORT === '1' ? 'reports/paths' : process.env.PATHS_REPORT
  await mkdir(dir, { recursive: true })
  const initial = createActor(model.machine, model.input !== undefined ? { input: model.input } : {}).getSnapshot() as Snapshot
  const described = paths.map((p, i) => ({ id: i + 1, steps: describePath(model, p, initial), events: p.steps.map((s) => s.event.type) }))
  await writeFile(join(dir, `${model.name}.json`), JSON.stringify({ coverage: row, paths: described }, null, 2))
  const md = [
    `# ${model.name}: ${row.paths} paths, ${row.covered}/${row.transitions} transitions (${row.percent}%)`,
    '',
    ...described.flatMap((p) => [`## Path ${p.id}`, '', ...p.steps.map((l) => `- ${l}`), '']),
  ].join('\n')
  await writeFile(join(dir, `${model.name}.md`), md)
  const table = `${model.name.padEnd(20)} states ${String(row.states).padStart(3)}  transitions ${String(row.transitions).padStart(3)}  paths ${String(row.paths).padStart(4)}  covered ${row.percent}%`
  await writeFile(join(dir, `${model.name}.txt`), table + '\n')
}
