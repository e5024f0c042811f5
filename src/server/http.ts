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
    params[key] = value
  }
  const result = z.safeParse(schema, params)
  if (!result.success) throw new AppError(400, 'VALIDATION', issuesOf(result.error))
  return result.data
}
