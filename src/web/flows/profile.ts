import { fromPromise } from 'xstate'
import { passwordChangeMachine } from '../../../machines/password-change/password-change.machine.ts'
import type { PasswordPolicy } from '../../domain/password.ts'
import { call } from '../api/client.ts'
import { loadFlow } from './load.ts'

export type ProfileAnswer = {
  userId: string
  username: string
  firstName: string
  lastName: string
  email: string
  createdAt: string
  activeRole: string | null
  roles: { name: string; isMain: boolean; isDefault: boolean; validUntil: string | null }[]
  passwordChangedAt: string
  password: { expiresAt: string | null; daysLeft: number | null; warn: boolean }
  policy: PasswordPolicy
}

export function fetchProfile(signal?: AbortSignal) {
  return call<ProfileAnswer>('/profile', { authenticated: true, signal })
}

/** The signed-in user's own profile (GET /profile): the profile page, the password change's policy. */
export const profileFlow = loadFlow<null, ProfileAnswer>((_params, signal) => fetchProfile(signal))

/**
 * The password change while signed in: the same statechart as the expired-password screen (old,
 * new, re-enter, the live policy checklist, spec 5 messages), sent to POST /profile/password; the
 * current session stays, the user's other sessions end.
 */
export const signedInPasswordChangeFlow = passwordChangeMachine.provide({
  actors: {
    changePassword: fromPromise(async ({ input }) => {
      await call('/profile/password', { body: { oldPassword: input.oldPassword, newPassword: input.newPassword }, authenticated: true })
    }),
  },
})
