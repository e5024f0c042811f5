import { expect } from 'vitest'
import { loadMachine } from '../../../machines/load/load.machine.ts'
import type { Model } from '../../support/model-test.ts'

/**
 * The load statechart as the dashboard uses it (src/web/flows/dashboard.ts): its parameters are
 * the period (7 or 30 days, the page's selector), the answer is the dashboard's figures.
 */
export const WEEK = { days: 7 }
export const MONTH = { days: 30 }
/** An answer (the screen's checks read the period from the parameters, which the browser's answer follows). */
export const FIGURES = { usersByStatus: { active: 6, locked: 1 }, sessions: { active: 2, locked: 0 }, daily: [], expiringRoles: [] }

export const loadModel: Model = {
  name: 'load',
  machine: loadMachine,
  // the dashboard's production input: the last 7 days
  input: { params: WEEK },
  events: [
    { type: 'retry' },
    { type: 'reload' },
    { type: 'params.change', params: MONTH },
    { type: 'params.change', params: WEEK },
  ],
  outputs: { fetch: [FIGURES] },
  errors: { fetch: [Object.assign(new Error('x'), { kind: 'network' }), Object.assign(new Error('403'), { code: 'FORBIDDEN' })] },
  serialize: (s) => ({ value: s.value, params: s.context.params, loaded: s.context.loaded, answered: s.context.answered, error: s.context.error }),
  invariants: (s) => {
    if (s.matches('ready')) { expect(s.context.loaded).toBe(true); expect(s.context.error).toBeNull() }
    if (s.matches('failed')) expect(s.context.error).not.toBeNull()
    expect(s.hasTag('busy')).toBe(s.matches('loading'))
  },
}
