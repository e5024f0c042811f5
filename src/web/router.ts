import { createRouter } from '@tanstack/react-router'
import { lazySession, type RouterContext } from './flows/guards.ts'
import { routeTree } from './routeTree.gen.ts'

/** The router's context: the session the staff routes' guards ask (loaded with the first staff page). */
export const routerContext: RouterContext = { session: lazySession }

export function makeRouter() {
  return createRouter({ routeTree, context: routerContext, defaultPreload: 'intent', scrollRestoration: true })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof makeRouter>
  }
}
