import { useEffect, useLayoutEffect, useState } from 'react'
import { useLingui } from '@lingui/react'
import { DEFAULT_TIMEZONE } from '../../domain/constants.ts'

/** useLayoutEffect in the browser (runs before paint), nothing on the server (prerender). */
const useBeforePaint = typeof document === 'undefined' ? useEffect : useLayoutEffect

/**
 * The header and footer clocks (spec 2.3): Istanbul time, refreshed every second. Nothing
 * time-specific is rendered on the server or at build (the prerendered HTML would show the build's
 * time until hydration): the element stays empty until the browser sets the time, before its first
 * paint.
 */
export function Clock({ className }: { className?: string }) {
  const { i18n } = useLingui()
  const [now, setNow] = useState<Date | null>(null)
  useBeforePaint(() => {
    setNow(new Date())
    const id = setInterval(() => setNow(new Date()), 1000)
    return () => clearInterval(id)
  }, [])
  const text = now && new Intl.DateTimeFormat(i18n.locale || 'tr', {
    dateStyle: 'medium',
    timeStyle: 'medium',
    timeZone: DEFAULT_TIMEZONE,
  }).format(now)
  return (
    <time className={className} dateTime={now?.toISOString()} data-testid="clock">
      {text}
    </time>
  )
}
