import { Outlet, createRootRoute } from '@tanstack/react-router'
import { Toasts } from '../components/Toasts.tsx'
import { loadStaffMessages } from '../i18n/index.ts'

/** The staff area's paths: their texts are a catalog part of their own (scripts/catalog-parts.ts). */
const STAFF_PATH = /^\/(auth|navbar|inbox)(\/|$)/

export const Route = createRootRoute({
  beforeLoad: ({ location }) => (STAFF_PATH.test(location.pathname) ? loadStaffMessages() : undefined),
  component: Root,
})

function Root() {
  return (
    <>
      <Outlet />
      <Toasts />
    </>
  )
}
