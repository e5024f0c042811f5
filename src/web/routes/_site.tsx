import { Outlet, createFileRoute } from '@tanstack/react-router'
import { SiteFooter } from '../components/SiteFooter.tsx'
import { SiteHeader } from '../components/SiteHeader.tsx'
import { mainSiteUrl } from '../config.ts'
import { activateLocale } from '../i18n/index.ts'

/** The sales site's frame: header and footer of spec 1 and 2.3 around every public page. */
export const Route = createFileRoute('/_site')({
  component: SiteLayout,
})

function SiteLayout() {
  return (
    <>
      <SiteHeader mainSite={mainSiteUrl} onLocaleChange={(locale) => void activateLocale(locale)} />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter mainSite={mainSiteUrl} />
    </>
  )
}
