import * as z from 'zod/mini'
import { isAdultBirthDate } from './dates.ts'
import {
  AddressStep, GroupRolesStep, PersonalStep, groupRolesIssues, personalIssues,
  type AddressInput, type CreateUserInput, type GroupRolesInput, type PersonalInput,
} from './schemas/user.ts'

/**
 * The create-user wizard's drafts (what the form holds while it is typed: strings, '' for empty)
 * and their conversion into the step schemas of ./schemas/user.ts, which both the browser and the
 * server apply. A step's issues are `{ field: code }` with the schemas' message codes.
 */
export type CreateUserStep = 'personal' | 'address' | 'groupRoles'

export type PersonalDraft = {
  username: string; firstName: string; lastName: string; gender: '' | 'male' | 'female'; country: string
  nationalId: string; passportNo: string; jobTitleId: string; workLocationId: string; email: string
  mobilePhone: string; birthDate: string; mainRole: string; defaultRole: string
}
export type AddressDraft = {
  status: 'create' | 'edit'; addressid: string; locationtype: string; locationname: string; countrycode: string
  citycode: string; districtcode: string; suburbcode: string; zipcode: string; addresstext: string
}
export type OtherRoleDraft = { roleId: string; validTo: string }
export type GroupRolesDraft = {
  isAssigntoGroup: boolean; chosengroup: string; isAssigntoOtherGroup: boolean; selectedRoles: OtherRoleDraft[]; selectedMain: string
}
export type CreateUserDrafts = { personal: PersonalDraft; address: AddressDraft; groupRoles: GroupRolesDraft }
export type StepIssues = Record<string, string>

export const EMPTY_PERSONAL: PersonalDraft = {
  username: '', firstName: '', lastName: '', gender: '', country: 'TR', nationalId: '', passportNo: '', jobTitleId: '',
  workLocationId: '', email: '', mobilePhone: '', birthDate: '', mainRole: '', defaultRole: '',
}
/** Spec 3.1: status defaults to `create`, addressid to `create-new`. */
export const EMPTY_ADDRESS: AddressDraft = {
  status: 'create', addressid: 'create-new', locationtype: '', locationname: '', countrycode: 'TR', citycode: '', districtcode: '',
  suburbcode: '', zipcode: '', addresstext: '',
}
export const EMPTY_GROUP_ROLES: GroupRolesDraft = { isAssigntoGroup: false, chosengroup: '', isAssigntoOtherGroup: false, selectedRoles: [], selectedMain: '' }

const orNull = (v: string) => (v.trim() === '' ? null : v.trim())

export function personalOf(d: PersonalDraft): unknown {
  const tr = d.country === 'TR'
  return {
    ...d, username: d.username.trim(), email: d.email.trim(),
    nationalId: tr ? orNull(d.nationalId) : null, passportNo: tr ? null : orNull(d.passportNo.toUpperCase()),
  }
}
export function addressOf(d: AddressDraft): unknown {
  return { ...d, citycode: orNull(d.citycode), districtcode: orNull(d.districtcode), suburbcode: orNull(d.suburbcode), zipcode: orNull(d.zipcode) }
}
export function groupRolesOf(d: GroupRolesDraft): unknown {
  return {
    isAssigntoGroup: d.isAssigntoGroup, chosengroup: d.isAssigntoGroup ? orNull(d.chosengroup) : null,
    isAssigntoOtherGroup: d.isAssigntoOtherGroup,
    selectedRoles: d.isAssigntoOtherGroup ? d.selectedRoles.map((r) => ({ roleId: r.roleId, validTo: orNull(r.validTo) })) : [],
    selectedMain: orNull(d.selectedMain),
  }
}

function schemaIssues(schema: z.ZodMiniType, value: unknown): StepIssues {
  const r = z.safeParse(schema, value)
  const out: StepIssues = {}
  if (r.success) return out
  for (const i of r.error.issues) {
    const field = String(i.path[0] ?? '')
    if (!(field in out)) out[field] = i.message || 'required'
  }
  return out
}

/** The issues of one step, `today` the calendar date (YYYY-MM-DD) the adult and valid-to rules count from. */
export function stepIssues(step: CreateUserStep, drafts: CreateUserDrafts, today: string): StepIssues {
  if (step === 'personal') {
    const value = personalOf(drafts.personal)
    const issues = schemaIssues(PersonalStep, value)
    if (Object.keys(issues).length) return issues
    for (const i of personalIssues(value as PersonalInput, (d) => isAdultBirthDate(d, new Date(`${today}T12:00:00Z`)))) issues[i.path] ??= i.code
    return issues
  }
  if (step === 'address') return schemaIssues(AddressStep, addressOf(drafts.address))
  const value = groupRolesOf(drafts.groupRoles)
  const issues = schemaIssues(GroupRolesStep, value)
  if (Object.keys(issues).length) return issues
  for (const i of groupRolesIssues(value as GroupRolesInput, today)) issues[i.path] ??= i.code
  return issues
}

/** The POST /user body of three valid drafts. */
export function createUserBody(drafts: CreateUserDrafts): CreateUserInput {
  return {
    personal: personalOf(drafts.personal) as PersonalInput,
    address: addressOf(drafts.address) as AddressInput,
    groupRoles: groupRolesOf(drafts.groupRoles) as GroupRolesInput,
  }
}

/** The step a server issue path (`personal.username`, `groupRoles.selectedValid`) belongs to. */
export function stepOfPath(path: string): CreateUserStep | null {
  const head = path.split('.')[0]
  return head === 'personal' || head === 'address' || head === 'groupRoles' ? head : null
}

/**
 * The wizard's draft as kept across a reload (issue 25 item 6): the three steps as typed and the
 * step on screen. It never holds a password or a secret (the wizard has none: the server makes the
 * temporary password).
 */
export type DraftStep = CreateUserStep | 'review'
export type CreateUserDraft = CreateUserDrafts & { step: DraftStep }

const DRAFT_STEPS: readonly DraftStep[] = ['personal', 'address', 'groupRoles', 'review']
const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v)
/** The known fields of `shape`, each taken from `value` when it has the same type (a stored text cannot become code). */
function sameShape<T extends Record<string, unknown>>(shape: T, value: unknown): T {
  const v = isRecord(value) ? value : {}
  const out: Record<string, unknown> = { ...shape }
  for (const [key, empty] of Object.entries(shape)) {
    if (Array.isArray(empty)) continue
    if (typeof v[key] === typeof empty) out[key] = v[key]
  }
  return out as T
}

/**
 * A stored draft, read back: only the wizard's own fields, each of its own type; null for anything
 * else (an unknown step, not an object). Values are not trusted: the statechart resumes at the
 * first step whose checks fail (`resumeStep`).
 */
export function parseDraft(value: unknown): CreateUserDraft | null {
  if (!isRecord(value) || !DRAFT_STEPS.includes(value.step as DraftStep)) return null
  const personal = sameShape(EMPTY_PERSONAL, value.personal)
  if (!['', 'male', 'female'].includes(personal.gender)) personal.gender = ''
  const address = sameShape(EMPTY_ADDRESS, value.address)
  if (address.status !== 'create' && address.status !== 'edit') address.status = 'create'
  const groupRoles = sameShape(EMPTY_GROUP_ROLES, value.groupRoles)
  const roles = isRecord(value.groupRoles) && Array.isArray(value.groupRoles.selectedRoles) ? value.groupRoles.selectedRoles : []
  groupRoles.selectedRoles = roles.filter(isRecord).map((r) => ({ roleId: String(r.roleId ?? ''), validTo: String(r.validTo ?? '') }))
  return { step: value.step as DraftStep, personal, address, groupRoles }
}

/** Where a restored draft opens: its step, or the first step before it whose checks fail. */
export function resumeStep(draft: CreateUserDraft, today: string): DraftStep {
  const order: CreateUserStep[] = ['personal', 'address', 'groupRoles']
  for (const step of order) {
    if (step === draft.step) return step
    if (Object.keys(stepIssues(step, draft, today)).length > 0) return step
  }
  return 'review'
}
