import { Trans } from '@lingui/react/macro'
import { useBlocker } from '@tanstack/react-router'
import { useId } from 'react'
import styles from '../../components/sales/Quote.module.css'
import { useModalDialog } from '../../components/useModalDialog.ts'

/**
 * The purchase's leave guard (issue 24 item 1, its "leaving mid-flow asks first" part): while the
 * customer is between the verified phone and the payment's outcome, a navigation inside the site
 * (a link, the browser's Back out of the purchase page) asks first, and closing or reloading the tab
 * makes the browser warn. The answers given so far are saved on the server and can be resumed with
 * the same phone; the dialog says so.
 */
export function PurchaseLeaveGuard({ active }: { active: boolean }) {
  // the purchase's own steps are history entries of the same page (issue 24 item 1): moving between them is not leaving
  const blocker = useBlocker({ shouldBlockFn: ({ current, next }) => active && current.pathname !== next.pathname, enableBeforeUnload: () => active, withResolver: true })
  const asking = blocker.status === 'blocked'
  const dialog = useModalDialog(asking)
  const titleId = useId()
  return (
    <dialog ref={dialog} aria-labelledby={titleId} data-testid="leave-purchase" onCancel={(e) => { e.preventDefault(); blocker.reset?.() }}>
      {/* the layout inside: a class on the <dialog> itself would show it while closed */}
      <div className={styles.form}>
      <h2 id={titleId}><Trans>Satın alma yarıda kalacak</Trans></h2>
      <p><Trans>Sayfadan çıkarsanız satın alma tamamlanmaz. Verdiğiniz bilgiler kaydedildi; aynı cep telefonunu doğrulayarak 72 saat içinde kaldığınız yerden devam edebilirsiniz.</Trans></p>
      <div className={styles.actions}>
        <button type="button" className={styles.primary} onClick={() => blocker.reset?.()}><Trans>Satın almaya devam et</Trans></button>
        <button type="button" className={styles.secondary} onClick={() => blocker.proceed?.()}><Trans>Çık</Trans></button>
      </div>
      </div>
    </dialog>
  )
}
