/**
 * Independent expectations of a statechart (ARCHITECTURE.md §4 "The machine is never its own
 * oracle"). Written once per machine in tests/machines/expectations/<flow>.ts, apart from the
 * machine's transition logic:
 *  - `states`: for every state node (dotted path from the root), what must hold there: plain words
 *    (Turkish and English, for the testers' catalogue), what the screen shows (used by the browser
 *    replay), context predicates, and the events the state must ignore;
 *  - `rules`: the expected next state for (state, event, condition), the spec's rules by name
 *    ("a failed unlock logs out"). Every replayed step must be explained by at least one rule, and
 *    every rule that applies must hold on the ACTUAL actor's state.
 */
import type { AnyEventObject, AnyStateMachine, AnyStateNode } from 'xstate'
import type { Snapshot } from './paths.ts'

export type Words = { tr: string; en: string }

/**
 * What the user sees in a state (the browser replay checks it on the screen). Every state a person
 * can be in shows at least one text or heading of its own: the screens of two different states of a
 * machine are never identical (tests/support/model-test.ts checks it on every replayed snapshot).
 */
export type Screen = {
  /** Texts visible somewhere on the page (Turkish, the source language). */
  texts?: string[]
  /** Headings (any level) with exactly this accessible name: a step's or a page's title. */
  headings?: string[]
  /** Texts that must NOT be visible. */
  absent?: string[]
  /** Buttons (accessible names) that are enabled. */
  enabled?: string[]
  /** Buttons (accessible names) that are disabled. */
  disabled?: string[]
  /** Buttons (accessible names) that say they are busy (aria-busy): the request they sent is on its way. */
  busy?: string[]
  /** The document's title (the browser's tab, what a screen reader announces on arrival) begins with this. */
  title?: string[]
  /** The step list's current step (the item marked aria-current="step"), exactly: a purchase's "Sağlık beyanı". */
  step?: string[]
}

export type StateExpectation<C = any> = {
  words: Words
  /** What the screen shows (a function when it depends on the context). */
  screen?: Screen | ((context: C) => Screen)
  /** Tags the state carries (true) or must not carry (false). */
  tags?: Record<string, boolean>
  /** Throws (e.g. with `expect`) when the context is wrong in this state. */
  context?: (context: C, snapshot: Snapshot) => void
  /** Events this state must ignore: sent, they change nothing that matters. */
  ignores?: AnyEventObject[]
  /**
   * Events this state must ignore only in some contexts (an arrow key with no hits listed): the
   * model check sends each on the shortest path that reaches the state with `when` true.
   */
  ignoresWhen?: Array<{ event: AnyEventObject; when: (context: C) => boolean }>
  /** Passed through in one step (an eventless transition): never observed after a step. */
  transient?: boolean
  /**
   * A state a person cannot tell apart from another on the screen, and why (the screens check
   * allows these two to show the same; the report lists every such pair).
   */
  sameScreenAs?: { state: string; why: string } | Array<{ state: string; why: string }>
  /**
   * A state a person never sees on its own, and why (a moment between two screens): no text is
   * required of it and the browser replay does not check its screen. The report lists them.
   */
  unseen?: string
  /**
   * A result state: the browser replay renders each of its different screens (a success and a
   * failure) at least once, not only each transition into it. Final states are result states.
   */
  outcome?: boolean
}

export type Rule<C = any> = {
  /** The rule in words (shown when it fails). */
  name: string
  /** Dotted state path the actor was in before the event. */
  from: string
  /** Event type; `*` matches any run of characters (`xstate.after.*`, `xstate.*.actor.logout`). */
  event: string
  /** Applies only when this holds of the previous context, the event (and the previous snapshot). */
  when?: (context: C, event: any, snapshot: Snapshot) => boolean
  /** Dotted state path(s) the actor must be in afterwards. */
  to: string | string[]
  /**
   * The step's effects, exactly and in order: named side-effect actions (`clearSession`,
   * `broadcast:ended`) and emitted notices (`notice:loggedOut`). Unchecked when absent.
   */
  effects?: string[] | ((previous: C, event: any) => string[])
  /**
   * The invoked actors this step starts, by invoke id, exactly (what goes to the server now): a
   * re-entered busy state asks again, a transition that stays does not. Unchecked when absent.
   */
  sends?: string[]
  /**
   * The delays this step (re)starts, by name, exactly: typing again restarts a debounce. Unchecked
   * when absent (the model's clock does not move between a person's events, so a timer kept and a
   * timer restarted would otherwise fire alike).
   */
  timers?: string[]
  /** Checks of the context afterwards (previous context and the event given too). */
  then?: (context: C, previous: C, event: any, snapshot: Snapshot) => void
  /**
   * The context afterwards, exactly: the previous context with these values, every other key
   * unchanged (the keys of every rule that applies to the step count as changed).
   */
  changes?: { [K in keyof C]?: unknown } | ((previous: C, event: any) => { [K in keyof C]?: unknown })
}

export type DelayExpectation<C = any> = {
  /**
   * The duration in ms, restated from the spec (literals, never the machine's constants): given the
   * context right after the step that started the timer, that step's event and the machine's input.
   */
  ms: (context: C, event: any, input: any) => number
  /** How the diagram and the catalogue name it ("120 s", "the server's retryAfterS"). */
  words?: Words
}

export type Expectations<C = any> = {
  states: Record<string, StateExpectation<C>>
  rules: Rule<C>[]
  /**
   * What each invoked actor must be given (what would reach the server, or a child flow), by invoke
   * id, written from the spec: from the context before the step, the step's event and the context
   * after it (use `next` only for a value a rule pins), the machine's input and the state before the step.
   * Every invoke of the machine needs an entry: the replay compares the input of every actor a
   * step starts with it (the initial state's with `event` = `{ type: 'xstate.init' }`).
   */
  inputs: Record<string, (previous: C, event: any, next: C, input: any, from: Snapshot) => unknown>
  /**
   * Every named delay of the machine and its duration: a timer step runs the simulated clock to a
   * millisecond before it is due (it must not have fired) and then to the due time (it must fire).
   */
  delays?: Record<string, DelayExpectation<C>>
  /** The initial context the machine makes of an input: its defaults restated from the spec. */
  initial?: (context: C, input: any) => void
  /**
   * Mutants no behavioural test can kill (the mutated machine behaves the same), with the reason,
   * by the id the mutation check prints (`npm run test:mutants`).
   */
  equivalentMutants?: Record<string, string>
  /**
   * The message(s) the screen shows for the context's current failure or field errors (spec 5, 8; the
   * screen's words), null when there is none, [] where the state does not show it on purpose (a busy
   * state keeps the last reason until the answer). They join the texts that must show; a context
   * with a failure (a reason code, field errors) for which this says null fails the screens check.
   */
  errorText?: (context: C, snapshot: Snapshot) => string[] | null
  /** Plain words for an event (catalogue). */
  describeEvent: (event: AnyEventObject) => Words
}

/** The screen of a snapshot: every active state's screen, merged. */
export function screenOf(expectations: Expectations, snapshot: Snapshot): Required<Screen> {
  const out = { texts: [] as string[], headings: [] as string[], absent: [] as string[], enabled: [] as string[], disabled: [] as string[], busy: [] as string[], title: [] as string[], step: [] as string[] }
  for (const path of activePaths(snapshot)) {
    const s = expectations.states[path]?.screen
    const screen = typeof s === 'function' ? s(snapshot.context) : s
    for (const key of Object.keys(out) as Array<keyof typeof out>) out[key].push(...(screen?.[key] ?? []))
  }
  // the message of the context's failure shows too
  out.texts.push(...(expectations.errorText?.(snapshot.context, snapshot) ?? []))
  for (const key of Object.keys(out) as Array<keyof typeof out>) out[key] = [...new Set(out[key])].sort()
  return out
}

/** `'a.b.c'` -> `{ a: { b: 'c' } }`, for `snapshot.matches`. */
export function stateValue(path: string): unknown {
  const parts = path.split('.')
  return parts.reduceRight<unknown>((inner, part) => (inner === undefined ? part : { [part]: inner }), undefined)
}

/** The dotted paths of a snapshot's active state nodes, made once per snapshot (isIn asks often: every rule of every step). */
const ACTIVE = new WeakMap<Snapshot, Set<string>>()

/** Whether the state node at this dotted path is active: `snapshot.matches` of its state value. */
export function isIn(snapshot: Snapshot, path: string): boolean {
  let active = ACTIVE.get(snapshot)
  if (!active) {
    active = new Set(activePaths(snapshot))
    ACTIVE.set(snapshot, active)
  }
  const fast = active.has(path)
  return fast
}

function eventMatches(pattern: string, type: string): boolean {
  if (!pattern.includes('*')) return pattern === type
  return new RegExp(`^${pattern.split('*').map((p) => p.replace(/[.]/g, '\\.')).join('.*')}$`).test(type)
}

/** The state nodes of a machine as dotted paths from the root (the root itself excluded). */
export function statePaths(machine: AnyStateMachine): string[] {
  const out: string[] = []
  const walk = (node: AnyStateNode) => {
    for (const child of Object.values(node.states ?? {}) as AnyStateNode[]) {
      out.push(child.path.join('.'))
      walk(child)
    }
  }
  walk(machine.root)
  return out
}

/** The dotted paths of the active state nodes of a snapshot. */
export function activePaths(snapshot: Snapshot): string[] {
  return (snapshot as unknown as { _nodes: AnyStateNode[] })._nodes.filter((n) => n.path.length > 0).map((n) => n.path.join('.'))
}

function fail(message: string): never {
  throw new Error(message)
}

/** Checks every active state's expectations on a snapshot. */
export function checkState(expectations: Expectations, snapshot: Snapshot, where: string): void {
  if (snapshot.status === 'error') fail(`${where}: the actor failed: ${String((snapshot as { error?: unknown }).error)}`)
  for (const path of activePaths(snapshot)) {
    const e = expectations.states[path] ?? fail(`${where}: no expectation written for state "${path}"`)
    if (e.transient) fail(`${where}: "${path}" is transient but the actor rests there`)
    for (const [tag, has] of Object.entries(e.tags ?? {})) {
      if (snapshot.hasTag(tag) !== has) fail(`${where}: in "${path}" the tag "${tag}" should be ${has ? 'set' : 'absent'}`)
    }
    try {
      e.context?.(snapshot.context, snapshot)
    } catch (error) {
      fail(`${where}: context in "${path}": ${(error as Error).message}`)
    }
  }
}

/** Checks the rules that apply to one step; at least one must apply. Returns the names checked. */
export function checkStep(expectations: Expectations, previous: Snapshot, event: AnyEventObject, actual: Snapshot, where: string, effects: string[] = [],
  started?: { sent: string[]; timers: string[] }): string[] {
  const applying = expectations.rules.filter((r) => isIn(previous, r.from) && eventMatches(r.event, event.type) && (r.when?.(previous.context, event, previous) ?? true))
  if (applying.length === 0) {
    fail(`${where}: no rule says what "${event.type}" does in ${JSON.stringify(previous.value)} (it went to ${JSON.stringify(actual.value)})`)
  }
  for (const rule of applying) {
    for (const to of [rule.to].flat()) {
      if (!isIn(actual, to)) fail(`${where}: rule "${rule.name}": expected "${to}", the actor is in ${JSON.stringify(actual.value)}`)
    }
    if (rule.effects) {
      const want = typeof rule.effects === 'function' ? rule.effects(previous.context, event) : rule.effects
      if (JSON.stringify(want) !== JSON.stringify(effects)) fail(`${where}: rule "${rule.name}": effects ${JSON.stringify(effects)}, expected ${JSON.stringify(want)}`)
    }
    if (started) {
      for (const [what, want, got] of [['starts', rule.sends, started.sent], ['starts the timers', rule.timers, started.timers]] as const) {
        if (want && JSON.stringify([...want].sort()) !== JSON.stringify([...got].sort())) {
          fail(`${where}: rule "${rule.name}" ${what} ${JSON.stringify(want)}, the step started ${JSON.stringify(got)}`)
        }
      }
    }
    try {
      rule.then?.(actual.context, previous.context, event, actual)
    } catch (error) {
      fail(`${where}: rule "${rule.name}": ${(error as Error).message}`)
    }
  }
  const exact = applying.filter((r) => r.changes)
  if (exact.length > 0) {
    const changed = new Set<string>()
    for (const rule of exact) {
      const want = (typeof rule.changes === 'function' ? rule.changes(previous.context, event) : rule.changes) as Record<string, unknown>
      for (const [key, value] of Object.entries(want)) {
        changed.add(key)
        if (canon(actual.context[key]) !== canon(value)) fail(`${where}: rule "${rule.name}": ${key} is ${canon(actual.context[key])}, expected ${canon(value)}`)
      }
    }
    // every other key stays, unless a rule that applies too says nothing exact (its `then` checks)
    if (exact.length === applying.length) {
      for (const key of Object.keys({ ...previous.context, ...actual.context })) {
        // (the same value, unchanged by reference, reads alike without being written out)
        if (!changed.has(key) && actual.context[key] !== previous.context[key] && canon(actual.context[key]) !== canon(previous.context[key])) {
          fail(`${where}: ${key} changed from ${canon(previous.context[key])} to ${canon(actual.context[key])}; no rule says it changes`)
        }
      }
    }
  }
  return applying.map((r) => r.name)
}

/** JSON with sorted keys (undefined values left out): equal values read alike. */
export function canon(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v)) ?? 'undefined'
}

/** Every state node of the machine has an expectation, and no expectation names a missing state. */
export function missingExpectations(machine: AnyStateMachine, expectations: Expectations): { missing: string[]; unknown: string[] } {
  const paths = statePaths(machine)
  return {
    missing: paths.filter((p) => !expectations.states[p]),
    unknown: Object.keys(expectations.states).filter((p) => !paths.includes(p)),
  }
}
