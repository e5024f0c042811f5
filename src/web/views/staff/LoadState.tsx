import type { ReactNode } from 'react'
import { useSelector } from '@xstate/react'
import { Trans, useLingui } from '@lingui/react/macro'
import { failureText, type Loader } from './useFlow.ts'
import styles from './StaffLayout.module.css'

/**
 * A load statechart on screen: the loading message, a failure with "try again", or the content.
 * A reload (the same parameters) keeps the content on screen under the loading message.
 */
export function LoadState<T>({ load, children }: { load: Loader<T>; children: (data: T) => ReactNode }) {
  const { i18n } = useLingui()
  const state = useSelector(load, (s) => s.value as 'loading' | 'ready' | 'failed')
  const data = useSelector(load, (s) => s.context.data as T)
  const shown = useSelector(load, (s) => s.context.loaded && JSON.stringify(s.context.answered) === JSON.stringify(s.context.params))
  const error = useSelector(load, (s) => s.context.error)
  if (state === 'failed') {
    return (
      <div className={styles.notice} role="alert">
        <p>{failureText(error, i18n)}</p>
        <button type="button" className={styles.secondaryButton} onClick={() => load.send({ type: 'retry' })}><Trans>Tekrar dene</Trans></button>
      </div>
    )
  }
  // the same tree in both states: a reload does not remount what is shown (an open form keeps its edits)
  return (
    <>
      {state === 'loading' && <p role="status" aria-live="polite"><Trans>Yükleniyor…</Trans></p>}
      {(state === 'ready' || shown) && <div aria-busy={state === 'loading'} style={{ display: 'contents' }}>{children(data)}</div>}
    </>
  )
}
