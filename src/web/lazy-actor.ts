import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react'
import type { Actor, AnyActorLogic, ActorOptions } from 'xstate'
import { lazyPart, usePart, type LazyPart } from './lazy-part.ts'

/**
 * xstate itself loads with the first lazy statechart (its chunk is the machines' own import), not
 * with the page: a page whose first screen is drawn without its machine needs none of it.
 */
const XSTATE = lazyPart(() => import('xstate'))

/**
 * A page's statechart whose code loads later than the page (issue 23 goal 2): on the visitor's
 * first sign of intent (src/web/intent.ts), or at once when the page needs it (`needed`: the page
 * opened with something to hand to the machine). Until then the actor is `undefined` and the page
 * draws the machine's initial step, which needs none of its code (the purchase's quote step is the
 * product's quick quote, on its own machine); the same elements stay on screen when the machine
 * arrives, so nothing typed or focused is lost.
 *
 * The actor is created and started once its logic is there, and stopped on unmount, as
 * `useActorRef` does; an event the page must send before it exists waits for `whenReady`.
 */
export function useLazyActor<T extends AnyActorLogic>(part: LazyPart<T>, needed: boolean, options: ActorOptions<T>): Actor<T> | undefined {
  const logic = usePart(part, needed)
  const xstate = usePart(XSTATE, needed)
  const [actor, setActor] = useState<Actor<T>>()
  useEffect(() => {
    if (!logic || !xstate) return
    const created = xstate.createActor(logic, options)
    created.start()
    setActor(created)
    return () => {
      created.stop()
      setActor(undefined)
    }
    // the options are the first render's (as useActorRef takes them)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [logic, xstate])
  return actor
}

/** What an actor's snapshot can be read through (an xstate actor, or none yet). */
type Subscribable<S> = { subscribe(next: () => void): { unsubscribe(): void }; getSnapshot(): S }

/**
 * `useSelector` of @xstate/react for an actor that may not exist yet, on React's own store hook:
 * the pages drawn before their statechart arrives import neither xstate nor @xstate/react (whose
 * module imports xstate's). `select` gets `undefined` until the actor is there.
 */
export function useSelector<S, R>(actor: Subscribable<S> | undefined, select: (snapshot: S | undefined) => R): R {
  const subscribe = useCallback((changed: () => void) => {
    if (!actor) return () => {}
    const subscription = actor.subscribe(changed)
    return () => subscription.unsubscribe()
  }, [actor])
  const read = useCallback(() => actor?.getSnapshot(), [actor])
  return select(useSyncExternalStore(subscribe, read, read))
}

/**
 * Sends to a lazy actor, holding an event sent before it exists (a fast "Satın Al" / "Devam Et")
 * and sending it as the actor arrives; `need` asks for the actor's code at once.
 */
export function useHeldSend<E>(actor: { send(event: E): void } | undefined, need: () => void): (event: E) => void {
  const pending = useRef<E | null>(null)
  useEffect(() => {
    if (!actor || pending.current === null) return
    const event = pending.current
    pending.current = null
    actor.send(event)
  }, [actor])
  return (event: E) => {
    if (actor) return actor.send(event)
    pending.current = event
    need()
  }
}
