/**
 * The view mutants (scripts/mutants-views.ts, issue 22 item 8) are made from the views' own code: a
 * text of each kind the purchase shows, an event each control sends, a property of such an event.
 * Every machine named in its table has view files that exist and give mutants.
 */
import { existsSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { VIEWS, viewMutants } from '../../scripts/mutants-views.ts'
import { MACHINES } from '../machines/registry.ts'

const eventsOf = (name: string) => new Set<string>((MACHINES.find((m) => m.model.name === name)!.model.machine as unknown as { root: { events: string[] } }).root.events)

describe('view mutants', () => {
  it('every machine of the table is in the registry, and its view files exist', () => {
    for (const [machine, files] of Object.entries(VIEWS)) {
      expect(MACHINES.some((m) => m.model.name === machine), machine).toBe(true)
      for (const f of files) expect(existsSync(f), f).toBe(true)
    }
  })

  it('the health purchase: its texts, the events its controls send and their properties', () => {
    const mutants = viewMutants('tss-purchase', eventsOf('tss-purchase'))
    const ids = mutants.map((m) => m.id)
    expect(ids.some((id) => id.includes('"Özet" -> "ÖZzet"'))).toBe(true)
    expect(ids.some((id) => id.includes("send 'back' renamed"))).toBe(true)
    expect(ids.some((id) => id.includes("send 'preInformation.confirm' without accepted"))).toBe(true)
    // a mutant changes exactly its own spot
    for (const m of mutants) expect(m.mutated).not.toBe(m.original)
  })

  it('every machine of the table gives mutants of texts and of events', () => {
    for (const machine of Object.keys(VIEWS)) {
      const kinds = new Set(viewMutants(machine, eventsOf(machine)).map((m) => m.kind))
      expect([...kinds].sort(), machine).toEqual(expect.arrayContaining(['event', 'text']))
    }
  })
})
