import { useEffect, useRef } from 'react'
import { useActorRef, useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import type { I18n } from '@lingui/core'
import type { confirmActionMachine } from '../../../../machines/confirm-action/confirm-action.machine.ts'
import type { loadMachine } from '../../../../machines/load/load.machine.ts'
import type { ConfirmFlow } from '../../flows/confirm.ts'
import { serverTextOf } from '../../flows/editor.ts'
import type { LoadFlow } from '../../flows/load.ts'
import { hasReasonText, reasonText } from '../../i18n/reasons.ts'
import { getInspect } from '../../inspector.ts'

/** A started load flow; `T` is its answer's type. */
export type Loader<T> = ActorRefFrom<typeof loadMachine> & { readonly __data?: T }
/** A started confirm-action flow; `S` its subject's, `R` its answer's type. */
export type Confirmer<S, R> = ActorRefFrom<typeof confirmActionMachine> & { readonly __types?: (s: S) => R }

/**
 * Starts a load flow (src/web/flows) with the page's parameters; new parameters (another id, a
 * period, the language) go to it as `params.change`. `background` marks a load that is not the
 * page's own (the header's photo): the browser replay's state probe leaves it out.
 */
export function useLoader<P, T>(flow: LoadFlow<P, T>, ...args: P extends null ? [params?: P, options?: { background?: boolean }] : [params: P, options?: { background?: boolean }]): Loader<T> {
  const [params = null, options] = args as [P | null | undefined, { background?: boolean } | undefined]
  const actor = useActorRef(flow, { input: { params }, inspect: getInspect(options) })
  const key = JSON.stringify(params)
  const first = useRef(key)
  useEffect(() => {
    if (key === first.current) return
    first.current = key
    actor.send({ type: 'params.change', params })
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, actor])
  return actor as Loader<T>
}

/** The last answer of a load (kept while a new one loads), or null before the first. */
export function useLoaded<T>(load: Loader<T>): T | null {
  return useSelector(load, (s) => (s.context.loaded ? (s.context.data as T) : null))
}

/** Starts a confirm-action flow (src/web/flows/confirm.ts). */
export function useConfirm<S, R>(flow: ConfirmFlow<S, R>): Confirmer<S, R> {
  return useActorRef(flow, { inspect: getInspect() }) as Confirmer<S, R>
}

/** The subject a confirm-action flow is about (null when none). */
export function useSubject<S, R>(confirm: Confirmer<S, R>): S | null {
  return useSelector(confirm, (s) => s.context.subject as S | null)
}

/** Calls `handler` for each notice of that code the actor emits (a follow-up: reload a list, a toast). */
export function useNotice(actor: { on: (type: 'notice', handler: (e: { code: string }) => void) => { unsubscribe(): void } }, code: string, handler: () => void) {
  const latest = useRef(handler)
  latest.current = handler
  useEffect(() => {
    const sub = actor.on('notice', (e) => { if (e.code === code) latest.current() })
    return () => sub.unsubscribe()
  }, [actor, code])
}

/** A failure's text: the browser's own for the reasons it knows, else the server's localized text for that code. */
export function failureText(code: string | null, i18n: I18n): string {
  const server = serverTextOf(code)
  return server && !hasReasonText(code) ? server : reasonText(code, i18n)
}
