import { Link } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { AuthCard, authStyles as s } from '../../components/AuthCard.tsx'
import { activateLocale } from '../../i18n/index.ts'

/** The logout screen (spec 2.2): "Have a nice day". */
export function LogoutView({ reason }: { reason: 'loggedOut' | 'lockTimeout' | 'lockExpired' }) {
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
