import { fromPromise } from 'xstate'
import { resourceEditorMachine, type FieldErrors, type Values, type VersionedRecord } from '../../../machines/resource-editor/resource-editor.machine.ts'
import { resourceListMachine } from '../../../machines/resource-list/resource-list.machine.ts'
import { type DataPrivacyLevel } from '../../domain/data-privacy.ts'
import { queryFromParams, type ListPage, type ListParams } from '../../domain/list-params.ts'
import { toPermissionStrings, toRolePermissions, type RolePermission } from '../../domain/permission-catalogue.ts'
import { RoleBody } from '../../domain/schemas/admin.ts'
import { call } from '../api/client.ts'

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

export const ROLE_FILTERS = ['roleowner', 'levelType', 'roleType', 'rolegroupId'] as const
/** The id the editor uses for a role not saved yet. */
export const NEW_ROLE = 'new'

/** The role list: GET /role with page, size, sort, q and the filters (role:read). */
export const roleListFlow = resourceListMachine.provide({
  actors: {
    fetchPage: fromPromise<ListPage<unknown>, ListParams>(async ({ input, signal }) =>
      call<ListPage<Role>>('/role', { query: queryFromParams(input), authenticated: true, signal })),
  },
})

/** The gdprlevels lookup (names in the request's language). */
export function loadGdprLevels(): Promise<GdprLevelOption[]> {
  return call<GdprLevelOption[]>('/lookup/gdprlevels')
}

/** The company's groups for the group choice (group:read). */
export async function loadGroups(): Promise<GroupOption[]> {
  return (await call<{ items: GroupOption[] }>('/group', { authenticated: true })).items
}

/** The editor's values: the form's fields, the permissions as 'tag:action' strings, team size as typed. */
export type RoleValues = {
  rolename: string
  roleType: string
  groupId: string
  gdprLevel: string
  teamSize: string
  isMainRole: boolean
  permissions: string[]
  owner: string
}

export const EMPTY_ROLE: RoleValues = {
  rolename: 'ROLE_', roleType: 'main', groupId: '', gdprLevel: 'PUBLIC', teamSize: '', isMainRole: false, permissions: [], owner: '',
}

export function roleValues(r: Role): RoleValues {
  return {
    rolename: r.rolename, roleType: r.roleType, groupId: r.groupId ?? '', gdprLevel: r.gdprLevel, teamSize: r.teamSize === null ? '' : String(r.teamSize),
    isMainRole: r.isMainRole, permissions: toPermissionStrings(r.permissions), owner: r.owner,
  }
}

function record(r: Role): VersionedRecord {
  return { id: r.id, version: r.version, values: roleValues(r) }
}

/** The body of POST /role (PUT adds the version): the server's own strict schema's shape. */
export function roleBody(values: Values) {
  const v = values as RoleValues
  const size = v.teamSize.trim()
  return {
    rolename: v.rolename.trim(), roleType: v.roleType, groupId: v.groupId || null, gdprLevel: v.gdprLevel,
    teamSize: size === '' ? null : /^\d+$/.test(size) ? Number(size) : Number.NaN, isMainRole: v.isMainRole,
    permissions: toRolePermissions(v.permissions),
  }
}

/** Field errors as codes, from the same zod schema the server uses ('rolename.prefix', 'teamSize.invalid', ...). */
export function validateRole(values: Values): FieldErrors {
  const result = RoleBody.safeParse(roleBody(values))
  const errors: FieldErrors = {}
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? 'form')
      errors[field] ??= issue.message.includes('.') ? issue.message : `${field}.invalid`
    }
  }
  return errors
}

/** The role editor: loading -> editing -> validating -> saving -> saved | conflict | failed, with its effects. */
export const roleEditorFlow = resourceEditorMachine.provide({
  actors: {
    load: fromPromise<VersionedRecord, { id: string }>(async ({ input }) => {
      if (input.id === NEW_ROLE) return { id: NEW_ROLE, version: 0, values: { ...EMPTY_ROLE } }
      return record(await call<Role>(`/role/${encodeURIComponent(input.id)}`, { authenticated: true }))
    }),
    validate: fromPromise<FieldErrors, { values: Values }>(async ({ input }) => validateRole(input.values)),
    save: fromPromise<VersionedRecord, { id: string; version: number; values: Values }>(async ({ input }) => {
      const body = roleBody(input.values)
      const saved = input.id === NEW_ROLE
        ? await call<Role>('/role', { method: 'POST', body, authenticated: true })
        : await call<Role>(`/role/${encodeURIComponent(input.id)}`, { method: 'PUT', body: { version: input.version, ...body }, authenticated: true })
      return record(saved)
    }),
  },
})
