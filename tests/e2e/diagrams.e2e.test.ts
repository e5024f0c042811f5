/**
 * The statechart diagrams of docs/diagrams/ render with the Mermaid package (node_modules/mermaid,
 * in headless Chromium, as a tester's viewer or GitHub draws them): no syntax or layout error, every
 * state of the machine drawn, no state that does not exist (a phantom "root"), every transition with
 * a target drawn as an edge, every timer with its duration. tests/machines/docs.test.ts and each
 * model suite keep the files in step with the machines.
 */
import { readFileSync } from 'node:fs'
import { expect, it } from 'vitest'
import type { AnyStateNode } from 'xstate'
import { MACHINES } from '../machines/registry.ts'
import { mermaidBlock, renderAll, type Rendered } from '../support/mermaid.ts'
import { allStateNodes, allTransitions } from '../support/paths.ts'

let rendered: Rendered[] = []

it('renders every machine\'s diagram with Mermaid', async () => {
  rendered = await renderAll(MACHINES.map(({ model }) => ({ name: model.name, text: mermaidBlock(readFileSync(`docs/diagrams/${model.name}.md`, 'utf8')) })))
  expect(rendered.filter((r) => r.error).map((r) => `${r.name}: ${r.error}`)).toEqual([])
}, 120_000)

it.each(MACHINES.map((m) => [m.model.name, m] as const))('%s: every state and transition drawn, nothing more; timers with durations', (name, { model }) => {
  const r = rendered.find((x) => x.name === name)!
  expect(r, 'rendered').toBeDefined()
  const states = allStateNodes(model.machine.root).filter((n) => n.path.length > 0)
  for (const s of states) expect(r.labels, `state "${s.key}"`).toContain(s.key)
  // a state node the machine does not have (the old generator drew "root")
  const known = new Set([...states.map((s) => s.key), model.machine.id])
  const stateBoxes = [...r.svg.matchAll(/data-id="([^"]+)"/g)].map((m) => m[1]!).filter((id) => !/^(root_start|root_end|.*_start|.*_end|edge\d+|note.*|.*-note-\d+)$/.test(id))
  for (const id of stateBoxes) expect(known.has(id.split('_').at(-1)!) || states.some((s) => s.path.join('_') === id), `drawn state "${id}"`).toBe(true)
  const transitions = [...allTransitions(model.machine).values()]
  const targeted = transitions.filter((t) => (t.target ?? []).length > 0).reduce((n, t) => n + (t.target as AnyStateNode[]).length, 0)
  expect(r.edges, 'edges drawn').toBeGreaterThanOrEqual(targeted)
  for (const t of transitions.filter((x) => x.eventType.startsWith('xstate.after.'))) {
    expect(r.labels.some((l) => /^after .*(\d+(\.\d+)? (ms|s|min)|server)/.test(l)), `the timer ${t.eventType} says how long`).toBe(true)
  }
})
