import { useEffect, useLayoutEffect, useState } from 'react'
import { useLingui } from '@lingui/react'
import { DEFAULT_TIMEZONE } from '../../domain/constants.ts'

/** useLayoutEffect in the browser (runs before paint), nothing on the server (prerender). */
const useBeforePaint = typeof document === 'undefined' ? useEffect : useLayoutEffect

/**
 * One ticker for every clock of the page (the header's and the footer's): a timer set to the next
 * whole second (so the seconds shown change when the real ones do, not up to a second late), none
 * while the page is hidden (a page open all day in a background tab does no work; it catches up
 * when shown again).
 */
const listeners = new Set<(now: Date) => void>()
let timer: ReturnType<typeof setTimeout> | null = null

function tick() {
  timer = null
  const now = new Date()
  for (const l of listeners) l(now)
  schedule()
}

function schedule() {
  if (timer !== null || listeners.size === 0 || document.hidden) return
  timer = setTimeout(tick, 1000 - (Date.now() % 1000) + 5)
}

function onVisibility() {
  if (document.hidden) {
    if (timer !== null) clearTimeout(timer)
    timer = null
  } else if (timer === null) {
    tick()
  }
}

function subscribe(listener: (now: Date) => void): () => void {
  if (listeners.size === 0) document.addEventListener('visibilitychange', onVisibility)
  listeners.add(listener)
  schedule()
  return () => {
    listeners.delete(listener)
    if (listeners.size > 0) return
    document.removeEventListener('visibilitychange', onVisibility)
    if (timer !== null) clearTimeout(timer)
    timer = null
  }
}

/** The formatter of a locale, made once (a new Intl.DateTimeFormat each second costs more than the format). */
const formats = new Map<string, Intl.DateTimeFormat>()
function formatOf(locale: string): Intl.DateTimeFormat {
  let format = formats.get(locale)
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium', timeZone: DEFAULT_TIMEZONE })
    formats.set(locale, format)
  }
  return format
}

/**
 * The header and footer clocks (spec 2.3): Istanbul time, refreshed every second. Nothing
 * time-specific is rendered on the server or at build (the prerendered HTML would show the build's
 * time until hydration): the element stays empty until the browser sets the time, before its first
 * paint. Only the `<time>` element re-renders each second.
 */
export function Clock({ className }: { className?: string }) {
  const { i18n } = useLingui()
  const [now, setNow] = useState<Date | null>(null)
  useBeforePaint(() => {
    setNow(new Date())
    return subscribe(setNow)
  }, [])
  const text = now && formatOf(i18n.locale || 'tr').format(now)
  return (
    <time className={className} dateTime={now?.toISOString()} data-testid="clock">
      {text}
    </time>
  )
}
