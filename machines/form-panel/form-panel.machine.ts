import { assign, setup } from 'xstate'

/**
 * Which record's form is open beside a list or a chart (the company's addresses and job titles,
 * the organisation's groups): none, one record, or a new one (with the parent it goes under).
 *
 *   closed -(open id)-> showing -(open other id)-> showing (a fresh form; the same id: nothing)
 *        \-(create)-> creating (under the shown record, if any) -(saved id)-> showing that record
 *   showing | creating -(close)-> closed;  showing -(removed: the shown record)-> closed
 *
 * `round` counts the openings: each starts a fresh form (the view keys its form on it); opening the
 * record already shown keeps its form (and the edits in it).
 */
export type FormPanelContext = {
  /** The record shown (showing), null otherwise. */
  id: string | null
  /** The parent a new record goes under (creating). */
  parentId: string | null
  round: number
}

export type FormPanelEvent =
  | { type: 'open'; id: string }
  /** A new record: under the shown one (the group it is created in), or at the top. */
  | { type: 'create' }
  | { type: 'saved'; id: string }
  | { type: 'removed'; id: string }
  | { type: 'close' }

export const formPanelMachine = setup({
  types: {} as {
    context: FormPanelContext
    events: FormPanelEvent
  },
  guards: {
    isShown: ({ context, event }) => (event as { id: string }).id === context.id,
  },
  actions: {
    opened: assign(({ context, event }) => ({ id: (event as { id: string }).id, parentId: null, round: context.round + 1 })),
    // showing: under the shown record; creating again: under the same parent; closed: at the top
    created: assign(({ context }) => ({ id: null, parentId: context.id ?? context.parentId, round: context.round + 1 })),
    closed: assign({ id: null, parentId: null }),
  },
}).createMachine({
  id: 'formPanel',
  context: { id: null, parentId: null, round: 0 },
  initial: 'closed',
  states: {
    closed: {
      on: {
        open: { target: 'showing', actions: 'opened' },
        create: { target: 'creating', actions: 'created' },
      },
    },
    showing: {
      on: {
        // the shown record again (a second click, the chart's focus): its form stays as it is
        open: [
          { guard: 'isShown', target: 'showing' },
          { target: 'showing', actions: 'opened' },
        ],
        create: { target: 'creating', actions: 'created' },
        removed: { guard: 'isShown', target: 'closed', actions: 'closed' },
        close: { target: 'closed', actions: 'closed' },
      },
    },
    creating: {
      on: {
        saved: { target: 'showing', actions: 'opened' },
        open: { target: 'showing', actions: 'opened' },
        create: { target: 'creating', actions: 'created' },
        close: { target: 'closed', actions: 'closed' },
      },
    },
  },
})
