import type { CreateUserDrafts, DraftStep } from '../../domain/create-user.ts'
import { CREATE_USER_DRAFT_KEY, forgetCreateUserDraft, getItem } from '../storage.ts'

/**
 * The create-user wizard's draft in this tab's sessionStorage (issue 25 item 6): it survives a
 * reload and goes with the tab. It holds what the three steps show (no password: the wizard has
 * none) and whose it is (company and username), so another person signing in on the same tab does
 * not get it; a sign-out forgets it (`forgetCreateUserDraft` of ../storage.ts, which the session
 * flow calls without loading the wizard's code).
 */
export const DRAFT_KEY = CREATE_USER_DRAFT_KEY
export { forgetCreateUserDraft }

function owner(): string | null {
  const company = getItem('companyId')
  let username: string | null = null
  try {
    username = (JSON.parse(getItem('session') ?? 'null') as { username?: string } | null)?.username ?? null
  } catch { /* no readable session: no owner */ }
  return company && username ? `${company}/${username}` : null
}

function tabStore(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage
  } catch {
    return null
  }
}

/** The stored draft of the person signed in (unchecked: the statechart's `parseDraft` reads it); null for none or someone else's. Throws when it cannot be read. */
export function readCreateUserDraft(): unknown {
  const text = tabStore()?.getItem(DRAFT_KEY)
  if (!text) return null
  const stored = JSON.parse(text) as { owner?: unknown; draft?: unknown }
  if (!stored || typeof stored !== 'object') throw new Error('DRAFT_UNREADABLE')
  return stored.owner === owner() ? stored.draft ?? null : null
}

export function saveCreateUserDraft(step: DraftStep, drafts: CreateUserDrafts): void {
  const { personal, address, groupRoles } = drafts
  try {
    tabStore()?.setItem(DRAFT_KEY, JSON.stringify({ owner: owner(), draft: { step, personal, address, groupRoles } }))
  } catch {
    // storage full or disabled: the wizard works without a draft
  }
}
