import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { catalogPart } from '../../scripts/catalog-parts.ts'
import { launch, type Browser } from './browser.ts'

describe('sales site frame', () => {
  let b: Browser
  beforeAll(async () => { b = await launch() })
  afterAll(async () => { await b.close() })

  it('renders the home page with header and footer in Turkish', async () => {
    const page = await b.page('/')
    await page.getByRole('heading', { level: 1 }).waitFor()
    expect(await page.getAttribute('html', 'lang')).toBe('tr')
    const header = page.locator('header')
    await expect.poll(() => header.getByRole('link', { name: 'Bireysel Online Şube' }).count()).toBe(1)
    expect(await header.getByRole('link', { name: 'Kurumsal Online Şube' }).count()).toBe(1)
    expect(await header.getByRole('link', { name: /0850 222 0 565/ }).count()).toBe(1)
    expect(await header.getByText('Birikim', { exact: true }).count()).toBe(1)
    const footer = page.locator('footer')
    expect(await footer.getByText('Sürüm 1.1.02').count()).toBe(1)
    for (const social of ['Facebook', 'X', 'Instagram', 'LinkedIn', 'YouTube']) {
      expect(await footer.getByRole('link', { name: new RegExp(`^${social}\\b`) }).count()).toBe(1)
    }
    await page.close()
  })

  it('refreshes the header and footer clocks every second', async () => {
    const page = await b.page('/')
    const clock = page.locator('header time')
    await clock.waitFor()
    const first = await clock.getAttribute('datetime')
    await page.waitForTimeout(1300)
    const second = await clock.getAttribute('datetime')
    expect(second).not.toBe(first)
    expect(await page.locator('footer time').count()).toBe(1)
    await page.close()
  })

  it('switches to English and Russian, and the choice survives a reload', async () => {
    const page = await b.page('/')
    const select = page.getByRole('combobox', { name: 'Dil' })
    await select.selectOption('en')
    await page.getByRole('link', { name: 'Individual Online Branch' }).first().waitFor()
    expect(await page.getAttribute('html', 'lang')).toBe('en')
    await page.reload()
    await page.getByRole('link', { name: 'Individual Online Branch' }).first().waitFor()
    expect(await page.locator('footer').getByText('Version 1.1.02').count()).toBe(1)

    await page.getByRole('combobox', { name: 'Language' }).selectOption('ru')
    await page.getByRole('link', { name: 'Индивидуальный онлайн-офис' }).first().waitFor()
    await page.reload()
    await page.getByRole('link', { name: 'Индивидуальный онлайн-офис' }).first().waitFor()
    expect(await page.getAttribute('html', 'lang')).toBe('ru')
    // labels-only languages are listed but cannot be chosen
    const disabled = await page.locator('select[name=locale] option[disabled]').allTextContents()
    expect(disabled).toEqual(['Deutsch', 'Español', 'Español (México)', 'Français'])
    await page.getByRole('combobox', { name: 'Язык' }).selectOption('tr')
    await page.getByRole('link', { name: 'Bireysel Online Şube' }).first().waitFor()
    await page.close()
  })

  it('a page of another area has its texts when reached by a link and after a language switch (catalog parts, issue 23)', async () => {
    const page = await b.page('/')
    await page.getByRole('combobox', { name: 'Dil' }).selectOption('en')
    await page.getByRole('tab', { name: 'Frequently Asked Questions' }).waitFor()
    // the plan's buy link: the purchase page in English, its texts in the purchase flows' part
    await page.locator('a[href="/urunler/market/tss"]:visible').first().click()
    await page.getByRole('button', { name: 'Get a Quote' }).waitFor()
    expect(await page.title()).toContain('Buy Complementary Health Insurance')
    await page.getByRole('combobox', { name: 'Language' }).selectOption('ru')
    await page.getByRole('button', { name: 'Получить предложение' }).waitFor()
    // back to the landing page, in Russian: its own part, in the language chosen after it was left
    await page.goBack()
    await page.getByRole('tab', { name: 'Частые вопросы' }).waitFor()
    // no message id (a 6-character hash) shown instead of its text anywhere on the page
    const ids = new Set((await Promise.all((['site', 'landing', 'sales'] as const).map((part) => catalogPart('ru', part)))).flatMap((m) => Object.keys(m)))
    expect((await page.locator('body').innerText()).split(/\s+/).filter((w) => ids.has(w))).toEqual([])
    await page.getByRole('combobox', { name: 'Язык' }).selectOption('tr')
    await page.close()
  })

  it('loads the payment form\'s code on the first sign of intent, not with the page', async () => {
    const page = await b.context.newPage()
    const scripts: string[] = []
    page.on('request', (r) => { if (r.resourceType() === 'script') scripts.push(r.url()) })
    await page.goto('/')
    await page.getByRole('heading', { level: 1 }).waitFor()
    await page.waitForLoadState('networkidle')
    expect(await page.getByTestId('payment-form').count()).toBe(0)
    const before = scripts.length
    // a keyboard user reaches the button: focus alone is intent
    await page.getByRole('button', { name: 'Ödeme test formunu aç' }).focus()
    await page.getByTestId('payment-form').waitFor()
    expect(scripts.length).toBeGreaterThan(before)
    expect(scripts.slice(before).some((u) => /PaymentTestForm/.test(u))).toBe(true)
    await page.close()
  })

  it('sends an unknown path to the individual-pension page (server redirect)', async () => {
    const page = await b.context.newPage()
    const response = await page.goto('/bilinmeyen/sayfa?x=1')
    expect(new URL(page.url()).pathname).toBe('/urunler/birikim/bireysel-emeklilik')
    expect(response?.status()).toBe(200)
    await page.getByRole('heading', { level: 1, name: 'Bireysel Emeklilik Sistemi (BES)' }).waitFor()
    await page.close()
  })

  it('sends a path the guard lets through but this build has no screen for to the same page (client redirect)', async () => {
    const page = await b.page('/result/success/extra')
    await page.waitForURL('**/urunler/birikim/bireysel-emeklilik')
    await page.getByRole('heading', { level: 1, name: 'Bireysel Emeklilik Sistemi (BES)' }).waitFor()
    await page.close()
  })
})

describe('error catalogue toasts', () => {
  let b: Browser
  beforeAll(async () => { b = await launch() })
  afterAll(async () => { await b.close() })

  it.each([
    ['a network failure', 'abort', 'Servise erişim sağlanamadı, internet erişiminizi kontrol ediniz'],
    ['a 404 without a body', 404, 'Teknik Hata(404): Servis Çağrısı Yapılamadı!'],
    ['a 502 from a proxy', 502, 'Sistemsel hata oluştu, lütfen daha sonra tekrar deneyiniz'],
  ] as const)('shows the catalogue text for %s', async (_name, failure, text) => {
    const page = await b.context.newPage()
    await page.route('**/api/v1/client/info', (route) =>
      failure === 'abort' ? route.abort('internetdisconnected') : route.fulfill({ status: failure, contentType: 'text/html', body: '<h1>x</h1>' }))
    await page.goto('/')
    const toast = page.getByRole('status').filter({ hasText: text })
    await toast.waitFor({ timeout: 10_000 })
    expect(await toast.count()).toBe(1)
    await page.close()
  })

  it('shows the server\'s own localized message when it sends one', async () => {
    const page = await b.context.newPage()
    await page.route('**/api/v1/client/info', (route) =>
      route.fulfill({ status: 429, contentType: 'application/json', body: JSON.stringify({ code: 'RATE_LIMITED', message: 'Çok fazla istek gönderildi, lütfen biraz bekleyiniz' }) }))
    await page.goto('/')
    await page.getByRole('status').filter({ hasText: 'Çok fazla istek gönderildi, lütfen biraz bekleyiniz' }).waitFor({ timeout: 10_000 })
    await page.close()
  })
})
