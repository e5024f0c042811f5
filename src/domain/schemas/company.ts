import * as z from 'zod/mini'
import { COMPANY_LANGUAGES, CURRENCY_SETTINGS, JOB_TITLE_COLOURS, isReadableColour, isValidVkn, normalizeTrPhone } from '../company.ts'
import { PASSWORD_COMPLEXITIES } from '../password.ts'
import { currentPasswordField } from './common.ts'

/**
 * Write payloads of the company settings (spec 3.1, issue 12). Strict objects naming exactly the
 * writable fields; messages are codes ('required' = "Value is required", 'requiredSelection' =
 * "Choose a value", 'email' = "Value is not a valid email address", spec 5).
 */
const noControl = (v: string) => !/[\u0000-\u001f\u007f]/.test(v)
const version = z.number().check(z.int(), z.minimum(1), z.maximum(1_000_000_000))
const required = (max: number) => z.string().check(z.refine((v) => v.trim() !== '', 'required'), z.maxLength(max, 'tooLong'), z.refine(noControl, 'invalid'))
const optional = (max: number) => z.nullable(z.string().check(z.maxLength(max, 'tooLong'), z.refine(noControl, 'invalid')))
const selection = z.string().check(z.refine((v) => v !== '', 'requiredSelection'), z.maxLength(40, 'invalid'), z.regex(/^[A-Za-z0-9_./+-]*$/, 'invalid'))

export const CompanyBody = z.strictObject({
  version,
  name: required(200),
  email: z.string().check(z.refine((v) => v.trim() !== '', 'required'), z.maxLength(254, 'email'), z.email('email')),
  // null: left empty, allowed only when the stored company never had a value (the seeded company, issue 25)
  phone: z.nullable(z.string().check(z.refine((v) => v.trim() !== '', 'required'), z.maxLength(30, 'phone'), z.refine((v) => normalizeTrPhone(v) !== null, 'phone'))),
  taxNumber: z.nullable(z.string().check(z.refine((v) => v.trim() !== '', 'required'), z.refine(isValidVkn, 'taxNumber'))),
  size: z.nullable(selection),
  sector: z.nullable(selection),
  webPage: z.nullable(z.string().check(z.maxLength(200, 'tooLong'), z.refine((v) => v === '' || /^https?:\/\/[^\s/$.?#].[^\s]*$/i.test(v), 'webPage'))),
  defaultCurrency: z.enum(CURRENCY_SETTINGS, 'requiredSelection'),
  language: z.enum(COMPANY_LANGUAGES, 'requiredSelection'),
  timeZone: z.string().check(z.maxLength(60, 'invalid'), z.refine((v) => v !== '', 'requiredSelection')),
})
export type CompanyInput = z.output<typeof CompanyBody>

/** The required fields of the company that the seeded company lacks, with the code of their refusal when left empty. */
export const COMPANY_REQUIRED_ON_UPDATE: Readonly<Record<string, string>> = {
  phone: 'required', taxNumber: 'required', size: 'requiredSelection', sector: 'requiredSelection',
}

export const JobTitleBody = z.strictObject({
  title: required(100),
  experienceLevel: selection,
  colorCode: z.string().check(z.refine((v) => (JOB_TITLE_COLOURS as readonly string[]).includes(v.toLowerCase()) && isReadableColour(v), 'colorCode')),
})
export const JobTitleUpdateBody = z.strictObject({ version, ...JobTitleBody.shape })

const code = (max: number) => z.nullable(z.string().check(z.maxLength(max, 'invalid'), z.regex(/^[A-Za-z0-9_-]*$/, 'invalid')))

/** Spec 3.1 "Address" and the personal-address fields (status create/edit is the form's, not stored). */
export const AddressBody = z.strictObject({
  locationtype: selection,
  locationname: required(100),
  countrycode: z.string().check(z.regex(/^[A-Z]{2}$/, 'requiredSelection')),
  citycode: code(10),
  districtcode: code(20),
  suburbcode: code(80),
  zipcode: z.nullable(z.string().check(z.regex(/^\d{0,10}$/, 'invalid'))),
  addresstext: required(500),
})
export const AddressUpdateBody = z.strictObject({ version, ...AddressBody.shape })

export const NotificationSettingsBody = z.strictObject({ version, internalNotification: z.boolean(), emailNotification: z.boolean() })

/**
 * The company's mail server. An empty host returns the company to the built-in mail (issue 28); the
 * server checks a host's addresses and port (public, SMTP port) and asks for `currentPassword`.
 */
export const MailServerBody = z.strictObject({
  version,
  security: z.enum(['none', 'starttls', 'tls'], 'requiredSelection'),
  host: z.string().check(z.maxLength(253, 'tooLong'), z.regex(/^\s*[A-Za-z0-9.-]*\s*$/, 'invalid')),
  port: z.number().check(z.int('invalid'), z.minimum(1, 'invalid'), z.maximum(65535, 'invalid')),
  authRequired: z.boolean(),
  user: z.string().check(z.maxLength(254, 'tooLong'), z.refine(noControl, 'invalid')),
  /** Write-only: absent keeps the stored one, '' clears it. */
  password: z.optional(z.string().check(z.maxLength(256, 'tooLong'), z.refine(noControl, 'invalid'))),
  from: z.string().check(z.maxLength(254, 'email'), z.refine((v) => v === '' || z.safeParse(z.email(), v).success, 'email')),
  currentPassword: currentPasswordField,
})

export const MailTestBody = z.strictObject({ to: z.string().check(z.maxLength(254, 'email'), z.email('email')) })

export const SecuritySettingsBody = z.strictObject({
  version,
  complexity: z.enum(PASSWORD_COMPLEXITIES, 'requiredSelection'),
  uniqueAmongUsers: z.boolean(),
  minLength: z.number().check(z.int('invalid'), z.minimum(8, 'minLength'), z.maximum(128, 'minLength')),
  expiryDays: z.number().check(z.int('invalid'), z.minimum(0, 'invalid'), z.maximum(3650, 'invalid')),
  historyCount: z.number().check(z.int('invalid'), z.minimum(0, 'invalid'), z.maximum(24, 'invalid')),
  maxFailedLogins: z.number().check(z.int('invalid'), z.minimum(3, 'invalid'), z.maximum(20, 'invalid')),
  expiryWarningDays: z.number().check(z.int('invalid'), z.minimum(0, 'invalid'), z.maximum(60, 'invalid')),
  /** Usernames with failed sign-ins one client address may have in the window before it must wait (issue 28 item 7). */
  addressFailureLimit: z.number().check(z.int('invalid'), z.minimum(3, 'invalid'), z.maximum(1000, 'invalid')),
  /** The window of that count, in minutes. */
  addressWindowMinutes: z.number().check(z.int('invalid'), z.minimum(1, 'invalid'), z.maximum(1440, 'invalid')),
  currentPassword: currentPasswordField,
})

const minutes = (min: number, max: number) => z.number().check(z.minimum(min, 'range'), z.maximum(max, 'range'))

export const PreferencesBody = z.strictObject({
  version,
  defaultCurrency: z.enum(CURRENCY_SETTINGS, 'requiredSelection'),
  language: z.enum(COMPANY_LANGUAGES, 'requiredSelection'),
  /** Staff without a language of their own see their browser's (issue 25 item 5); absent: as before (on). */
  browserLanguage: z.optional(z.boolean('invalid')),
  timeZone: z.string().check(z.maxLength(60, 'invalid'), z.refine((v) => v !== '', 'requiredSelection')),
  inactiveUserThresholdMinutes: minutes(1, 240),
  activityThrottleMinutes: minutes(0.25, 30),
  timeToLockMinutes: minutes(0.25, 10),
  logoutWaitMinutes: minutes(1, 480),
})
