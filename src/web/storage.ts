/**
 * The spec's local browser storage (3.1): non-secret items only. The session credential itself is
 * an HttpOnly cookie the script never sees (SECURITY.md).
 */
export const STORAGE_KEYS = {
  session: 'session',
  sessionId: 'sessionId',
  companyId: 'companyId',
  timezone: 'timezone',
  clientIP: 'clientIP',
  locale: 'locale',
  activeRole: 'activeRole',
  loginTime: 'loginTime',
  idleTime: 'idleTime',
  /** The person chose the language themselves ('1'): the company's default language no longer applies. */
  localeChosen: 'localeChosen',
  /** The company's default currency for the public site ('' keeps spec 9's language rule). */
  companyCurrency: 'companyCurrency',
  /** The visitor closed the footer's cookie notice ('dismissed'), as older versions kept it: now a cookie (domain/cookie-notice.ts), carried over once. */
  cookieNotice: 'cookieNotice',
} as const

export type StorageKey = keyof typeof STORAGE_KEYS

function store(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage
  } catch {
    return null
  }
}

export function getItem(key: StorageKey): string | null {
  return store()?.getItem(STORAGE_KEYS[key]) ?? null
}

export function setItem(key: StorageKey, value: string): void {
  try {
    store()?.setItem(STORAGE_KEYS[key], value)
  } catch {
    // storage full or disabled: the app keeps working without persistence
  }
}

export function removeItem(key: StorageKey): void {
  store()?.removeItem(STORAGE_KEYS[key])
}

/** The create-user wizard's draft in this tab's sessionStorage (src/web/flows/create-user-draft.ts). */
export const CREATE_USER_DRAFT_KEY = 'ke-create-user-draft'

/** Forgets the wizard's draft (sign-out, creation, cancel): here so that the session flow need not load the wizard's code. */
export function forgetCreateUserDraft(): void {
  try {
    sessionStorage.removeItem(CREATE_USER_DRAFT_KEY)
  } catch { /* no storage: nothing to forget */ }
}
