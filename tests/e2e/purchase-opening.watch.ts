import type { Page } from 'playwright-core'

/**
 * What a purchase page does from its first byte, for the opening-screen tests (issue 23 goal 1):
 * the layout shifts (CLS, by a PerformanceObserver), React's hydration errors, and whether the
 * prerendered markup under #root was replaced. Counted afresh on every navigation of the page (a
 * reload too). The CPU is slowed 4x (a phone's) at once, or with `throttle()` when `later` is set
 * (so the steps before the one measured run at full speed).
 */
export async function watch(page: Page, opts: { later?: boolean } = {}) {
  const errors: string[] = []
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()) })
  page.on('pageerror', (e) => errors.push(e.message))
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number; __shifts: string[]; __replaced: number }
    w.__cls = 0
    w.__shifts = []
    w.__replaced = 0
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Array<{ node?: Node }> }>) {
        if (e.hadRecentInput) continue
        w.__cls += e.value
        w.__shifts.push(`${e.value.toFixed(3)} scrollY=${scrollY} h=${document.documentElement.scrollHeight} ${(e.sources ?? []).map((s) => `${(s.node as Element | undefined)?.outerHTML?.slice(0, 60) ?? '?'} ${JSON.stringify((s as unknown as { previousRect: DOMRect }).previousRect)}->${JSON.stringify((s as unknown as { currentRect: DOMRect }).currentRect)}`).join(' | ')}`)
      }
    }).observe({ type: 'layout-shift', buffered: true })
    document.addEventListener('DOMContentLoaded', () => {
      const root = document.getElementById('root')
      if (root) new MutationObserver((records) => { for (const r of records) w.__replaced += r.removedNodes.length }).observe(root, { childList: true })
    })
  })
  const cdp = await page.context().newCDPSession(page)
  const throttle = () => cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  if (!opts.later) await throttle()
  return {
    throttle,
    errors: () => errors.filter((e) => /hydrat|did not match|Minified React error|#418|#423|#425/i.test(e)),
    /** The page's layout shifts and replaced nodes since it last loaded. */
    measured: () => page.evaluate(() => {
      const w = window as unknown as { __cls: number; __shifts: string[]; __replaced: number }
      return { cls: w.__cls, shifts: w.__shifts, replaced: w.__replaced }
    }),
  }
}
