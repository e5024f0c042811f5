import { Outlet, createRootRoute } from '@tanstack/react-router'
import { Toaster } from 'react-hot-toast'
import { TOAST_DURATION_MS } from '../../domain/constants.ts'

export const Route = createRootRoute({
  component: Root,
})

function Root() {
  return (
    <>
      <Outlet />
      <Toaster position="top-right" toastOptions={{ duration: TOAST_DURATION_MS }} />
    </>
  )
}
