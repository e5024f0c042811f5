/**
 * Records made before a field was required (the seeded company and users, issue 25 item 1). A
 * required field that the stored record never had may stay empty when the record is edited, so
 * that other changes can be saved; once it has a value it can no longer be cleared. Creating a
 * record still requires every field. The browser and the server apply the same rule.
 */

const isEmpty = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '')

/** The fields of `fields` that the stored record has no value for. */
export function missingFields(stored: Record<string, unknown>, fields: readonly string[]): string[] {
  return fields.filter((f) => isEmpty(stored[f]))
}

/** Drops the refusals of fields still empty in `body` that the stored record never had (`missing`). */
export function excuseMissing<T extends { path: string }>(issues: readonly T[], missing: readonly string[], body: Record<string, unknown>): T[] {
  return issues.filter((issue) => !(missing.includes(issue.path) && isEmpty(body[issue.path])))
}

/**
 * The refusals of the fields left empty (null) in an update: 'required' (or the field's own code)
 * unless the stored record never had it.
 */
export function emptyFieldIssues(body: Record<string, unknown>, fields: Readonly<Record<string, string>>, missing: readonly string[]): Array<{ path: string; code: string }> {
  return Object.entries(fields)
    .filter(([f]) => isEmpty(body[f]) && !missing.includes(f))
    .map(([path, code]) => ({ path, code }))
}
