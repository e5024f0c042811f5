/**
 * Data-privacy (GDPR/KVKK) levels of roles (spec 3.1 "Role: data privacy level", spec 6: "some
 * permissions are disabled for certain data-privacy levels"). A role's level is the most sensitive
 * class of data its holders may handle; a permission whose data is more sensitive than the role's
 * level cannot be held by it. The data-privacy table of docs/permissions.md is this one.
 */
import { PERMISSION_CATALOGUE } from './permission-catalogue.ts'

/** The gdprlevels lookup's values, in increasing sensitivity (their `level` 1..4). */
export const DATA_PRIVACY_LEVELS = ['PUBLIC', 'INTERNAL', 'CONFIDENTIAL', 'SENSITIVE'] as const
export type DataPrivacyLevel = (typeof DATA_PRIVACY_LEVELS)[number]

export function privacyRank(level: DataPrivacyLevel): number {
  return DATA_PRIVACY_LEVELS.indexOf(level) + 1
}

export function isDataPrivacyLevel(value: unknown): value is DataPrivacyLevel {
  return typeof value === 'string' && (DATA_PRIVACY_LEVELS as readonly string[]).includes(value)
}

/**
 * The least level needed per tag, for reading and for every other action:
 * - company, address, job titles, groups, roles: readable by any role (PUBLIC); changing them is INTERNAL;
 * - notification, mail server, security, preferences: INTERNAL for both;
 * - users, user status and the audit log hold personal data: CONFIDENTIAL;
 * - customers' consents include the health declaration consent (special categories): SENSITIVE;
 * - payments needing action name orders and purchases (a card's first 6 and last 4 digits, a
 *   customer's charge): CONFIDENTIAL;
 * - the tariff versions (prices and funds, who loaded them): INTERNAL;
 * - the dashboard and one's own profile: PUBLIC.
 */
const MINIMUM: Record<string, { read: DataPrivacyLevel; write: DataPrivacyLevel }> = {
  company: { read: 'PUBLIC', write: 'INTERNAL' },
  address: { read: 'PUBLIC', write: 'INTERNAL' },
  jobtitle: { read: 'PUBLIC', write: 'INTERNAL' },
  group: { read: 'PUBLIC', write: 'INTERNAL' },
  role: { read: 'PUBLIC', write: 'INTERNAL' },
  notification: { read: 'INTERNAL', write: 'INTERNAL' },
  mailserver: { read: 'INTERNAL', write: 'INTERNAL' },
  security: { read: 'INTERNAL', write: 'INTERNAL' },
  preferences: { read: 'INTERNAL', write: 'INTERNAL' },
  user: { read: 'CONFIDENTIAL', write: 'CONFIDENTIAL' },
  userstatus: { read: 'CONFIDENTIAL', write: 'CONFIDENTIAL' },
  audit: { read: 'CONFIDENTIAL', write: 'CONFIDENTIAL' },
  consent: { read: 'SENSITIVE', write: 'SENSITIVE' },
  payment: { read: 'CONFIDENTIAL', write: 'CONFIDENTIAL' },
  tariff: { read: 'INTERNAL', write: 'INTERNAL' },
  dashboard: { read: 'PUBLIC', write: 'PUBLIC' },
  profile: { read: 'PUBLIC', write: 'PUBLIC' },
}

/** The least data-privacy level a role needs to hold `tag:action`. */
export function minimumLevel(tag: string, action: string): DataPrivacyLevel {
  const m = MINIMUM[tag]
  if (!m) return 'SENSITIVE'
  return action === 'read' ? m.read : m.write
}

/** Whether a role of `level` may hold `tag:action`. */
export function isAllowedAtLevel(tag: string, action: string, level: DataPrivacyLevel): boolean {
  return privacyRank(level) >= privacyRank(minimumLevel(tag, action))
}

/** The permissions of `permissions` ('tag:action') a role of `level` may not hold. */
export function permissionsAboveLevel(permissions: readonly string[], level: DataPrivacyLevel): string[] {
  return permissions.filter((p) => {
    const [tag, action] = p.split(':')
    return !isAllowedAtLevel(tag ?? '', action ?? '', level)
  })
}

/** Every catalogued tag has a rule (checked by a test). */
export function tagsWithoutRule(): string[] {
  return PERMISSION_CATALOGUE.map((e) => e.tag).filter((t) => !MINIMUM[t])
}
