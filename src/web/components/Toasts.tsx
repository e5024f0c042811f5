import { lazy, Suspense, useEffect, useState } from 'react'
import { onIntent } from '../intent.ts'

const ToastStack = lazy(() => import('./ToastStack.tsx'))

/** The public sales site's paths: their toasts come from what the visitor does (or from wantToasts). */
const PUBLIC = /^\/($|urunler\/|result\/|kvkk)/

let wanted = false
const waiting = new Set<() => void>()

/** Mounts the toasts now (a toast is coming that no intent preceded, e.g. a failed start-up call). */
export function wantToasts(): void {
  wanted = true
  for (const callback of waiting) callback()
  waiting.clear()
}

/** An error toast from a public page: the toasts' code loads now if it has not yet (a failed download, say). */
export function toastErrorSoon(text: string): void {
  wantToasts()
  void import('react-hot-toast').then(({ default: toast }) => toast.error(text))
}

/**
 * The page's toasts (spec 8; ToastStack). Their code (react-hot-toast and its styling, about 5 KiB
 * gzipped) is not part of a public page's first load (issue 23 goal 2): it loads on the visitor's
 * first sign of intent, or when wantToasts() asks. The staff area's pages mount it at once (a
 * warning may greet a signed-in user before any intent). react-hot-toast keeps its toasts in its
 * own store, so a toast sent before the stack mounts is shown when it does.
 */
export function Toasts() {
  const [on, setOn] = useState(false)
  useEffect(() => {
    if (on) return
    if (wanted || !PUBLIC.test(location.pathname)) return setOn(true)
    const show = () => setOn(true)
    waiting.add(show)
    const stop = onIntent(show)
    return () => { waiting.delete(show); stop() }
  }, [on])
  return on ? <Suspense fallback={null}><ToastStack /></Suspense> : null
}
