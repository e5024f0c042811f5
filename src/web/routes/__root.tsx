import { Outlet, createRootRouteWithContext } from '@tanstack/react-router'
import { Toasts } from '../components/Toasts.tsx'
import type { RouterContext } from '../flows/guards.ts'

/** The root: every route's `beforeLoad` gets the typed context (the session) src/web/router.ts provides. */
export const Route = createRootRouteWithContext<RouterContext>()({
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
