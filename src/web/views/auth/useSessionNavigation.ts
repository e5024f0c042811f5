import { useEffect } from 'react'
import { useNavigate, useRouterState } from '@tanstack/react-router'
import { useLingui } from '@lingui/react/macro'
import toast from 'react-hot-toast'
import { landingPath } from '../../../../machines/session/session.selectors.ts'
import type { SessionActor } from '../../flows/session.ts'
import { reasonText } from '../../i18n/reasons.ts'

/** Where a `redirect` search parameter may send a signed-in user: staff pages of this app only. */
export function safeRedirect(value: unknown): string | null {
  return typeof value === 'string' && /^\/(navbar|inbox)(\/[\w\-/]*)?(\?[\w=&%-]*)?$/.test(value) ? value : null
}

/** Pages that show a session (staff pages, the lock screen): they leave when it ends elsewhere. */
function needsSession(pathname: string): boolean {
  return pathname.startsWith('/navbar') || pathname.startsWith('/inbox') || pathname === '/auth/lock'
}

/**
 * Turns the session machine's notices into toasts and page changes, and follows its state: a lock
 * anywhere (this tab, another tab, the server) shows the lock screen; a password change shows its
 * screen. The machine decides; this only routes.
 */
export function useSessionNavigation(actor: SessionActor) {
  const navigate = useNavigate()
  const { t, i18n } = useLingui()
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  const search = useRouterState({ select: (s) => s.location.search as Record<string, unknown> })

  useEffect(() => {
    const sub = actor.on('notice', (notice) => {
      switch (notice.code) {
        case 'welcome': {
          const name = `${notice.firstName ?? ''} ${notice.lastName ?? ''}`.trim()
          toast.success(t`Hoş geldiniz, ${name}`, { id: 'welcome' })
          const user = actor.getSnapshot().context.user
          void navigate({ to: safeRedirect(search.redirect) ?? (user ? landingPath(user) : '/navbar/home/main') })
          break
        }
        case 'switchUser':
          void navigate({ to: '/auth/login' })
          break
        case 'signInAgain':
          toast.success(t`Şifreniz değiştirildi. Lütfen yeni şifrenizle giriş yapınız.`, { id: 'signInAgain' })
          void navigate({ to: '/auth/login' })
          break
        case 'loggedOut':
        case 'lockTimeout':
        case 'lockExpired':
          void navigate({ to: '/auth/logout', search: { reason: notice.code } })
          break
        case 'error':
          toast.error(reasonText(notice.reason, i18n), { id: `session-${notice.reason}` })
          break
      }
    })
    return () => sub.unsubscribe()
  }, [actor, navigate, t, i18n, search.redirect])

  useEffect(() => {
    const sub = actor.subscribe((s) => {
      const locked = s.matches({ signedIn: { inactivity: 'lockedOut' } })
      if (pathname === '/auth/lock' && s.matches('signedIn') && !locked && s.context.user) {
        // unlocked (here or in another tab): back to where the user was
        void navigate({ to: safeRedirect(search.redirect) ?? landingPath(s.context.user) })
      } else if (s.matches({ signedIn: { inactivity: { lockedOut: 'locked' } } }) && pathname !== '/auth/lock') {
        void navigate({ to: '/auth/lock', search: safeRedirect(pathname) ? { redirect: pathname } : {} })
      } else if (s.matches('passwordExpired') && pathname !== '/auth/password-expired') {
        void navigate({ to: '/auth/password-expired' })
      } else if (s.matches('signedOut') && s.context.endReason === 'elsewhere' && needsSession(pathname)) {
        // logged out in another tab: a page of the session says goodbye; the sign-in form stays
        // (any later event, a key typed there, would otherwise send it back to the goodbye page)
        void navigate({ to: '/auth/logout', search: { reason: 'loggedOut' } })
      } else if (s.matches('signedOut') && s.context.endReason === 'invalid' && pathname.startsWith('/navbar')) {
        void navigate({ to: '/auth/login', search: { redirect: pathname } })
      }
    })
    return () => sub.unsubscribe()
  }, [actor, navigate, pathname, search.redirect])
}
