import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launch, type Browser } from './browser.ts'

describe('health insurance quick quote (/urunler/market/tsshizliteklif)', () => {
  let b: Browser
  beforeAll(async () => { b = await launch() })
  afterAll(async () => { await b.close() })

  it('asks for the three answers, refuses an age outside the window, and prices 8, 10 and 12 visits', async () => {
    const page = await b.page('/urunler/market/tsshizliteklif')
    await page.getByRole('heading', { name: 'Tamamlayıcı Sağlık Sigortası hızlı teklif' }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/urunler/market/tsshizliteklif')
    // the provinces come from the lookup service
    await expect.poll(() => page.locator('select[name=citycode] option').count()).toBe(82)
    await page.getByRole('button', { name: 'Teklif Al' }).click()
    await expect.poll(() => page.getByRole('alert').allTextContents()).toEqual(['Değer seçmelisiniz', 'Değer seçmelisiniz', 'Değer girmelisiniz'])

    await page.getByLabel('Erkek').check()
    await page.getByLabel('İl').selectOption('34')
    await page.getByLabel('Doğum tarihi').fill('1950-01-01')
    await page.getByRole('button', { name: 'Teklif Al' }).click()
    await page.getByText('Tamamlayıcı sağlık sigortası 15 günlükten 69 yaşına kadar yaptırılabilir').waitFor()

    await page.getByLabel('Doğum tarihi').fill('1996-01-15')
    await page.getByRole('button', { name: 'Teklif Al' }).click()
    const options = page.locator('li', { has: page.getByRole('link', { name: 'Satın Al' }) })
    await expect.poll(() => options.count()).toBe(4)
    // a 30-year-old man in İstanbul (docs/decisions/tariff.md): 7,920 / 12,276 / 13,068 / 13,860 TRY a year
    const prices = (await options.locator('p').allTextContents()).filter((t) => t.includes('/ yıl'))
    expect(prices.map((t) => t.replace(/\D/g, ''))).toEqual(['7920', '12276', '13068', '13860'])
    expect(await options.nth(2).getByRole('heading').textContent()).toBe('Yatarak + yılda 10 ayakta tedavi')
    const href = await options.nth(2).getByRole('link', { name: 'Satın Al' }).getAttribute('href')
    expect(href).toBe('/urunler/market/tss?gender=male&citycode=34&birthdate=1996-01-15&visits=10')
    expect(await page.getByRole('heading', { name: 'Neler teminat dışında?' }).count()).toBe(1)
    await page.close()
  })

  it('speaks English after the switch', async () => {
    const page = await b.page('/urunler/market/tsshizliteklif')
    await page.getByRole('combobox', { name: 'Dil' }).selectOption('en')
    await page.getByRole('heading', { name: 'Complementary Health Insurance quick quote' }).waitFor()
    await page.getByLabel('Female').check()
    await page.getByLabel('Province').selectOption('35')
    await page.getByLabel('Date of birth').fill('2000-06-01')
    await page.getByRole('button', { name: 'Get a Quote' }).click()
    await page.getByText('Birth cover can be added optionally (with a 10-month waiting period).').waitFor()
    await page.getByRole('combobox', { name: 'Language' }).selectOption('tr')
    await page.close()
  })
})

describe('travel health quick quote (/urunler/market/seyahatsaglikhizliteklif)', () => {
  let b: Browser
  beforeAll(async () => { b = await launch() })
  afterAll(async () => { await b.close() })

  const iso = (d: Date) => d.toISOString().slice(0, 10)
  const inDays = (n: number) => iso(new Date(Date.now() + n * 86_400_000))

  it('prices a week in Schengen, says it meets the visa minimum, and refuses a return before departure', async () => {
    const page = await b.page('/urunler/market/seyahatsaglikhizliteklif')
    await page.getByRole('heading', { name: 'Seyahat Sağlık Sigortası hızlı teklif' }).waitFor()
    await page.getByLabel('Doğum tarihi').fill('1996-01-15')
    await page.getByLabel('Kadın').check()
    await page.getByLabel('Gidiş tarihi').fill(inDays(10))
    await page.getByLabel('Dönüş tarihi').fill(inDays(5))
    await page.getByRole('button', { name: 'Teklif Al' }).click()
    await page.getByText('Dönüş tarihi gidiş tarihinden önce olamaz').waitFor()
    await page.getByLabel('Dönüş tarihi').fill(inDays(16))
    await page.getByRole('button', { name: 'Teklif Al' }).click()
    await page.getByRole('heading', { name: 'Poliçe fiyatınız' }).waitFor()
    // 7 days, Schengen, standard, age 30 (docs/decisions/tariff.md): 450 TRY
    expect((await page.locator('section p').first().textContent())!.replace(/\D/g, '')).toBe('450')
    expect(await page.getByText('Schengen vizesi için gereken en az €30.000 teminatı karşılar.').count()).toBe(1)
    expect(await page.getByText(/^7 günlük seyahat/).count()).toBe(1)
    const href = await page.getByRole('link', { name: 'Satın Al' }).getAttribute('href')
    expect(href).toContain('/urunler/market/seyahatsaglik?')
    await page.getByLabel('Gidilecek bölge').selectOption('worldwide')
    await page.getByLabel('Covid-19 teminatı eklensin').check()
    await page.getByRole('button', { name: 'Teklif Al' }).click()
    // 450 x 2.6 x 1.15 = 1,345.5
    await expect.poll(async () => (await page.locator('section p').first().textContent())!.replace(/\D/g, '')).toBe('1346')
    expect(await page.getByText('Schengen vizesi için gereken en az €30.000 teminatı karşılar.').count()).toBe(0)
    await page.close()
  })
})
