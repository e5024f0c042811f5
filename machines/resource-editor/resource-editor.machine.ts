import { assign, setup } from 'xstate'
import { providedLater, reasonOf } from '../shared/not-provided.ts'

/**
 * Every admin form (ARCHITECTURE 4b): loading -> editing -> validating -> saving -> saved |
 * conflict | failed. Every record carries a `version`; a save sends the version it started from,
 * and a stale one is a conflict (the server answers 409 CONFLICT) with the option to reload,
 * never a silent overwrite. Leaving with unsaved changes asks first. `load`, `validate` (the
 * resource's zod schema from src/domain) and `save` are provided per resource in src/web/flows.
 *
 * A save the server refuses until the user confirms their password (issue 28: the mail server, the
 * password policy, a role's permissions; 403 REAUTH_REQUIRED, or REAUTH_FAILED for a wrong one) asks
 * for it (reauthenticating) and saves again with it. The password travels in the `reauth.submit`
 * event to that one save's input and is never kept in the context.
 */
export type Values = Record<string, unknown>
export type VersionedRecord = { id: string; version: number; values: Values }
/** Field errors as codes (e.g. `required`, `email`), never text. */
export type FieldErrors = Record<string, string>

export type ResourceEditorContext = {
  id: string
  record: VersionedRecord | null
  draft: Values
  errors: FieldErrors
  dirty: boolean
  /** The failure's reason code. */
  error: string | null
}

export type ResourceEditorEvent =
  | { type: 'field.change'; field: string; value: unknown }
  | { type: 'form.submit' }
  | { type: 'form.reset' }
  | { type: 'retry' }
  | { type: 'reload' }
  | { type: 'leave.request' }
  | { type: 'leave.confirm' }
  | { type: 'leave.cancel' }
  | { type: 'reauth.submit'; password: string }
  | { type: 'reauth.cancel' }

export const CONFLICT = 'CONFLICT'
/** A save the server refused field by field (400 VALIDATION with issues, 409 duplicates): the form edits again with them. */
export const FIELDS = 'FIELDS'
/** The server asks for the user's password again (issue 28), and refuses a wrong one. */
export const REAUTH_REQUIRED = 'REAUTH_REQUIRED'
export const REAUTH_FAILED = 'REAUTH_FAILED'
/** What a save is given: the version it started from, the draft, and (after a re-authentication) the password. */
export type SaveInput = { id: string; version: number; values: Values; password?: string }

/** The field errors a refused save carries (`{ code: 'FIELDS', fields }`), or null. */
export function fieldsOf(error: unknown): FieldErrors | null {
  if (reasonOf(error) !== FIELDS) return null
  const fields = (error as { fields?: unknown }).fields
  return fields && typeof fields === 'object' && Object.keys(fields).length > 0 ? (fields as FieldErrors) : null
}

export const resourceEditorMachine = setup({
  types: {} as {
    context: ResourceEditorContext
    events: ResourceEditorEvent
    input: { id: string }
  },
  actors: {
    load: providedLater<VersionedRecord, { id: string }>('load'),
    validate: providedLater<FieldErrors, { values: Values }>('validate'),
    save: providedLater<VersionedRecord, SaveInput>('save'),
  },
  guards: {
    isDirty: ({ context }) => context.dirty,
    hasFieldErrors: ({ event }) => Object.keys((event as unknown as { output: FieldErrors }).output).length > 0,
    isConflict: ({ event }) => reasonOf((event as unknown as { error: unknown }).error) === CONFLICT,
    isFieldRefusal: ({ event }) => fieldsOf((event as unknown as { error: unknown }).error) !== null,
    isReauthRequired: ({ event }) => reasonOf((event as unknown as { error: unknown }).error) === REAUTH_REQUIRED,
    isReauthFailed: ({ event }) => reasonOf((event as unknown as { error: unknown }).error) === REAUTH_FAILED,
    hasPassword: ({ event }) => event.type === 'reauth.submit' && typeof event.password === 'string' && event.password !== '',
  },
}).createMachine({
  id: 'resourceEditor',
  context: ({ input }) => ({ id: input.id, record: null, draft: {}, errors: {}, dirty: false, error: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ id: context.id }),
        onDone: {
          target: 'editing',
          actions: assign({ record: ({ event }) => event.output, draft: ({ event }) => ({ ...event.output.values }), dirty: false, errors: {}, error: null }),
        },
        onError: { target: 'loadFailed', actions: assign({ error: ({ event }) => reasonOf(event.error) }) },
      },
    },
    loadFailed: {
      on: { retry: { target: 'loading', actions: assign({ error: null }) } },
    },
    editing: {
      on: {
        'field.change': {
          actions: assign(({ context, event }) => {
            const errors = { ...context.errors }
            delete errors[event.field]
            return { draft: { ...context.draft, [event.field]: event.value }, errors, dirty: true }
          }),
        },
        'form.submit': 'validating',
        'form.reset': {
          actions: assign(({ context }) => ({ draft: { ...context.record?.values }, errors: {}, dirty: false, error: null })),
        },
        'leave.request': [
          { guard: 'isDirty', target: 'confirmingLeave' },
          { target: 'left' },
        ],
      },
    },
    validating: {
      tags: ['busy'],
      invoke: {
        id: 'validate',
        src: 'validate',
        input: ({ context }) => ({ values: context.draft }),
        // a failure's reason stays until the new check answers
        onDone: [
          { guard: 'hasFieldErrors', target: 'editing', actions: assign({ errors: ({ event }) => event.output, error: null }) },
          { target: 'saving', actions: assign({ errors: {}, error: null }) },
        ],
        // no onError: a check answers field errors and never fails (editorFlow: a check that throws
        // counts as no browser-side errors, and the server's strict schema decides)
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context, event }): SaveInput => ({
          id: context.id, version: context.record?.version ?? 0, values: context.draft,
          // the password of the dialog that led here, for this save only
          ...(event.type === 'reauth.submit' ? { password: event.password } : {}),
        }),
        onDone: {
          target: 'saved',
          actions: assign({ record: ({ event }) => event.output, draft: ({ event }) => ({ ...event.output.values }), dirty: false, error: null }),
        },
        onError: [
          { guard: 'isConflict', target: 'conflict', actions: assign({ error: CONFLICT }) },
          { guard: 'isReauthRequired', target: 'reauthenticating', actions: assign({ error: null }) },
          { guard: 'isReauthFailed', target: 'reauthenticating', actions: assign({ error: REAUTH_FAILED }) },
          { guard: 'isFieldRefusal', target: 'editing', actions: assign({ errors: ({ event }) => fieldsOf(event.error)!, error: null }) },
          { target: 'failed', actions: assign({ error: ({ event }) => reasonOf(event.error) }) },
        ],
      },
    },
    saved: {
      on: {
        'field.change': {
          target: 'editing',
          actions: assign(({ context, event }) => ({ draft: { ...context.draft, [event.field]: event.value }, dirty: true })),
        },
        'leave.request': 'left',
      },
    },
    /** the server wants the user's password again before it saves (a wrong one keeps asking, with the reason) */
    reauthenticating: {
      on: {
        'reauth.submit': [
          { guard: 'hasPassword', target: 'saving' },
          { actions: assign({ error: 'PASSWORD_REQUIRED' }) },
        ],
        'reauth.cancel': { target: 'editing', actions: assign({ error: null }) },
        'leave.request': 'confirmingLeave',
      },
    },
    /** someone else saved first: the user's changes stay on screen until they reload */
    conflict: {
      on: {
        reload: { target: 'loading', actions: assign({ error: null }) },
        'leave.request': 'confirmingLeave',
      },
    },
    failed: {
      on: {
        'form.submit': 'validating',
        'field.change': {
          target: 'editing',
          actions: assign(({ context, event }) => ({ draft: { ...context.draft, [event.field]: event.value }, dirty: true, error: null })),
        },
        'leave.request': 'confirmingLeave',
      },
    },
    confirmingLeave: {
      on: {
        'leave.confirm': 'left',
        'leave.cancel': 'editing',
      },
    },
    left: { type: 'final' },
  },
})
