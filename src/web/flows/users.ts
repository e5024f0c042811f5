import { fromPromise } from 'xstate'
import { resourceListMachine } from '../../../machines/resource-list/resource-list.machine.ts'
import type { Values, VersionedRecord } from '../../../machines/resource-editor/resource-editor.machine.ts'
import { queryFromParams, type ListPage, type ListParams } from '../../domain/list-params.ts'
import { UpdateUserBody } from '../../domain/schemas/user.ts'
import { call, specHeaders } from '../api/client.ts'
import { ApiError } from '../api/errors.ts'
import { runtimeConfig } from '../config.ts'
import { editorFlow } from './editor.ts'

export type UserStatus = 'active' | 'suspended' | 'removed'

type UserBase = {
  id: string
  username: string
  firstName: string
  lastName: string
  email: string
  status: UserStatus
  locked: boolean
  groupName: string | null
  photo: string | null
  createdAt: string
}

export type UserRow = UserBase & { roles: { name: string; isMain: boolean; validUntil: string | null }[] }

export type UserDetail = UserBase & {
  gender: string | null
  country: string | null
  nationalId: string | null
  passportNo: string | null
  birthDate: string | null
  jobTitleId: string | null
  jobTitle: string | null
  workLocationId: string | null
  workLocation: string | null
  mobilePhone: string | null
  groupId: string | null
  version: number
  /** Version of the role assignments (PUT /user/{id}/roles). */
  rolesVersion: number
  /** A new e-mail address waiting for its owner's confirmation (issue 28), or null. */
  pendingEmail?: { email: string; expiresAt: string } | null
  roles: { id: string; name: string; isMain: boolean; isDefault: boolean; validUntil: string | null; validTo: string | null; groupId: string | null; groupName: string | null }[]
}

/** The list's filters (GET /user): status, group and role (ids). */
export { USER_FILTERS } from '../../domain/user-list.ts'

/** The user list: GET /user with page, size, sort, q and the filters (user:read). */
export const usersListFlow = resourceListMachine.provide({
  actors: {
    fetchPage: fromPromise<ListPage<unknown>, ListParams>(async ({ input, signal }) =>
      call<ListPage<UserRow>>('/user', { query: queryFromParams(input), authenticated: true, signal })),
  },
})

export type StatusOutcome = { id: string; ok: boolean; code?: string; message: string }

/** One user's status (spec 4): the answer carries the spec's message in the request's language. */
export function changeStatus(id: string, status: UserStatus) {
  return call<{ status: UserStatus; message: string }>(`/user/${id}/status`, { body: { status }, authenticated: true })
}

/** Several users' status at once: the outcome per user. */
export function changeStatuses(ids: string[], status: UserStatus) {
  return call<{ status: UserStatus; changed: number; results: StatusOutcome[] }>('/user/status', { body: { ids, status }, authenticated: true })
}

export function fetchUser(id: string) {
  return call<UserDetail>(`/user/${id}`, { authenticated: true })
}

export type Choice = { value: string; label: string }

/** A list the caller may not read (403) as `empty`; other failures stay failures. */
export function quiet<T>(p: Promise<T>, empty: T): Promise<T> {
  return p.catch((error: unknown) => {
    if (error instanceof ApiError && error.status === 403) return empty
    throw error
  })
}

/** The filters' and the form's choices; a list the caller may not read is empty (the field is then shown read-only). */
export async function fetchChoices(companyId: string): Promise<{ groups: Choice[]; roles: Choice[]; jobTitles: Choice[]; locations: Choice[]; countries: Choice[] }> {
  const [groups, roles, titles, locations, countries] = await Promise.all([
    quiet(call<{ items: { id: string; name: string }[] }>('/group', { authenticated: true }), { items: [] }),
    quiet(call<{ items: { id: string; rolename: string }[] }>('/role', { query: { size: '100', sort: 'rolename' }, authenticated: true }), { items: [] }),
    quiet(call<{ items: { jobtitleid: string; jobtitle: string }[] }>(`/company/jobtitle/${companyId}`, { authenticated: true }), { items: [] }),
    quiet(call<{ items: { addressid: string; locationname: string }[] }>('/company/locations', { authenticated: true }), { items: [] }),
    call<{ value: string; name: string }[]>('/lookup/countries'),
  ])
  return {
    groups: groups.items.map((g) => ({ value: g.id, label: g.name })),
    roles: roles.items.map((r) => ({ value: r.id, label: r.rolename })),
    jobTitles: titles.items.map((t) => ({ value: t.jobtitleid, label: t.jobtitle })),
    locations: locations.items.map((l) => ({ value: l.addressid, label: l.locationname })),
    countries: countries.map((c) => ({ value: c.value, label: c.name })),
  }
}

/** The editable fields of PUT /user/{id}, by their spec names. */
export const USER_FIELDS = [
  'firstName', 'lastName', 'gender', 'country', 'nationalId', 'passportNo', 'jobTitleId', 'workLocationId', 'email', 'mobilePhone', 'birthDate',
] as const

function recordOf(u: UserDetail): VersionedRecord {
  const values: Values = {}
  for (const f of USER_FIELDS) values[f] = u[f] ?? (f === 'nationalId' || f === 'passportNo' ? null : '')
  // shown beside the e-mail field, never sent (userBody sends USER_FIELDS only)
  values.pendingEmail = u.pendingEmail ?? null
  return { id: u.id, version: u.version, values }
}

/** What the form holds, as PUT /user/{id} takes it (empty identity numbers are null; the one of the other country is dropped). */
export function userBody(values: Values, version: number): Record<string, unknown> {
  const body: Record<string, unknown> = { version }
  for (const f of USER_FIELDS) body[f] = values[f]
  const blank = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null)
  body.nationalId = body.country === 'TR' ? blank(body.nationalId) : null
  body.passportNo = body.country === 'TR' ? null : blank(body.passportNo)
  return body
}

/**
 * The details editor (editor statechart): GET /user/{id}, the strict UpdateUserBody in the browser,
 * PUT /user/{id} with the loaded version (a changed version is a conflict; a taken e-mail goes back
 * onto the e-mail field). `onSaved` hears the stored user (the page's header and photo follow it).
 */
export function userEditorFlow(onSaved?: (user: UserDetail) => void) {
  return editorFlow({
    load: async (id) => recordOf(await fetchUser(id)),
    save: async ({ id, version, values }) => {
      const saved = await call<UserDetail>(`/user/${id}`, { method: 'PUT', body: userBody(values, version), authenticated: true })
      onSaved?.(saved)
      return recordOf(saved)
    },
    check: (values) => {
      const result = UpdateUserBody.safeParse(userBody(values, 1))
      const errors: Record<string, string> = {}
      if (!result.success) {
        for (const issue of result.error.issues) {
          const key = issue.path.map(String).join('.') || '_'
          errors[key] ??= /^[A-Za-z][A-Za-z0-9_.]*$/.test(issue.message) ? issue.message : 'required'
        }
      }
      if (values.country === 'TR' && !errors.nationalId && !userBody(values, 1).nationalId) errors.nationalId = 'required'
      if (values.country !== 'TR' && !errors.passportNo && !userBody(values, 1).passportNo) errors.passportNo = 'required'
      return errors
    },
  })
}

/**
 * Sends a (cropped) photo to POST /user/{id}/photo as the image's bytes; the server checks the
 * content and re-encodes it. Answers the new photo's address.
 */
export async function uploadPhoto(id: string, image: Blob): Promise<string> {
  const response = await fetch(`${runtimeConfig.apiBase}/user/${id}/photo`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { ...specHeaders({ authenticated: true }, false), 'content-type': image.type || 'image/png' },
    body: image,
  })
  const answer = (await response.json().catch(() => null)) as { photo?: string; code?: string; message?: string } | null
  if (!response.ok) throw new ApiError('http', response.status, answer?.code ?? null, answer?.message ?? null, answer)
  return answer!.photo!
}

/** The filtered list as a CSV file (GET /user/export with the list's q, filters and sort), saved by the browser. */
export async function downloadCsv(params: ListParams): Promise<void> {
  const { page: _page, size: _size, ...query } = queryFromParams(params)
  const url = new URL(`${runtimeConfig.apiBase}/user/export`, window.location.origin)
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v)
  const response = await fetch(url, { credentials: 'same-origin', headers: specHeaders({ authenticated: true }, false) })
  if (!response.ok) {
    const answer = (await response.json().catch(() => null)) as { code?: string; message?: string } | null
    throw new ApiError('http', response.status, answer?.code ?? null, answer?.message ?? null, answer)
  }
  const link = document.createElement('a')
  link.href = URL.createObjectURL(await response.blob())
  link.download = 'users.csv'
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000)
}
