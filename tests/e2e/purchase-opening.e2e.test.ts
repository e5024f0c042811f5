import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launch, type Browser } from './browser.ts'
import { verifyWithCaughtCode } from './drivers/purchase.ts'
import { watch } from './purchase-opening.watch.ts'

/**
 * Issue 23 goals 1 and 2: a health or travel purchase page opened with a quote the purchase takes in
 * its address (the quick quote's "Satın Al") is served its phone step (scripts/prerender.ts,
 * src/domain/purchase-address.ts and purchase-quote.ts) and hydrates it in place: no layout shift and
 * nothing replaced while the page hands the quote on to its machine and the SMS machine takes the form
 * over, and a tap on the phone field as soon as it shows (before any script ran) is not lost. An
 * invalid or partial quote is still served the opening screen. Measured on the phone (375 x 740, touch) with the CPU slowed 4x, so the time
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

  it('the server answers a quoted address with the phone step; an invalid or partial quote with the opening screen', async () => {
    for (const { product, url } of QUOTED) {
      const html = await (await fetch(b.baseUrl + url)).text()
      expect(html, url).toContain('<div id="root" data-prerendered="tr" data-screen="phone">')
      expect(html, url).toContain(`data-testid="purchase-${product}" data-step="sms"`)
      expect(html, url).toContain('<h2 class="_title_')
      expect(html, url).toContain('Cep telefonunuzu doğrulayalım</h2>')
      expect(html, url).toMatch(/<input [^>]*name="phone"/)
      // "Kod Gönder" waits for the page's code (a native submission would reload the page without its quote)
      expect(html, url).toMatch(/<button type="submit" [^>]*aria-busy="true" disabled="">Kod Gönder<\/button>/)
      expect(html, url).not.toContain('Teklif Al')
      expect(html, url).not.toContain('role="alert"')
      // a quote the purchase does not take (a visit count the tariff has not, a region it does not know), or a partial one: the opening screen
      const invalid = product === 'tss' ? url.replace('visits=8', 'visits=9') : url.replace('schengen', 'mars')
      const partial = url.replace(/&birthdate=[^&]*/, '')
      for (const other of [invalid, partial]) {
        const text = await (await fetch(b.baseUrl + other)).text()
        expect(text, other).toContain('<div id="root" data-prerendered="tr" data-screen="opening">')
        expect(text, other).not.toContain('Cep telefonunuzu doğrulayalım')
      }
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

    it(`${product}: the phone field tapped and typed in before any script ran keeps the tap and the text; "Kod Gönder" waits for the page, then sends the code`, { timeout: 90_000 }, async () => {
      const page = await b.context.newPage()
      const seen = await watch(page)
      // the page's scripts held back until the customer has typed: the field is the server's markup alone
      let release!: () => void
      const held = new Promise<void>((resolve) => { release = resolve })
      await page.route(/\/assets\/.*\.js$/, async (route) => { await held; await route.continue() })
      await page.goto(url, { waitUntil: 'commit' })
      const field = page.locator('input[name=phone]')
      await field.waitFor({ state: 'visible', timeout: 60_000 })
      const control = await field.elementHandle()
      const hydrated = () => control!.evaluate((el) => Object.keys(el).some((k) => k.startsWith('__react')))
      expect(await hydrated()).toBe(false)
      await control!.tap()
      await page.keyboard.type('05321234567')
      // Enter and the button do nothing yet (a native submission would reload the page without its quote)
      await page.keyboard.press('Enter')
      expect(await page.getByRole('button', { name: 'Kod Gönder' }).isDisabled()).toBe(true)
      expect(page.url()).toBe(b.baseUrl + url)
      release()
      // the page hydrates the same element and the SMS machine takes it over: the button is live
      await expect.poll(hydrated, { timeout: 60_000 }).toBe(true)
      await expect.poll(() => page.getByRole('button', { name: 'Kod Gönder' }).isEnabled(), { timeout: 60_000 }).toBe(true)
      const after = await control!.evaluate((el) => ({ connected: el.isConnected, focused: el === document.activeElement, value: (el as HTMLInputElement).value }))
      expect(after).toEqual({ connected: true, focused: true, value: '05321234567' })
      await page.getByRole('button', { name: 'Kod Gönder' }).tap()
      await page.getByLabel('Doğrulama kodu').waitFor({ timeout: 30_000 })
      expect(seen.errors()).toEqual([])
      expect((await seen.measured()).replaced).toBe(0)
      await page.close()
    })
  }

  for (const { product, url } of QUOTED) {
    it(`${product}: the quote in the address reaches the server when the customer goes on (the phone's code, then the first save)`, { timeout: 120_000 }, async () => {
      const page = await b.context.newPage()
      const bodies: Array<{ url: string; body: Record<string, unknown> }> = []
      page.on('request', (r) => {
        if (r.method() === 'POST' && /\/(notification\/sendsms|digitalchannels\/application)$/.test(r.url())) bodies.push({ url: r.url(), body: JSON.parse(r.postData() ?? '{}') as Record<string, unknown> })
      })
      await page.goto(url)
      const phone = `0539 ${String(Date.now()).slice(-7)}`
      await verifyWithCaughtCode(page, b.baseUrl, phone)
      const form = page.getByTestId('step-profile')
      await form.waitFor({ timeout: 30_000 })
      for (const [name, value] of [['firstname', 'Ayşe'], ['lastname', 'Çağlar'], ['nationalId', '10000000146'], ['email', `acilis.${Date.now()}@example.com`]] as const) await form.locator(`input[name=${name}]`).fill(value)
      // the quote's birth date is the profile's until changed
      expect(await form.locator('input[name=birthdate]').inputValue()).toBe(product === 'tss' ? '1990-01-01' : '1985-05-05')
      await form.getByRole('button', { name: 'Devam' }).click()
      await expect.poll(() => bodies.filter((b) => b.url.endsWith('/application')).length, { timeout: 30_000 }).toBeGreaterThan(0)
      const sms = bodies.find((b) => b.url.endsWith('/sendsms'))!.body
      expect(sms).toMatchObject({ gsmNumber: expect.stringMatching(/5\d{9}$/) as unknown as string, smsSource: product })
      const data = (bodies.find((b) => b.url.endsWith('/application'))!.body as { data: Record<string, unknown> }).data
      const query = Object.fromEntries(new URL(url, b.baseUrl).searchParams)
      if (product === 'tss') {
        expect(data.quickProfile).toEqual({ gender: query.gender, citycode: query.citycode, birthdate: query.birthdate })
        expect(data.outpatientVisits).toBe(Number(query.visits))
      } else {
        expect(data.travelPlan).toMatchObject({ gender: query.gender, birthdate: query.birthdate, travelLocation: query.travelLocation, coverageType: query.coverageType, covid: false, startDate: query.startDate, endDate: query.endDate, travelLength: 8 })
      }
      await page.close()
    })
  }
})
