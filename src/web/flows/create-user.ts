import { fromPromise } from 'xstate'
import { createUserMachine, type CreatedUser } from '../../../machines/create-user/create-user.machine.ts'
import type { CreateUserInput } from '../../domain/schemas/user.ts'
import { decodeGroupTree, GROUP_TREE, type GroupTreeWire } from '../../domain/groups.ts'
import { call } from '../api/client.ts'
import { loadFlow } from './load.ts'
import { ApiError } from '../api/errors.ts'
import { getItem } from '../storage.ts'
import { parseDraft, type CreateUserDraft } from '../../domain/create-user.ts'
import { forgetCreateUserDraft, readCreateUserDraft, saveCreateUserDraft } from './create-user-draft.ts'

export type Choice = { value: string; label: string }
export type RoleChoice = Choice & { groupId: string | null; roleType: string }
/** A company location with its address fields (the address step may reuse one: addressid = its id). */
export type LocationChoice = Choice & LocationAddress
export type LocationAddress = {
  locationtype: string; locationname: string; countrycode: string; citycode: string | null; districtcode: string | null
  suburbcode: string | null; zipcode: string | null; addresstext: string
}

/** The wizard's option lists: the company's job titles, locations (its addresses, spec 3.1 "locations"), groups and roles, countries and location types. */
export type WizardOptions = {
  countries: Choice[]
  locationTypes: Choice[]
  jobTitles: Choice[]
  locations: LocationChoice[]
  groups: Choice[]
  roles: RoleChoice[]
}

type Named = { value: string; name: string }

export async function loadWizardOptions(): Promise<WizardOptions> {
  const companyId = getItem('companyId') ?? ''
  const opts = { authenticated: true } as const
  const [countries, locationTypes, jobTitles, locations, groups, roles] = await Promise.all([
    call<Named[]>('/lookup/countries'),
    call<Named[]>('/lookup/locationTypes'),
    call<{ items: Array<{ jobtitleid: string; jobtitle: string }> }>(`/company/jobtitle/${companyId}`, opts),
    call<{ items: Array<LocationAddress & { addressid: string }> }>('/party/address', { ...opts, query: { entityname: 'company', entityid: companyId } }),
    call<GroupTreeWire>(`/group/${companyId}`, { ...opts, query: GROUP_TREE }).then(decodeGroupTree),
    call<{ items: Array<{ id: string; rolename: string; groupId: string | null; roleType: string }> }>(`/role/${companyId}`, opts),
  ])
  return {
    countries: countries.map((c) => ({ value: c.value, label: c.name })),
    locationTypes: locationTypes.map((c) => ({ value: c.value, label: c.name })),
    jobTitles: jobTitles.items.map((j) => ({ value: j.jobtitleid, label: j.jobtitle })),
    locations: locations.items.map(({ addressid, ...a }) => ({ value: addressid, label: a.locationname, ...a })),
    groups: groups.map((g) => ({ value: g.id, label: g.name })),
    roles: roles.items.map((r) => ({ value: r.id, label: r.rolename, groupId: r.groupId, roleType: r.roleType })),
  }
}

/** The wizard's option lists (countries, location types, job titles, locations, groups, roles), read once. */
export const wizardOptionsFlow = loadFlow<null, WizardOptions>(() => loadWizardOptions())

/** The address step's cascade (Türkiye): src/web/flows/company.ts `cascadeFlow`, shared with the company's addresses. */

/** A refusal as the machine reads it: the reason code and the server's field issues (`personal.username`: `exists`). */
function refusalOf(error: unknown): unknown {
  if (error instanceof ApiError && error.kind === 'http') {
    const issues = Array.isArray(error.details.issues) ? error.details.issues : []
    return { code: error.code ?? 'UNEXPECTED', issues }
  }
  return error
}

/** Today in Türkiye (the adult and valid-to rules count calendar days there). */
export function todayInTurkey(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Istanbul', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now)
}

/**
 * The create-user statechart with POST /user (user:create) and its draft in this tab's
 * sessionStorage (./create-user-draft.ts): read back at the start, saved on every change and step,
 * forgotten once created or cancelled. A draft that is not the wizard's shape is unreadable.
 */
export const createUserFlow = createUserMachine.provide({
  actions: {
    saveDraft: ({ context }, params) => saveCreateUserDraft(params.step, context),
    clearDraft: () => forgetCreateUserDraft(),
  },
  actors: {
    loadDraft: fromPromise<CreateUserDraft | null, void>(async () => {
      const stored = readCreateUserDraft()
      if (stored === null) return null
      const draft = parseDraft(stored)
      if (!draft) throw new Error('DRAFT_UNREADABLE')
      return draft
    }),
    createUser: fromPromise<CreatedUser, CreateUserInput>(async ({ input }) => {
      try {
        const user = await call<{ id: string; username: string; welcomeMail: { id: string; status: string } | null }>('/user', { method: 'POST', body: input, authenticated: true })
        return { id: user.id, username: user.username, welcomeMail: user.welcomeMail ?? null }
      } catch (error) {
        throw refusalOf(error)
      }
    }),
  },
})
