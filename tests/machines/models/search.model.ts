import { expect } from 'vitest'
import { searchMachine, type SearchHit } from '../../../machines/search/search.machine.ts'
import type { Model } from '../../support/model-test.ts'

/**
 * The global search of the staff header. The texts typed and the answers are the demo data's (the
 * browser replay types them against the real server): "arslan" finds Zeynep Arslan only, "qxzq"
 * finds nothing, "a" is too short to search.
 */
export const ZEYNEP: SearchHit = {
  key: 'u-zeynep', kind: 'user', label: 'Zeynep Arslan', detail: 'zeynep.arslan · zeynep.arslan@example.com', to: '/navbar/settings/users', q: 'zeynep.arslan',
}
/** A second hit: only the model's (the arrows' wrap-around needs two hits; the browser replay leaves it out). */
export const SECOND: SearchHit = {
  key: 'g-satis', kind: 'group', label: 'Satış', detail: 'Grup', to: '/navbar/settings/team', q: 'satis',
}
export const FINDS = 'arslan'
/** Two letters between spaces: long enough (2 after trimming) and sent trimmed; only the model's (the browser replay leaves it out). */
export const EDGE = ' ar '
export const FINDS_NOTHING = 'qxzq'
export const TOO_SHORT = 'a'

export const searchModel: Model = {
  name: 'search',
  machine: searchMachine,
  // production input: none (the default wait of 250 ms)
  events: [
    { type: 'input', q: FINDS },
    { type: 'input', q: FINDS_NOTHING },
    { type: 'input', q: TOO_SHORT },
    { type: 'input', q: EDGE },
    { type: 'move.next' },
    { type: 'move.previous' },
    { type: 'choose' },
    { type: 'choose', index: 0 },
    { type: 'close' },
  ],
  outputs: { search: [[ZEYNEP], [], [ZEYNEP, SECOND]] },
  errors: { search: [Object.assign(new Error('x'), { kind: 'network' })] },
  serialize: (s) => ({ value: s.value, q: s.context.q, hits: s.context.hits.length, active: s.context.active, error: s.context.error }),
  invariants: (s) => {
    expect(s.context.active).toBeGreaterThanOrEqual(-1)
    expect(s.context.active).toBeLessThan(Math.max(1, s.context.hits.length))
    if (!s.matches('open')) expect(s.context.hits).toEqual([])
    expect(s.context.debounceMs).toBe(250)
  },
}
