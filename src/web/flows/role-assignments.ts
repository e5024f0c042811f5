import type { Values, VersionedRecord } from '../../../machines/resource-editor/resource-editor.machine.ts'
import { formatIsoDate, toCalendarDate } from '../../domain/dates.ts'
import { UpdateRolesBody, roleAssignmentIssues } from '../../domain/schemas/user.ts'
import { fetchGroupTree } from './groups.ts'
import { call } from '../api/client.ts'
import { confirmFlow } from './confirm.ts'
import { editorFlow, schemaFieldErrors } from './editor.ts'
import { loadFlow } from './load.ts'
import { quiet, type UserDetail } from './users.ts'

/**
 * A user's role assignments on the editor statechart (issue 14): the draft's `roles` is the whole
 * list, saved at once with PUT /user/{id}/roles and the loaded `rolesVersion` (a changed version is
 * a conflict; the server's field refusals `roles.N.validTo` go back onto the row's date).
 */

/** One row of the draft: what the server takes plus what the page shows. `validTo` '' = no end. */
export type AssignmentDraft = {
  roleId: string
  name: string
  groupId: string | null
  groupName: string | null
  isMain: boolean
  isDefault: boolean
  validTo: string
  /** The stored end (ISO instant), null for a new row or none. */
  validUntil: string | null
}

/** A role the picker offers (GET /role, with its group). */
export type RoleChoice = { id: string; name: string; groupId: string | null; groupName: string | null }

export function assignmentsOf(values: Values): AssignmentDraft[] {
  return Array.isArray(values.roles) ? (values.roles as AssignmentDraft[]) : []
}

export function assignmentRecord(u: UserDetail): VersionedRecord {
  const roles: AssignmentDraft[] = u.roles.map((r) => ({
    roleId: r.id, name: r.name, groupId: r.groupId ?? null, groupName: r.groupName ?? null, isMain: r.isMain, isDefault: r.isDefault,
    validTo: r.validTo ?? '', validUntil: r.validUntil,
  }))
  return { id: u.id, version: u.rolesVersion, values: { roles, groupId: u.groupId } }
}

/** The draft as PUT /user/{id}/roles takes it. */
export function assignmentBody(values: Values, version: number) {
  return {
    version,
    roles: assignmentsOf(values).map((r) => ({ roleId: r.roleId, isMain: r.isMain, isDefault: r.isDefault, validTo: r.validTo === '' ? null : r.validTo })),
  }
}

/** The browser's check, the server's rules: the strict schema, then the cross-row rules (today in Türkiye). */
export function assignmentErrors(values: Values, now: Date = new Date()): Record<string, string> {
  const body = assignmentBody(values, 1)
  const errors = schemaFieldErrors(UpdateRolesBody, body)
  if (Object.keys(errors).length > 0) return errors
  const rows = assignmentsOf(values)
  const userGroup = typeof values.groupId === 'string' ? values.groupId : null
  const today = formatIsoDate(toCalendarDate(now)!)
  for (const issue of roleAssignmentIssues(body.roles, today,
    (roleId) => { const g = rows.find((r) => r.roleId === roleId)?.groupId ?? null; return g !== null && g !== userGroup },
    (i) => { const r = rows[i]!; return r.validUntil !== null && r.validTo === storedDate(r.validUntil) })) {
    errors[issue.path] ??= issue.code
  }
  return errors
}

/** The Türkiye calendar day of a stored end. */
export function storedDate(validUntil: string): string {
  return formatIsoDate(toCalendarDate(new Date(validUntil))!)
}

/**
 * The editor flow of the assignments section; `onSaved` hears the stored user. `loaded` (the user the
 * page has just read) is the first load, so the page reads the user once; a reload (after a
 * conflict) reads it again.
 */
export function roleAssignmentsFlow(onSaved?: (user: UserDetail) => void, loaded?: UserDetail) {
  let first = loaded
  return editorFlow({
    load: async (id) => {
      const known = first?.id === id ? first : undefined
      first = undefined
      return assignmentRecord(known ?? await call<UserDetail>(`/user/${id}`, { authenticated: true }))
    },
    save: async ({ id, version, values }) => {
      const saved = await call<UserDetail>(`/user/${id}/roles`, { method: 'PUT', body: assignmentBody(values, version), authenticated: true })
      onSaved?.(saved)
      return assignmentRecord(saved)
    },
    check: (values) => assignmentErrors(values),
  })
}

/** The company's roles with their groups, for the picker (empty without role:read). */
export async function fetchRoleChoices(): Promise<RoleChoice[]> {
  const [roles, groups] = await Promise.all([
    quiet(call<{ items: { id: string; rolename: string; groupId: string | null }[] }>('/role', { query: { size: '100', sort: 'rolename' }, authenticated: true }), { items: [] }),
    quiet(fetchGroupTree(), []),
  ])
  return roles.items.map((r) => ({ id: r.id, name: r.rolename, groupId: r.groupId, groupName: groups.find((g) => g.id === r.groupId)?.name ?? null }))
}

/** The picker's roles, read once per section. */
export const roleChoicesFlow = loadFlow<null, RoleChoice[]>(() => fetchRoleChoices())

/** The editor's part the confirmation reads and drives. */
type Editor = { getSnapshot(): { context: { draft: Values; record: VersionedRecord | null } }; send(event: { type: 'form.submit' }): void }

/** The names of the stored assignments a draft ends (none: nothing to ask). */
export function endedBy(draft: Values, stored: Values): string[] {
  const kept = new Set(assignmentsOf(draft).map((r) => r.roleId))
  return assignmentsOf(stored).filter((r) => !kept.has(r.roleId)).map((r) => r.name)
}

/**
 * "Kaydet" on the assignments: when the draft ends stored assignments, the person confirms first
 * (the question names them); then the editor statechart saves (validation, conflict, refusals).
 */
export function endAssignmentsFlow(editor: Editor) {
  return confirmFlow<null, null>({
    prepare: () => {
      const { draft, record } = editor.getSnapshot().context
      const ended = endedBy(draft, record?.values ?? {})
      return ended.length > 0 ? { ask: true, preview: ended } : { ask: false }
    },
    run: async () => {
      editor.send({ type: 'form.submit' })
      return null
    },
  })
}
