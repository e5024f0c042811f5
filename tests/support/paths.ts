/**
 * Model-based testing of statecharts (ARCHITECTURE.md §4):
 *  1. generate paths with xstate/graph: the shortest path to every state, each extended by every
 *     event that leaves that state (so every transition is the last step of some path). Events
 *     are the user events a test lists (valid and invalid payloads) plus synthetic events derived
 *     from the machine itself: `xstate.done.actor.<id>` / `xstate.error.actor.<id>` for every
 *     invoke and `xstate.after.<delay>.<state>` for every delayed transition;
 *  2. replay every path on a real actor (fake actors that never settle, so the path decides how
 *     each one ends; a SimulatedClock that is advanced for timer steps), checking at every step the
 *     expectations written apart from the machine (tests/support/expectations.ts), never the
 *     machine's own prediction;
 *  3. measure transition coverage: every transition of the machine against those the replays took
 *     (read from the actor's inspection microsteps).
 */
import {
  createActor, fromCallback, fromPromise, SimulatedClock,
  type AnyActorLogic, type AnyEventObject, type AnyStateMachine, type AnyStateNode, type AnyTransitionDefinition,
  type SnapshotFrom,
} from 'xstate'
import { getShortestPaths } from 'xstate/graph'
import { transitionKey } from '../../src/web/inspector.ts'

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
  limit?: number
}

export type PathStep = { event: AnyEventObject; state: Snapshot }
export type GeneratedPath = { steps: PathStep[]; end: Snapshot }

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

/** A changed transition target (the mutation check, scripts/mutants.ts): set, every replay runs the mutant. */
export type Mutation = { transition: string; target: string }
let mutation: Mutation | null = null
export function setMutation(m: Mutation | null): void {
  mutation = m
}

/** Applies the current mutation to a (freshly provided) machine's own transition objects. */
function applyMutation(machine: AnyStateMachine): void {
  if (!mutation) return
  const t = allTransitions(machine).get(mutation.transition)
  const target = allStateNodes(machine.root).find((n) => n.id === mutation!.target)
  if (!t || !target) throw new Error(`mutation ${mutation.transition} -> ${mutation.target}: no such transition or state`)
  ;(t as { target: AnyStateNode[] | undefined }).target = [target]
}

/** Every mutant of a machine: each transition's target changed to each other state of the same region. */
export function mutationsOf(machine: AnyStateMachine): Mutation[] {
  const out: Mutation[] = []
  for (const [key, t] of allTransitions(machine)) {
    const targets = (t.target ?? []) as AnyStateNode[]
    // a targetless transition stays in its source: its mutants leave it for a sibling
    const anchor = targets[0] ?? (t.source as AnyStateNode)
    const parent = anchor.parent
    if (!parent || parent.type === 'parallel') continue
    for (const sibling of Object.values(parent.states) as AnyStateNode[]) {
      // an eventless transition back into its own source would loop forever: not a runnable mutant
      if (sibling === anchor || (t.eventType === '' && sibling === t.source)) continue
      out.push({ transition: key, target: sibling.id })
    }
  }
  return out
}

/**
 * Replays one path on a real actor and returns the transitions it took. `check` receives the
 * actor's snapshot before and after every step (never the machine's own prediction).
 */
export function replayPath(
  model: MachineModel<AnyStateMachine>,
  path: GeneratedPath,
  check: (actual: Snapshot, previous: Snapshot, event: AnyEventObject, step: number, effects: string[]) => void,
): Set<string> {
  const { actor, taken, advance, effects } = startReplay(model)
  path.steps.forEach((step, i) => {
    const previous = actor.getSnapshot() as Snapshot
    effects.length = 0
    advance(step.event)
    const actual = actor.getSnapshot() as Snapshot
    check(actual, previous, step.event, i, [...effects])
    model.invariants?.(actual)
  })
  actor.stop()
  return taken
}

const PROVIDED = new WeakMap<MachineModel<AnyStateMachine>, { machine: AnyStateMachine; sink: { effects: string[] } }>()

/** A started actor of the model's machine with fake effects, a simulated clock and a coverage probe. */
export function startReplay(model: MachineModel<AnyStateMachine>) {
  /** The effects of the current step: named side-effect actions (`broadcast:ended`) and emitted notices (`notice:welcome`). */
  const effects: string[] = []
  const recorder = { effects: effects as string[] }
  // the provided machine is made once per model (a mutant gets a fresh one: it changes it in place)
  let provided = mutation ? undefined : PROVIDED.get(model)
  if (!provided) {
    const sink: { effects: string[] } = { effects: [] }
    provided = {
      sink,
      machine: model.machine.provide({
        actors: { ...fakeActorsFor(model.machine), ...model.actors } as never,
        actions: fakeActionsFor(model.machine, sink) as never,
      }),
    }
    if (mutation) applyMutation(provided.machine)
    else PROVIDED.set(model, provided)
  }
  provided.sink.effects = recorder.effects
  const machine = provided.machine
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
  // an actor that fails (a mutant can make it) ends in status 'error', which the checks report
  actor.subscribe({ error: () => {} })
  actor.on('*', (emitted: AnyEventObject) => {
    effects.push(`${emitted.type}:${String((emitted as { code?: unknown }).code ?? '')}`)
  })
  actor.start()
  /** Sends the event, or advances the clock by the delay of a timer step. */
  const advance = (event: AnyEventObject) => {
    const ms = event.type.startsWith('xstate.after.') ? delayOf(machine, event.type, actor.getSnapshot() as Snapshot) : null
    if (ms !== null) clock.increment(ms)
    else actor.send(event)
  }
  return { actor, taken, advance, effects }
}

/**
 * A small covering set: greedily the path that takes the most transitions not yet taken, until
 * every transition the paths take is taken (what the browser replays and the catalogue lists).
 */
export function coveringPaths(model: MachineModel<AnyStateMachine>, paths: GeneratedPath[]): GeneratedPath[] {
  const takes = paths.map((p) => {
    const { taken } = (() => {
      const r = startReplay(model)
      p.steps.forEach((s) => r.advance(s.event))
      r.actor.stop()
      return r
    })()
    return taken
  })
  const chosen: GeneratedPath[] = []
  const covered = new Set<string>()
  for (;;) {
    let best = -1
    let gain = 0
    takes.forEach((t, i) => {
      const g = [...t].filter((k) => !covered.has(k)).length
      // more new transitions first; then the shorter path
      if (g > gain || (g === gain && g > 0 && paths[i]!.steps.length < paths[best]!.steps.length)) { best = i; gain = g }
    })
    if (best < 0) break
    chosen.push(paths[best]!)
    for (const k of takes[best]!) covered.add(k)
  }
  return chosen
}

/** Side-effect actions are placeholders that throw; replays record them instead (built-ins stay). */
function fakeActionsFor(machine: AnyStateMachine, sink: { effects: string[] }): Record<string, (a: unknown, params?: { kind?: string }) => void> {
  const fakes: Record<string, (a: unknown, params?: { kind?: string }) => void> = {}
  for (const [key, impl] of Object.entries(machine.implementations.actions ?? {})) {
    if (typeof impl === 'function' && !('type' in impl)) fakes[key] = (_a, params) => { sink.effects.push(params?.kind ? `${key}:${params.kind}` : key) }
  }
  return fakes
}

function fakeActorsFor(machine: AnyStateMachine): Record<string, AnyActorLogic> {
  const fakes: Record<string, AnyActorLogic> = {}
  for (const key of Object.keys(machine.implementations.actors ?? {})) fakes[key] = pending
  return fakes
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
