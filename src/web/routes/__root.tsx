import { Outlet, createRootRoute } from '@tanstack/react-router'
import { Toasts } from '../components/Toasts.tsx'

export const Route = createRootRoute({
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
