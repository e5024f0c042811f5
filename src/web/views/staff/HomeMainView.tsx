import { useSelector } from '@xstate/react'
import { Trans, useLingui } from '@lingui/react/macro'
import { displayName } from '../../../../machines/session/session.selectors.ts'
import { useDocumentTitle } from '../../components/useDocumentTitle.ts'
import { sessionActor } from '../../flows/session.ts'
import { getItem } from '../../storage.ts'
import styles from './StaffLayout.module.css'
import { previewSentences } from '../admin/roles/texts.ts'
import { staffDateFormat, useCompanyDefaults } from '../../flows/company-defaults.ts'

/** The index page of the administration area (spec 2.1 "index"): who is signed in, as what. */
export function HomeMainView() {
  const actor = sessionActor()
  const { t, i18n } = useLingui()
  const defaults = useCompanyDefaults()
  useDocumentTitle(t`Ana sayfa`)
  const user = useSelector(actor, (s) => s.context.user)
  const loginTime = getItem('loginTime')
  const name = displayName(user)
  return (
    <section className={styles.card} aria-labelledby="home-title">
      <h1 id="home-title" tabIndex={-1}><Trans>Hoş geldiniz, {name}</Trans></h1>
      <dl className={styles.dl}>
        <dt><Trans>Kullanıcı adı</Trans></dt><dd>{user?.username}</dd>
        <dt><Trans>Aktif rol</Trans></dt><dd>{user?.activeRole}</dd>
        <dt><Trans>Giriş zamanı</Trans></dt>
        <dd>{loginTime ? staffDateFormat(i18n.locale, defaults, { dateStyle: 'medium', timeStyle: 'short' })(loginTime) : '—'}</dd>
      </dl>
      <h2><Trans>Yetkileriniz</Trans></h2>
      {user && previewSentences(user.permissions, i18n).length > 0 ? (
        // what the role allows in plain words, never the permission codes (issue 25 item 9)
        <ul data-permission-sentences>{previewSentences(user.permissions, i18n).map((p) => <li key={p}>{p}</li>)}</ul>
      ) : (
        <p><Trans>Bu rol için tanımlı yetki yok.</Trans></p>
      )}
    </section>
  )
}
