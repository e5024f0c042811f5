import { useCallback, useEffect, useState } from 'react'
import { ApiError } from '../../api/errors.ts'

export type Load<T> =
  | { state: 'loading' }
  | { state: 'ready'; data: T }
  | { state: 'failed'; reason: string }

/** One read-only request of a page: loading, ready or failed, and `reload` (retry). */
export function useLoad<T>(fetcher: () => Promise<T>, deps: readonly unknown[] = []): [Load<T>, () => void] {
  const [load, setLoad] = useState<Load<T>>({ state: 'loading' })
  const [round, setRound] = useState(0)
  useEffect(() => {
    let live = true
    setLoad({ state: 'loading' })
    fetcher().then(
      (data) => { if (live) setLoad({ state: 'ready', data }) },
      (error: unknown) => {
        if (!live) return
        const reason = error instanceof ApiError ? error.code ?? (error.kind === 'http' ? 'UNEXPECTED' : 'NETWORK') : 'UNEXPECTED'
        setLoad({ state: 'failed', reason })
      },
    )
    return () => { live = false }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [round, ...deps])
  return [load, useCallback(() => setRound((r) => r + 1), [])]
}
