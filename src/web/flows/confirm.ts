import { fromPromise } from 'xstate'
import { confirmActionMachine, type Prepared } from '../../../machines/confirm-action/confirm-action.machine.ts'
import { ApiError } from '../api/errors.ts'
import { rememberServerText } from './editor.ts'

/**
 * Ask-then-act flows on the confirm-action statechart (machines/confirm-action), one per use: a
 * deletion, a status change, a test mail, an export. `S` is the subject (what is asked about), `R`
 * the action's answer.
 */
export type ConfirmFlow<S, R> = typeof confirmActionMachine & { readonly __types?: (s: S) => R }

/**
 * A refusal as the statechart reads it: the code (the server's, or NETWORK), the details' issues
 * (how many users hold a role), the field errors of a check; the server's localized text is kept
 * by code for the page (`serverTextOf`).
 */
export function refusalOf(error: unknown): unknown {
  if (error instanceof ApiError) {
    rememberServerText(error)
    const issues = Array.isArray(error.details.issues) ? error.details.issues : []
    return { code: error.code ?? (error.kind === 'http' ? 'UNEXPECTED' : null), kind: error.kind, status: error.status, issues }
  }
  return error
}

export function confirmFlow<S, R>(source: {
  /** Looks at the subject first: whether to ask, and what the question shows (default: always ask). */
  prepare?: (subject: S) => Prepared | Promise<Prepared>
  run: (subject: S, preview: unknown) => Promise<R>
}): ConfirmFlow<S, R> {
  return confirmActionMachine.provide({
    actors: {
      prepare: fromPromise(async ({ input }: { input: { subject: unknown } }): Promise<Prepared> => {
        try {
          return source.prepare ? await source.prepare(input.subject as S) : { ask: true }
        } catch (error) {
          throw refusalOf(error)
        }
      }),
      run: fromPromise(async ({ input }: { input: { subject: unknown; preview: unknown } }): Promise<unknown> => {
        try {
          return await source.run(input.subject as S, input.preview)
        } catch (error) {
          throw refusalOf(error)
        }
      }),
    },
  }) as ConfirmFlow<S, R>
}

/** An action that needs no confirmation (a reactivation, an export): done at once on request. */
export function actionFlow<S, R>(run: (subject: S) => Promise<R>): ConfirmFlow<S, R> {
  return confirmFlow<S, R>({ prepare: () => ({ ask: false }), run: (subject) => run(subject) })
}

/** A check's refusal naming fields (the statechart keeps them in `fields`). */
export function fieldRefusal(fields: Record<string, string>): Error {
  return Object.assign(new Error('FIELDS'), { code: 'FIELDS', fields })
}
