import * as z from 'zod/mini'
import { NAME_MAX_LENGTH } from '../constants.ts'
import { toCalendarDate } from '../dates.ts'
import { isValidPersonName } from '../names.ts'
import { isValidTrMobile } from '../phone.ts'
import { isValidTckn } from '../tckn.ts'

/**
 * Building blocks of the payload schemas. Issue messages are message codes ('<field>.<rule>'), not
 * text. Field formats the spec does not show are kept lenient: short strings with length limits.
 */
export function shortText(field: string, max = 100) {
  return z.string().check(z.minLength(1, `${field}.required`), z.maxLength(max, `${field}.tooLong`))
}

export function optionalText(field: string, max = 100) {
  return z.optional(z.string().check(z.maxLength(max, `${field}.tooLong`)))
}

/** A person name: letters and spaces, 1-40 characters. */
export function personName(field: string) {
  return z.string().check(
    z.minLength(1, `${field}.required`),
    z.maxLength(NAME_MAX_LENGTH, `${field}.tooLong`),
    z.refine((v) => v.trim() !== '' && isValidPersonName(v), `${field}.invalid`),
  )
}

/** A calendar date 'YYYY-MM-DD' that exists (no 2023-02-29). */
export function isoDate(field: string) {
  return z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, `${field}.invalid`), z.refine((v) => toCalendarDate(v) !== null, `${field}.invalid`))
}

export const tcknSchema = /* @__PURE__ */ z.string().check(z.refine(isValidTckn, 'nationalId.invalid'))

export function trMobile(field: string) {
  return z.string().check(z.maxLength(30, `${field}.invalid`), z.refine(isValidTrMobile, `${field}.invalid`))
}

export function emailAddress(field: string) {
  return z.string().check(z.maxLength(254, `${field}.invalid`), z.email(`${field}.invalid`))
}

/** ISO 3166-1 alpha-2 country code, upper case ('TR'). */
export const countryCode = /* @__PURE__ */ z.string().check(z.regex(/^[A-Z]{2}$/, 'nationality.invalid'))

/** Turkish citizens carry a T.C. Kimlik No; others a passport or foreign ID number. */
export function isValidNationalId(nationality: string, nationalId: string): boolean {
  return nationality === 'TR' ? isValidTckn(nationalId) : /^[A-Z0-9]{5,20}$/i.test(nationalId)
}

export const GENDERS = ['male', 'female'] as const

/** A consent list: the consent options ticked (checkbox group values). */
export const consentList = /* @__PURE__ */ z.optional(z.array(z.string().check(z.minLength(1), z.maxLength(40))).check(z.maxLength(20)))

/**
 * The caller's own password, sent again with a change that asks for it (issue 28: the mail server,
 * the password policy, a role's permissions). Optional in the schema: the server answers
 * REAUTH_REQUIRED when the change needs it and it is absent.
 */
export const currentPasswordField = /* @__PURE__ */ z.optional(z.string().check(z.minLength(1, 'required'), z.maxLength(128, 'tooLong')))
