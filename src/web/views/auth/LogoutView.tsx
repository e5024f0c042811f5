import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect } from 'react'
import toast from 'react-hot-toast'
import { AuthCard, authStyles as s } from '../../components/AuthCard.tsx'
import { useDocumentTitle } from '../../components/useDocumentTitle.ts'
import { activateLocale } from '../../i18n/index.ts'

/** The logout screen (spec 2.2): "Have a nice day". */
export function LogoutView({ reason }: { reason: 'loggedOut' | 'lockTimeout' | 'lockExpired' }) {
  const { t } = useLingui()
  useDocumentTitle(t`İyi günler`)
  useEffect(() => { toast.dismiss('welcome') }, [])
  return (
    <AuthCard title={<Trans>İyi günler</Trans>} onLocaleChange={(l) => void activateLocale(l)}>
      <p className={s.notice} role="status">
        {reason === 'loggedOut' ? <Trans>Oturumunuz güvenli bir şekilde kapatıldı.</Trans>
          : <Trans>Uzun süre işlem yapılmadığı için oturumunuz kapatıldı.</Trans>}
      </p>
      <Link to="/auth/login" className={s.primary} style={{ display: 'inline-block', textDecoration: 'none' }}>
        <Trans>Tekrar giriş yap</Trans>
      </Link>
    </AuthCard>
  )
}
