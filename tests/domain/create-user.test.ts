import { describe, expect, it } from 'vitest'
import {
  EMPTY_ADDRESS, EMPTY_GROUP_ROLES, EMPTY_PERSONAL, createUserBody, stepIssues, stepOfPath, type CreateUserDrafts,
} from '../../src/domain/create-user.ts'
import { CreateUserBody } from '../../src/domain/schemas/user.ts'
import { tcknCheckDigits } from '../../src/domain/tckn.ts'

const TODAY = '2026-11-23'
const ROLE = '11111111-1111-4111-8111-111111111111'
const personal = {
  ...EMPTY_PERSONAL, username: 'selin.aksoy', firstName: 'Selin', lastName: 'Aksoy', gender: 'female' as const, country: 'TR',
  nationalId: '123456789' + tcknCheckDigits('123456789'), jobTitleId: ROLE, workLocationId: ROLE, email: 'selin.aksoy@example.com',
  mobilePhone: '0532 123 45 67', birthDate: '1990-05-17', mainRole: ROLE, defaultRole: ROLE,
}
const address = { ...EMPTY_ADDRESS, locationtype: 'HOME', locationname: 'Ev', addresstext: 'Bağdat Caddesi 1' }
const drafts = (d: Partial<CreateUserDrafts> = {}): CreateUserDrafts => ({ personal, address, groupRoles: EMPTY_GROUP_ROLES, ...d })

describe('create-user drafts (the wizard\'s steps, spec 3.1, 4, 5)', () => {
  it('an empty step 1 names its required fields with the spec codes', () => {
    const issues = stepIssues('personal', drafts({ personal: EMPTY_PERSONAL }), TODAY)
    expect(issues).toMatchObject({ username: 'required', firstName: 'required', gender: 'requiredSelection', email: 'required', jobTitleId: 'requiredSelection' })
  })

  it('step 1: national ID for Türkiye, passport for other countries, TR mobile rule, adult rule', () => {
    expect(stepIssues('personal', drafts(), TODAY)).toEqual({})
    expect(stepIssues('personal', drafts({ personal: { ...personal, nationalId: '12345678901' } }), TODAY)).toEqual({ nationalId: 'nationalId' })
    expect(stepIssues('personal', drafts({ personal: { ...personal, nationalId: '' } }), TODAY)).toEqual({ nationalId: 'required' })
    // another country: the national ID typed before is dropped, a passport is needed
    expect(stepIssues('personal', drafts({ personal: { ...personal, country: 'DE', mobilePhone: '+49 151 2345 6789' } }), TODAY)).toEqual({ passportNo: 'required' })
    expect(stepIssues('personal', drafts({ personal: { ...personal, country: 'DE', passportNo: 'c01x00t47', mobilePhone: '+49 151 2345 6789' } }), TODAY)).toEqual({})
    expect(stepIssues('personal', drafts({ personal: { ...personal, mobilePhone: '+49 151 2345 6789' } }), TODAY)).toEqual({ mobilePhone: 'phone' })
    // 18 years old on the day is an adult; one day short is not
    expect(stepIssues('personal', drafts({ personal: { ...personal, birthDate: '2008-11-23' } }), TODAY)).toEqual({})
    expect(stepIssues('personal', drafts({ personal: { ...personal, birthDate: '2008-11-24' } }), TODAY)).toEqual({ birthDate: 'adult' })
  })

  it('step 2: addressid defaults to create-new, status to create; text and name are required', () => {
    expect(EMPTY_ADDRESS).toMatchObject({ status: 'create', addressid: 'create-new' })
    expect(stepIssues('address', drafts(), TODAY)).toEqual({})
    expect(stepIssues('address', drafts({ address: { ...address, addresstext: ' ' } }), TODAY)).toEqual({ addresstext: 'required' })
    expect(stepIssues('address', drafts({ address: { ...address, addressid: 'x' } }), TODAY)).toEqual({ addressid: 'requiredSelection' })
  })

  it('step 3: both yes/no questions are optional; a group when assigning to one; roles from the list, each with a valid-to after today', () => {
    expect(stepIssues('groupRoles', drafts(), TODAY)).toEqual({})
    expect(stepIssues('groupRoles', drafts({ groupRoles: { ...EMPTY_GROUP_ROLES, isAssigntoGroup: true } }), TODAY)).toEqual({ chosengroup: 'requiredSelection' })
    expect(stepIssues('groupRoles', drafts({ groupRoles: { ...EMPTY_GROUP_ROLES, isAssigntoOtherGroup: true } }), TODAY)).toEqual({ selectedRoles: 'rolesFromList' })
    const other = (validTo: string) => drafts({ groupRoles: { ...EMPTY_GROUP_ROLES, isAssigntoOtherGroup: true, selectedRoles: [{ roleId: ROLE, validTo }] } })
    expect(stepIssues('groupRoles', other(''), TODAY)).toEqual({ selectedValid: 'validToRequired' })
    expect(stepIssues('groupRoles', other(TODAY), TODAY)).toEqual({ selectedValid: 'validToFuture' })
    expect(stepIssues('groupRoles', other('2026-11-24'), TODAY)).toEqual({})
  })

  it('three valid drafts make a body the server\'s strict schema accepts; roles typed before "no" are not sent', () => {
    const body = createUserBody(drafts({ groupRoles: { ...EMPTY_GROUP_ROLES, chosengroup: ROLE, selectedRoles: [{ roleId: ROLE, validTo: '' }] } }))
    expect(CreateUserBody.safeParse(body).success).toBe(true)
    expect(body.groupRoles).toEqual({ isAssigntoGroup: false, chosengroup: null, isAssigntoOtherGroup: false, selectedRoles: [], selectedMain: null })
    expect(body.personal.passportNo).toBeNull()
    expect(body.address).toMatchObject({ citycode: null, zipcode: null, addressid: 'create-new' })
  })

  it('a server issue path names its step', () => {
    expect(stepOfPath('personal.username')).toBe('personal')
    expect(stepOfPath('address.citycode')).toBe('address')
    expect(stepOfPath('groupRoles.selectedValid')).toBe('groupRoles')
    expect(stepOfPath('version')).toBeNull()
  })
})
