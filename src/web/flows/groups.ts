import { fromPromise } from 'xstate'
import { orgBuilderMachine, type OrgGroup } from '../../../machines/org-builder/org-builder.machine.ts'
import { decodeGroupTree, GROUP_TREE, type GroupLevel, type GroupTreeWire, type TreeGroup } from '../../domain/groups.ts'
import { call } from '../api/client.ts'
import { getItem } from '../storage.ts'

/** One group as the lean tree lists it (`GROUP_TREE`); the detail read adds its description and counts. */
export type GroupItem = OrgGroup & { description?: string | null; members?: number; subgroups?: number; roles?: number }

export type GroupValues = { name: string; description: string; level: GroupLevel | ''; parentId: string | null }

/** Spec 7.5 `GET /group/{id}` with the company's id: the company's groups. */
export function companyGroupsPath(): string {
  return `/group/${getItem('companyId') ?? ''}`
}

/**
 * The company's lean tree (`GROUP_TREE`, issue 25 item 14), read from its column form: the org
 * chart and the group pickers load it; a group's counts and description come with `fetchGroup`.
 */
export function fetchGroupTree(path = companyGroupsPath(), signal?: AbortSignal): Promise<TreeGroup[]> {
  return call<GroupTreeWire>(path, { authenticated: true, signal, query: GROUP_TREE }).then(decodeGroupTree)
}

/** The org chart's groups (the lean tree). */
export function fetchGroups(signal?: AbortSignal): Promise<GroupItem[]> {
  return fetchGroupTree(companyGroupsPath(), signal)
}

/** One group with its counts (`GET /group/{id}/detail`). */
export function fetchGroup(id: string) {
  return call<GroupItem>(`/group/${id}/detail`, { authenticated: true })
}

export function createGroup(values: GroupValues) {
  return call<GroupItem>('/group', {
    body: { name: values.name, description: values.description || undefined, level: values.level, parentId: values.parentId }, authenticated: true,
  })
}

export function updateGroup(id: string, version: number, values: GroupValues) {
  return call<GroupItem>(`/group/${id}`, {
    method: 'PUT', body: { version, name: values.name, description: values.description || undefined, level: values.level }, authenticated: true,
  })
}

export function deleteGroup(id: string, version: number) {
  return call<{ ok: true }>(`/group/${id}`, { method: 'DELETE', query: { version: String(version) }, authenticated: true })
}

/**
 * The organisation builder against the server: GET /group for the tree, POST /group/{id}/move (with
 * the version read) for a move, DELETE /group/{id}?version= for a confirmed deletion.
 */
export const orgBuilderFlow = orgBuilderMachine.provide({
  actors: {
    loadTree: fromPromise<OrgGroup[], void>(async ({ signal }) => fetchGroups(signal)),
    moveGroup: fromPromise<OrgGroup, { id: string; parentId: string | null; version: number }>(async ({ input }) =>
      call<GroupItem>(`/group/${input.id}/move`, { body: { version: input.version, parentId: input.parentId }, authenticated: true })),
    deleteGroup: fromPromise<unknown, { id: string; version: number }>(async ({ input }) => deleteGroup(input.id, input.version)),
  },
})
