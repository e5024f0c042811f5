import { assign, setup } from 'xstate'
import { providedLater, reasonOf } from '../shared/not-provided.ts'

/**
 * One read-only request of a page (ARCHITECTURE 4b "load and retry"): the dashboard, the tasks,
 * a user's details, the option lists of a form, a purchase's result.
 *
 *   loading -> ready | failed;  failed -(retry)-> loading;  ready -(reload)-> loading
 *   every state -(params.change)-> loading with the new parameters (a period, a language, another id)
 *
 * `fetch` is provided per use in src/web/flows with its API call; its input is the parameters. The
 * last answer stays in `data` while a new one loads (an open form keeps its options while the
 * language changes; a reloading page keeps showing what it showed), `answered` says for which
 * parameters, and `error` is the failure's reason code, never text.
 */
export type LoadContext = {
  params: unknown
  data: unknown
  /** Whether `data` holds an answer (null is a valid answer: "no photo"). */
  loaded: boolean
  /** The parameters `data` answers (a reload keeps showing it; other parameters' answer is not this page's). */
  answered: unknown
  error: string | null
}

export type LoadEvent =
  | { type: 'retry' }
  | { type: 'reload' }
  | { type: 'params.change'; params: unknown }

export const loadMachine = setup({
  types: {} as {
    context: LoadContext
    events: LoadEvent
    input: { params?: unknown } | undefined
  },
  actors: {
    fetch: providedLater<unknown, unknown>('fetch'),
  },
  actions: {
    keepAnswer: assign(({ context, event }) => ({ data: (event as unknown as { output: unknown }).output, loaded: true, answered: context.params, error: null })),
    takeParams: assign({ params: ({ event }) => (event as Extract<LoadEvent, { type: 'params.change' }>).params, error: null }),
  },
}).createMachine({
  id: 'load',
  context: ({ input }) => ({ params: input?.params ?? null, data: null, loaded: false, answered: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      on: {
        // new parameters while an answer is on its way: that answer is dropped, the new one asked for
        'params.change': { target: 'loading', reenter: true, actions: 'takeParams' },
      },
      invoke: {
        id: 'fetch',
        src: 'fetch',
        input: ({ context }: { context: LoadContext }) => context.params,
        onDone: { target: 'ready', actions: 'keepAnswer' },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => reasonOf(event.error) }) },
      },
    },
    ready: {
      on: {
        reload: 'loading',
        'params.change': { target: 'loading', actions: 'takeParams' },
      },
    },
    failed: {
      on: {
        retry: { target: 'loading', actions: assign({ error: null }) },
        'params.change': { target: 'loading', actions: 'takeParams' },
      },
    },
  },
})
