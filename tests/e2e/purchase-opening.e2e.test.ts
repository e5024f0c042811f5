import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launch, type Browser } from './browser.ts'
import { watch } from './purchase-opening.watch.ts'

/**
 * Issue 23 goals 1 and 2: a health or travel purchase page opened with a quote in its address (the
 * quick quote's "Satın Al") paints its opening screen from the server (scripts/prerender.ts,
 * src/domain/purchase-address.ts) and hydrates it in place: no layout shift while the page hands the
 * quote on and the phone step appears, and a tap on the step's first control as soon as it shows is
 * not lost. Measured on the phone (375 x 740, touch) with the CPU slowed 4x, so the time
 * between the first paint and the live page is as wide as on a phone.
 */
const PHONE = { width: 375, height: 740 }

/** A birth date the quick quote prices (a 35-year-old), a trip that starts next week. */
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10)
const QUOTED = [
  { product: 'tss', url: '/urunler/market/tss?gender=female&citycode=34&birthdate=1990-01-01&visits=8' },
  {
    product: 'seyahatsaglik',
    url: `/urunler/market/seyahatsaglik?gender=male&birthdate=1985-05-05&travelLocation=schengen&coverageType=standard&covid=false&startDate=${inDays(7)}&endDate=${inDays(14)}`,
  },
]

describe('a purchase page opened with a quote: its opening screen from the server, hydrated in place (issue 23)', () => {
  let b: Browser
  beforeAll(async () => { b = await launch({ viewport: PHONE, hasTouch: true }) })
  afterAll(async () => { await b.close() })

  it('the server answers a quoted address with the opening screen: the title and the steps, no step\'s form', async () => {
    for (const { product, url } of QUOTED) {
      const html = await (await fetch(b.baseUrl + url)).text()
      expect(html, url).toContain('<div id="root" data-prerendered="tr" data-screen="opening">')
      expect(html, url).toContain(`data-testid="purchase-${product}"`)
      expect(html, url).not.toContain('Teklif Al')
      // the plain address still gets the quote step
      const plain = await (await fetch(b.baseUrl + url.split('?')[0])).text()
      expect(plain).not.toContain('data-screen=')
      expect(plain).toContain('Teklif Al')
    }
  })

  for (const { product, url } of QUOTED) {
    it(`${product}: no layout shift (CLS <= 0.02) from the first paint to the phone step, no hydration error`, { timeout: 90_000 }, async () => {
      const page = await b.context.newPage()
      const seen = await watch(page)
      await page.goto(url, { waitUntil: 'commit' })
      await page.getByLabel('Cep telefonu').waitFor({ timeout: 60_000 })
      await page.waitForLoadState('networkidle')
      await page.waitForTimeout(500)
      const { cls, shifts, replaced } = await page.evaluate(() => {
        const w = window as unknown as { __cls: number; __shifts: string[]; __replaced: number }
        return { cls: w.__cls, shifts: w.__shifts, replaced: w.__replaced }
      })
      expect(seen.errors()).toEqual([])
      expect(replaced, 'the prerendered markup was replaced').toBe(0)
      expect(cls, `CLS; shifts: ${shifts.join('; ')}`).toBeLessThanOrEqual(0.02)
      expect(await page.getByRole('heading', { level: 2, name: 'Cep telefonunuzu doğrulayalım' }).isVisible()).toBe(true)
      await page.close()
    })

    it(`${product}: the step's first control tapped as soon as it shows takes the tap (and the phone step then sends a code)`, { timeout: 90_000 }, async () => {
      const page = await b.context.newPage()
      const seen = await watch(page)
      await page.goto(url, { waitUntil: 'commit' })
      // the first control of the step's area, the moment one is visible (before the page is live, if it paints one)
      const first = page.locator(`[data-testid="purchase-${product}"] > div`).locator('input, button, select').first()
      await first.waitFor({ state: 'visible', timeout: 60_000 })
      const control = await first.elementHandle()
      await control!.tap()
      await page.keyboard.type('05321234567')
      // the tap took effect: the same element (not a replaced copy) has the focus and what was typed
      const after = await control!.evaluate((el) => ({ connected: el.isConnected, focused: el === document.activeElement, name: el.getAttribute('name'), value: (el as HTMLInputElement).value }))
      expect(after).toEqual({ connected: true, focused: true, name: 'phone', value: expect.stringMatching(/^0?532 ?123 ?45 ?67$|^05321234567$/) as unknown as string })
      await page.getByRole('button', { name: 'Kod Gönder' }).tap()
      await page.getByLabel('Doğrulama kodu').waitFor({ timeout: 30_000 })
      expect(seen.errors()).toEqual([])
      await page.close()
    })
  }
})
