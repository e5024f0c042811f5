import * as z from 'zod/mini'
import { toCalendarDate } from '../dates.ts'
import { isValidEmail } from '../email.ts'
import { isValidCustomerName } from '../names.ts'
import { isValidTrMobile } from '../phone.ts'
import { isValidTckn } from '../tckn.ts'
import { AddressBody } from './company.ts'
import { emptyFieldIssues } from '../missing-fields.ts'

/**
 * The create-user wizard's three steps (spec 2.2, 3.1, 4, 5) and the user edit payloads. Each step
 * is its own strict schema, so the browser validates a step before moving on with the very rules
 * the server applies to the whole. Messages are codes: 'required' ("Value is required"),
 * 'requiredSelection' ("Choose a value"), 'email', 'validToRequired' ("Choose Valid-To date for
 * other role(s)"), 'rolesFromList' ("Roles must be chosen from the list").
 */

const uuid = z.string().check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'requiredSelection'))
const name = z.string().check(z.refine((v) => v.trim() !== '', 'required'), z.maxLength(40, 'tooLong'), z.refine((v) => isValidCustomerName(v), 'name'))
const isoDate = z.string().check(z.refine((v) => v !== '', 'required'), z.regex(/^\d{4}-\d{2}-\d{2}$/, 'date'), z.refine((v) => toCalendarDate(v) !== null, 'date'))

export const USERNAME = /^[a-z0-9][a-z0-9._-]{2,39}$/

export const PersonalStep = z.strictObject({
  username: z.string().check(z.refine((v) => v !== '', 'required'), z.regex(USERNAME, 'username')),
  firstName: name,
  lastName: name,
  gender: z.enum(['male', 'female'], 'requiredSelection'),
  country: z.string().check(z.regex(/^[A-Z]{2}$/, 'requiredSelection')),
  /** T.C. Kimlik No for Türkiye, else null. */
  nationalId: z.nullable(z.string().check(z.refine((v) => isValidTckn(v), 'nationalId'))),
  /** Passport or foreign ID number for other countries, else null. */
  passportNo: z.nullable(z.string().check(z.regex(/^[A-Z0-9]{5,20}$/, 'passportNo'))),
  jobTitleId: uuid,
  workLocationId: uuid,
  email: z.string().check(z.refine((v) => v !== '', 'required'), z.maxLength(254, 'email'), z.refine(isValidEmail, 'email')),
  mobilePhone: z.string().check(z.refine((v) => v !== '', 'required'), z.maxLength(30, 'phone'), z.refine((v) => isValidTrMobile(v) || /^\+[1-9]\d{7,14}$/.test(v.replace(/[\s-]/g, '')), 'phone')),
  birthDate: isoDate,
  mainRole: uuid,
  defaultRole: uuid,
})

export const AddressStep = z.strictObject({
  status: z.enum(['create', 'edit']),
  /** 'create-new' for a new personal address, else a company location's id. */
  addressid: z.union([z.literal('create-new'), uuid]),
  ...AddressBody.shape,
})

export const OtherRole = z.strictObject({ roleId: uuid, validTo: z.nullable(isoDate) })

export const GroupRolesStep = z.strictObject({
  isAssigntoGroup: z.boolean(),
  chosengroup: z.nullable(uuid),
  isAssigntoOtherGroup: z.boolean(),
  selectedRoles: z.array(OtherRole).check(z.maxLength(20)),
  selectedMain: z.nullable(uuid),
})

export type PersonalInput = z.output<typeof PersonalStep>
export type AddressInput = z.output<typeof AddressStep>
export type GroupRolesInput = z.output<typeof GroupRolesStep>

/** Cross-field rules of the personal step (spec 5: national ID for Türkiye, adult birth date). */
export function personalIssues(p: PersonalInput, isAdult: (date: string) => boolean): Array<{ path: string; code: string }> {
  const issues: Array<{ path: string; code: string }> = []
  if (p.country === 'TR' && !p.nationalId) issues.push({ path: 'nationalId', code: 'required' })
  if (p.country !== 'TR' && !p.passportNo) issues.push({ path: 'passportNo', code: 'required' })
  if (p.country === 'TR' && !isValidTrMobile(p.mobilePhone)) issues.push({ path: 'mobilePhone', code: 'phone' })
  if (!isAdult(p.birthDate)) issues.push({ path: 'birthDate', code: 'adult' })
  return issues
}

/** Cross-field rules of the group-and-roles step (spec 4, 5). */
export function groupRolesIssues(g: GroupRolesInput, today: string): Array<{ path: string; code: string }> {
  const issues: Array<{ path: string; code: string }> = []
  if (g.isAssigntoGroup && !g.chosengroup) issues.push({ path: 'chosengroup', code: 'requiredSelection' })
  if (g.isAssigntoOtherGroup) {
    if (g.selectedRoles.length === 0) issues.push({ path: 'selectedRoles', code: 'rolesFromList' })
    if (g.selectedRoles.some((r) => !r.validTo)) issues.push({ path: 'selectedValid', code: 'validToRequired' })
    if (g.selectedRoles.some((r) => r.validTo !== null && r.validTo <= today)) issues.push({ path: 'selectedValid', code: 'validToFuture' })
  }
  // the main role is step 1's (personal.mainRole); an other-group role ends, which a main role may not
  if (g.selectedMain !== null) issues.push({ path: 'selectedMain', code: 'mainNoValidTo' })
  return issues
}

export const CreateUserBody = z.strictObject({ personal: PersonalStep, address: AddressStep, groupRoles: GroupRolesStep })
export type CreateUserInput = z.output<typeof CreateUserBody>

export const UserStatusBody = z.strictObject({ status: z.enum(['active', 'suspended', 'removed']) })


/**
 * Changing several users' status at once (the list's bulk action): 1 to 100 user ids. Each user is
 * checked as a single change is, and the answer says per user what happened.
 */
export const BulkStatusBody = z.strictObject({
  ids: z.array(uuid).check(z.minLength(1, 'requiredSelection'), z.maxLength(100)),
  status: z.enum(['active', 'suspended', 'removed']),
})

/**
 * `PUT /user/{id}`: a user's details and personal information (the details page and the user's own
 * profile), with the version the editor loaded (a changed version is a conflict). Username, roles,
 * group and status have their own calls.
 */
export const UpdateUserBody = z.strictObject({
  firstName: name,
  lastName: name,
  // null: left empty; allowed only when the stored user never had a value (a seeded user, issue 25)
  gender: z.nullable(PersonalStep.shape.gender),
  country: z.nullable(PersonalStep.shape.country),
  nationalId: PersonalStep.shape.nationalId,
  passportNo: PersonalStep.shape.passportNo,
  jobTitleId: z.nullable(uuid),
  workLocationId: z.nullable(uuid),
  email: PersonalStep.shape.email,
  mobilePhone: z.nullable(PersonalStep.shape.mobilePhone),
  birthDate: z.nullable(isoDate),
  version: z.number().check(z.int(), z.minimum(1)),
})
export type UpdateUserInput = z.output<typeof UpdateUserBody>

/** The required fields of a user update that a seeded user may lack, with the code of their refusal when left empty. */
export const USER_REQUIRED_ON_UPDATE: Readonly<Record<string, string>> = {
  gender: 'requiredSelection', country: 'requiredSelection', nationalId: 'required', passportNo: 'required',
  jobTitleId: 'requiredSelection', workLocationId: 'requiredSelection', mobilePhone: 'required', birthDate: 'required',
}

/**
 * The cross-field rules of `PUT /user/{id}` (spec 5), given the fields the stored user never had
 * (`missing`, see src/domain/missing-fields.ts): such a field may stay empty; any other empty
 * field, the identity number of the chosen country, a Turkish mobile number and an adult birth
 * date are required as when the user was created.
 */
export function updateUserIssues(u: UpdateUserInput, isAdult: (date: string) => boolean, missing: readonly string[]): Array<{ path: string; code: string }> {
  const issues = emptyFieldIssues(u, USER_REQUIRED_ON_UPDATE, missing)
    // the identity number asked is the chosen country's: the other one is never required
    .filter((i) => i.path !== (u.country === 'TR' ? 'passportNo' : 'nationalId') && !(u.country === null && (i.path === 'nationalId' || i.path === 'passportNo')))
  if (u.country === 'TR' && u.mobilePhone && !isValidTrMobile(u.mobilePhone)) issues.push({ path: 'mobilePhone', code: 'phone' })
  if (u.birthDate && !isAdult(u.birthDate)) issues.push({ path: 'birthDate', code: 'adult' })
  return issues
}

/**
 * One role assignment of `PUT /user/{id}/roles`: the role, whether it is the user's main
 * (application) role and their default role, and the last day it is valid (null: no end; an
 * other-group role needs one, spec 5). The day is a calendar date in Türkiye: the role is valid
 * through the end of that day.
 */
export const RoleAssignment = z.strictObject({
  roleId: uuid,
  isMain: z.boolean(),
  isDefault: z.boolean(),
  validTo: z.nullable(isoDate),
})
export type RoleAssignmentInput = z.output<typeof RoleAssignment>

/**
 * `PUT /user/{id}/roles`: the user's complete assignment list (a role left out is ended), with the
 * assignments' version the page loaded (a changed version is a conflict).
 */
export const UpdateRolesBody = z.strictObject({
  roles: z.array(RoleAssignment).check(z.minLength(1, 'oneMain'), z.maxLength(50)),
  version: z.number().check(z.int(), z.minimum(1)),
})
export type UpdateRolesInput = z.output<typeof UpdateRolesBody>

/**
 * Cross-field rules of an assignment list: exactly one main and one default role (they may be the
 * same role), neither with an end date (the active role falls back to them); each role once; an
 * other-group role needs a valid-to date ('validToRequired', spec 5); a new or changed date must lie
 * after today ('validToFuture', as in the create-user wizard). `otherGroup(roleId)` says whether a
 * role belongs to another group than the user's; `unchanged(i)` whether row i keeps its stored date.
 */
export function roleAssignmentIssues(
  roles: readonly RoleAssignmentInput[], today: string,
  otherGroup: (roleId: string) => boolean, unchanged: (index: number) => boolean = () => false,
): Array<{ path: string; code: string }> {
  const issues: Array<{ path: string; code: string }> = []
  if (roles.filter((r) => r.isMain).length !== 1) issues.push({ path: 'roles', code: 'oneMain' })
  if (roles.filter((r) => r.isDefault).length !== 1) issues.push({ path: 'roles', code: 'oneDefault' })
  const seen = new Set<string>()
  roles.forEach((r, i) => {
    const id = r.roleId.toLowerCase()
    if (seen.has(id)) issues.push({ path: `roles.${i}.roleId`, code: 'rolesFromList' })
    seen.add(id)
    if ((r.isMain || r.isDefault) && r.validTo !== null) issues.push({ path: `roles.${i}.validTo`, code: 'mainNoValidTo' })
    else if (!r.isMain && !r.isDefault && r.validTo === null && otherGroup(id)) issues.push({ path: `roles.${i}.validTo`, code: 'validToRequired' })
    if (r.validTo !== null && r.validTo <= today && !unchanged(i)) issues.push({ path: `roles.${i}.validTo`, code: 'validToFuture' })
  })
  return issues
}
