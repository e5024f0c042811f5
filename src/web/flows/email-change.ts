import { fromPromise } from 'xstate'
import { emailChangeMachine, type EmailLinkAction } from '../../../machines/email-change/email-change.machine.ts'
import { call } from '../api/client.ts'

/** An e-mail change link: `#confirm=<token>` (to the new address) or `#cancel=<token>` (to the old one). */
export type EmailLink = { action: EmailLinkAction; token: string }

const LINK = /^#(confirm|cancel)=([A-Za-z0-9_-]{43})$/

/** The link in a page's fragment, or null when it is missing or malformed. */
export function parseEmailLink(hash: string): EmailLink | null {
  const m = LINK.exec(hash)
  return m ? { action: m[1] as EmailLinkAction, token: m[2]! } : null
}

/**
 * The e-mail change page's statechart with its real effects (issue 28): the link is read from the
 * page's fragment (which no server or proxy ever sees) and then removed from the address bar, so
 * the token stays with this flow only, not in the machine, the history or a screenshot.
 */
export function emailChangeFlow(location: { hash: string; pathname: string }, history: { replaceState(data: unknown, unused: string, url: string): void; state: unknown }) {
  let link: EmailLink | null = null
  return emailChangeMachine.provide({
    actors: {
      readLink: fromPromise(async () => {
        link = parseEmailLink(location.hash)
        if (location.hash) history.replaceState(history.state, '', location.pathname)
        if (!link) throw { code: 'LINK_INVALID' }
        return { action: link.action }
      }),
      submitLink: fromPromise<{ email?: string }, { action: EmailLinkAction }>(async ({ input }) => {
        const token = link?.token ?? ''
        if (input.action === 'confirm') return { email: (await call<{ ok: true; email: string }>('/auth/confirmEmail', { body: { token } })).email }
        await call<{ ok: true }>('/auth/cancelEmailChange', { body: { token } })
        return {}
      }),
    },
  })
}
