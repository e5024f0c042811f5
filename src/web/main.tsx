import { StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { I18nProvider } from '@lingui/react'
import { RouterProvider } from '@tanstack/react-router'
import { storeClientInfo } from './boot.ts'
import { runtimeConfig } from './config.ts'
import { activateLocale, i18n, initialLocale } from './i18n/index.ts'
import { startInspector } from './inspector.ts'
import { watchIntent } from './intent.ts'
import { captureErrors } from './log/capture.ts'
import { entryStep, firstScreenIsPrerendered } from './prerendered.ts'
import { makeRouter } from './router.ts'
import './styles/global.css'

async function main() {
  captureErrors() // uncaught errors and rejections go to POST /log/log.json
  watchIntent() // before hydration: the card form's intent is not lost while the page hydrates
  const locale = initialLocale()
  await activateLocale(locale)
  await startInspector()
  const router = makeRouter()
  const root = document.getElementById('root')!
  const app = (
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nProvider>
    </StrictMode>
  )
  // Prerendered pages (scripts/prerender.ts) are Turkish with this app's own links: hydrate them when
  // that is what the browser would render, else render fresh (React replaces the static markup).
  if (root.dataset.prerendered === locale && !runtimeConfig.mainSiteOrigin && root.firstElementChild && firstScreenIsPrerendered(location.pathname, location.search, root.dataset.screen, entryStep())) {
    await router.load()
    // parts of the page that wait for intent keep their markup meanwhile (DeferredLandingSections)
    root.dataset.hydrating = 'true'
    hydrateRoot(root, app)
  } else if (root.firstElementChild) {
    // the prerendered screen stays until the page's code and texts are in, then is replaced at once
    await router.load()
    createRoot(root).render(app)
  } else {
    createRoot(root).render(app)
  }
  void storeClientInfo()
}

void main()
