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
  /**
   * The input the web layer gives the machine in production (src/web/flows, the views), when it
   * differs from `input`: the suite also replays a covering set with it, so the machine's own
   * defaults (what the model's input would override) are run and checked at least once.
   */
  productionInput?: { input: unknown; where: string }
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

export function allStateNodes(node: AnyStateNode): AnyStateNode[] {
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

/**
 * A mutation of the machine under test (the mutation check, tests/support/mutants.ts): while one is
 * set, every replay runs a freshly provided machine the mutation has changed in place.
 */
export type Mutation = { id: string; apply(machine: AnyStateMachine): void }
let mutation: Mutation | null = null
export function setMutation(m: Mutation | null): void {
  mutation = m
}
export function currentMutation(): Mutation | null {
  return mutation
}

/** What an invoked actor was given when it started: what would reach the server. */
export type Sent = { id: string; src: string; input: unknown }
/** A delayed event the machine scheduled (an `after` timer), with when and by which step. */
export type Timer = { type: string; at: number; ms: number; context: unknown; event: AnyEventObject; step: number }
/** Replays one path on a real actor and returns the transitions it took. */
export function replayPath(
  model: MachineModel<AnyStateMachine>,
  path: GeneratedPath,
  check: (actual: Snapshot, previous: Snapshot, event: AnyEventObject, step: number, effects: string[], sent: Sent[], initialSent: Sent[], timers: string[]) => void,
  durations?: DelayOracle,
): Set<string> {
  const replay = startReplay(model, durations)
  try {
    path.steps.forEach((step, i) => {
      const previous = replay.actor.getSnapshot() as Snapshot
      const { effects, sent, timers } = replay.advance(step.event)
      const actual = replay.actor.getSnapshot() as Snapshot
      check(actual, previous, step.event, i, effects, sent, replay.initialSent, timers)
      model.invariants?.(actual)
    })
  } finally {
    replay.actor.stop()
  }
  return replay.taken
}

/**
 * How long a timer must run, by the oracle (the spec's durations, tests/machines/expectations): given
 * the timer as scheduled (the context and event of the step that started it); `undefined` when the
 * oracle has no opinion (documents and covering sets), then the machine's own delay is used.
 */
export type DelayOracle = (timer: Timer) => number | undefined

const PROVIDED = new WeakMap<MachineModel<AnyStateMachine>, AnyStateMachine>()

/** Deep copy of what an actor was given (so later changes of shared objects do not rewrite history). */
function copy<T>(value: T): T {
  if (value === undefined) return value
  try {
    return structuredClone(value)
  } catch {
    return JSON.parse(JSON.stringify(value)) as T
  }
}

/**
 * A started actor of the model's machine with fake effects, a simulated clock and probes: the
 * transitions taken (inspection microsteps), the side-effect actions and notices of each step, the
 * actors each step started and their input (what would be sent), the timers scheduled.
 */
export function startReplay(model: MachineModel<AnyStateMachine>, durations?: DelayOracle) {
  const recorder = { effects: [] as string[] }
  // the provided machine is made once per model (a mutant gets a fresh one: it changes it in place)
  let machine = mutation ? undefined : PROVIDED.get(model)
  if (!machine) {
    const sink = { target: recorder }
    machine = model.machine.provide({
      actors: { ...fakeActorsFor(model.machine), ...model.actors } as never,
      actions: fakeActionsFor(model.machine, sink) as never,
    })
    SINKS.set(machine, sink)
    if (mutation) mutation.apply(machine)
    else PROVIDED.set(model, machine)
  }
  const sink = SINKS.get(machine)!
  sink.target = recorder
  const clock = new SimulatedClock()
  const taken = new Set<string>()
  const sent: Sent[] = []
  const timers = new Map<string, Timer>()
  const fired: string[] = []
  /** The timer events the current step scheduled (a state entered or re-entered starts its `after` timers). */
  const scheduled: string[] = []
  let microsteps = 0
  let root: unknown = null
  let stepIndex = -1
  let stepEvent: AnyEventObject = { type: 'xstate.init' }
  const actor = createActor(machine, {
    clock,
    ...(model.input !== undefined ? { input: model.input } : {}),
    inspect: (ev) => {
      const e = ev as unknown as {
        type: string; actorRef: { id: string; src?: unknown; options?: { input?: unknown; src?: unknown }; _parent?: unknown }
        sourceRef?: unknown; event?: AnyEventObject; action?: { type: string; params?: Record<string, unknown> }
      }
      if (e.type === '@xstate.actor') {
        if (root === null) { root = e.actorRef; return }
        if (e.actorRef._parent === root) {
          const src = typeof e.actorRef.src === 'string' ? e.actorRef.src : String((e.actorRef.options as { src?: unknown })?.src ?? '')
          sent.push({ id: e.actorRef.id, src, input: copy(e.actorRef.options?.input) })
        }
        return
      }
      if (e.actorRef !== root) return
      if (e.type === '@xstate.microstep') {
        // (an event no transition takes is inspected as a microstep without transitions)
        const transitions = (ev as unknown as { _transitions: AnyTransitionDefinition[] })._transitions
        if (transitions.length > 0) microsteps++
        for (const t of transitions) taken.add(transitionKey(t))
      } else if (e.type === '@xstate.action' && e.action) {
        const params = e.action.params ?? {}
        if (e.action.type === 'xstate.raise' && typeof params.delay === 'number') {
          const type = (params.event as AnyEventObject).type
          timers.set(type, { type, at: clock.now(), ms: params.delay, context: undefined, event: stepEvent, step: stepIndex })
          scheduled.push(type)
        } else if (e.action.type === 'xstate.cancel') {
          timers.delete(String(params.sendId))
        }
      } else if (e.type === '@xstate.event' && e.sourceRef === root && e.event?.type.startsWith('xstate.after.')) {
        fired.push(e.event.type)
        timers.delete(e.event.type)
      }
    },
  })
  // an actor that fails (a mutant can make it) ends in status 'error', which the checks report
  actor.subscribe({ error: () => {} })
  actor.on('*', (emitted: AnyEventObject) => {
    recorder.effects.push(`${emitted.type}:${String((emitted as { code?: unknown }).code ?? '')}`)
  })
  actor.start()
  // the timers and actors the initial state started
  for (const t of timers.values()) if (t.context === undefined) t.context = copy(actor.getSnapshot().context)
  const initialSent = [...sent]
  const noteTimers = () => {
    for (const t of timers.values()) if (t.context === undefined) t.context = copy(actor.getSnapshot().context)
  }

  /**
   * Sends the event, or for a timer step runs the clock until that timer is due: by the oracle's
   * duration when there is one (it must not fire a millisecond before and must fire then), else by
   * the machine's own. Returns the step's effects and the actors it started.
   */
  const advance = (event: AnyEventObject) => {
    stepIndex++
    stepEvent = event
    recorder.effects = []
    sink.target = recorder
    sent.length = 0
    scheduled.length = 0
    if (event.type.startsWith('xstate.after.')) {
      const timer = timers.get(event.type)
      if (!timer) throw new Error(`timer step ${event.type}: no such timer is running (it was never started, or was cancelled)`)
      const expected = durations?.(timer)
      const due = timer.at + (expected ?? timer.ms)
      if (expected !== undefined) {
        if (due - 1 > clock.now()) clock.set(due - 1)
        if (fired.includes(event.type) && !timers.has(event.type)) {
          throw new Error(`timer ${event.type} fired before ${expected} ms (it was set to ${timer.ms} ms)`)
        }
      }
      if (due > clock.now()) clock.set(due)
      if (timers.get(event.type) === timer) {
        throw new Error(`timer ${event.type} did not fire after ${expected ?? timer.ms} ms (it was set to ${timer.ms} ms)`)
      }
    } else {
      actor.send(event)
    }
    noteTimers()
    return { effects: [...recorder.effects], sent: [...sent], timers: [...scheduled] }
  }
  return {
    actor, taken, advance, clock, timers, initialSent,
    get microsteps() { return microsteps },
    get effects() { return recorder.effects },
  }
}

/** Where the fake actions of a provided machine record to (the current replay's recorder). */
const SINKS = new WeakMap<AnyStateMachine, { target: { effects: string[] } }>()

/**
 * A small covering set: greedily the path that takes the most transitions not yet taken, until
 * every transition the paths take is taken (what the browser replays and the catalogue lists).
 */
export function coveringPaths(model: MachineModel<AnyStateMachine>, paths: GeneratedPath[], known?: Array<Set<string>>): GeneratedPath[] {
  const takes = known ?? paths.map((p) => {
    const r = startReplay(model)
    try {
      p.steps.forEach((s) => r.advance(s.event))
    } catch {
      // a path the machine cannot finish covers what it took so far
    } finally {
      r.actor.stop()
    }
    return r.taken
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
function fakeActionsFor(machine: AnyStateMachine, sink: { target: { effects: string[] } }): Record<string, (a: unknown, params?: { kind?: string; step?: string }) => void> {
  const fakes: Record<string, (a: unknown, params?: { kind?: string; step?: string }) => void> = {}
  for (const [key, impl] of Object.entries(machine.implementations.actions ?? {})) {
    // an effect is named with what it is for: a broadcast's kind, a draft's step (`saveDraft:address`)
    if (typeof impl === 'function' && !('type' in impl)) fakes[key] = (_a, params) => { sink.target.effects.push(params?.kind ? `${key}:${params.kind}` : params?.step ? `${key}:${params.step}` : key) }
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
