import { readFileSync } from 'node:fs'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launch, type Browser } from './browser.ts'

const SECTIONS = ['Nedir?', 'Avantajlar', 'Planlar', 'Yardımcı Olalım', 'İşlemlerinizi Tamamlayalım', 'Fonlar', 'Sıkça Sorulan Sorular', 'Formlar', 'Blog']
const TURKISH = /[ğĞışŞİçÇöÖüÜ]/
// proper names (the brand, the company's legal form) and the language selector's own labels
// (and the company's registered address in the footer)
const ALLOWED = [/Katılım/g, /Türkiye/g, /Türkçe/g, /A\.Ş\./g, /Français/g, /Esentepe Mah\. Büyükdere Cad\. No: 199, 34394 Şişli\/İstanbul/g]

const sections = (page: Page) => page.getByRole('tablist', { name: 'Bölümler' })
const tab = (page: Page, name: string) => sections(page).getByRole('tab', { name, exact: true })

/**
 * A tap on a tab selects it. On a busy machine a tap right after the page went live is sometimes
 * lost (the page's code-split part still hydrating; the root cause is not found yet, see the
 * closing note of 2026-11-27): a person taps again, and so does this, at most twice more.
 */
async function openSection(page: Page, name: string) {
  for (let tap = 0; tap < 2; tap++) {
    await tab(page, name).click()
    const selected = await expect.poll(() => tab(page, name).getAttribute('aria-selected'), { timeout: 3_000 }).toBe('true').then(() => true, () => false)
    if (selected) return
  }
  await tab(page, name).click()
  await expect.poll(() => tab(page, name).getAttribute('aria-selected')).toBe('true')
}

describe('landing page', () => {
  let b: Browser
  beforeAll(async () => { b = await launch() })
  afterAll(async () => { await b.close() })

  it('arrives prerendered: the raw HTML carries the content before any JavaScript runs', async () => {
    for (const [path, h1] of [['/', 'Katılım esaslı Bireysel Emeklilik'], ['/urunler/birikim/bireysel-emeklilik', 'Bireysel Emeklilik Sistemi (BES)']]) {
      const res = await fetch(b.baseUrl + path)
      expect(res.headers.get('content-type')).toMatch(/text\/html/)
      const html = await res.text()
      expect(html).toContain('data-prerendered="tr"')
      expect(html).toContain(h1)
      for (const text of ['Sıkça Sorulan Sorular', 'Aylık ₺2.235', 'Katkı payı hesaplayıcı', 'Emeklilik Talep Formu', 'Sürüm 1.1.02']) expect(html, text).toContain(text)
      expect(html).toContain('id="app-config"')
    }
  })

  it('hydrates without errors and never loads the admin area', async () => {
    const manifest = JSON.parse(readFileSync('dist/client/.vite/manifest.json', 'utf8')) as Record<string, { file: string }>
    const admin = Object.entries(manifest)
      .filter(([k]) => /^src\/web\/(routes\/(auth|navbar|inbox)|views\/(auth|staff|admin)|flows\/(session|profile|audit))/.test(k))
      .map(([, c]) => c.file)
    expect(admin.length).toBeGreaterThan(0)
    const page = await b.context.newPage()
    const errors: string[] = []
    const scripts: string[] = []
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()) })
    page.on('pageerror', (e) => errors.push(e.message))
    page.on('request', (r) => scripts.push(new URL(r.url()).pathname))
    await page.goto('/')
    await openSection(page, 'Avantajlar') // a click that works means React is live
    await page.waitForLoadState('networkidle')
    expect(errors.filter((e) => /hydrat|did not match|Minified React error/i.test(e))).toEqual([])
    expect(scripts.filter((s) => admin.some((f) => s.endsWith(f)))).toEqual([])
    await page.close()
  })

  it('loads no statechart code before the visitor shows intent (xstate comes with the card form or the staff area)', async () => {
    const page = await b.context.newPage()
    const bodies: Promise<string>[] = []
    page.on('response', (r) => { if (r.url().endsWith('.js')) bodies.push(r.text().catch(() => '')) })
    await page.goto('/')
    await page.waitForLoadState('networkidle')
    await page.waitForTimeout(500)
    const texts = await Promise.all(bodies)
    expect(texts.length).toBeGreaterThan(0)
    // a literal of xstate's own code: no script of the first load may carry it
    expect(texts.filter((t) => t.includes('xstate.done.actor')).length).toBe(0)
    await page.close()
  })

  it('keeps the landing sections\' prerendered markup and loads their code and texts only on intent (issue 23 goal 2)', async () => {
    const manifest = JSON.parse(readFileSync('dist/client/.vite/manifest.json', 'utf8')) as Record<string, { file: string }>
    const deferred = [manifest['src/web/components/landing/LandingSections.tsx']?.file, manifest['virtual:catalog/tr/sections']?.file]
    expect(deferred.every(Boolean), 'the sections and their texts are chunks of their own').toBe(true)
    const page = await b.context.newPage()
    const errors: string[] = []
    const fetched: string[] = []
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()) })
    page.on('pageerror', (e) => errors.push(e.message))
    page.on('request', (r) => fetched.push(new URL(r.url()).pathname))
    await page.goto('/')
    await page.waitForLoadState('networkidle')
    await page.waitForTimeout(500)
    for (const file of deferred) expect(fetched.filter((f) => f.endsWith(file!)), `${file} before intent`).toEqual([])
    // their markup is the prerendered one
    // the prerendered element is marked: hydrated in place, it is the same element afterwards
    await tab(page, 'Avantajlar').evaluate((el) => { (el as HTMLElement & { prerendered?: boolean }).prerendered = true })
    expect(await tab(page, 'Nedir?').getAttribute('aria-selected')).toBe('true')
    expect(await page.getByText('Aylık ₺2.235').count()).toBeGreaterThan(0)
    // the first sign of intent: both are fetched, and the sections work
    await page.mouse.move(50, 50)
    await expect.poll(() => deferred.every((file) => fetched.some((f) => f.endsWith(file!))), { timeout: 20_000 }).toBe(true)
    await page.waitForTimeout(1000)
    expect(await tab(page, 'Avantajlar').evaluate((el) => (el as HTMLElement & { prerendered?: boolean }).prerendered), 'hydrated in place').toBe(true)
    await openSection(page, 'Avantajlar')
    expect(await tab(page, 'Nedir?').getAttribute('aria-selected')).toBe('false')
    expect(errors.filter((e) => /hydrat|did not match|Minified React error/i.test(e))).toEqual([])
    await page.close()
  })

  it('switches section tabs by mouse and keyboard (arrows, Home, End)', async () => {
    const page = await b.page('/')
    expect(await sections(page).getByRole('tab').allTextContents()).toEqual(SECTIONS)
    await openSection(page, 'Fonlar')
    const panel = page.getByRole('tabpanel', { name: 'Fonlar' })
    expect(await panel.isVisible()).toBe(true)
    expect(await panel.getByRole('heading', { level: 2 }).textContent()).toBe('Katılım emeklilik yatırım fonları')

    await tab(page, 'Fonlar').focus()
    await page.keyboard.press('ArrowRight')
    await expect.poll(() => tab(page, 'Sıkça Sorulan Sorular').getAttribute('aria-selected')).toBe('true')
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Sıkça Sorulan Sorular')
    await page.keyboard.press('End')
    await expect.poll(() => tab(page, 'Blog').getAttribute('aria-selected')).toBe('true')
    await page.keyboard.press('ArrowRight') // wraps
    await expect.poll(() => tab(page, 'Nedir?').getAttribute('aria-selected')).toBe('true')
    await page.keyboard.press('ArrowLeft')
    await expect.poll(() => tab(page, 'Blog').getAttribute('aria-selected')).toBe('true')
    await page.keyboard.press('Home')
    await expect.poll(() => tab(page, 'Nedir?').getAttribute('aria-selected')).toBe('true')
    expect(await page.getByRole('tabpanel', { name: 'Fonlar' }).count()).toBe(0) // hidden again
    expect(await sections(page).locator('[tabindex="0"]').count()).toBe(1)

    // FAQ: a native accordion
    await openSection(page, 'Sıkça Sorulan Sorular')
    const item = page.locator('details').filter({ hasText: 'Ne zaman emekli olabilirim?' })
    await item.locator('summary').click()
    expect(await item.getAttribute('open')).toBe('')
    expect(await item.getByText(/en az 10 yıl kalıp 56 yaşını/).isVisible()).toBe(true)
    await page.close()
  })

  it('sends every plan where the spec says, and the buy button navigates', async () => {
    const page = await b.page('/')
    await openSection(page, 'Planlar')
    const plans = page.getByRole('tabpanel', { name: 'Planlar' })
    const href = (name: string) => plans.getByRole('link', { name, exact: true }).getAttribute('href')
    expect(await href('Erken BES: Satın Al')).toBe('/urunler/market/erkenbes')
    expect(await href('Pratik BES: Satın Al')).toBe('/urunler/market/pratikbes')
    expect(await href('Tamamlayıcı Sağlık Sigortası: Satın Al')).toBe('/urunler/market/tss')
    expect(await href('Seyahat Sağlık Sigortası: Satın Al')).toBe('/urunler/market/seyahatsaglik')
    expect(await href('Uygun Emeklilik Planı: Başvur')).toBe('/basvurunuzu-alalim?form=uygun-emeklilik-plani')
    expect(await href('Güzel Emeklilik Planı: Plan detayları')).toBe('/urunler/birikim/bireysel-emeklilik/planlar/guzel-emeklilik-plani')
    expect(await plans.getByText('Aylık ₺100').count()).toBe(1)
    expect(await plans.getByText('Yılda 10 ayakta tedavi').count()).toBe(1)

    // the corporate tab
    await plans.getByRole('tab', { name: 'Kurumsal' }).click()
    expect(await href('Özel Grup Emeklilik Planı: Başvur')).toBe('/basvurunuzu-alalim?form=ozel-grup-emeklilik-plani')
    expect(await href('Değerli Grup Sağlık Planı: Plan detayları')).toBe('/urunler/birikim/bireysel-emeklilik/planlar/degerli-grup-saglik-plani')
    for (const text of ['Aylık ₺940', 'Aylık ₺155', 'Aylık ₺465', 'Yılda 8 ayakta tedavi', 'Yılda 12 ayakta tedavi']) {
      expect(await plans.getByText(text).count(), text).toBe(1)
    }

    await plans.getByRole('tab', { name: 'Bireysel' }).click()
    const navigation = page.waitForRequest((r) => r.isNavigationRequest() && new URL(r.url()).pathname === '/urunler/market/pratikbes')
    await plans.getByRole('link', { name: 'Pratik BES: Satın Al' }).click()
    await navigation
    await page.close()
  })

  it('calculates the projection with the stated assumptions', async () => {
    const page = await b.page('/')
    await openSection(page, 'Yardımcı Olalım')
    await page.getByLabel('Aylık katkı payı (TL)').fill('1000')
    await page.getByLabel('Sistemde kalacağınız süre (yıl)').fill('10')
    await page.getByLabel('Varsayılan yıllık reel getiri (%)').fill('0')
    // the calculator's output: the card form (loaded on the first click, issue 10 item 22) has its own
    const out = page.getByRole('region', { name: 'Katkı payı hesaplayıcı' }).locator('output')
    await expect.poll(() => out.textContent()).toContain('₺150.000')
    expect(await out.textContent()).toContain('%20')
    expect(await page.getByText(/yasal yıllık üst sınırı bu hesaplamada uygulanmamıştır/).isVisible()).toBe(true)
    expect(await page.getByRole('link', { name: 'Birikim hesaplama aracı' }).getAttribute('href')).toBe('/yardimci-olalim/hesaplama-araclari/birikim-hesaplama')
    await page.close()
  })

  it('opens a form PDF in a new tab, served as application/pdf', async () => {
    const page = await b.page('/')
    await openSection(page, 'Formlar')
    const forms = page.getByRole('tabpanel', { name: 'Formlar' })
    const links = forms.locator('[role=tabpanel]:not([hidden]) a[href$=".pdf"]')
    expect(await links.count()).toBe(3) // the first tab: request forms
    for (const name of ['Talep Formları', 'Bilgi / Beyan Formları', 'Değişiklik Formları', 'İlgili Dokümanlar']) {
      expect(await forms.getByRole('tab', { name }).count()).toBe(1)
    }
    const link = forms.getByRole('link', { name: /Emeklilik Talep Formu/ })
    expect(await link.getAttribute('target')).toBe('_blank')
    const popup = b.context.waitForEvent('page')
    await link.click()
    const opened = await popup
    await expect.poll(() => opened.url()).toMatch(/\/forms\/emeklilik-talep-formu\.pdf$/)
    await opened.close()

    const all = await page.locator('a[href^="/forms/"]').evaluateAll((as) => [...new Set(as.map((a) => a.getAttribute('href')!))])
    expect(all.length).toBe(10)
    for (const path of all) {
      const res = await fetch(b.baseUrl + path)
      expect(res.status, path).toBe(200)
      expect(res.headers.get('content-type')).toBe('application/pdf')
      expect(Buffer.from(await res.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-')
    }
    await page.close()
  })

  it('offers the form tabs as a select on a narrow screen (320 px)', async () => {
    const narrow = await launch({ viewport: { width: 320, height: 640 } })
    try {
      const page = await narrow.page('/')
      await openSection(page, 'Formlar')
      const select = page.getByRole('combobox', { name: 'Form türü' })
      expect(await select.isVisible()).toBe(true)
      expect(await page.getByRole('tablist', { name: 'Form türleri' }).isVisible()).toBe(false)
      await select.selectOption('change')
      await page.getByRole('link', { name: /Katkı Payı Değişiklik Formu/ }).waitFor()
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320)
      await page.close()
    } finally {
      await narrow.close()
    }
  })

  it.each([['en', 'Frequently Asked Questions'], ['ru', 'Частые вопросы']] as const)('has no Turkish left in %s except proper names', async (locale, faq) => {
    const page = await b.context.newPage()
    await page.addInitScript((l) => localStorage.setItem('locale', l), locale)
    for (const path of ['/', '/urunler/birikim/bireysel-emeklilik']) {
      await page.goto(path)
      await tab(page, faq).or(page.getByRole('tab', { name: faq })).first().waitFor()
      expect(await page.getAttribute('html', 'lang')).toBe(locale)
      // every panel is in the DOM (inactive ones hidden): check all text, hidden included
      const text = await page.evaluate(() => document.body.textContent ?? '')
      const left = ALLOWED.reduce((s, re) => s.replace(re, ''), text)
      const words = left.split(/\s+/).filter((w) => TURKISH.test(w))
      expect(words, `${locale} ${path}`).toEqual([])
    }
    await page.evaluate(() => localStorage.removeItem('locale'))
    await page.close()
  })
})
