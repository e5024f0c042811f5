import { Outlet, createRootRouteWithContext } from '@tanstack/react-router'
import { useEffect } from 'react'
import { Toasts } from '../components/Toasts.tsx'
import type { RouterContext } from '../flows/guards.ts'
import { loadParts } from '../i18n/index.ts'
import { partsOf } from '../i18n/parts.ts'

/**
 * The root: every route's `beforeLoad` gets the typed context (the session) src/web/router.ts
 * provides; a path first loads the catalog parts its page shows (the staff area's, the landing
 * sections', the purchase flows' texts: scripts/catalog-parts.ts), so the page renders, or hydrates
 * the prerendered markup, with every text in place.
 */
export const Route = createRootRouteWithContext<RouterContext>()({
  beforeLoad: ({ location }) => loadParts(partsOf(location.pathname)),
  component: Root,
})

function Root() {
  // the page is live (hydrated or rendered, its handlers attached): a tap on a prerendered page before
  // this may be lost, so end-to-end tests wait for it (tests/e2e/browser.ts)
  useEffect(() => { document.documentElement.dataset.live = 'true' }, [])
  return (
    <>
      <Outlet />
      <Toasts />
    </>
  )
}
