/**
 * Documents generated from the machines and their expectations (checked up to date by
 * tests/machines/docs.test.ts, written by `npm run test:paths`):
 *  - docs/diagrams/<machine>.md: the statechart as a Mermaid stateDiagram-v2, from its definition;
 *  - docs/paths/<machine>.md: the covering paths (every transition at least once) as Given / When /
 *    Then in Turkish and English, with the payloads, replayed on the real machine.
 */
import type { AnyEventObject, AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate'
import { activePaths, type Expectations } from './expectations.ts'
import type { Model } from './model-test.ts'
import { allTransitions, startReplay, type GeneratedPath, type Snapshot } from './paths.ts'

const mermaidId = (node: AnyStateNode) => node.path.join('_') || 'root'

function guardName(t: AnyTransitionDefinition): string {
  const g = t.guard as unknown
  if (!g) return ''
  if (typeof g === 'string') return g
  if (typeof g === 'object' && g && 'type' in g) {
    const o = g as { type: string; params?: { guards?: unknown[] } }
    if (o.type === 'xstate.and' || o.type === 'xstate.or') {
      return (o.params?.guards ?? []).map((x) => (typeof x === 'string' ? x : (x as { type?: string }).type ?? '?')).join(o.type === 'xstate.and' ? ' && ' : ' || ')
    }
    return o.type
  }
  return 'guard'
}

function eventLabel(t: AnyTransitionDefinition, machine: AnyStateMachine): string {
  const type = t.eventType
  if (type === '') return 'always'
  if (type.startsWith('xstate.after.')) {
    const rest = type.slice('xstate.after.'.length)
    const source = t.source as AnyStateNode
    return `after ${rest.slice(0, rest.length - source.id.length - 1) || rest}`
  }
  if (type.startsWith('xstate.done.actor.')) return `done: ${type.slice(18)}`
  if (type.startsWith('xstate.error.actor.')) return `error: ${type.slice(19)}`
  void machine
  return type
}

/** The machine's statechart as Mermaid stateDiagram-v2 (a Markdown file). */
export function renderDiagram(name: string, machine: AnyStateMachine): string {
  const lines: string[] = ['stateDiagram-v2']
  const byNode = new Map<AnyStateNode, AnyTransitionDefinition[]>()
  for (const t of allTransitions(machine).values()) {
    const source = t.source as AnyStateNode
    byNode.set(source, [...(byNode.get(source) ?? []), t])
  }
  const walk = (node: AnyStateNode, indent: string) => {
    const children = Object.values(node.states ?? {}) as AnyStateNode[]
    children.forEach((child, i) => {
      if (node.type === 'parallel' && i > 0) lines.push(`${indent}--`)
      const id = mermaidId(child)
      lines.push(`${indent}state "${child.key}" as ${id}`)
      if (Object.keys(child.states ?? {}).length > 0) {
        lines.push(`${indent}state ${id} {`)
        walk(child, indent + '  ')
        lines.push(`${indent}}`)
      }
    })
    if (node.type === 'compound' && node.initial?.target?.[0]) lines.push(`${indent}[*] --> ${mermaidId(node.initial.target[0] as AnyStateNode)}`)
    for (const child of children) {
      if (child.type === 'final') lines.push(`${indent}${mermaidId(child)} --> [*]`)
    }
  }
  walk(machine.root, '  ')
  for (const [source, list] of byNode) {
    for (const t of list) {
      const targets = (t.target ?? []) as AnyStateNode[]
      const guard = guardName(t)
      const label = `${eventLabel(t, machine)}${guard ? ` [${guard}]` : ''}`.replace(/:/g, '#colon;')
      for (const target of targets.length ? targets : [source]) lines.push(`  ${mermaidId(source)} --> ${mermaidId(target)}: ${label}`)
    }
  }
  return [
    `# ${name}: statechart`,
    '',
    `Generated from \`machines/\` by \`npm run test:paths\`; do not edit (a test checks it is up to date).`,
    `Transitions without a target stay in their state; \`[guard]\` names the condition.`,
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

/** The testers' catalogue of one machine: the covering paths in Turkish and English. */
export function renderCatalogue(model: Model, expectations: Expectations, covering: GeneratedPath[], figures: { states: number; transitions: number }): string {
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
      `- **${K.given}** ${stateWords(expectations, states[0]!, lang)}`,
      ...path.steps.flatMap((step, j) => {
        const data = payload(step.event)
        return [
          `- **${j === 0 ? K.when : K.and}** ${expectations.describeEvent(step.event)[lang]}${data ? ` (${K.data}: \`${data}\`)` : ''}`,
          `- **${K.then}** ${stateWords(expectations, states[j + 1]!, lang)}`,
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
    `${figures.states} states, ${figures.transitions} transitions, ${covering.length} paths that together take every transition.`,
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
