import { useEffect, useState } from 'react'
import { onIntent } from './intent.ts'

/**
 * A part of a page whose code loads later than the page (issue 23 goal 2): on the visitor's first
 * sign of intent (src/web/intent.ts) or when the page needs it, whichever comes first. Unlike
 * React.lazy, a part already loaded renders at once (no fallback frame), so a step that the
 * visitor reaches after acting looks exactly as it did when it was part of the page.
 */
export type LazyPart<T> = { load(): Promise<T>; loaded(): T | undefined }

export function lazyPart<T>(importer: () => Promise<T>): LazyPart<T> {
  let module: T | undefined
  let pending: Promise<T> | undefined
  return {
    load: () => (pending ??= importer().then((m) => (module = m), (error: unknown) => {
      pending = undefined // a failed download is tried again on the next need
      throw error
    })),
    loaded: () => module,
  }
}

/** The part's module once loaded: it starts loading on intent, or now when `needed`. */
export function usePart<T>(part: LazyPart<T>, needed: boolean): T | undefined {
  const [module, setModule] = useState(part.loaded)
  useEffect(() => {
    if (module) return
    let live = true
    const take = () => { void part.load().then((m) => { if (live) setModule(() => m) }, () => {}) }
    if (needed) take()
    const stop = onIntent(take)
    return () => { live = false; stop() }
  }, [part, module, needed])
  return module ?? part.loaded()
}
