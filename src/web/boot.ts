import toast from 'react-hot-toast'
import { call } from './api/client.ts'
import { errorText } from './api/errors.ts'
import { i18n } from './i18n/index.ts'
import { setItem } from './storage.ts'

/**
 * Stores the client's time zone and IP (spec 3.1 local storage). The IP comes from our own server
 * (spec 7.6's geolocation call, without the third party); the zone from the browser.
 */
export async function storeClientInfo(): Promise<void> {
  setItem('timezone', Intl.DateTimeFormat().resolvedOptions().timeZone || 'Europe/Istanbul')
  try {
    const info = await call<{ ip: string }>('/client/info')
    setItem('clientIP', info.ip)
  } catch (error) {
    toast.error(errorText(error, i18n), { id: 'client-info' })
  }
}
