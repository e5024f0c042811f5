import type { FieldErrors, Values, VersionedRecord } from '../../../machines/resource-editor/resource-editor.machine.ts'
import { MailServerBody, MailTestBody, NotificationSettingsBody, PreferencesBody, SecuritySettingsBody } from '../../domain/schemas/company.ts'
import type { PasswordComplexity } from '../../domain/password.ts'
import { call } from '../api/client.ts'
import { getItem } from '../storage.ts'
import { confirmFlow, fieldRefusal } from './confirm.ts'
import { editorFlow, schemaFieldErrors } from './editor.ts'

/**
 * The company settings pages of issue 12 (notification, mail server, security, preferences): each an
 * editor statechart on GET /company/settings/{id}?category= and PUT /company/settings/{category}.
 * Every category is versioned on the server: a stale save is a 409 CONFLICT (reload offered).
 */
export type Category = 'notification' | 'mailServer' | 'security' | 'preferences'

/** The form's fields of each category (what is sent back; the rest of an answer is for display). */
export const FIELDS = {
  notification: ['internalNotification', 'emailNotification'],
  mailServer: ['security', 'host', 'port', 'authRequired', 'user', 'password', 'from'],
  security: ['complexity', 'uniqueAmongUsers', 'minLength', 'expiryDays', 'historyCount', 'maxFailedLogins', 'expiryWarningDays', 'addressFailureLimit', 'addressWindowMinutes'],
  preferences: ['defaultCurrency', 'language', 'browserLanguage', 'timeZone', 'inactiveUserThresholdMinutes', 'activityThrottleMinutes', 'timeToLockMinutes', 'logoutWaitMinutes'],
} as const satisfies Record<Category, readonly string[]>

const SCHEMAS = { notification: NotificationSettingsBody, mailServer: MailServerBody, security: SecuritySettingsBody, preferences: PreferencesBody }

export function companyId(): string {
  return getItem('companyId') ?? ''
}

/**
 * The write body of a category: its fields only, with the version; an empty mail-server password
 * keeps the stored one; the caller's own password when the server asked for it again (issue 28).
 */
export function bodyOf(category: Category, values: Values, version: number, currentPassword?: string): Record<string, unknown> {
  const body: Record<string, unknown> = { version }
  for (const f of FIELDS[category]) body[f] = values[f]
  if (category === 'mailServer' && (body.password === '' || body.password === undefined || body.password === null)) delete body.password
  if (category === 'mailServer' && typeof body.host === 'string') body.host = body.host.trim()
  if (currentPassword) body.currentPassword = currentPassword
  return body
}

/** A category's answer as the form's record: the fields, plus what the page shows beside them (passwordSet, defaults). */
export function recordOf(category: Category, answer: Record<string, unknown>): VersionedRecord {
  const values: Values = { ...answer }
  delete values.version
  if (category === 'mailServer') values.password = ''
  return { id: category, version: Number(answer.version), values }
}

export function checkCategory(category: Category, values: Values): FieldErrors {
  return schemaFieldErrors(SCHEMAS[category], bodyOf(category, values, 1))
}

async function loadCategory(category: Category): Promise<VersionedRecord> {
  const answer = await call<Record<string, Record<string, unknown>>>(`/company/settings/${encodeURIComponent(companyId())}`, {
    query: { category }, authenticated: true,
  })
  return recordOf(category, answer[category] ?? {})
}

async function saveCategory(category: Category, values: Values, version: number, password?: string): Promise<VersionedRecord> {
  const answer = await call<Record<string, unknown>>(`/company/settings/${category}`, { method: 'PUT', body: bodyOf(category, values, version, password), authenticated: true })
  return recordOf(category, answer)
}

/** The editor flow of one settings category. */
export function settingsFlow(category: Category) {
  return editorFlow({
    load: () => loadCategory(category),
    save: ({ version, values, password }) => saveCategory(category, values, version, password),
    check: (values) => checkCategory(category, values),
  })
}

export const notificationFlow = settingsFlow('notification')
export const mailServerFlow = settingsFlow('mailServer')
export const securityFlow = settingsFlow('security')
export const preferencesFlow = settingsFlow('preferences')

// ---- mail server: the test mail ----

export type MailTestAnswer = { ok: boolean; answer: string }

/** Sends a test mail through the stored settings; the answer is what the mail server said (250 OK or its refusal). */
export function sendTestMail(to: string): Promise<MailTestAnswer> {
  return call<MailTestAnswer>('/company/settings/mailServer/test', { method: 'POST', body: { to }, authenticated: true })
}

export function checkTestAddress(to: string): string | null {
  return schemaFieldErrors(MailTestBody, { to }).to ?? null
}

/** Which mail server the stored settings name (the test goes through them): null host: the built-in mail. */
export type MailRoute = { host: string | null; port: number | null }

/**
 * "Send test mail" on the confirm-action statechart: nothing to ask; the address is checked first
 * (a refusal names the field), the stored settings are read (the page says which server the mail
 * goes through: the form's unsaved changes do not count), then the mail is sent through them.
 */
export const mailTestFlow = confirmFlow<{ to: string }, MailTestAnswer>({
  prepare: async ({ to }) => {
    const code = checkTestAddress(to.trim())
    if (code) throw fieldRefusal({ to: code })
    const { values } = await loadCategory('mailServer')
    const host = typeof values.host === 'string' && values.host.trim() ? values.host.trim() : null
    const route: MailRoute = { host, port: host && typeof values.port === 'number' ? values.port : null }
    return { ask: false, preview: route }
  },
  run: ({ to }) => sendTestMail(to.trim()),
})

// ---- security: presets and the preview ----

export type SecurityValues = {
  complexity: PasswordComplexity
  uniqueAmongUsers: boolean
  minLength: number
  expiryDays: number
  historyCount: number
  maxFailedLogins: number
  expiryWarningDays: number
  addressFailureLimit: number
  addressWindowMinutes: number
}

/** Presets: a click fills the fields, which stay editable. "Recommended" is the product's default policy. */
export const SECURITY_PRESETS = {
  basic: { complexity: 'simple', uniqueAmongUsers: false, minLength: 8, expiryDays: 180, historyCount: 2, maxFailedLogins: 10, expiryWarningDays: 7, addressFailureLimit: 20, addressWindowMinutes: 15 },
  recommended: { complexity: 'veryComplex', uniqueAmongUsers: false, minLength: 12, expiryDays: 90, historyCount: 4, maxFailedLogins: 5, expiryWarningDays: 14, addressFailureLimit: 10, addressWindowMinutes: 15 },
  strict: { complexity: 'veryComplex', uniqueAmongUsers: true, minLength: 16, expiryDays: 60, historyCount: 10, maxFailedLogins: 3, expiryWarningDays: 14, addressFailureLimit: 5, addressWindowMinutes: 30 },
} as const satisfies Record<string, SecurityValues>
export type SecurityPreset = keyof typeof SECURITY_PRESETS

export type PolicyPreview = { users: number; affected: number }

/** What saving the draft policy would do: how many users' passwords would have to change at next sign-in. */
export function previewSecurity(values: Values, version: number): Promise<PolicyPreview> {
  return call<PolicyPreview>('/company/settings/security/preview', { method: 'POST', body: bodyOf('security', values, version), authenticated: true })
}

/** The editor's part the preview reads and drives. */
type Editor = { getSnapshot(): { context: { draft: Values; record: VersionedRecord | null } }; send(event: { type: 'form.submit' }): void }

/**
 * "Kaydet" on the security policy: the preview of who must change their password (asked for
 * confirmation), then the editor statechart saves. A draft with field errors is not previewed: the
 * editor's own check shows them.
 */
export function securityConfirmFlow(editor: Editor) {
  return confirmFlow<null, null>({
    prepare: async () => {
      const { draft, record } = editor.getSnapshot().context
      if (Object.keys(checkCategory('security', draft)).length > 0) return { ask: false }
      return { ask: true, preview: await previewSecurity(draft, record?.version ?? 1) }
    },
    run: async () => {
      editor.send({ type: 'form.submit' })
      return null
    },
  })
}
