import { Outlet, createRootRouteWithContext } from '@tanstack/react-router'
import { useEffect } from 'react'
import { Toasts } from '../components/Toasts.tsx'
import type { RouterContext } from '../flows/guards.ts'
import { loadStaffMessages } from '../i18n/index.ts'

/** The staff area's paths: their texts are a catalog part of their own (scripts/catalog-parts.ts). */
const STAFF_PATH = /^\/(auth|navbar|inbox)(\/|$)/

/**
 * The root: every route's `beforeLoad` gets the typed context (the session) src/web/router.ts
 * provides; a staff path first loads the staff texts.
 */
export const Route = createRootRouteWithContext<RouterContext>()({
  beforeLoad: ({ location }) => (STAFF_PATH.test(location.pathname) ? loadStaffMessages() : undefined),
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
