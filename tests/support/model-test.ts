import { afterAll, describe, expect, it } from 'vitest'
import type { AnyStateMachine } from 'xstate'
import { coverageRow, generatePaths, replayPath, writeCatalogue, type MachineModel, type Snapshot } from './paths.ts'

/**
 * The standard model-based suite of a machine: every generated path replayed on a real actor with
 * the state checked at every step, then 100% transition coverage required.
 */
export function modelSuite(model: MachineModel<AnyStateMachine>, opts: { compare?: (s: Snapshot) => unknown } = {}) {
  const compare = opts.compare ?? ((s: Snapshot) => ({ value: s.value, status: s.status }))
  const paths = generatePaths(model)
  const taken = new Set<string>()

  describe(`${model.name} (model-based: ${paths.length} paths)`, () => {
    it('generates paths', () => {
      expect(paths.length).toBeGreaterThan(0)
    })

    it.each(paths.map((p, i) => [i + 1, p.steps.map((s) => s.event.type).join(' > ') || '(initial)', p] as const))(
      'path %i: %s',
      (_i, _label, path) => {
        for (const key of replayPath(model, path, (actual, expected, step) => {
          expect(compare(actual), `step ${step + 1} (${path.steps[step]!.event.type})`).toEqual(compare(expected))
        })) taken.add(key)
      },
    )

    afterAll(async () => {
      const row = coverageRow(model, taken, paths.length)
      await writeCatalogue(model, paths, row)
      // printed for `npm run test:paths`
      console.log(`${model.name}: states ${row.states}, transitions ${row.transitions}, paths ${row.paths}, covered ${row.percent}%`)
      expect(row.missing, 'transitions no path took').toEqual([])
    })
  })
}
