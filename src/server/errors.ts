import type { ErrorCode, ServerLocale } from './i18n.ts'

export type FieldIssue = { path: string; code: string }

/** An error the client caused or must be told about; `onError` renders it as `{ code, message }`. */
export class AppError extends Error {
  readonly status: 400 | 401 | 403 | 404 | 405 | 409 | 413 | 415 | 422 | 429 | 500 | 502 | 503
  readonly code: ErrorCode
  readonly issues: FieldIssue[] | undefined
  /** The values of the message's `{name}` placeholders in the answer's language (e.g. which question is unanswered). */
  readonly params: ((locale: ServerLocale) => Record<string, string>) | undefined

  constructor(status: AppError['status'], code: ErrorCode, issues?: FieldIssue[], params?: (locale: ServerLocale) => Record<string, string>) {
    super(code)
    this.status = status
    this.code = code
    this.issues = issues
    this.params = params
  }
}

/** Whether a database error is a unique-constraint violation (PostgreSQL 23505, wrapped or not by drizzle). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } }
  return e?.code === '23505' || e?.cause?.code === '23505'
}
