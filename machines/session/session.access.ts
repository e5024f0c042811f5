import { assign, emit } from 'xstate'
import { reasonOf } from '../shared/not-provided.ts'
import { sessionSetup } from './session.setup.ts'
import type { SessionEvent } from './session.types.ts'

/** The access region of a signed-in session: the active role and its permissions (switch role, re-fetch permissions). */
export const access = sessionSetup.createStateConfig({
  initial: 'ready',
  states: {
    ready: {
      on: {
        'role.switch': { guard: 'isUnlocked', target: 'switchingRole' },
        'permissions.refresh': { guard: 'isUnlocked', target: 'refreshing' },
      },
    },
    switchingRole: {
      tags: ['busy'],
      invoke: {
        id: 'switchRole',
        src: 'switchRole',
        input: ({ event }) => ({ role: (event as Extract<SessionEvent, { type: 'role.switch' }>).role }),
        onDone: {
          target: 'ready',
          actions: [
            assign({ user: ({ event }) => event.output, error: null }),
            { type: 'persistSession', params: ({ context, event }) => ({ user: event.output, at: context.lastActivityAt }) },
          ],
        },
        onError: {
          target: 'ready',
          actions: [
            assign({ error: ({ event }) => reasonOf(event.error) }),
            emit(({ event }) => ({ type: 'notice' as const, code: 'error' as const, reason: reasonOf(event.error) })),
          ],
        },
      },
    },
    refreshing: {
      tags: ['busy'],
      invoke: {
        id: 'refreshPermissions',
        src: 'refreshPermissions',
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => ({ user: context.user ? { ...context.user, permissions: event.output } : null, error: null })),
        },
        onError: {
          target: 'ready',
          actions: [
            assign({ error: ({ event }) => reasonOf(event.error) }),
            emit(({ event }) => ({ type: 'notice' as const, code: 'error' as const, reason: reasonOf(event.error) })),
          ],
        },
      },
    },
  },
})
