import { assign, emit, setup } from 'xstate'
import { providedLater, reasonOf } from '../shared/not-provided.ts'

/**
 * The global search of the staff header (spec 2.2): users, groups and roles as one types.
 *
 *   closed -(input, 2+ characters)-> waiting -(debounce)-> searching -> open (the hits, or none)
 *                                                                  \-> open (failed: "could not search")
 *   open: move.next / move.previous step through the hits; choose opens one; close (Escape, leaving
 *   the field) closes the list. Typing again waits again; fewer than 2 characters close it.
 *
 * `search` is provided in src/web/flows with the API call; its input is the trimmed text; its
 * output the hits in the order shown. The wait (`debounceMs`, 250 ms by default) spares the server
 * a request per key. Choosing emits `chosen` with the hit: the web layer navigates.
 */
export type SearchHit = { key: string; kind: string; label: string; detail: string; to: string; q: string }

export type SearchContext = {
  q: string
  hits: SearchHit[]
  /** The highlighted hit (-1: none). */
  active: number
  error: string | null
  debounceMs: number
}

export type SearchEvent =
  | { type: 'input'; q: string }
  | { type: 'move.next' }
  | { type: 'move.previous' }
  /** A click names its hit; Enter takes the highlighted one. */
  | { type: 'choose'; index?: number }
  | { type: 'close' }

export type SearchEmitted = { type: 'chosen'; hit: SearchHit }

/** A combobox's keys as the statechart's events (the header's search and the audit log's person picker). */
export function keyEvent(key: string): SearchEvent | null {
  return key === 'ArrowDown' ? { type: 'move.next' }
    : key === 'ArrowUp' ? { type: 'move.previous' }
    : key === 'Enter' ? { type: 'choose' }
    : key === 'Escape' ? { type: 'close' } : null
}

/** The shortest text searched for. */
export const MIN_QUERY = 2

const typed = (event: unknown) => (event as { q: string }).q

export const searchMachine = setup({
  types: {} as {
    context: SearchContext
    events: SearchEvent
    input: { debounceMs?: number } | undefined
    emitted: SearchEmitted
  },
  actors: {
    search: providedLater<SearchHit[], string>('search'),
  },
  guards: {
    isLongEnough: ({ event }) => typed(event).trim().length >= MIN_QUERY,
    hasHits: ({ context }) => context.hits.length > 0,
    isChoice: ({ context, event }) => {
      const i = (event as { index?: number }).index ?? context.active
      return i >= 0 && i < context.hits.length
    },
  },
  delays: {
    debounce: ({ context }) => context.debounceMs,
  },
  actions: {
    takeText: assign({ q: ({ event }) => typed(event) }),
    shut: assign({ hits: [], active: -1, error: null }),
  },
}).createMachine({
  id: 'search',
  context: ({ input }) => ({ q: '', hits: [], active: -1, error: null, debounceMs: input?.debounceMs ?? 250 }),
  initial: 'closed',
  states: {
    closed: {
      on: {
        input: [
          { guard: 'isLongEnough', target: 'waiting', actions: 'takeText' },
          { actions: 'takeText' },
        ],
      },
    },
    /** typing: the search starts once the typing pauses */
    waiting: {
      on: {
        input: [
          { guard: 'isLongEnough', target: 'waiting', reenter: true, actions: 'takeText' },
          { target: 'closed', actions: ['takeText', 'shut'] },
        ],
        close: { target: 'closed', actions: 'shut' },
      },
      after: { debounce: 'searching' },
    },
    searching: {
      tags: ['busy'],
      invoke: {
        id: 'search',
        src: 'search',
        input: ({ context }) => context.q.trim(),
        onDone: { target: 'open', actions: assign({ hits: ({ event }) => event.output, active: -1, error: null }) },
        onError: { target: 'open', actions: assign({ hits: [], active: -1, error: ({ event }) => reasonOf(event.error) }) },
      },
      on: {
        input: [
          { guard: 'isLongEnough', target: 'waiting', actions: 'takeText' },
          { target: 'closed', actions: ['takeText', 'shut'] },
        ],
        close: { target: 'closed', actions: 'shut' },
      },
    },
    /** the list is shown: the hits, "no result" or "could not search" */
    open: {
      on: {
        input: [
          { guard: 'isLongEnough', target: 'waiting', actions: ['takeText', 'shut'] },
          { target: 'closed', actions: ['takeText', 'shut'] },
        ],
        'move.next': { guard: 'hasHits', actions: assign({ active: ({ context }) => (context.active + 1) % context.hits.length }) },
        'move.previous': { guard: 'hasHits', actions: assign({ active: ({ context }) => (context.active <= 0 ? context.hits.length - 1 : context.active - 1) }) },
        choose: {
          guard: 'isChoice',
          target: 'closed',
          actions: [
            emit(({ context, event }) => ({ type: 'chosen' as const, hit: context.hits[event.index ?? context.active]! })),
            assign({ q: '' }),
            'shut',
          ],
        },
        close: { target: 'closed', actions: 'shut' },
      },
    },
  },
})
