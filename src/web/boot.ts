import { call } from './api/client.ts'
import { errorText } from './api/errors.ts'
import { i18n } from './i18n/index.ts'
import { setItem } from './storage.ts'
import { wantToasts } from './components/Toasts.tsx'

/**
 * Stores the client's time zone and IP (spec 3.1 local storage). The IP comes from our own server
 * (spec 7.6's geolocation call, without the third party); the zone from the browser. The same answer
 * carries the company's default currency, if it chose one (spec 9, issue 12).
 */
export async function storeClientInfo(): Promise<void> {
  setItem('timezone', Intl.DateTimeFormat().resolvedOptions().timeZone || 'Europe/Istanbul')
  try {
    const info = await call<{ ip: string; currency: string | null }>('/client/info')
    setItem('clientIP', info.ip)
    setItem('companyCurrency', info.currency ?? '')
  } catch (error) {
    // the toasts' code is not on a public page before the visitor acts (components/Toasts.tsx)
    wantToasts()
    const { default: toast } = await import('react-hot-toast')
    toast.error(errorText(error, i18n), { id: 'client-info' })
  }
}
