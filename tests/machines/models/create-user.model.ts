import { expect } from 'vitest'
import { createUserMachine } from '../../../machines/create-user/create-user.machine.ts'
import { tcknCheckDigits } from '../../../src/domain/tckn.ts'
import type { Model } from '../../support/model-test.ts'

/** The message names the issue too: path generation tells errors apart by their message. */
export const err = (code: string, extra: { issues?: Array<{ path: string; code: string }> } = {}) =>
  Object.assign(new Error([code, ...(extra.issues ?? []).map((i) => i.path)].join(' ')), { code, ...extra })

export const TODAY = '2026-11-23'
const ROLE_USER = '11111111-1111-4111-8111-111111111111'
export const ROLE_ADMIN = '22222222-2222-4222-8222-222222222222'

/** The one complete, valid step 1 of the model (a Turkish citizen, adult, TR mobile). */
export const VALID_PERSONAL = {
  username: 'selin.aksoy', firstName: 'Selin', lastName: 'Aksoy', gender: 'female', country: 'TR',
  nationalId: '123456789' + tcknCheckDigits('123456789'), passportNo: '',
  jobTitleId: '33333333-3333-4333-8333-333333333333', workLocationId: '44444444-4444-4444-8444-444444444444',
  email: 'selin.aksoy@example.com', mobilePhone: '0532 123 45 67', birthDate: '1990-05-17', mainRole: ROLE_USER, defaultRole: ROLE_USER,
} as const
/** Spec 5, first variant: born less than 18 years before today. */
export const MINOR = { birthDate: '2012-01-01' } as const

/** The one complete, valid step 2 of the model (a new address). */
export const VALID_ADDRESS = {
  status: 'create', addressid: 'create-new', locationtype: 'HOME', locationname: 'Ev', countrycode: 'TR',
  citycode: '34', districtcode: '1', suburbcode: '', zipcode: '34000', addresstext: 'Bağdat Caddesi 1',
} as const
export const NO_ADDRESS_TEXT = { addresstext: '' } as const

export const OTHER_ROLE_NO_DATE = { isAssigntoOtherGroup: true, selectedRoles: [{ roleId: ROLE_ADMIN, validTo: '' }] }
export const OTHER_ROLE_DATED = { isAssigntoOtherGroup: true, selectedRoles: [{ roleId: ROLE_ADMIN, validTo: '2026-12-31' }] }
export const GROUP_NOT_CHOSEN = { isAssigntoGroup: true, chosengroup: '' }
export const NO_GROUP = { isAssigntoGroup: false, chosengroup: '', isAssigntoOtherGroup: false, selectedRoles: [] }

/**
 * Drafts a reload reads back (issue 25 item 6), one for each step a draft reopens: step 2 after a
 * complete step 1, step 3 after complete steps 1 and 2, the review after all three, and a draft
 * saved at the review whose step 1 breaks a rule (an edited store): it reopens step 1.
 */
const EMPTY_GROUP_ROLES = { isAssigntoGroup: false, chosengroup: '', isAssigntoOtherGroup: false, selectedRoles: [], selectedMain: '' }
const EMPTY_ADDRESS = { status: 'create', addressid: 'create-new', locationtype: '', locationname: '', countrycode: 'TR', citycode: '', districtcode: '', suburbcode: '', zipcode: '', addresstext: '' }
export const DRAFT_AT_ADDRESS = { step: 'address', personal: VALID_PERSONAL, address: { ...EMPTY_ADDRESS, locationname: 'Ev' }, groupRoles: EMPTY_GROUP_ROLES }
export const DRAFT_AT_GROUP_ROLES = { step: 'groupRoles', personal: VALID_PERSONAL, address: VALID_ADDRESS, groupRoles: { ...EMPTY_GROUP_ROLES, ...OTHER_ROLE_NO_DATE } }
export const DRAFT_AT_REVIEW = { step: 'review', personal: VALID_PERSONAL, address: VALID_ADDRESS, groupRoles: EMPTY_GROUP_ROLES }
export const DRAFT_MINOR = { step: 'review', personal: { ...VALID_PERSONAL, ...MINOR }, address: VALID_ADDRESS, groupRoles: EMPTY_GROUP_ROLES }
export const DRAFTS = [DRAFT_AT_ADDRESS, DRAFT_AT_GROUP_ROLES, DRAFT_AT_REVIEW, DRAFT_MINOR]

export const CREATED = { id: '55555555-5555-4555-8555-555555555555', username: 'selin.aksoy' }

type Drafts = { personal: Record<string, unknown>; address: Record<string, unknown>; groupRoles: { isAssigntoGroup: boolean; chosengroup: string; isAssigntoOtherGroup: boolean; selectedRoles: Array<{ roleId: string; validTo: string }> } }

/** Step 1 is complete only as the model's valid one (every other payload of the model breaks a rule). */
export const isCompletePersonal = (p: Drafts['personal']) => Object.entries(VALID_PERSONAL).every(([k, v]) => p[k] === v)
export const isCompleteAddress = (a: Drafts['address']) => Object.entries(VALID_ADDRESS).every(([k, v]) => a[k] === v)
/**
 * Spec 4, 5: "assign to a group now" needs a group; "assign roles from other groups" needs at
 * least one role ("Roles must be chosen from the list") and a valid-to date after today for each
 * ("Choose Valid-To date for other role(s)"). Null when the step is fine.
 */
export function groupRolesProblem(g: Drafts['groupRoles'], today: string): string | null {
  if (g.isAssigntoGroup && !g.chosengroup) return 'chosengroup'
  if (g.isAssigntoOtherGroup && g.selectedRoles.length === 0) return 'selectedRoles'
  if (g.isAssigntoOtherGroup && g.selectedRoles.some((r) => !r.validTo || r.validTo <= today)) return 'selectedValid'
  return null
}

export const createUserModel: Model = {
  name: 'create-user',
  machine: createUserMachine,
  input: { today: TODAY },
  events: [
    { type: 'personal.change', values: VALID_PERSONAL },
    { type: 'personal.change', values: MINOR },
    { type: 'address.change', values: VALID_ADDRESS },
    { type: 'address.change', values: NO_ADDRESS_TEXT },
    { type: 'groupRoles.change', values: OTHER_ROLE_NO_DATE },
    { type: 'groupRoles.change', values: OTHER_ROLE_DATED },
    { type: 'groupRoles.change', values: GROUP_NOT_CHOSEN },
    { type: 'groupRoles.change', values: NO_GROUP },
    { type: 'step.next' },
    { type: 'step.back' },
    { type: 'form.submit' },
    { type: 'wizard.cancel' },
  ],
  outputs: { createUser: [CREATED], loadDraft: [null, ...DRAFTS] },
  errors: {
    loadDraft: [err('DRAFT_UNREADABLE')],
    createUser: [
      err('USER_EXISTS', { issues: [{ path: 'personal.username', code: 'exists' }] }),
      err('VALIDATION', { issues: [{ path: 'address.citycode', code: 'requiredSelection' }] }),
      err('VALIDATION', { issues: [{ path: 'groupRoles.selectedValid', code: 'validToFuture' }] }),
      err('FORBIDDEN'),
    ],
  },
  // what the guards read: each draft's validity (through its fields), the errors shown, the failure
  serialize: (s) => ({
    value: s.value,
    personal: isCompletePersonal(s.context.personal), address: isCompleteAddress(s.context.address), groupRoles: groupRolesProblem(s.context.groupRoles, TODAY),
    errors: Object.keys(s.context.errors).length > 0, error: s.context.error,
  }),
  invariants: (s) => {
    // the machine never holds a password, and a failure reason is a code, never English text
    expect(JSON.stringify(s.context)).not.toMatch(/password/i)
    if (s.context.error !== null) expect(s.context.error).toMatch(/^[A-Z_]+$/)
  },
}
