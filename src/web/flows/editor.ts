import { fromPromise } from 'xstate'
import {
  CONFLICT, FIELDS, resourceEditorMachine, type FieldErrors, type SaveInput, type Values, type VersionedRecord,
} from '../../../machines/resource-editor/resource-editor.machine.ts'
import { ApiError } from '../api/errors.ts'

/** What a strict zod schema's `safeParse` answers (zod/mini and zod alike). */
type Checkable = { safeParse(value: unknown): { success: true } | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string; code?: string }[] } } }

/** The first code per field (its path joined by dots) of a schema's refusal; `{}` when valid. */
export function schemaFieldErrors(schema: Checkable, values: unknown): FieldErrors {
  const result = schema.safeParse(values)
  if (result.success) return {}
  const errors: FieldErrors = {}
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.') || '_'
    // a schema's own codes are single words; zod's generic texts (wrong type, missing key) read as "required"
    const code = /^[A-Za-z][A-Za-z0-9_.]*$/.test(issue.message) ? issue.message : issue.code === 'invalid_type' ? 'required' : 'invalid'
    errors[key] ??= code
  }
  return errors
}

/** The server's field issues (400 VALIDATION, 409 USER_EXISTS and the like) as field errors, or null. */
export function serverFieldErrors(error: unknown): FieldErrors | null {
  if (!(error instanceof ApiError) || error.kind !== 'http') return null
  const issues = error.details.issues
  if (!Array.isArray(issues) || issues.length === 0) return null
  const errors: FieldErrors = {}
  for (const issue of issues as { path?: unknown; code?: unknown }[]) {
    const path = typeof issue.path === 'string' ? issue.path : Array.isArray(issue.path) ? issue.path.join('.') : ''
    if (path && typeof issue.code === 'string') errors[path] ??= issue.code
  }
  return Object.keys(errors).length > 0 ? errors : null
}

/** The localized texts the server sent with refusals the browser has no text of its own for, by code. */
const serverTexts = new Map<string, string>()
export function serverTextOf(code: string | null): string | null {
  return code ? (serverTexts.get(code) ?? null) : null
}

/** Keeps a refusal's localized server text by its code (statecharts keep the code only). */
export function rememberServerText(error: unknown): void {
  if (error instanceof ApiError && error.kind === 'http' && error.code && error.serverMessage) serverTexts.set(error.code, error.serverMessage)
}

/**
 * A save's refusal, as the editor statechart reads it: 409 CONFLICT is a conflict (reload offered),
 * refusals naming fields go back onto those fields, anything else keeps its code (and its server
 * text, for the failure notice).
 */
export function editorRefusal(error: unknown): unknown {
  if (error instanceof ApiError && error.kind === 'http') {
    if (error.status === 409 && error.code === 'CONFLICT') return { code: CONFLICT }
    const fields = serverFieldErrors(error)
    if (fields) return { code: FIELDS, fields }
    rememberServerText(error)
  }
  return error
}

export type EditorSource = {
  /** Reads the record (its id, version and the form's values). */
  load(id: string): Promise<VersionedRecord>
  /**
   * Writes the draft with the version it started from and answers the stored record; `password`,
   * when the server asked for it again (issue 28), goes with the write as `currentPassword`.
   */
  save(input: SaveInput): Promise<VersionedRecord>
  /** The write's strict schema from src/domain (given the draft), or a function answering field errors. */
  check: Checkable | ((values: Values) => FieldErrors)
}

/**
 * The browser's check of a draft. It only spares a round trip: when the check itself breaks (a
 * bug), the draft goes to the server, whose strict schema decides and whose refusals come back
 * onto the fields; the failure is reported on the console.
 */
export function checked(check: EditorSource['check'], values: Values): FieldErrors {
  try {
    return typeof check === 'function' ? check(values) : schemaFieldErrors(check, values)
  } catch (error) {
    console.error('the form check failed; the server decides', error)
    return {}
  }
}

/** The editor statechart provided for one resource (ARCHITECTURE 4b). */
export function editorFlow(source: EditorSource) {
  return resourceEditorMachine.provide({
    actors: {
      load: fromPromise(({ input }: { input: { id: string } }) => source.load(input.id)),
      validate: fromPromise(async ({ input }: { input: { values: Values } }) => checked(source.check, input.values)),
      save: fromPromise(async ({ input }: { input: SaveInput }) => {
        try {
          return await source.save(input)
        } catch (error) {
          throw editorRefusal(error)
        }
      }),
    },
  })
}
