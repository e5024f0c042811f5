import { fromPromise } from 'xstate'
import type { FieldErrors, Values, VersionedRecord } from '../../../machines/resource-editor/resource-editor.machine.ts'
import { resourceListMachine } from '../../../machines/resource-list/resource-list.machine.ts'
import { type DataPrivacyLevel } from '../../domain/data-privacy.ts'
import { queryFromParams, type ListPage, type ListParams } from '../../domain/list-params.ts'
import { toPermissionStrings, toRolePermissions, type RolePermission } from '../../domain/permission-catalogue.ts'
import { RoleBody } from '../../domain/schemas/admin.ts'
import { fetchGroupTree } from './groups.ts'
import { call } from '../api/client.ts'
import { confirmFlow } from './confirm.ts'
import { editorFlow, schemaFieldErrors } from './editor.ts'
import { loadFlow } from './load.ts'

/** A role as GET /role and GET /role/{id} answer it. */
export type Role = {
  id: string
  rolename: string
  roleType: 'main' | 'default'
  owner: string
  groupId: string | null
  gdprLevel: DataPrivacyLevel
  teamSize: number | null
  isMainRole: boolean
  permissions: RolePermission[]
  version: number
  updatedAt: string
  holders?: number
}

export type GdprLevelOption = { value: DataPrivacyLevel; name: string; level: number }
export type GroupOption = { id: string; name: string; level: string }

export { ROLE_FILTERS } from '../../domain/role-list.ts'
/** The id the editor uses for a role not saved yet. */
export const NEW_ROLE = 'new'

/** The role list: GET /role with page, size, sort, q and the filters (role:read). */
export const roleListFlow = resourceListMachine.provide({
  actors: {
    fetchPage: fromPromise<ListPage<unknown>, ListParams>(async ({ input, signal }) =>
      call<ListPage<Role>>('/role', { query: queryFromParams(input), authenticated: true, signal })),
  },
})

/** DELETE /role/{id} (role:delete): refused for a SYSTEM-owned role (SYSTEM_ROLE_FIXED) and a role users hold (ROLE_IN_USE, the count in `holders`). */
export function deleteRole(r: Pick<Role, 'id'>) {
  return call<{ ok: true }>(`/role/${r.id}`, { method: 'DELETE', authenticated: true })
}

/** A role's deletion, asked first (role:delete): SYSTEM_ROLE_FIXED and ROLE_IN_USE (holders in the issues) come back as refusals. */
export const deleteRoleFlow = confirmFlow<Role, unknown>({
  // read again first: the question names the role as it is now (gone: NOT_FOUND)
  prepare: async (r) => ({ ask: true, preview: await call<Role>(`/role/${encodeURIComponent(r.id)}`, { authenticated: true }) }),
  run: (r) => deleteRole(r),
})

/** The gdprlevels lookup (names in the request's language). */
export function loadGdprLevels(): Promise<GdprLevelOption[]> {
  return call<GdprLevelOption[]>('/lookup/gdprlevels')
}

/** The company's groups for the group choice (group:read). */
export async function loadGroups(): Promise<GroupOption[]> {
  return fetchGroupTree()
}

/** The gdprlevels in the active language (a change loads them again). */
export const gdprLevelsFlow = loadFlow<{ locale: string }, GdprLevelOption[]>(() => loadGdprLevels())
/** The company's groups, only for a role that may read them (none otherwise, without asking). */
export const roleGroupsFlow = loadFlow<{ allowed: boolean }, GroupOption[]>(async ({ allowed }) => (allowed ? loadGroups() : []))

/** The editor's values: the form's fields by spec name, the permissions as 'tag:action' strings. */
export type RoleValues = {
  rolename: string
  roleType: string
  groupId: string
  gdprLevel: string
  teamSize: number | null
  isMainRole: boolean
  permissions: string[]
  owner: string
}

export const EMPTY_ROLE: RoleValues = {
  rolename: 'ROLE_', roleType: 'main', groupId: '', gdprLevel: 'PUBLIC', teamSize: null, isMainRole: false, permissions: [], owner: '',
}

export function roleValues(r: Role): RoleValues {
  return {
    rolename: r.rolename, roleType: r.roleType, groupId: r.groupId ?? '', gdprLevel: r.gdprLevel, teamSize: r.teamSize,
    isMainRole: r.isMainRole, permissions: toPermissionStrings(r.permissions), owner: r.owner,
  }
}

function record(r: Role): VersionedRecord {
  return { id: r.id, version: r.version, values: roleValues(r) }
}

/** The body of POST /role (PUT adds the version), in the shape of the server's strict schema. */
export function roleBody(values: Values) {
  const v = values as RoleValues
  return {
    rolename: String(v.rolename ?? '').trim(), roleType: v.roleType, groupId: v.groupId || null, gdprLevel: v.gdprLevel,
    teamSize: v.teamSize ?? null, isMainRole: v.isMainRole === true, permissions: toRolePermissions(v.permissions ?? []),
  }
}

/** The schema's role codes as the shared field texts read them ('rolename.prefix' and 'fixed' have their own). */
const SHARED_CODES: Record<string, string> = {
  'rolename.tooLong': 'tooLong', 'roleType.required': 'requiredSelection', 'gdprLevel.required': 'requiredSelection', 'teamSize.invalid': 'invalid',
}

/** Field errors as codes, from the same strict zod schema the server uses. */
export function validateRole(values: Values): FieldErrors {
  const errors = schemaFieldErrors(RoleBody, roleBody(values))
  for (const [field, code] of Object.entries(errors)) errors[field] = SHARED_CODES[code] ?? code
  return errors
}

/** The role editor: the editor statechart against GET, POST and PUT /role ('new' creates one). */
export const roleEditorFlow = editorFlow({
  load: async (id) => (id === NEW_ROLE
    ? { id: NEW_ROLE, version: 0, values: { ...EMPTY_ROLE } }
    : record(await call<Role>(`/role/${encodeURIComponent(id)}`, { authenticated: true }))),
  // a change of permissions carries the password the server asked for again (issue 28)
  save: async ({ id, version, values, password }) => record(id === NEW_ROLE
    ? await call<Role>('/role', { method: 'POST', body: roleBody(values), authenticated: true })
    : await call<Role>(`/role/${encodeURIComponent(id)}`, { method: 'PUT', body: { version, ...roleBody(values), ...(password ? { currentPassword: password } : {}) }, authenticated: true })),
  check: validateRole,
})
