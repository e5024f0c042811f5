/**
 * Documents generated from the machines and their expectations (checked up to date by
 * tests/machines/docs.test.ts, written by `npm run test:paths`):
 *  - docs/diagrams/<machine>.md: the statechart as a Mermaid stateDiagram-v2, from its definition;
 *  - docs/paths/<machine>.md: the covering paths (every transition at least once) as Given / When /
 *    Then in Turkish and English, with the payloads, replayed on the real machine.
 */
import { createActor, type AnyEventObject, type AnyStateMachine, type AnyStateNode, type AnyTransitionDefinition } from 'xstate'
import { activePaths, screenOf, type Expectations } from './expectations.ts'
import type { AnyStateMachine as AnyMachine } from 'xstate'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { allTransitions, coveringPaths, startReplay, type GeneratedPath, type MachineModel, type Snapshot } from './paths.ts'

type Model = MachineModel<AnyMachine>

const mermaidId = (node: AnyStateNode) => node.path.join('_') || node.machine.id

function guardName(t: AnyTransitionDefinition): string {
  const name = (g: unknown): string => {
    if (!g) return ''
    if (typeof g === 'string') return g
    const o = g as { type?: string; guards?: unknown[]; check?: { name?: string }; name?: string }
    const inner = o.guards ?? []
    const kind = o.type ?? o.check?.name
    if (kind === 'xstate.and' || kind === 'checkAnd') return inner.map(name).join(' && ')
    if (kind === 'xstate.or' || kind === 'checkOr') return inner.map(name).join(' || ')
    if (kind === 'xstate.not' || kind === 'checkNot') return `!${name(inner[0])}`
    if (o.type) return o.type
    // an inline condition (a function written in the machine): its name when it has one
    return o.name && o.name !== 'guard' ? o.name : 'condition'
  }
  return name(t.guard)
}

/** A duration as people say it: 300 ms, 30 s, 2 min, 1.5 s. */
export function duration(ms: number): string {
  if (ms < 1000) return `${ms} ms`
  if (ms < 60_000) return `${Number((ms / 1000).toFixed(1))} s`
  return `${Number((ms / 60_000).toFixed(1))} min`
}

/**
 * A timer's words: its duration as the expectations state it (the oracle the replay checks it by),
 * computed for the machine's production input, or their words when it depends on a server's answer.
 */
function delayWords(delay: string, machine: AnyStateMachine, expectations?: Expectations, input?: unknown): string {
  const d = expectations?.delays?.[delay]
  if (d?.words) return `${d.words.en} (${delay})`
  if (d) {
    try {
      const context = (createActor(machine as AnyStateMachine, { input } as never).getSnapshot() as { context: unknown }).context
      const ms = d.ms(context, { type: 'xstate.init' }, input)
      if (Number.isFinite(ms)) return `${duration(ms)} (${delay})`
    } catch { /* it needs an event: its words say it */ }
  }
  return /^\d+$/.test(delay) ? duration(Number(delay)) : delay
}

function eventLabel(t: AnyTransitionDefinition, machine: AnyStateMachine, expectations?: Expectations, input?: unknown): string {
  const type = t.eventType
  if (type === '') return 'always'
  if (type.startsWith('xstate.after.')) {
    const rest = type.slice('xstate.after.'.length)
    const source = t.source as AnyStateNode
    return `after ${delayWords(rest.slice(0, rest.length - source.id.length - 1) || rest, machine, expectations, input)}`
  }
  if (type.startsWith('xstate.done.actor.')) return `done: ${type.slice(18)}`
  if (type.startsWith('xstate.error.actor.')) return `error: ${type.slice(19)}`
  return type
}

/** Mermaid escapes: its own syntax characters as entity codes. */
const escape = (text: string) => text.replace(/:/g, '#colon;').replace(/\[/g, '#91;').replace(/\]/g, '#93;').replace(/"/g, '#quot;')

/**
 * The machine's statechart as Mermaid stateDiagram-v2 (a Markdown file), from its definition: every
 * state node (compound and parallel ones as composites), every transition with its event, guard and
 * (for timers) duration. Transitions of the machine itself apply in every state: the states are then
 * drawn inside a composite named after the machine, and those transitions leave it. A transition
 * without a target changes no state and restarts nothing: it is written in its state (in a note for
 * a composite), never drawn as a loop.
 */
export function renderDiagram(name: string, machine: AnyStateMachine, expectations?: Expectations, input?: unknown): string {
  const lines: string[] = ['stateDiagram-v2']
  const byNode = new Map<AnyStateNode, AnyTransitionDefinition[]>()
  for (const t of allTransitions(machine).values()) {
    const source = t.source as AnyStateNode
    byNode.set(source, [...(byNode.get(source) ?? []), t])
  }
  const label = (t: AnyTransitionDefinition) => {
    const guard = guardName(t)
    return escape(`${eventLabel(t, machine, expectations, input)}${guard ? ` [${guard}]` : ''}`)
  }
  const rootTransitions = byNode.get(machine.root) ?? []
  const wrapped = rootTransitions.length > 0
  const notes: string[] = []
  const walk = (node: AnyStateNode, indent: string) => {
    const children = Object.values(node.states ?? {}) as AnyStateNode[]
    children.forEach((child, i) => {
      if (node.type === 'parallel' && i > 0) lines.push(`${indent}--`)
      const id = mermaidId(child)
      const stays = (byNode.get(child) ?? []).filter((t) => !(t.target ?? []).length)
      if (Object.keys(child.states ?? {}).length > 0) {
        lines.push(`${indent}state "${child.key}" as ${id} {`)
        walk(child, indent + '  ')
        lines.push(`${indent}}`)
        if (stays.length) notes.push(`note right of ${id}`, ...stays.map((t) => `  ${label(t)} (stays)`), 'end note')
      } else {
        lines.push(`${indent}state "${child.key}" as ${id}`)
        for (const t of stays) lines.push(`${indent}${id} : ${label(t)}`)
      }
    })
    if (node.type === 'compound' && node.initial?.target?.[0]) lines.push(`${indent}[*] --> ${mermaidId(node.initial.target[0] as AnyStateNode)}`)
    for (const child of children) {
      if (child.type === 'final') lines.push(`${indent}${mermaidId(child)} --> [*]`)
    }
  }
  if (wrapped) {
    lines.push(`  state "${machine.id}" as ${machine.id} {`)
    walk(machine.root, '    ')
    lines.push('  }')
    lines.push(`  [*] --> ${machine.id}`)
    const stays = rootTransitions.filter((t) => !(t.target ?? []).length)
    if (stays.length) notes.push(`note right of ${machine.id}`, '  in every state#colon;', ...stays.map((t) => `  ${label(t)} (stays)`), 'end note')
  } else {
    walk(machine.root, '  ')
  }
  for (const [source, list] of byNode) {
    for (const t of list) {
      const targets = (t.target ?? []) as AnyStateNode[]
      for (const target of targets) lines.push(`  ${mermaidId(source)} --> ${mermaidId(target)}: ${label(t)}`)
    }
  }
  lines.push(...notes.map((n) => `  ${n}`))
  return [
    `# ${name}: statechart`,
    '',
    `Generated from \`machines/\` by \`npm run test:paths\`; do not edit (a test checks it is up to date and renders it with Mermaid).`,
    `\`[guard]\` names a transition's condition; a transition without a target is written inside its state ("(stays)" in a note for a`,
    `composite state): it changes no state and restarts no timer. Timers show their duration${wrapped ? `; transitions from \`${machine.id}\` apply in every state` : ''}.`,
    '',
    '```mermaid',
    ...lines,
    '```',
    '',
  ].join('\n')
}

function payload(event: AnyEventObject): string {
  const { type: _type, ...rest } = event as AnyEventObject & Record<string, unknown>
  const out = Object.keys(rest).length ? JSON.stringify(rest, (_k, v: unknown) => (v instanceof Error ? { error: v.message, ...(v as object) } : v)) : ''
  return out
}

/** The words of the leaf states a snapshot is in. */
function stateWords(expectations: Expectations, snapshot: Snapshot, lang: 'tr' | 'en'): string {
  const paths = activePaths(snapshot)
  const leaves = paths.filter((p) => !paths.some((q) => q.startsWith(p + '.')))
  const words = [...new Set(leaves.map((p) => expectations.states[p]?.words[lang] ?? p))]
  return words.join(lang === 'tr' ? ' ve ' : ' and ')
}

/** The headings and texts that must show in a snapshot's states (their screens, the failure's message), for the "Then" lines. */
export function screenTexts(expectations: Expectations, snapshot: Snapshot): string[] {
  const s = screenOf(expectations, snapshot)
  return [...new Set([...s.headings, ...s.texts])]
}

function thenLine(expectations: Expectations, snapshot: Snapshot, lang: 'tr' | 'en'): string {
  const texts = screenTexts(expectations, snapshot)
  const shows = texts.length ? `; ${lang === 'tr' ? 'ekranda' : 'on screen'}: ${texts.map((t) => `"${t}"`).join(', ')}` : ''
  return `${stateWords(expectations, snapshot, lang)}${shows}`
}

/** The testers' catalogue of one machine: the covering paths in Turkish and English. */
export function renderCatalogue(model: Model, expectations: Expectations, covering: GeneratedPath[], figures: { states: number; transitions: number; generated: number }): string {
  const described = covering.map((path) => {
    const { actor, advance } = startReplay(model)
    const states: Snapshot[] = [actor.getSnapshot() as Snapshot]
    for (const step of path.steps) {
      advance(step.event)
      states.push(actor.getSnapshot() as Snapshot)
    }
    actor.stop()
    return { path, states }
  })
  const section = (lang: 'tr' | 'en') => {
    const K = lang === 'tr' ? { given: 'Diyelim ki', when: 'Eğer', and: 'Ve', then: 'O zaman', path: 'Yol', data: 'veri' }
      : { given: 'Given', when: 'When', and: 'And', then: 'Then', path: 'Path', data: 'payload' }
    return described.flatMap(({ path, states }, i) => [
      `### ${K.path} ${i + 1}`,
      '',
      `- **${K.given}** ${thenLine(expectations, states[0]!, lang)}`,
      ...path.steps.flatMap((step, j) => {
        const data = payload(step.event)
        return [
          `- **${j === 0 ? K.when : K.and}** ${expectations.describeEvent(step.event)[lang]}${data ? ` (${K.data}: \`${data}\`)` : ''}`,
          `- **${K.then}** ${thenLine(expectations, states[j + 1]!, lang)}`,
        ]
      }),
      '',
    ])
  }
  return [
    `# ${model.name}: test paths / test yolları`,
    '',
    `Generated by \`npm run test:paths\` from \`tests/machines/models/${model.name}.model.ts\` and`,
    `\`tests/machines/expectations/${model.name}.ts\`; do not edit (a test checks it is up to date).`,
    `${figures.states} states, ${figures.transitions} transitions, ${covering.length} paths (of ${figures.generated} generated, ${covering.reduce((a, p) => a + p.steps.length, 0)} steps) that together take every transition.`,
    `Each "Then" names the state and the texts that must show on the screen (the browser replay checks them).`,
    `Diagram: [../diagrams/${model.name}.md](../diagrams/${model.name}.md).`,
    '',
    '## Türkçe',
    '',
    ...section('tr'),
    '## English',
    '',
    ...section('en'),
  ].join('\n')
}

/** The figures a catalogue states in its header (the index of docs/paths/ is made of them). */
export function catalogueFigures(text: string): { states: number; transitions: number; covering: number; generated: number; steps: number } | null {
  const m = /^(\d+) states, (\d+) transitions, (\d+) paths \(of (\d+) generated, (\d+) steps\)/m.exec(text)
  return m ? { states: +m[1]!, transitions: +m[2]!, covering: +m[3]!, generated: +m[4]!, steps: +m[5]! } : null
}

/**
 * The machine's generated documents (docs/diagrams/<machine>.md, docs/paths/<machine>.md): written
 * when UPDATE_DOCS=1 (`npm run test:paths`), else compared with the files in the repository.
 * Returns the files that are missing or out of date.
 */
export function syncDocs(model: Model, expectations: Expectations, paths: GeneratedPath[], takes: Array<Set<string>>, figures: { states: number; transitions: number }): string[] {
  const covering = coveringPaths(model, paths, takes)
  const files: Array<[string, string]> = [
    [`docs/diagrams/${model.name}.md`, renderDiagram(model.name, model.machine, expectations, model.productionInput?.input ?? model.input)],
    [`docs/paths/${model.name}.md`, renderCatalogue(model, expectations, covering, { ...figures, generated: paths.length })],
  ]
  const stale: string[] = []
  for (const [file, text] of files) {
    if (process.env.UPDATE_DOCS === '1') {
      mkdirSync(dirname(file), { recursive: true })
      writeFileSync(file, text)
    } else if (!existsSync(file) || readFileSync(file, 'utf8') !== text) stale.push(file)
  }
  return stale
}
