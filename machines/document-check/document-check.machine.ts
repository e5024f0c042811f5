import { assign, setup } from 'xstate'
import type { DocumentCheck } from '../../src/domain/document-code.ts'
import { providedLater, reasonOf } from '../shared/not-provided.ts'

/**
 * The public check of a policy or contract document (`/dogrula/<code>`, issue 24 item 5):
 *
 *   loading -> found | notFound | failed;  failed -(retry)-> loading
 *   every state -(code.change)-> loading with the new code (the page's "another code" form)
 *
 * `checkDocument` is provided by src/web/flows/document-check.ts: its input is the code as the
 * address or the reader wrote it; it answers the document's key facts, or `{ missing }` when no
 * document has that code (`unknown`) or the text cannot be a code (`malformed`). A failed request
 * keeps its reason code (NETWORK, RATE_LIMITED, ...), never text.
 */
export type DocumentCheckAnswer = DocumentCheck | { missing: 'unknown' | 'malformed' }

export type DocumentCheckContext = {
  code: string
  check: DocumentCheck | null
  missing: 'unknown' | 'malformed' | null
  error: string | null
}

export type DocumentCheckEvent = { type: 'retry' } | { type: 'code.change'; code: string }

const answerOf = (event: unknown) => (event as { output: DocumentCheckAnswer }).output

export const documentCheckMachine = setup({
  types: {} as {
    context: DocumentCheckContext
    events: DocumentCheckEvent
    input: { code: string }
  },
  actors: {
    checkDocument: providedLater<DocumentCheckAnswer, { code: string }>('checkDocument'),
  },
  guards: {
    isMissing: ({ event }) => 'missing' in answerOf(event),
  },
  actions: {
    takeCode: assign(({ event }) => ({ code: (event as Extract<DocumentCheckEvent, { type: 'code.change' }>).code, check: null, missing: null, error: null })),
  },
}).createMachine({
  id: 'documentCheck',
  context: ({ input }) => ({ code: input.code, check: null, missing: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      on: {
        // another code while one is asked: that answer is dropped, the new one asked for
        'code.change': { target: 'loading', reenter: true, actions: 'takeCode' },
      },
      invoke: {
        id: 'checkDocument',
        src: 'checkDocument',
        input: ({ context }) => ({ code: context.code }),
        onDone: [
          { guard: 'isMissing', target: 'notFound', actions: assign({ missing: ({ event }) => (event.output as { missing: 'unknown' | 'malformed' }).missing }) },
          { target: 'found', actions: assign({ check: ({ event }) => event.output as DocumentCheck }) },
        ],
        onError: { target: 'failed', actions: assign({ error: ({ event }) => reasonOf(event.error) }) },
      },
    },
    found: {
      on: { 'code.change': { target: 'loading', actions: 'takeCode' } },
    },
    notFound: {
      on: { 'code.change': { target: 'loading', actions: 'takeCode' } },
    },
    failed: {
      on: {
        retry: { target: 'loading', actions: assign({ error: null }) },
        'code.change': { target: 'loading', actions: 'takeCode' },
      },
    },
  },
})
