import { assign, emit, setup } from 'xstate'
import { providedLater, reasonOf } from '../shared/not-provided.ts'

/**
 * Ask, then act (ARCHITECTURE 4b "confirm then act"): deleting a row, changing a user's status (one
 * or many), ending role assignments before a save, saving a password policy after its preview,
 * sending a test mail, reactivating a locked account, exporting a list.
 *
 *   idle -(request)-> preparing -> asking -(confirm)-> running -> done
 *                         |            \-(cancel)-> idle         \-> failed -(confirm)-> running (again)
 *                         |                                                 \-(cancel)-> idle
 *                         |-> running              (nothing to ask: `prepare` says so)
 *                         \-> prepareFailed        (the check or the preview was refused)
 *
 * `prepare` (per use, src/web/flows) looks at the subject first: a preview to show in the question
 * (how many users a policy affects, which assignments end), or that there is nothing to ask (no
 * assignment ends; an action that needs no confirmation), or a refusal (an address that is not one:
 * `fields` names the field). `run` does it. Failures carry reason codes, never text; `issues` are
 * the refusal's details (how many users hold a role).
 */
export type FieldErrors = Record<string, string>
export type Issue = { path: string; code: string }

/** What `prepare` answers: whether to ask, and what the question shows. */
export type Prepared = { ask: boolean; preview?: unknown }

export type ConfirmActionContext = {
  subject: unknown
  preview: unknown
  result: unknown
  error: string | null
  issues: Issue[]
  fields: FieldErrors
}

export type ConfirmActionEvent =
  | { type: 'request'; subject: unknown }
  | { type: 'confirm' }
  | { type: 'cancel' }

export type ConfirmActionNotice = { type: 'notice'; code: 'done' } | { type: 'notice'; code: 'failed'; reason: string }

function issuesOf(error: unknown): Issue[] {
  const issues = error && typeof error === 'object' ? (error as { issues?: unknown }).issues : undefined
  return Array.isArray(issues) ? issues.filter((i): i is Issue => !!i && typeof i.path === 'string' && typeof i.code === 'string') : []
}

function fieldsOf(error: unknown): FieldErrors {
  const fields = error && typeof error === 'object' ? (error as { fields?: unknown }).fields : undefined
  return fields && typeof fields === 'object' ? { ...(fields as FieldErrors) } : {}
}

export const confirmActionMachine = setup({
  types: {} as {
    context: ConfirmActionContext
    events: ConfirmActionEvent
    emitted: ConfirmActionNotice
  },
  actors: {
    prepare: providedLater<Prepared, { subject: unknown }>('prepare'),
    run: providedLater<unknown, { subject: unknown; preview: unknown }>('run'),
  },
  guards: {
    isToAsk: ({ event }) => (event as unknown as { output: Prepared }).output.ask === true,
  },
  actions: {
    forget: assign({ subject: null, preview: null, error: null, issues: [], fields: {} }),
  },
}).createMachine({
  id: 'confirmAction',
  context: { subject: null, preview: null, result: null, error: null, issues: [], fields: {} },
  initial: 'idle',
  states: {
    idle: {
      on: { request: 'preparing' },
    },
    preparing: {
      tags: ['busy'],
      entry: assign({ subject: ({ event }) => (event as Extract<ConfirmActionEvent, { type: 'request' }>).subject, preview: null, result: null, error: null, issues: [], fields: {} }),
      invoke: {
        id: 'prepare',
        src: 'prepare',
        input: ({ context }) => ({ subject: context.subject }),
        onDone: [
          { guard: 'isToAsk', target: 'asking', actions: assign({ preview: ({ event }) => event.output.preview ?? null }) },
          { target: 'running', actions: assign({ preview: ({ event }) => event.output.preview ?? null }) },
        ],
        onError: {
          target: 'prepareFailed',
          actions: assign({ error: ({ event }) => reasonOf(event.error), issues: ({ event }) => issuesOf(event.error), fields: ({ event }) => fieldsOf(event.error) }),
        },
      },
    },
    asking: {
      tags: ['asking'],
      on: {
        confirm: 'running',
        cancel: { target: 'idle', actions: 'forget' },
      },
    },
    running: {
      tags: ['busy'],
      invoke: {
        id: 'run',
        src: 'run',
        input: ({ context }) => ({ subject: context.subject, preview: context.preview }),
        onDone: { target: 'done', actions: [assign({ result: ({ event }) => event.output, error: null, issues: [] }), emit({ type: 'notice', code: 'done' })] },
        onError: {
          target: 'failed',
          actions: [
            assign({ error: ({ event }) => reasonOf(event.error), issues: ({ event }) => issuesOf(event.error) }),
            emit(({ event }) => ({ type: 'notice' as const, code: 'failed' as const, reason: reasonOf(event.error) })),
          ],
        },
      },
    },
    done: {
      on: { request: 'preparing' },
    },
    /** the action failed: its reason shows; "confirm" tries the same again, "cancel" gives up */
    failed: {
      on: {
        confirm: { target: 'running', actions: assign({ error: null, issues: [] }) },
        cancel: { target: 'idle', actions: 'forget' },
        request: 'preparing',
      },
    },
    /** the check or the preview was refused (its reason, or the field at fault, shows) */
    prepareFailed: {
      on: { request: 'preparing' },
    },
  },
})
