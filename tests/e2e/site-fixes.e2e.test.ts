import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page, Request, Route } from 'playwright-core'
import { launch, type Browser } from './browser.ts'

/** The page has hydrated once the header clock shows a time (it is empty in the prerendered HTML). */
async function hydrated(page: Page) {
  await expect.poll(() => page.locator('header time').textContent(), { timeout: 15_000 }).not.toBe('')
}

describe('landing page and site (issue 10 items 17-23)', () => {
  let b: Browser
  beforeAll(async () => { b = await launch() })
  afterAll(async () => { await b.close() })

  it('never shows the build time: the HTML has empty clocks, and the first time shown is the browser\'s own', async () => {
    const html = await (await fetch(b.baseUrl + '/')).text()
    expect([...html.matchAll(/<time[^>]*>([^<]*)<\/time>/g)].map((m) => m[1])).toEqual(['', ''])
    const page = await b.context.newPage()
    // records the first text the header clock ever has, and when (parser insertions included)
    await page.addInitScript(() => {
      const w = window as unknown as { firstClock?: { text: string; at: number } }
      new MutationObserver(() => {
        const text = document.querySelector('header time')?.textContent
        if (text && !w.firstClock) w.firstClock = { text, at: Date.now() }
      }).observe(document, { childList: true, subtree: true, characterData: true })
    })
    await page.goto('/')
    await hydrated(page)
    const within2s = await page.evaluate(() => {
      const { text, at } = (window as unknown as { firstClock: { text: string; at: number } }).firstClock
      const format = new Intl.DateTimeFormat('tr', { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'Europe/Istanbul' })
      return [0, 1000, 2000].some((d) => format.format(new Date(at - d)) === text)
    })
    expect(within2s).toBe(true)
    await page.close()
  })

  it('opens the KVKK notice from the footer, shows the company\'s registration, and the server lets the path through', async () => {
    const direct = await fetch(b.baseUrl + '/kvkk-aydinlatma-metni', { redirect: 'manual' })
    expect(direct.status).toBe(200)
    const page = await b.page('/')
    await hydrated(page)
    const registration = page.locator('footer').getByTestId('company-registration')
    for (const text of ['Katılım Emeklilik ve Hayat A.Ş.', 'MERSİS no: 0123456789000015', 'İstanbul Ticaret Sicili no: 123456-5', 'KEP: katilimemeklilik.demo@hs01.kep.tr']) {
      expect(await registration.textContent()).toContain(text)
    }
    await page.locator('footer').getByRole('link', { name: 'KVKK Aydınlatma Metni' }).click()
    await page.waitForURL('**/kvkk-aydinlatma-metni')
    await page.getByRole('heading', { level: 1, name: 'Kişisel Verilerin Korunması Hakkında Aydınlatma Metni' }).waitFor()
    const text = (await page.locator('main').textContent())!
    for (const part of ['Veri sorumlusu Katılım Emeklilik ve Hayat A.Ş.', 'Hukuki sebepler', "KVKK'nın 11. maddesi", 'Çerezler ve yerel depolama', 'katilimemeklilik.demo@hs01.kep.tr']) {
      expect(text).toContain(part)
    }
    // its text has its own catalog, loaded with the page, in the language chosen there too
    await page.getByRole('combobox', { name: 'Dil' }).selectOption('en')
    await page.getByRole('heading', { level: 1, name: 'Privacy notice on the protection of personal data' }).waitFor()
    expect(await page.locator('main').textContent()).toContain('Your rights under article 11 of the KVKK')
    await page.getByRole('combobox', { name: 'Language' }).selectOption('tr')
    await page.getByRole('heading', { level: 1, name: 'Kişisel Verilerin Korunması Hakkında Aydınlatma Metni' }).waitFor()
    await page.close()
  })

  it('shows the cookie notice with the page\'s first paint until it is dismissed; then the server leaves it out and the page hydrates without it', async () => {
    const page = await b.context.newPage()
    const errors: string[] = []
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()) })
    page.on('pageerror', (e) => errors.push(e.message))
    // the served markup holds it (painted with the page: a phone's largest element, painted late, was the LCP)
    const first = await page.goto('/')
    const served = await first!.text()
    expect(served).toMatch(/<section[^>]*aria-label="Çerez bildirimi"[^>]*data-cookie-notice/)
    expect(served).toContain('yalnızca çalışması için zorunlu depolamayı kullanır')
    await hydrated(page)
    const notice = page.getByRole('region', { name: 'Çerez bildirimi' })
    expect(await notice.count()).toBe(1)
    await notice.getByRole('button', { name: 'Anladım' }).click()
    expect(await notice.count()).toBe(0)
    const cookie = (await b.context.cookies()).find((c) => c.name === 'cookieNotice')
    expect(cookie).toMatchObject({ value: 'dismissed', path: '/', sameSite: 'Lax' })
    expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(360 * 24 * 3600 * 1000)
    // the next page (a prerendered one too) comes without it, and hydrates without it
    const next = await page.goto('/urunler/market/tss')
    expect(await next!.text()).not.toContain('data-cookie-notice')
    expect((await next!.allHeaders())['vary']).toMatch(/cookie/i)
    await page.getByRole('heading', { level: 1 }).first().waitFor()
    await page.waitForLoadState('networkidle')
    expect(await page.getByRole('region', { name: 'Çerez bildirimi' }).count()).toBe(0)
    expect(errors.filter((e) => /hydrat|did not match/i.test(e))).toEqual([])
    await b.context.clearCookies({ name: 'cookieNotice' })
    await page.close()
  })

  it('loads the card form for a pointer that moved while the page was still hydrating', async () => {
    const page = await b.context.newPage()
    let release!: () => void
    const released = new Promise<void>((ok) => { release = ok })
    let held!: () => void
    const holding = new Promise<void>((ok) => { held = ok })
    // hold the route chunks the entry module asks for: the page cannot hydrate until they come
    await page.route(/\/assets\/_site-[^/]*\.js$/, async (route: Route) => {
      held()
      await released
      await route.continue()
    })
    await page.goto('/', { waitUntil: 'commit' })
    await holding
    await page.mouse.move(200, 300)
    await page.mouse.move(260, 340)
    expect(await page.getByTestId('payment-form').count()).toBe(0)
    release()
    // no further input: the early move counts
    await page.getByTestId('payment-form').waitFor({ timeout: 15_000 })
    await page.close()
  })

  it('ships an uncaught error and a failed call to POST /log/log.json, redacted, with trxType, and the console stays silent', async () => {
    const page = await b.context.newPage()
    const consoleMessages: string[] = []
    page.on('console', (m) => { if (['log', 'info', 'debug'].includes(m.type())) consoleMessages.push(`${m.type()}: ${m.text()}`) })
    await page.route('**/api/v1/client/info', (route) => route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>bad gateway</h1>' }))
    const logged = page.waitForRequest((r: Request) => r.url().endsWith('/log/log.json') && r.method() === 'POST', { timeout: 20_000 })
    await page.goto('/')
    await hydrated(page)
    await page.evaluate(() => { setTimeout(() => { throw new Error('boom with card 4036 6600 0000 1231') }, 0) })
    const request = await logged
    expect(request.headers()['trxtype']).toBe('FRM')
    expect(request.headers()['content-type']).toMatch(/^multipart\/form-data/)
    const body = request.postData() ?? ''
    expect(body).toContain('name="severity"')
    expect(body).toContain('Error: boom with card [redacted]')
    expect(body).toContain('API call failed: GET /api/v1/client/info 502')
    expect(body).not.toContain('4036')
    expect((await request.response())?.status()).toBe(202)
    expect(consoleMessages).toEqual([])
    await page.close()
  })
})

describe('the header on a 375 px phone', () => {
  let phone: Browser
  beforeAll(async () => { phone = await launch({ viewport: { width: 375, height: 740 } }) })
  afterAll(async () => { await phone.close() })

  it('takes at most 72 px, and a menu button discloses the navigation by mouse and keyboard', async () => {
    const page = await phone.page('/')
    await page.getByRole('heading', { level: 1 }).waitFor()
    expect((await page.locator('header').boundingBox())!.height).toBeLessThanOrEqual(72)
    const button = page.getByRole('button', { name: 'Menü' })
    const nav = page.getByRole('navigation', { name: 'Ürünler' })
    await hydrated(page)
    expect(await button.getAttribute('aria-expanded')).toBe('false')
    expect(await nav.isVisible()).toBe(false)
    expect(await page.getByRole('combobox', { name: 'Dil' }).isVisible()).toBe(false)

    await button.focus()
    await page.keyboard.press('Enter')
    expect(await button.getAttribute('aria-expanded')).toBe('true')
    expect(await nav.isVisible()).toBe(true)
    expect(await page.getByRole('combobox', { name: 'Dil' }).isVisible()).toBe(true)
    await page.keyboard.press('Tab')
    await page.keyboard.press('Escape')
    expect(await button.getAttribute('aria-expanded')).toBe('false')
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-expanded'))).toBe('false')
    expect((await page.locator('header').boundingBox())!.height).toBeLessThanOrEqual(72)

    // a tap elsewhere closes an open product menu, and the menu itself
    await button.click()
    await nav.getByText('Birikim', { exact: true }).click()
    const menu = page.locator('header details').first()
    expect(await menu.getAttribute('open')).not.toBeNull()
    await page.getByRole('heading', { level: 1 }).click()
    expect(await menu.getAttribute('open')).toBeNull()
    expect(await button.getAttribute('aria-expanded')).toBe('false')
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    await page.close()
  })
})
