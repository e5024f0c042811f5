import { Link } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { StaffPage } from '../staff/StaffPage.tsx'

/** An unknown staff address: "page not found" inside the shell, never the public site. */
export function NotFoundView() {
  return (
    <StaffPage title={msg`Sayfa bulunamadı`}>
      <p><Trans>Aradığınız yönetim sayfası yok ya da taşınmış.</Trans></p>
      <p><Link to="/navbar/home/main"><Trans>Ana sayfaya dönün</Trans></Link></p>
    </StaffPage>
  )
}
