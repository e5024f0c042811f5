import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launch, type Browser } from './browser.ts'

/**
 * Issue 23 goal 1: every public page paints its first screen without JavaScript (prerendered in
 * Turkish by scripts/prerender.ts) and hydrates on a phone without replacing that markup or moving
 * it (CLS <= 0.02); a visitor in another language gets the page in that language, also without a
 * layout shift.
 */
const PAGES: Array<{ path: string; h1: string; title: string; en?: string }> = [
  { path: '/', h1: 'Katılım esaslı Bireysel Emeklilik', title: 'Bireysel Emeklilik (BES) | Katılım Emeklilik' },
  { path: '/urunler/birikim/bireysel-emeklilik', h1: 'Bireysel Emeklilik Sistemi (BES)', title: 'Bireysel Emeklilik Sistemi (BES) | Katılım Emeklilik' },
  { path: '/urunler/market/erkenbes', h1: 'Erken BES satın al', title: 'Erken BES satın al | Katılım Emeklilik', en: 'Buy Early BES' },
  { path: '/urunler/market/pratikbes', h1: 'Pratik BES satın al', title: 'Pratik BES satın al | Katılım Emeklilik', en: 'Buy Practical BES' },
  { path: '/urunler/market/tss', h1: 'Tamamlayıcı Sağlık Sigortası satın al', title: 'Tamamlayıcı Sağlık Sigortası satın al | Katılım Emeklilik', en: 'Buy Complementary Health Insurance' },
  { path: '/urunler/market/seyahatsaglik', h1: 'Seyahat Sağlık Sigortası satın al', title: 'Seyahat Sağlık Sigortası satın al | Katılım Emeklilik', en: 'Buy Travel Health Insurance' },
  { path: '/urunler/market/tsshizliteklif', h1: 'Tamamlayıcı Sağlık Sigortası hızlı teklif', title: 'Tamamlayıcı Sağlık Sigortası hızlı teklif | Katılım Emeklilik', en: 'Complementary Health Insurance quick quote' },
  { path: '/urunler/market/seyahatsaglikhizliteklif', h1: 'Seyahat Sağlık Sigortası hızlı teklif', title: 'Seyahat Sağlık Sigortası hızlı teklif | Katılım Emeklilik', en: 'Travel Health Insurance quick quote' },
  { path: '/result/success', h1: 'İşlem sonucu alınıyor', title: 'Satın alma sonucu | Katılım Emeklilik' },
  { path: '/result/error', h1: 'İşlem sonucu alınıyor', title: 'Satın alma sonucu | Katılım Emeklilik' },
  { path: '/result/tss-success', h1: 'İşlem sonucu alınıyor', title: 'Tamamlayıcı Sağlık Sigortası satın alma sonucu | Katılım Emeklilik' },
  { path: '/result/tss-error', h1: 'İşlem sonucu alınıyor', title: 'Tamamlayıcı Sağlık Sigortası satın alma sonucu | Katılım Emeklilik' },
  { path: '/kvkk-aydinlatma-metni', h1: 'Kişisel Verilerin Korunması Hakkında Aydınlatma Metni', title: 'KVKK Aydınlatma Metni | Katılım Emeklilik', en: 'Privacy notice on the protection of personal data' },
]

const PHONE = { width: 375, height: 740 }

/** Before any script of the page: the layout shifts, and whether React threw away the prerendered markup. */
function watch(page: Page) {
  return page.addInitScript(() => {
    const w = window as unknown as { __cls: number; __replaced: number; __firstMain: Element | null }
    w.__cls = 0
    w.__replaced = 0
    w.__firstMain = null
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) if (!e.hadRecentInput) w.__cls += e.value
    }).observe({ type: 'layout-shift', buffered: true })
    document.addEventListener('DOMContentLoaded', () => {
      const root = document.getElementById('root')
      w.__firstMain = root?.querySelector('main') ?? null
      if (root) new MutationObserver((records) => { for (const r of records) w.__replaced += r.removedNodes.length }).observe(root, { childList: true })
    })
  })
}

/** React is live on the page: hydrateRoot / createRoot mark their container. */
async function hydrated(page: Page) {
  await page.waitForFunction(() => Object.keys(document.getElementById('root') ?? {}).some((k) => k.startsWith('__reactContainer')))
  await page.waitForLoadState('networkidle')
  await page.waitForTimeout(300)
}

describe('public pages arrive prerendered and hydrate in place (issue 23 goal 1)', () => {
  let b: Browser
  beforeAll(async () => { b = await launch({ viewport: PHONE, hasTouch: true }) })
  afterAll(async () => { await b.close() })

  it('the raw HTML of each page carries its first screen, styles and title before any JavaScript runs', async () => {
    for (const p of PAGES) {
      // an address query (a quick quote's answers, a purchase id) gets the same first screen
      for (const url of [p.path, `${p.path}?purchase=x&gender=female`]) {
        const res = await fetch(b.baseUrl + url, { headers: { 'accept-encoding': 'gzip' } })
        expect(res.status, url).toBe(200)
        const html = await res.text()
        // a health or travel purchase page opening with the address's quote or purchase: its opening screen (purchase-opening.e2e.test.ts)
        expect(html, url).toMatch(url.includes('?') && /\/(tss|seyahatsaglik)\?/.test(url) ? /<div id="root" data-prerendered="tr" data-screen="opening">/ : /<div id="root" data-prerendered="tr">/)
        expect(html, url).toMatch(/<main[^>]*>/)
        expect(html.replace(/&#x27;/g, "'"), url).toContain(p.h1)
        expect(html, url).toContain(`<title>${p.title}</title>`)
        expect(html, url).toMatch(/<style data-inlined="[^"]+">/)
        // no stylesheet to wait for (a disabled <link> only names an inlined sheet for the lazy chunks' loader)
        expect(html, url).not.toMatch(/<link rel="stylesheet"(?![^>]*disabled)/)
      }
    }
  })

  it('each page hydrates on a Turkish phone: the prerendered markup stays, nothing shifts, no hydration error', { timeout: 180_000 }, async () => {
    for (const p of PAGES) {
      const page = await b.context.newPage()
      const errors: string[] = []
      page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()) })
      page.on('pageerror', (e) => errors.push(e.message))
      await watch(page)
      await page.goto(p.path)
      await hydrated(page)
      const seen = await page.evaluate(() => {
        const w = window as unknown as { __cls: number; __replaced: number; __firstMain: Element | null }
        return { cls: w.__cls, replaced: w.__replaced, sameMain: !!w.__firstMain && w.__firstMain === document.querySelector('main'), title: document.title }
      })
      expect(errors.filter((e) => /hydrat|did not match|Minified React error|#418|#423|#425/i.test(e)), p.path).toEqual([])
      expect(seen.replaced, `${p.path}: the prerendered markup was replaced`).toBe(0)
      expect(seen.sameMain, `${p.path}: <main> is the prerendered element`).toBe(true)
      expect(seen.cls, `${p.path}: CLS`).toBeLessThanOrEqual(0.02)
      expect(seen.title, p.path).toBe(p.title)
      await page.close()
    }
  })

  it('a purchase page opened with a quote or a purchase to retry in its address renders without a hydration error; an ad\'s query still hydrates', { timeout: 120_000 }, async () => {
    const open = async (path: string) => {
      const page = await b.context.newPage()
      const errors: string[] = []
      page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()) })
      page.on('pageerror', (e) => errors.push(e.message))
      await watch(page)
      await page.goto(path)
      await hydrated(page)
      const seen = await page.evaluate(() => {
        const w = window as unknown as { __cls: number; __replaced: number; __firstMain: Element | null }
        return { cls: w.__cls, replaced: w.__replaced, sameMain: !!w.__firstMain && w.__firstMain === document.querySelector('main') }
      })
      return { page, errors: errors.filter((e) => /hydrat|did not match|Minified React error|#418|#423|#425/i.test(e)), seen }
    }
    // the quick quote's "Satın Al": the quote goes to the machine, the page opens past the quote step
    const quoted = await open('/urunler/market/tss?gender=female&citycode=34&birthdate=1990-01-01&visits=8')
    expect(quoted.errors).toEqual([])
    await quoted.page.getByRole('heading', { level: 1, name: 'Tamamlayıcı Sağlık Sigortası satın al' }).waitFor()
    expect(await quoted.page.getByRole('button', { name: 'Teklif Al' }).count()).toBe(0)
    await quoted.page.close()
    // the result page's "Tekrar dene" with a purchase that does not exist: back to the quote step
    const retry = await open('/urunler/market/tss?purchase=nonexistent')
    await retry.page.getByRole('button', { name: 'Teklif Al' }).waitFor()
    expect(retry.errors).toEqual([])
    await retry.page.close()
    // an ad's or an SMS link's query does not change the first screen: the prerendered markup hydrates in place
    const ad = await open('/urunler/market/tss?utm_source=sms&gclid=x1')
    expect(ad.errors).toEqual([])
    expect(ad.seen.replaced).toBe(0)
    expect(ad.seen.sameMain).toBe(true)
    expect(ad.seen.cls).toBeLessThanOrEqual(0.02)
    await ad.page.close()
  })

  it('an English visitor gets each page in English, without a layout shift', { timeout: 120_000 }, async () => {
    const en = await launch({ viewport: PHONE, hasTouch: true, locale: 'en-US' })
    try {
      for (const p of PAGES.filter((x) => x.en)) {
        const page = await en.context.newPage()
        await watch(page)
        await page.goto(p.path)
        await hydrated(page)
        await expect.poll(() => page.getByRole('heading', { level: 1, name: p.en }).count(), { timeout: 10_000 }).toBeGreaterThan(0)
        expect(await page.locator('html').getAttribute('lang')).toBe('en')
        expect(await page.getByText(p.h1, { exact: true }).count(), `${p.path}: Turkish heading left over`).toBe(0)
        const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls)
        expect(cls, `${p.path}: CLS`).toBeLessThanOrEqual(0.02)
        await page.close()
      }
    } finally {
      await en.close()
    }
  })

  it('the quick quote of the purchase page works after hydration (React is live, not a dead copy)', async () => {
    const page = await b.page('/urunler/market/tss')
    await hydrated(page)
    await page.getByRole('button', { name: 'Teklif Al' }).click()
    // the machine's own refusal: the form is bound, not a static picture
    await expect.poll(() => page.getByRole('alert').count()).toBeGreaterThan(0)
    await page.close()
  })
})
