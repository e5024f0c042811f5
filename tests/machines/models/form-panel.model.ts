import { expect } from 'vitest'
import { formPanelMachine } from '../../../machines/form-panel/form-panel.machine.ts'
import type { Model } from '../../support/model-test.ts'

/**
 * The form beside the organisation chart (Team). `A` and `B` are two groups of the chart (the
 * browser replay creates them), `N` the group a path creates in the panel.
 */
export const GROUP_A = 'A'
export const GROUP_B = 'B'
export const CREATED = 'N'
export const GROUP_NAMES: Record<string, string> = { A: 'Model Grup A', B: 'Model Grup B' }

export const formPanelModel: Model = {
  name: 'form-panel',
  machine: formPanelMachine,
  events: [
    { type: 'open', id: GROUP_A },
    { type: 'open', id: GROUP_B },
    { type: 'create' },
    { type: 'saved', id: CREATED },
    { type: 'removed', id: GROUP_A },
    { type: 'removed', id: GROUP_B },
    { type: 'close' },
  ],
  serialize: (s) => ({ value: s.value, id: s.context.id, parentId: s.context.parentId }),
  invariants: (s) => {
    if (s.matches('showing')) expect(s.context.id).not.toBeNull()
    if (!s.matches('showing')) expect(s.context.id).toBeNull()
    if (s.matches('closed')) expect(s.context.parentId).toBeNull()
  },
  limit: 100_000,
}
