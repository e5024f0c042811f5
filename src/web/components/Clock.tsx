import { useEffect, useState } from 'react'
import { useLingui } from '@lingui/react'
import { DEFAULT_TIMEZONE } from '../../domain/constants.ts'

/** The header and footer clocks (spec 2.3): Istanbul time, refreshed every second. */
export function Clock({ className }: { className?: string }) {
  const { i18n } = useLingui()
  const [now, setNow] = useState(() => new Date())
  useEffect(() => {
    const id = setInterval(() => setNow(new Date()), 1000)
    return () => clearInterval(id)
  }, [])
  const text = new Intl.DateTimeFormat(i18n.locale || 'tr', {
    dateStyle: 'medium',
    timeStyle: 'medium',
    timeZone: DEFAULT_TIMEZONE,
  }).format(now)
  return (
    <time className={className} dateTime={now.toISOString()} suppressHydrationWarning>
      {text}
    </time>
  )
}
