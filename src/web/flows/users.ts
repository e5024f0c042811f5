import { fromPromise } from 'xstate'
import { resourceListMachine } from '../../../machines/resource-list/resource-list.machine.ts'
import { uploadMachine, type Checked } from '../../../machines/upload/upload.machine.ts'
import type { Values, VersionedRecord } from '../../../machines/resource-editor/resource-editor.machine.ts'
import { queryFromParams, type ListPage, type ListParams } from '../../domain/list-params.ts'
import { USER_REQUIRED_ON_UPDATE, UpdateUserBody, updateUserIssues, type UpdateUserInput } from '../../domain/schemas/user.ts'
import { missingFields } from '../../domain/missing-fields.ts'
import { decodeGroupTree, GROUP_TREE, type GroupTreeWire } from '../../domain/groups.ts'
import { isAdultBirthDate } from '../../domain/dates.ts'
import { call, specHeaders } from '../api/client.ts'
import { ApiError } from '../api/errors.ts'
import { runtimeConfig } from '../config.ts'
import { downloadFile } from './download.ts'
import { actionFlow, confirmFlow, refusalOf } from './confirm.ts'
import { editorFlow, missingOf, schemaFieldErrors } from './editor.ts'
import { loadFlow } from './load.ts'

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

export function fetchUser(id: string, signal?: AbortSignal) {
  return call<UserDetail>(`/user/${id}`, { authenticated: true, signal })
}

/** A user's details page and the own profile's details (GET /user/{id}). */
export const userFlow = loadFlow<{ id: string }, UserDetail>(({ id }, signal) => fetchUser(id, signal))

/** One user's status change (spec 4), asked first; the answer is the spec's message in the request's language. */
export type StatusSubject = { id: string; name: string; status: UserStatus }
export const statusChangeFlow = confirmFlow<StatusSubject, { status: UserStatus; message: string }>({
  run: ({ id, status }) => changeStatus(id, status),
})

/** Several users' status at once (userstatus:update), asked first naming the count; the outcome per user. */
export type BulkStatusSubject = { ids: string[]; names: Record<string, string>; status: UserStatus }
export const bulkStatusFlow = confirmFlow<BulkStatusSubject, Awaited<ReturnType<typeof changeStatuses>>>({
  run: ({ ids, status }) => changeStatuses(ids, status),
})

/** The filtered list as a CSV file: nothing to ask. */
export const exportFlow = actionFlow<ListParams, void>((params) => downloadCsv(params))

export type Choice = { value: string; label: string }

/** A list the caller may not read (403) as `empty`; other failures stay failures. */
export function quiet<T>(p: Promise<T>, empty: T): Promise<T> {
  return p.catch((error: unknown) => {
    if (error instanceof ApiError && error.status === 403) return empty
    throw error
  })
}

export type UserChoices = { groups: Choice[]; roles: Choice[]; jobTitles: Choice[]; locations: Choice[]; countries: Choice[] }

/** The filters' and the form's choices; a list the caller may not read is empty (the field is then shown read-only). */
export async function fetchChoices(companyId: string): Promise<UserChoices> {
  const [groups, roles, titles, locations, countries] = await Promise.all([
    quiet(call<GroupTreeWire>(`/group/${companyId}`, { authenticated: true, query: GROUP_TREE }).then(decodeGroupTree), []),
    quiet(call<{ items: { id: string; rolename: string }[] }>('/role', { query: { size: '100', sort: 'rolename' }, authenticated: true }), { items: [] }),
    quiet(call<{ items: { jobtitleid: string; jobtitle: string }[] }>(`/company/jobtitle/${companyId}`, { authenticated: true }), { items: [] }),
    quiet(call<{ items: { addressid: string; locationname: string }[] }>('/company/locations', { authenticated: true }), { items: [] }),
    call<{ value: string; name: string }[]>('/lookup/countries'),
  ])
  return {
    groups: groups.map((g) => ({ value: g.id, label: g.name })),
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
  // the required fields the stored user never had (a seeded user): said once at the top, not blocking (never sent)
  values.missing = missingFields(values, Object.keys(USER_REQUIRED_ON_UPDATE))
  return { id: u.id, version: u.version, values }
}

/** What the form holds, as PUT /user/{id} takes it (empty identity numbers are null; the one of the other country is dropped). */
export function userBody(values: Values, version: number): Record<string, unknown> {
  const body: Record<string, unknown> = { version }
  for (const f of USER_FIELDS) body[f] = values[f]
  const blank = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null)
  body.nationalId = body.country === 'TR' ? blank(body.nationalId) : null
  body.passportNo = body.country === 'TR' ? null : blank(body.passportNo)
  // an empty field goes as null: the server accepts it only for a field the user never had
  for (const f of ['gender', 'country', 'jobTitleId', 'workLocationId', 'mobilePhone', 'birthDate']) body[f] = blank(body[f])
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
      const body = userBody(values, 1)
      const errors = schemaFieldErrors(UpdateUserBody, body)
      const today = new Date()
      // the cross-field rules read only the values the schema accepted
      const typed = { ...body, birthDate: errors.birthDate ? null : body.birthDate, mobilePhone: errors.mobilePhone ? null : body.mobilePhone } as UpdateUserInput
      for (const i of updateUserIssues(typed, (d) => isAdultBirthDate(d, today), missingOf(values))) errors[i.path] ??= i.code
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
    // no answer (the network): spec 8's network message, as every other call says (before: "Sistemsel hata")
  }).catch(() => { throw new ApiError('network', null, null, null) })
  const answer = (await response.json().catch(() => null)) as { photo?: string; code?: string; message?: string } | null
  if (!response.ok) throw new ApiError('http', response.status, answer?.code ?? null, answer?.message ?? null, answer)
  return answer!.photo!
}

/** The filtered list as a CSV file (GET /user/export with the list's q, filters and sort), saved by the browser. */
export function downloadCsv(params: ListParams): Promise<void> {
  const { page: _page, size: _size, ...query } = queryFromParams(params)
  return downloadFile('/user/export', query, 'users.csv')
}

/** The list filters' and the user form's choices, for the signed-in user's company. */
export const choicesFlow = loadFlow<{ companyId: string }, UserChoices>(({ companyId }) => fetchChoices(companyId))

// ---- the photo: decoded, cropped by the person, sent as a square PNG ----

/** The square crop of an image: its centre (image pixels) and zoom (1 = the largest square that fits). */
export type Crop = { cx: number; cy: number; zoom: number }
/** The side of the square sent (the server re-encodes it). */
export const PHOTO_OUTPUT = 512

/** The crop's square side in image pixels. */
export function cropSide(width: number, height: number, zoom: number): number {
  return Math.min(width, height) / zoom
}

/** Draws the crop of an image onto a square canvas of `size` pixels. */
export function drawCrop(canvas: HTMLCanvasElement, image: CanvasImageSource & { width: number; height: number }, crop: Crop, size: number) {
  const side = cropSide(image.width, image.height, crop.zoom)
  const ctx = canvas.getContext('2d')!
  ctx.clearRect(0, 0, size, size)
  ctx.drawImage(image, crop.cx - side / 2, crop.cy - side / 2, side, side, 0, 0, size, size)
}

/**
 * A user's photo on the upload statechart: the chosen file is decoded in memory (no object URL: the
 * page's CSP keeps images to its own origin; PHOTO_UNREADABLE when it is no image), the person
 * crops it, the crop goes to POST /user/{id}/photo as a 512-pixel square PNG; DELETE removes it.
 */
export function photoFlow(userId: string) {
  return uploadMachine.provide({
    actors: {
      check: fromPromise(async ({ input }: { input: { file: unknown } }): Promise<Checked> => {
        try {
          return { review: true, prepared: await createImageBitmap(input.file as Blob) }
        } catch {
          throw Object.assign(new Error('not an image'), { code: 'PHOTO_UNREADABLE' })
        }
      }),
      upload: fromPromise(async ({ input }: { input: { file: unknown; prepared: unknown; options: unknown } }): Promise<unknown> => {
        const out = document.createElement('canvas')
        out.width = PHOTO_OUTPUT
        out.height = PHOTO_OUTPUT
        drawCrop(out, input.prepared as ImageBitmap, input.options as Crop, PHOTO_OUTPUT)
        const blob = await new Promise<Blob>((resolve, reject) => out.toBlob((b) => (b ? resolve(b) : reject(new Error('toBlob'))), 'image/png'))
        try {
          return await uploadPhoto(userId, blob)
        } catch (error) {
          throw refusalOf(error)
        }
      }),
      remove: fromPromise(async (): Promise<unknown> => {
        try {
          await call(`/user/${encodeURIComponent(userId)}/photo`, { method: 'DELETE', authenticated: true })
        } catch (error) {
          throw refusalOf(error)
        }
        return null
      }),
    },
  })
}

// ---- per-user help (issue 25 item 4) ----

/** "Kilidi aç": POST /user/{id}/reactivate, asked first. */
export const unlockFlow = confirmFlow<{ id: string; name: string }, unknown>({
  run: ({ id }) => call(`/user/${id}/reactivate`, { method: 'POST', body: {}, authenticated: true }),
})

/** "Geçici şifre gönder": POST /user/{id}/temporaryPassword, asked first; answers the address the mail is queued to. */
export const temporaryPasswordFlow = confirmFlow<{ id: string; name: string; email: string }, { email: string; queued: boolean }>({
  run: ({ id }) => call<{ email: string; queued: boolean }>(`/user/${id}/temporaryPassword`, { method: 'POST', body: {}, authenticated: true }),
})

export type SignInEvent = { action: string; at: string; ip: string | null; reason: string | null; by: string | null }
export type SignInHistory = { locked: boolean; lockedAt: string | null; failedLogins: number; status: UserStatus; lastSignIn: string | null; events: SignInEvent[] }

/** The user's last sign-ins and failures (GET /user/{id}/signins). */
export const signInsFlow = loadFlow<{ id: string }, SignInHistory>(({ id }, signal) =>
  call<SignInHistory>(`/user/${id}/signins`, { authenticated: true, signal }))
