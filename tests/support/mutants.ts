/**
 * The mutation check of the model-based tests (ARCHITECTURE.md §4: "a mutation script proves it").
 * A mutant is a small change made to a freshly provided copy of a machine, of one of these kinds:
 *
 *  - `target`  a transition goes to another state of its region
 *  - `guard`   a guard is negated, or dropped (always true)
 *  - `event`   a transition listens to another event of its state, or to none
 *  - `assign`  one key of an assignment is not assigned (the old value stays), or gets another value
 *  - `action`  a transition's action (assign, emit, side effect) is removed
 *  - `entry` / `exit`  a state's entry or exit action is removed
 *  - `delay`   a named delay is ten times longer, or ten times shorter
 *  - `input`   one key of what an invoked actor is given is left out, or changed
 *  - `default` one value of the initial context (the machine's defaults) is changed
 *
 * The view mutants (what a screen sends and shows) are made by scripts/mutants.ts --views on the
 * source and killed, or not, by the browser replay.
 *
 * `killOrExplain` runs a mutant against a machine's replay with its independent expectations; a
 * mutant that survives is explained by comparing its runs with the original's: never executed,
 * executed without any observable difference, or where it made the run differ and nothing noticed.
 */
import { assign, not, type AnyEventObject, type AnyStateMachine, type AnyStateNode, type AnyTransitionDefinition } from 'xstate'
import { transitionKey } from '../../src/web/inspector.ts'
import type { Expectations } from './expectations.ts'
import { checkIgnored, productionModel, replayChecked, type Model } from './model-test.ts'
import { allStateNodes, allTransitions, coveringPaths, generatePaths, setMutation, startReplay, type GeneratedPath, type Mutation } from './paths.ts'

export const KINDS = ['target', 'guard', 'event', 'assign', 'action', 'entry', 'exit', 'delay', 'input', 'default'] as const
export type MutantKind = (typeof KINDS)[number]

export type Mutant = Mutation & {
  machine: string
  kind: MutantKind
  /** What was changed, in words. */
  what: string
  /** How often the mutated element ran with a result other than the original's. */
  hits: number
}

type AnyAction = unknown
type AssignAction = ((...a: unknown[]) => unknown) & { type: 'xstate.assign'; assignment: unknown }
const isAssign = (a: AnyAction): a is AssignAction => typeof a === 'function' && (a as { type?: string }).type === 'xstate.assign'
const isDelayTimer = (a: AnyAction) => typeof a === 'function' && ['xstate.raise', 'xstate.cancel'].includes(String((a as { type?: string }).type))
const actionName = (a: AnyAction): string => {
  if (typeof a === 'string') return a
  if (typeof a === 'function') return String((a as { type?: string }).type ?? 'inline')
  if (a && typeof a === 'object' && 'type' in a) return String((a as { type: unknown }).type)
  return 'action'
}

/** Resolves an assignment the way xstate does: the partial context it writes. */
function evaluateAssignment(assignment: unknown, args: Record<string, unknown>, params: unknown): Record<string, unknown> {
  if (typeof assignment === 'function') return { ...(assignment(args, params) as Record<string, unknown>) }
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(assignment as Record<string, unknown>)) out[k] = typeof v === 'function' ? v(args, params) : v
  return out
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

/** Another value of the same kind: what a slip of the pen would write. */
export function altered(value: unknown): unknown {
  if (typeof value === 'number') return value === 0 ? 1 : value + 1
  if (typeof value === 'string') return value === '' ? 'x' : ` ${value}x`
  if (typeof value === 'boolean') return !value
  if (value === null || value === undefined) return 'x'
  if (Array.isArray(value)) return value.length > 0 ? value.slice(1) : ['x']
  if (typeof value === 'object') return Object.keys(value).length > 0 ? {} : { x: 1 }
  return value
}

/** Where an action sits in a machine: on a transition, a state's entry or exit, or a named implementation. */
type ActionSite =
  | { kind: 'transition'; key: string; index: number }
  | { kind: 'entry' | 'exit'; node: string; index: number }
  | { kind: 'impl'; name: string }

const siteId = (s: ActionSite) => (s.kind === 'transition' ? `${s.key} action#${s.index}` : s.kind === 'impl' ? `action "${s.name}"` : `#${s.node} ${s.kind}#${s.index}`)

function nodeById(machine: AnyStateMachine, id: string): AnyStateNode {
  const n = allStateNodes(machine.root).find((x) => x.id === id)
  if (!n) throw new Error(`no state #${id}`)
  return n
}
function transitionByKey(machine: AnyStateMachine, key: string): AnyTransitionDefinition {
  const t = allTransitions(machine).get(key)
  if (!t) throw new Error(`no transition ${key}`)
  return t
}

/** Reads or replaces the action at a site of a (provided) machine. */
function actionAt(machine: AnyStateMachine, site: ActionSite): { get(): AnyAction; set(a: AnyAction | null): void } {
  if (site.kind === 'impl') {
    const actions = machine.implementations.actions as Record<string, AnyAction>
    return { get: () => actions[site.name], set: (a) => { actions[site.name] = a ?? (() => {}) } }
  }
  const list = (site.kind === 'transition' ? transitionByKey(machine, site.key).actions : nodeById(machine, site.node)[site.kind]) as AnyAction[]
  return {
    get: () => list[site.index],
    set: (a) => { if (a === null) list.splice(site.index, 1); else list[site.index] = a },
  }
}

/** Every action site of a machine, with its action. */
function actionSites(machine: AnyStateMachine): Array<{ site: ActionSite; action: AnyAction }> {
  const out: Array<{ site: ActionSite; action: AnyAction }> = []
  for (const [key, t] of allTransitions(machine)) (t.actions as AnyAction[]).forEach((action, index) => out.push({ site: { kind: 'transition', key, index }, action }))
  for (const node of allStateNodes(machine.root)) {
    for (const kind of ['entry', 'exit'] as const) {
      (node[kind] as AnyAction[]).forEach((action, index) => { if (!isDelayTimer(action)) out.push({ site: { kind, node: node.id, index }, action }) })
    }
  }
  for (const [name, action] of Object.entries(machine.implementations.actions ?? {})) if (isAssign(action)) out.push({ site: { kind: 'impl', name }, action })
  return out
}

/** An assign that writes what the original writes, with `change` applied to one key's value. */
function changedAssign(original: AssignAction, key: string, change: (value: unknown, previous: unknown) => unknown, mutant: { hits: number }) {
  return assign((args: { context: Record<string, unknown> }, params: unknown) => {
    const partial = evaluateAssignment(original.assignment, args, params)
    if (key in partial) {
      const next = change(partial[key], args.context[key])
      if (!same(next, partial[key])) mutant.hits++
      if (next === DROP) delete partial[key]
      else partial[key] = next
    }
    return partial
  }) as unknown as AnyAction
}
const DROP = Symbol('drop')

/**
 * What the covering paths show of a machine's assignments and invoke inputs: the keys each one
 * writes or passes (function-form assignments and inputs say so only when they run).
 */
function discover(model: Model, paths: GeneratedPath[]): { assigns: Map<string, Set<string>>; inputs: Map<string, Set<string>> } {
  const assigns = new Map<string, Set<string>>()
  const inputs = new Map<string, Set<string>>()
  const note = (map: Map<string, Set<string>>, id: string, keys: string[]) => {
    const set = map.get(id) ?? new Set<string>()
    keys.forEach((k) => set.add(k))
    map.set(id, set)
  }
  setMutation({
    id: 'discover',
    apply(machine) {
      for (const { site, action } of actionSites(machine)) {
        if (!isAssign(action)) continue
        const original = action
        actionAt(machine, site).set(assign((args: Record<string, unknown>, params: unknown) => {
          const partial = evaluateAssignment(original.assignment, args, params)
          note(assigns, siteId(site), Object.keys(partial))
          return partial
        }) as unknown as AnyAction)
      }
      for (const node of allStateNodes(machine.root)) {
        node.invoke.forEach((inv, i) => {
          const original = (inv as { input?: unknown }).input
          if (original === undefined) return
          ;(inv as { input?: unknown }).input = (args: unknown) => {
            const value = typeof original === 'function' ? original(args) : original
            if (value && typeof value === 'object' && !Array.isArray(value)) note(inputs, `#${node.id} invoke#${i}`, Object.keys(value))
            return value
          }
        })
      }
    },
  })
  try {
    for (const p of paths) {
      const r = startReplay(model)
      try { p.steps.forEach((s) => r.advance(s.event)) } catch { /* a path the unmutated machine cannot finish is the suite's business */ }
      r.actor.stop()
    }
  } finally {
    setMutation(null)
  }
  return { assigns, inputs }
}

/** Every mutant of a machine, of every kind. */
export function mutantsOf(model: Model, opts: { covering?: GeneratedPath[] } = {}): Mutant[] {
  const machine = model.machine
  const name = model.name
  const out: Mutant[] = []
  const add = (kind: MutantKind, id: string, what: string, apply: (m: AnyStateMachine, self: Mutant) => void) => {
    const mutant: Mutant = { id: `${name} | ${kind} | ${id}`, machine: name, kind, what, hits: 0, apply: (m) => apply(m, mutant) }
    out.push(mutant)
  }
  const transitions = allTransitions(machine)

  // target: each transition to each other state of its region
  for (const [key, t] of transitions) {
    const targets = (t.target ?? []) as AnyStateNode[]
    const anchor = targets[0] ?? (t.source as AnyStateNode)
    const parent = anchor.parent
    if (!parent || parent.type === 'parallel') continue
    for (const sibling of Object.values(parent.states) as AnyStateNode[]) {
      if (sibling === anchor || (t.eventType === '' && sibling === t.source)) continue
      add('target', `${key}  =>  #${sibling.id}`, `${key} goes to ${sibling.id}`, (m, self) => {
        const tt = transitionByKey(m, key)
        ;(tt as unknown as { target: AnyStateNode[] }).target = [nodeById(m, sibling.id)]
        self.hits++
      })
    }
  }

  // guard: negated, dropped
  for (const [key, t] of transitions) {
    if (!t.guard) continue
    add('guard', `${key}  negated`, `the guard of ${key} is negated`, (m, self) => {
      const tt = transitionByKey(m, key)
      const negated = not(tt.guard as never) as unknown as { check: (...a: unknown[]) => boolean }
      const check = negated.check
      negated.check = (...a: unknown[]) => { self.hits++; return check(...a) }
      ;(tt as { guard: unknown }).guard = negated
    })
    add('guard', `${key}  dropped`, `the guard of ${key} always passes`, (m, self) => {
      ;(transitionByKey(m, key) as { guard: unknown }).guard = undefined
      self.hits++
    })
  }

  // event: another user event of the same state, or none
  for (const [key, t] of transitions) {
    const type = t.eventType
    if (type === '' || type.startsWith('xstate.') || type === '*') continue
    const source = t.source as AnyStateNode
    const others = [...source.transitions.keys()].filter((k) => k !== type && !k.startsWith('xstate.') && k !== '*')
    for (const to of [...others.slice(0, 1), `${type}.renamed`]) {
      add('event', `${key}  on ${to}`, `${key} listens to "${to}" instead`, (m, self) => {
        const tt = transitionByKey(m, key)
        const node = tt.source as AnyStateNode
        const list = node.transitions.get(type)!
        list.splice(list.indexOf(tt), 1)
        if (list.length === 0) node.transitions.delete(type)
        node.transitions.set(to, [...(node.transitions.get(to) ?? []), tt])
        ;(tt as { eventType: string }).eventType = to
        self.hits++
      })
    }
  }

  // delay: ten times longer or shorter
  for (const [delay, impl] of Object.entries(machine.implementations.delays ?? {})) {
    for (const [mode, f] of [['×10', (n: number) => n * 10], ['÷10', (n: number) => Math.round(n / 10)]] as const) {
      add('delay', `${delay} ${mode}`, `the delay "${delay}" is ${mode}`, (m, self) => {
        const delays = m.implementations.delays as Record<string, unknown>
        delays[delay] = (args: unknown, params: unknown) => {
          const ms = typeof impl === 'function' ? (impl as (a: unknown, p: unknown) => number)(args, params) : (impl as number)
          if (f(ms) !== ms) self.hits++
          return f(ms)
        }
      })
    }
  }

  // action / entry / exit: removed
  for (const { site, action } of actionSites(machine)) {
    if (site.kind === 'impl') continue
    const kind: MutantKind = site.kind === 'transition' ? 'action' : site.kind
    add(kind, `${siteId(site)} (${actionName(action)}) removed`, `${actionName(action)} at ${siteId(site)} is removed`, (m, self) => {
      actionAt(m, site).set(null)
      self.hits++
    })
  }

  // default: each value of the initial context (with the production input when there is one) changed
  const probe = startReplay(productionModel(model) ?? model)
  const initial = probe.actor.getSnapshot().context as Record<string, unknown>
  probe.actor.stop()
  const leaves: string[][] = []
  for (const [k, v] of Object.entries(initial ?? {})) {
    if (v && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length > 0 && Object.keys(v).length <= 12) {
      for (const k2 of Object.keys(v)) leaves.push([k, k2])
    } else leaves.push([k])
  }
  const givenInput = (productionModel(model) ?? model).input
  const given = (p: string[]) => {
    let cursor = givenInput as Record<string, unknown> | undefined
    for (const k of p) { if (!cursor || typeof cursor !== 'object' || !(k in cursor)) return false; cursor = cursor[k] as Record<string, unknown> }
    return true
  }
  for (const path of leaves) {
    // a value the input gives is no default
    if (given(path)) continue
    add('default', path.join('.'), `the initial ${path.join('.')} is changed`, (m, self) => {
      const original = (m.config as { context?: unknown }).context
      const provided = (input: unknown, p: string[]) => {
        let cursor = input as Record<string, unknown> | undefined
        for (const k of p) { if (!cursor || typeof cursor !== 'object' || !(k in cursor)) return false; cursor = cursor[k] as Record<string, unknown> }
        return true
      }
      ;(m as { config: unknown }).config = {
        ...(m.config as object),
        context: (args: { input: unknown }) => {
          const c = structuredClone(typeof original === 'function' ? original(args) : original) as Record<string, unknown>
          // a value the input gives is not a default
          if (provided(args.input, path)) return c
          const holder = path.length === 1 ? c : (c[path[0]!] as Record<string, unknown>)
          const key = path[path.length - 1]!
          holder[key] = altered(holder[key])
          self.hits++
          return c
        },
      }
    })
  }

  // assign and input: by key, once the covering paths have shown the keys
  const covering = opts.covering ?? coveringPaths(model, generatePaths(model))
  const production = productionModel(model)
  const seen = discover(model, covering)
  if (production) {
    const more = discover(production, coveringPaths(production, generatePaths(production)))
    for (const [k, v] of more.assigns) seen.assigns.set(k, new Set([...(seen.assigns.get(k) ?? []), ...v]))
    for (const [k, v] of more.inputs) seen.inputs.set(k, new Set([...(seen.inputs.get(k) ?? []), ...v]))
  }
  for (const { site, action } of actionSites(machine)) {
    if (!isAssign(action)) continue
    const object = typeof action.assignment === 'object' ? Object.keys(action.assignment as object) : []
    const keys = [...new Set([...object, ...(seen.assigns.get(siteId(site)) ?? [])])]
    for (const key of keys) {
      add('assign', `${siteId(site)} ${key} kept`, `the assignment of ${key} at ${siteId(site)} is left out`, (m, self) => {
        const at = actionAt(m, site)
        at.set(changedAssign(at.get() as AssignAction, key, (_v, previous) => (previous === undefined ? DROP : previous), self))
      })
      add('assign', `${siteId(site)} ${key} altered`, `${key} at ${siteId(site)} gets another value`, (m, self) => {
        const at = actionAt(m, site)
        at.set(changedAssign(at.get() as AssignAction, key, (v) => altered(v), self))
      })
    }
  }
  for (const node of allStateNodes(machine.root)) {
    node.invoke.forEach((inv, i) => {
      const id = `#${node.id} invoke#${i}`
      for (const key of seen.inputs.get(id) ?? []) {
        for (const mode of ['left out', 'altered'] as const) {
          add('input', `${inv.id}.${key} ${mode}`, `${key} of what "${inv.id}" is given is ${mode}`, (m, self) => {
            const target = nodeById(m, node.id).invoke[i] as { input?: unknown }
            const original = target.input
            target.input = (args: unknown) => {
              const value = { ...(typeof original === 'function' ? original(args) : original) as Record<string, unknown> }
              if (!(key in value)) return value
              if (mode === 'left out') delete value[key]
              else value[key] = altered(value[key])
              self.hits++
              return value
            }
          })
        }
      }
    })
  }
  return out
}

/** The observable run of one path: per step the state, context, effects, what was sent and the timers. */
function trace(model: Model, path: GeneratedPath): string[] {
  const r = startReplay(model)
  const out = [JSON.stringify({ value: r.actor.getSnapshot().value, context: r.actor.getSnapshot().context, sent: r.initialSent })]
  try {
    for (const s of path.steps) {
      const { effects, sent } = r.advance(s.event)
      const snap = r.actor.getSnapshot()
      out.push(JSON.stringify({ value: snap.value, status: snap.status, context: snap.context, effects, sent, timers: [...r.timers.values()].map((t) => [t.type, t.at, t.ms]) }))
    }
  } catch (error) {
    out.push(`threw: ${(error as Error).message}`)
  }
  r.actor.stop()
  return out
}

/** Where two runs first differ, in words. */
function difference(a: string, b: string): string {
  const x = JSON.parse(a) as Record<string, unknown>
  let y: Record<string, unknown>
  try { y = JSON.parse(b) as Record<string, unknown> } catch { return b }
  for (const part of ['value', 'status', 'sent', 'effects', 'timers']) {
    if (!same(x[part], y[part])) return `${part} ${JSON.stringify(x[part])} became ${JSON.stringify(y[part])}`
  }
  const cx = (x.context ?? {}) as Record<string, unknown>
  const cy = (y.context ?? {}) as Record<string, unknown>
  const keys = [...new Set([...Object.keys(cx), ...Object.keys(cy)])].filter((k) => !same(cx[k], cy[k]))
  return `context ${keys.map((k) => `${k} ${JSON.stringify(cx[k])?.slice(0, 80)} became ${JSON.stringify(cy[k])?.slice(0, 80)}`).join('; ')}`
}

export type Verdict = { mutant: Mutant; killed: boolean; equivalent?: string; reason?: string; by?: string; ms: number }

/** The paths a machine's mutants are run against: the covering set first (it kills most, fast), then the rest, shortest first. */
export function mutationPaths(model: Model): { all: GeneratedPath[]; covering: GeneratedPath[]; ordered: GeneratedPath[]; production: GeneratedPath[] } {
  const all = generatePaths(model)
  const covering = coveringPaths(model, all)
  const production = productionModel(model)
  return {
    all,
    covering,
    ordered: [...covering, ...all.filter((p) => !covering.includes(p)).sort((a, b) => a.steps.length - b.steps.length)],
    production: production ? coveringPaths(production, generatePaths(production)) : [],
  }
}

/**
 * Runs one mutant: killed when some replay with the independent expectations fails (a path, the
 * production input's covering set, or an ignored event). A survivor is explained.
 */
export function killOrExplain(model: Model, expectations: Expectations, mutant: Mutant, paths: ReturnType<typeof mutationPaths>, originals?: Map<GeneratedPath, string[]>): Verdict {
  const started = Date.now()
  const equivalent = expectations.equivalentMutants?.[mutant.id.slice(mutant.machine.length + 3)] ?? expectations.equivalentMutants?.[mutant.id]
  if (equivalent) return { mutant, killed: false, equivalent, ms: 0 }
  const production = productionModel(model)
  setMutation(mutant)
  try {
    const attempt = (m: Model, p: GeneratedPath, label: string): string | null => {
      try {
        replayChecked(m, expectations, p)
        return null
      } catch (error) {
        return `${label}: ${(error as Error).message.split('\n')[0]}`
      }
    }
    for (const [i, p] of paths.ordered.entries()) {
      const by = attempt(model, p, `path ${i + 1} (${p.steps.map((s) => s.event.type).join(' > ')})`)
      if (by) return { mutant, killed: true, by, ms: Date.now() - started }
    }
    if (production) {
      for (const p of paths.production) {
        const by = attempt(production, p, 'production input')
        if (by) return { mutant, killed: true, by, ms: Date.now() - started }
      }
    }
    const ignored = checkIgnored(model, expectations, paths.all)
    if (ignored.length > 0) return { mutant, killed: true, by: `ignored events: ${ignored[0]}`, ms: Date.now() - started }
    // survived: where did it make a difference?
    let reason = mutant.hits === 0 ? 'never executed with a different result on any generated path (the model never makes the situation it changes)' : ''
    if (!reason) {
      for (const [i, p] of paths.ordered.entries()) {
        setMutation(null)
        const before = originals?.get(p) ?? trace(model, p)
        originals?.set(p, before)
        setMutation(mutant)
        const after = trace(model, p)
        const at = before.findIndex((line, j) => line !== after[j])
        if (at >= 0) {
          reason = `the run differs on path ${i + 1} after step ${at} (${at === 0 ? 'the initial state' : p.steps[at - 1]!.event.type}): ${difference(before[at]!, after[at] ?? '')}; no expectation checks it`
          break
        }
      }
    }
    if (!reason) reason = 'executed, but no run differs in state, context, effects, what is sent or timers (equivalent on these paths)'
    return { mutant, killed: false, reason, ms: Date.now() - started }
  } finally {
    setMutation(null)
  }
}

/** A small deterministic generator (mulberry32) for sampled runs with a printed seed. */
export function random(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** `count` mutants drawn by the seed, spread over the kinds (each kind in turn, then at random within it). */
export function sample<T extends { kind: string }>(all: T[], count: number, seed: number): T[] {
  const next = random(seed)
  const byKind = new Map<string, T[]>()
  for (const m of all) byKind.set(m.kind, [...(byKind.get(m.kind) ?? []), m])
  for (const list of byKind.values()) {
    for (let i = list.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1))
      ;[list[i], list[j]] = [list[j]!, list[i]!]
    }
  }
  // the kinds in an order of the seed's: a sample of a few per machine would otherwise always take the
  // first kinds of the alphabet (action, assign, default) and never a guard, target, event or input
  const kinds = [...byKind.keys()].sort()
  for (let i = kinds.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1))
    ;[kinds[i], kinds[j]] = [kinds[j]!, kinds[i]!]
  }
  const out: T[] = []
  while (out.length < count && [...byKind.values()].some((l) => l.length > 0)) {
    for (const k of kinds) {
      const m = byKind.get(k)!.shift()
      if (m && out.length < count) out.push(m)
    }
  }
  return out
}

export type { AnyEventObject }
export { transitionKey }
