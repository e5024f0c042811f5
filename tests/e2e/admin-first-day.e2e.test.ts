import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { launch, type Browser } from './browser.ts'
import { startE2eServer, type E2eServer } from './server.ts'
import { signIn as submitSignIn } from './staff.ts'

/** Issue 25 in Chromium: the administrator's first day on the seeded demo data. */
async function signIn(page: Page, username: string) {
  await submitSignIn(page, username)
  await page.waitForURL((u) => !u.pathname.startsWith('/auth/'))
}
const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name }).waitFor()

describe('the administrator\'s first day (issue 25), real server, Chromium', () => {
  let server: E2eServer
  let browser: Browser
  beforeAll(async () => {
    server = await startE2eServer('admin-first-day')
    browser = await launch({ baseUrl: server.url })
  }, 120_000)
  afterAll(async () => {
    await browser?.close()
    await server?.stop()
  })

  it('item 1: the seeded company and a seeded user are edited as they are; the missing fields are named once at the top', async () => {
    const page = await browser.context.newPage()
    await signIn(page, 'ayse.yilmaz')
    await page.goto('/navbar/settings/company/general')
    await heading(page, 'Genel')
    const f = page.getByRole('form', { name: 'Şirket bilgileri' })
    await f.locator('input[name=name]').waitFor()
    await f.getByText('Bu kayıtta henüz doldurulmamış zorunlu alanlar var: Telefon, Vergi kimlik numarası (VKN), Şirket büyüklüğü ve Sektör (NACE).').waitFor()
    await f.locator('input[name=name]').fill('Katılım Emeklilik İlk Gün A.Ş.')
    const sent = page.waitForRequest((r) => r.method() === 'PUT' && /\/company\/[0-9a-f-]{36}$/.test(r.url()))
    await f.getByRole('button', { name: 'Kaydet' }).click()
    expect((await sent).postDataJSON()).toMatchObject({ name: 'Katılım Emeklilik İlk Gün A.Ş.', phone: null, taxNumber: null, size: null, sector: null })
    await f.getByText('Değişiklikler kaydedildi.').waitFor()
    expect(await f.getByText(/alan var/).count()).toBe(1) // the notice, no "N alan var" error
    // a filled field leaves the notice
    await f.locator('input[name=phone]').fill('0212 555 12 34')
    await f.getByText('Bu kayıtta henüz doldurulmamış zorunlu alanlar var: Vergi kimlik numarası (VKN), Şirket büyüklüğü ve Sektör (NACE).').waitFor()

    await page.goto('/navbar/settings/users')
    await page.getByRole('link', { name: /Mehmet Demir/ }).first().click()
    const u = page.getByRole('form', { name: 'Kullanıcı bilgileri' })
    await u.locator('input[name=firstName]').waitFor()
    await u.getByText(/^Bu kayıtta henüz doldurulmamış zorunlu alanlar var: Cinsiyet, Ülke, Cep telefonu, Doğum tarihi, Unvan ve Çalışma yeri\./).waitFor()
    await u.locator('input[name=firstName]').fill('Mehmet Ali')
    await u.getByRole('button', { name: 'Kaydet' }).click()
    await u.getByText('Değişiklikler kaydedildi.').waitFor()
    expect(await u.getByText('Formda düzeltilmesi gereken').count()).toBe(0)
    await page.reload()
    await u.locator('input[name=firstName]').waitFor()
    expect(await u.locator('input[name=firstName]').inputValue()).toBe('Mehmet Ali')
    await page.close()
  })
})
