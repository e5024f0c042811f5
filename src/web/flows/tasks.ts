import { call } from '../api/client.ts'
import { actionFlow } from './confirm.ts'
import { loadFlow } from './load.ts'

export type TasksAnswer = {
  lockedAccounts: { id: string; username: string; firstName: string; lastName: string; lockedAt: string; failedLogins: number }[]
  expiringRoles: { userId: string; username: string; role: string; validUntil: string; own: boolean }[]
  password: { expiresAt: string; daysLeft: number; warn: boolean } | null
  /** Mail that could not go out yet (issue 25 item 3; 0 without mailserver:read). */
  failedMails?: number
  /** Internal notices (issue 12), only while the company's internal notifications are on. */
  notices?: { id: string; at: string; kind: 'accountLocked' | 'passwordChanged' | 'passwordCompromised' | 'policyForcedChange'; username: string | null; own: boolean; affected: number | null }[]
}

/** Spec 2.1 "/inbox": what needs the signed-in user's action (GET /tasks). */
export const tasksFlow = loadFlow<null, TasksAnswer>((_params, signal) => call<TasksAnswer>('/tasks', { authenticated: true, signal }))

/** A locked account reactivated from the tasks (POST /user/{id}/reactivate, user:update). */
export const reactivateFlow = actionFlow<{ id: string; username: string }, unknown>(({ id }) =>
  call(`/user/${encodeURIComponent(id)}/reactivate`, { method: 'POST', body: {}, authenticated: true }))

const WARNED_KEY = 'ke-password-warned'

/**
 * The password-expiry warning after sign-in, once per sign-in (the same fact is a task in
 * /inbox): whether this sign-in (its `loginTime`) has been warned already, and marking it warned.
 */
export const expiryWarning = {
  due(loginTime: string): boolean {
    return sessionStorage.getItem(WARNED_KEY) !== loginTime
  },
  done(loginTime: string): void {
    sessionStorage.setItem(WARNED_KEY, loginTime)
  },
}
