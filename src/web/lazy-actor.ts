import { useEffect, useRef, useState } from 'react'
import { createActor, type Actor, type AnyActorLogic, type ActorOptions } from 'xstate'
import { usePart, type LazyPart } from './lazy-part.ts'

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
  const [actor, setActor] = useState<Actor<T>>()
  useEffect(() => {
    if (!logic) return
    const created = createActor(logic, options)
    created.start()
    setActor(created)
    return () => {
      created.stop()
      setActor(undefined)
    }
    // the options are the first render's (as useActorRef takes them)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [logic])
  return actor
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
