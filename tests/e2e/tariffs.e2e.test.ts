import { readFile } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tariffCsvText } from '../../src/domain/tariff-csv.ts'
import { SEED_TARIFF, type TariffFigures } from '../../src/domain/tariff-version.ts'
import { TEST_ADMIN } from '../support/constants.ts'
import { launch, type Browser } from './browser.ts'
import { startE2eServer, type E2eServer } from './server.ts'
import { seriousViolations, serveAxe, signIn } from './staff.ts'

/**
 * Issue 24 "Tariffs and funds are data" in Chromium: the staff page "Ürünler ve tarifeler" shows
 * the versions, who loaded them and their figures; a superadmin loads a new version from a CSV
 * file (a file with bad rows is refused row by row, nothing loaded); a ROLE_ADMIN reads without the
 * upload; the public pages say the figures are illustrative and price with the version in force.
 */
/** Version 2: short trips 50 TL cheaper, and the Plus level's medical cover raised from €50,000 to €60,000. */
function cheaperTravel(): TariffFigures {
  return {
    ...SEED_TARIFF,
    travel: { ...SEED_TARIFF.travel, lengthBands: SEED_TARIFF.travel.lengthBands.map((b) => ({ ...b, baseTry: b.baseTry - 50 })), coverEur: { ...SEED_TARIFF.travel.coverEur, plus: 60_000 } },
  }
}
/** Today in Istanbul, as the server's clock sees it (the e2e server runs on the real clock). */
function istanbulToday(): string {
  return new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Istanbul', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date())
}

describe('"Ürünler ve tarifeler" (issue 24), real server, Chromium', () => {
  let server: E2eServer
  let browser: Browser
  beforeAll(async () => {
    server = await startE2eServer('tariffs')
    browser = await launch({ baseUrl: server.url })
  }, 120_000)
  afterAll(async () => {
    await browser?.close()
    await server?.stop()
  })

  it('a superadmin reads version 1, is told which rows of a bad file are wrong, and loads a new version in force today', async () => {
    await browser.context.clearCookies()
    const page = await browser.context.newPage()
    await serveAxe(page)
    await signIn(page, TEST_ADMIN.username, TEST_ADMIN.password)
    await page.waitForURL((u) => !u.pathname.startsWith('/auth/'))
    await page.goto('/navbar/settings/global-settings')
    await page.getByRole('link', { name: /Ürünler ve tarifeler/ }).click()
    await page.waitForURL('**/navbar/settings/tariffs')
    await page.getByRole('heading', { level: 1, name: 'Ürünler ve tarifeler' }).waitFor()
    await page.getByText('Bu demodaki rakamlar örnek amaçlıdır; gerçek bir tarife değildir.', { exact: false }).waitFor()
    const versions = page.locator('table').filter({ has: page.locator('caption', { hasText: 'Tarife sürümleri' }) }).locator('tbody tr')
    await expect.poll(() => versions.count(), { timeout: 15_000 }).toBe(1)
    const v1 = await versions.nth(0).textContent()
    expect(v1).toContain('Yürürlükte')
    expect(v1).toContain('Sistem (ilk kurulum)')
    expect(v1).toContain('1 Ocak 2000')
    // the figures of the version in force, in words
    await page.getByRole('heading', { name: 'Sürüm 1 rakamları' }).waitFor()
    const figures = page.locator('table').filter({ has: page.locator('caption', { hasText: 'Tüm rakamlar' }) })
    const band = await figures.locator('tr', { hasText: '30-39' }).first().textContent()
    expect(band).toContain('TSS yatarak tedavi yıllık primi (yaş aralığı, TL)')
    expect(band).toContain('6600')
    expect(await figures.locator('tr', { hasText: 'KEA' }).textContent()).toContain('Katılım Emeklilik Altın Katılım Emeklilik Yatırım Fonu')
    await page.getByText('İlk sürüm: ürünlerin kurulumdaki rakamları.').waitFor()
    expect(await seriousViolations(page)).toEqual([])

    // a file with a bad row: nothing loads, the row and column are named
    const good = tariffCsvText(cheaperTravel())
    const bad = good.replace('travel.length,1-7,400,', 'travel.length,1-7,dört yüz,')
    const badRow = good.split('\r\n').findIndex((l) => l.startsWith('travel.length,1-7,')) + 1
    await page.getByLabel('Yürürlük tarihi').fill(istanbulToday())
    await page.getByLabel('Tarife dosyası (CSV)').setInputFiles({ name: 'seyahat.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) })
    await page.getByText('Seçilen dosya: seyahat.csv').waitFor()
    const refused = page.waitForRequest((r) => r.url().endsWith('/api/v1/tariff') && r.method() === 'POST')
    await page.getByRole('button', { name: 'Kaydet' }).click()
    const sent = JSON.parse((await refused).postData() ?? '{}') as Record<string, string>
    expect(sent).toMatchObject({ effectiveFrom: istanbulToday(), fileName: 'seyahat.csv', csv: bad })
    await page.getByText('Dosya yüklenmedi. Düzeltilmesi gerekenler:').waitFor()
    await page.getByText(`Satır ${badRow}, değer (value) sütunu: bir sayı olmalıdır`).waitFor()
    expect(await versions.count()).toBe(1)

    // the corrected file, with a note: version 2, in force today, listed with who loaded it
    await page.getByLabel('Tarife dosyası (CSV)').setInputFiles({ name: 'seyahat.csv', mimeType: 'text/csv', buffer: Buffer.from(good) })
    await page.getByLabel('Not (isteğe bağlı)').fill('Kısa seyahatler 50 TL ucuz')
    await page.getByRole('button', { name: 'Kaydet' }).click()
    await expect.poll(() => versions.count(), { timeout: 15_000 }).toBe(2)
    const v2 = await versions.nth(0).textContent()
    expect(v2).toContain('Yürürlükte')
    expect(v2).toContain(TEST_ADMIN.username)
    expect(v2).toContain('seyahat.csv — Kısa seyahatler 50 TL ucuz')
    expect(await versions.nth(1).textContent()).toContain('Yerini yenisine bıraktı')
    await page.getByRole('heading', { name: 'Sürüm 2 rakamları' }).waitFor()
    const changes = page.locator('table').filter({ has: page.locator('caption', { hasText: 'Sürüm 1 sürümüne göre değişenler' }) }).locator('tbody tr')
    expect(await changes.count()).toBe(SEED_TARIFF.travel.lengthBands.length + 1)
    expect(await changes.filter({ hasText: 'Seyahat sağlık temel primi (gün aralığı, TL)' }).count()).toBe(SEED_TARIFF.travel.lengthBands.length)
    expect(await changes.filter({ hasText: 'Seyahat tedavi teminatı (EUR)' }).count()).toBe(1)

    // its CSV downloads as the file that was loaded
    const download = page.waitForEvent('download')
    await page.getByRole('button', { name: 'CSV indir (sürüm 2)' }).click()
    const file = await download
    expect(file.suggestedFilename()).toBe('tarife-v2.csv')
    const csv = (await readFile((await file.path())!, 'utf8')).replace(/^\uFEFF/, '')
    expect(csv.split('\r\n')).toContain('"travel.length","1-7","400",""')
    await page.close()
  })

  it('a ROLE_ADMIN reads the versions without the upload', async () => {
    await browser.context.clearCookies()
    const page = await browser.context.newPage()
    await signIn(page, 'ayse.yilmaz')
    await page.waitForURL((u) => !u.pathname.startsWith('/auth/'))
    await page.goto('/navbar/settings/tariffs')
    await page.getByRole('heading', { level: 1, name: 'Ürünler ve tarifeler' }).waitFor()
    await page.getByRole('heading', { name: /Sürüm \d rakamları/ }).waitFor()
    expect(await page.getByRole('heading', { name: 'Yeni sürüm yükle' }).count()).toBe(0)
    expect(await page.getByLabel('Tarife dosyası (CSV)').count()).toBe(0)
    await page.close()
  })

  it('the public pages say the figures are illustrative (tr, en) and are served with the version in force', async () => {
    const page = await browser.context.newPage()
    await page.goto('/')
    await page.getByTestId('illustrative-figures').waitFor()
    expect(await page.getByTestId('illustrative-figures').textContent()).toBe('Bu site bir demodur: gösterilen primler, tarifeler ve emeklilik fonları örnek amaçlıdır; gerçek bir teklif, tarife veya yatırım tavsiyesi değildir.')
    const config = JSON.parse(await page.locator('#app-config').textContent() ?? '{}') as { tariff?: { version: number; figures: TariffFigures } }
    // the first test loaded version 2 (cheaper short trips), in force today
    expect(config.tariff?.version).toBe(2)
    expect(config.tariff?.figures.travel.lengthBands[0]).toEqual({ from: 1, to: 7, baseTry: 400 })
    await page.close()
    // the travel pages' prerendered cover choice (built with version 1) shows version 2's cover before
    // any JavaScript runs, in the HTML as served, and the hydrated page renders the same text
    for (const path of ['/urunler/market/seyahatsaglikhizliteklif', '/urunler/market/seyahatsaglik']) {
      const served = await (await browser.context.request.get(path)).text()
      expect(served).toContain('<option value="plus">Plus: €60.000</option>')
      expect(served).not.toContain('€50.000')
      expect(served).toContain('<option value="standard" selected="">Standart: €30.000</option>')
    }
    const quick = await browser.context.newPage()
    const errors: string[] = []
    quick.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()) })
    quick.on('pageerror', (e) => errors.push(e.message))
    await quick.goto('/urunler/market/seyahatsaglikhizliteklif')
    // hydrated: React holds the root; then the text it rendered is the served one, with no mismatch
    await quick.waitForFunction(() => Object.keys(document.getElementById('root') ?? {}).some((k) => k.startsWith('__reactContainer')))
    await quick.waitForLoadState('networkidle')
    expect(await quick.locator('select[name=coverageType] option[value=plus]').textContent()).toBe('Plus: €60.000')
    expect(errors.filter((e) => /hydrat|did not match|Minified React error|#418|#423|#425/i.test(e))).toEqual([])
    await quick.close()
    // the header's language choice: English, then Russian
    const other = await browser.context.newPage()
    await other.goto('/')
    for (const [lang, text] of [
      ['en', 'This site is a demo: the premiums, tariffs and pension funds shown are illustrative; they are not a real offer, tariff or investment advice.'],
      ['ru', 'Этот сайт является демонстрацией: указанные премии, тарифы и пенсионные фонды приведены для примера и не являются реальным предложением, тарифом или инвестиционной рекомендацией.'],
    ] as const) {
      await other.getByRole('combobox', { name: lang === 'en' ? 'Dil' : 'Language' }).selectOption(lang)
      await expect.poll(() => other.getByTestId('illustrative-figures').textContent()).toBe(text)
    }
    await other.close()
  })
})
