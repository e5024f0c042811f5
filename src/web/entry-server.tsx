/**
 * Build-time prerendering of the public pages (scripts/prerender.ts): renders a path to HTML in
 * Turkish with the same route tree, router options (src/web/router.ts) and components the browser
 * hydrates, and says the document title the page asked for.
 */
import { StrictMode, Suspense } from 'react'
import { renderToString } from 'react-dom/server'
import { I18nProvider } from '@lingui/react'
import { RouterProvider, createMemoryHistory, createRouter } from '@tanstack/react-router'
import { takeServerTitle } from './components/useDocumentTitle.ts'
import { LANDING_SECTIONS } from './components/landing/DeferredLandingSections.tsx'
import { activateLocale, i18n } from './i18n/index.ts'
import { routeTree } from './routeTree.gen.ts'
import { routerContext } from './router.ts'

export async function render(url: string): Promise<{ html: string; title: string | null }> {
  await activateLocale('tr')
  // the landing sections the browser loads later (on intent) are in the prerendered markup
  await LANDING_SECTIONS.load()
  const router = createRouter({
    routeTree,
    context: routerContext,
    defaultPreload: 'intent',
    scrollRestoration: true,
    history: createMemoryHistory({ initialEntries: [url] }),
  })
  await router.load()
  takeServerTitle()
  const html = renderToString(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        {/* The browser's <Matches> wraps the tree in a Suspense boundary the server's omits (TanStack
            only skips it when hydrating its own SSR payload): add it here so the markup hydrates. */}
        <Suspense>
          <RouterProvider router={router} />
        </Suspense>
      </I18nProvider>
    </StrictMode>,
  )
  return { html, title: takeServerTitle() }
}
