import type { Context } from 'hono'
import * as z from 'zod/mini'
import { AppError, type FieldIssue } from './errors.ts'
import type { AppEnv } from './types.ts'

/** A message our schemas set is a code ('email', 'rolename.prefix'); zod's own messages are sentences. */
const MESSAGE_CODE = /^[A-Za-z][\w.]*$/

function issuesOf(error: z.core.$ZodError): FieldIssue[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    code: issue.code === 'custom' || MESSAGE_CODE.test(String(issue.message)) ? String(issue.message) : issue.code,
  }))
}

const CONTROL = /\p{Cc}/u

/**
 * The request's path, percent-decoded once: the only place that decodes paths. A malformed escape
 * (`/%zz`) or a control character (`/%00`) in it is the client's mistake: null (the app answers
 * 400 BAD_PATH).
 */
export function decodePath(pathname: string): string | null {
  let decoded: string
  try {
    decoded = decodeURIComponent(pathname)
  } catch {
    return null
  }
  return CONTROL.test(decoded) ? null : decoded
}

/** A path for the log even when it was refused: every well-formed escape decoded, the rest kept. */
export function pathForLog(pathname: string): string {
  return decodePath(pathname) ?? pathname.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
    try {
      return decodeURIComponent(run)
    } catch {
      return run
    }
  })
}

/** Whether a parsed JSON value holds a NUL anywhere (PostgreSQL text cannot store one). */
function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000')
  if (value === null || typeof value !== 'object' || depth > 20) return false
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || holdsNul(v, depth + 1))
}

/** Parses and validates the JSON body (already opened when it came in the envelope). */
export async function readJson<T>(c: Context<AppEnv>, schema: z.core.$ZodType<T>): Promise<T> {
  let raw: unknown
  if (c.get('encrypted')) {
    raw = c.get('body')
  } else {
    const type = c.req.header('content-type') ?? ''
    if (!/^application\/json\b/i.test(type)) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE')
    try {
      raw = await c.req.json()
    } catch {
      throw new AppError(400, 'BAD_JSON')
    }
  }
  if (holdsNul(raw)) throw new AppError(400, 'VALIDATION', [{ path: '', code: 'control_character' }])
  const result = z.safeParse(schema, raw)
  if (!result.success) throw new AppError(400, 'VALIDATION', issuesOf(result.error))
  return result.data
}

/** Validates the query string: every key must be known (a strict object schema). */
export function readQuery<T>(c: Context<AppEnv>, schema: z.core.$ZodType<T>): T {
  const params: Record<string, string> = {}
  const url = new URL(c.req.url)
  for (const [key, value] of url.searchParams) {
    if (key in params) throw new AppError(400, 'VALIDATION', [{ path: key, code: 'duplicate' }])
    if (holdsNul(key) || holdsNul(value)) throw new AppError(400, 'VALIDATION', [{ path: '', code: 'control_character' }])
    params[key] = value
  }
  const result = z.safeParse(schema, params)
  if (!result.success) throw new AppError(400, 'VALIDATION', issuesOf(result.error))
  return result.data
}

/** A record id (UUID) as the routes take it from the path and the query. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
export const uuidString = z.string().check(z.regex(UUID_PATTERN))

/** The path parameter `name` as a lower-case UUID; anything else is "not found" (never a query error). */
export function idParam(c: Context<AppEnv>, name = 'id'): string {
  const id = c.req.param(name) ?? ''
  if (!UUID_PATTERN.test(id)) throw new AppError(404, 'NOT_FOUND')
  return id.toLowerCase()
}
