import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { I18nProvider } from '@lingui/react'
import { RouterProvider } from '@tanstack/react-router'
import { storeClientInfo } from './boot.ts'
import { activateLocale, i18n, initialLocale } from './i18n/index.ts'
import { startInspector } from './inspector.ts'
import { makeRouter } from './router.ts'
import './styles/global.css'

async function main() {
  await activateLocale(initialLocale())
  await startInspector()
  const router = makeRouter()
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nProvider>
    </StrictMode>,
  )
  void storeClientInfo()
}

void main()
