import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { launch, type Browser } from './browser.ts'
import { caughtMail, DEMO_PASSWORD, startE2eServer, type E2eServer } from './server.ts'
import { apiSession, signIn as submitSignIn } from './staff.ts'

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
    // the audit list counts 20 entries exactly, not 10,000 (item 14): its "20+" is reached with a few requests
    server = await startE2eServer('admin-first-day', { AUDIT_COUNT_CAP: '20' })
    browser = await launch({ baseUrl: server.url })
  }, 120_000)
  afterAll(async () => {
    await browser?.close()
    await server?.stop()
  })

  it('item 1: the seeded company and a seeded user are edited as they are; the missing fields are named once at the top', async () => {
    await browser.context.clearCookies()
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
    // the notice stays (the fields are still empty), and no "N alan var" error
    expect(await f.getByText(/zorunlu alanlar var/).count()).toBe(1)
    expect(await f.getByText(/düzeltilmesi gereken/).count()).toBe(0)
    // a filled field leaves the notice
    await f.locator('input[name=phone]').fill('0212 555 12 34')
    await f.getByText('Bu kayıtta henüz doldurulmamış zorunlu alanlar var: Vergi kimlik numarası (VKN), Şirket büyüklüğü ve Sektör (NACE).').waitFor()

    await page.goto('/navbar/settings/users')
    await page.getByRole('link', { name: /Mehmet Demir/ }).first().click()
    const u = page.getByRole('form', { name: 'Kullanıcı bilgileri' })
    await u.locator('input[name=firstName]').waitFor()
    await u.getByText(/^Bu kayıtta henüz doldurulmamış zorunlu alanlar var: Cinsiyet, Ülke, Unvan, Çalışma yeri, Cep telefonu ve Doğum tarihi\./).waitFor()
    await u.locator('input[name=firstName]').fill('Mehmet Ali')
    await u.getByRole('button', { name: 'Kaydet' }).click()
    await u.getByText('Değişiklikler kaydedildi.').waitFor()
    expect(await u.getByText('Formda düzeltilmesi gereken').count()).toBe(0)
    await page.reload()
    await u.locator('input[name=firstName]').waitFor()
    expect(await u.locator('input[name=firstName]').inputValue()).toBe('Mehmet Ali')
    await page.close()
  })

  it('item 12: the time zone is a searchable choice with readable names; /navbar/settings opens the hub; a malformed id is "not found"', async () => {
    await browser.context.clearCookies()
    const page = await browser.context.newPage()
    await signIn(page, 'ayse.yilmaz')
    await page.goto('/navbar/settings/company/preferences')
    const box = page.locator('input[role=combobox][name=timeZone]')
    await box.waitFor()
    expect(await box.inputValue()).toMatch(/^Istanbul · Türkiye( Standart)? Saati \(UTC\+03:00\) · Europe\/Istanbul$/)
    await box.fill('berlin')
    await page.getByRole('option', { name: /^Berlin · .*\(UTC\+0[12]:00\) · Europe\/Berlin$/ }).click()
    expect(await box.getAttribute('data-value')).toBe('Europe/Berlin')

    await page.goto('/navbar/settings')
    await page.waitForURL('**/navbar/settings/global-settings')
    await heading(page, 'Şirket Ayarları')
    for (const path of ['/navbar/settings/users/abc', '/navbar/settings/roles/12345', '/navbar/settings/users/00000000-0000-4000-8000-0000000000zz']) {
      await page.goto(path)
      await heading(page, 'Sayfa bulunamadı')
      expect(await page.getByText('Teknik bir hata oluştu').count()).toBe(0)
    }
    await page.close()
  })

  it('item 12: the change after a temporary password says so, not "expired"; the sign-in then has the username filled in', async () => {
    await browser.context.clearCookies()
    const page = await browser.context.newPage()
    const res = await page.request.post('/api/v1/auth/forgotPassword', { headers: { trxType: 'FRM', 'content-type': 'application/json' }, data: { email: 'burak.celik@example.com' } })
    expect(res.status()).toBe(202)
    let temp = ''
    await expect.poll(async () => {
      temp = /Geçici şifreniz: (\S+)/.exec((await caughtMail(server.url, 'burak.celik@example.com'))[0]?.text ?? '')?.[1] ?? ''
      return temp.length
    }, { timeout: 15_000 }).toBeGreaterThan(11)
    await submitSignIn(page, 'burak.celik', temp)
    await page.waitForURL('**/auth/password-expired')
    await page.getByText('Geçici bir şifreyle giriş yaptınız. Devam etmek için kendi şifrenizi belirleyin: eski şifre alanına geçici şifreyi yazın.').waitFor()
    expect(await page.getByText('Şifrenizin süresi dolmuş').count()).toBe(0)
    const next = 'Yepyeni-Parola-2026!x'
    await page.locator('input[name=oldPassword]').fill(temp)
    await page.locator('input[name=newPassword]').fill(next)
    await page.locator('input[name=confirmPassword]').fill(next)
    await page.getByRole('button', { name: 'Şifreyi Değiştir' }).click()
    await page.waitForURL('**/auth/login')
    await expect.poll(() => page.locator('input[name=username]').inputValue()).toBe('burak.celik')
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('password')
    await page.locator('input[name=password]').fill(next)
    await page.getByRole('button', { name: 'Giriş Yap' }).click()
    await page.waitForURL('**/navbar/**')
    await page.close()
  })

  it('item 12: an expired password still says it expired (elif.kaya)', async () => {
    await browser.context.clearCookies()
    const page = await browser.context.newPage()
    await submitSignIn(page, 'elif.kaya')
    await page.waitForURL('**/auth/password-expired')
    await page.getByText('Şifrenizin süresi dolmuş, değiştirin lütfen').waitFor()
    await page.close()
  })

  it('item 9: no raw ids: the home page and "Yetkilerim" name permissions in words; a ROLE_USER\'s dashboard shows only their own figures', async () => {
    await browser.context.clearCookies()
    const page = await browser.context.newPage()
    await signIn(page, 'ayse.yilmaz')
    await page.goto('/navbar/home/main')
    await page.getByText(/^Kullanıcılar: görüntüleyebilir, değiştirebilir, silebilir ve ekleyebilir$/).waitFor()
    expect(await page.getByRole('main').getByText(/\b[a-z]+:(read|update|delete|create)\b/).count()).toBe(0)
    await page.goto('/navbar/permissions')
    const table = page.getByRole('table')
    await table.getByRole('columnheader', { name: 'Görüntüleme' }).waitFor()
    await table.getByRole('rowheader', { name: 'Kullanıcılar', exact: true }).waitFor()
    expect(await table.getByRole('columnheader', { name: 'read', exact: true }).count()).toBe(0)
    expect(await table.getByRole('rowheader', { name: 'user', exact: true }).count()).toBe(0)
    await page.goto('/navbar/dashboard')
    await page.getByText('Aktif kullanıcı').waitFor()
    await page.getByText('Kilitli hesap').waitFor()
    await page.close()

    await browser.context.clearCookies()
    const user = await browser.context.newPage()
    await signIn(user, 'zeynep.arslan')
    await user.goto('/navbar/dashboard')
    await user.getByText('Bu panoda yalnızca sizin girişleriniz, kilitlenmeleriniz ve rol atamalarınız görünür; şirketin tüm kullanıcılarına ait sayılar kullanıcıları görüntüleme yetkisi gerektirir.').waitFor()
    expect(await user.getByText('Kilitli hesap').count()).toBe(0)
    expect(await user.getByText('Şu an açık oturum').count()).toBe(0)
    await user.close()
  })

  it('item 5: an English browser stays English after signing in; a language chosen in the header follows the person to another browser', async () => {
    const english = await launch({ baseUrl: server.url, locale: 'en-US' })
    try {
      const page = await english.context.newPage()
      await page.goto('/auth/login')
      await page.getByText('Staff sign-in').first().waitFor()
      await page.locator('input[name=username]').fill('mehmet.demir')
      await page.locator('input[name=password]').fill(DEMO_PASSWORD)
      // the company's defaults (Turkish) arrive after the sign-in: once they are read the page is still English
      const defaults = page.waitForResponse((r) => r.url().endsWith('/api/v1/profile/company') && r.status() === 200)
      await page.getByRole('button', { name: 'Sign in' }).click()
      await page.waitForURL((u) => !u.pathname.startsWith('/auth/'))
      await defaults
      await page.getByRole('heading', { level: 1, name: /^Welcome, Mehmet/ }).waitFor()
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('en')
      // the person chooses Russian in the header: stored as theirs
      const stored = page.waitForResponse((r) => r.url().endsWith('/api/v1/profile/language') && r.request().method() === 'PUT')
      await page.getByRole('banner').getByLabel('Language').selectOption('ru')
      const answer = await stored
      expect(answer.status()).toBe(200)
      expect(answer.request().postDataJSON()).toEqual({ language: 'ru' })
      await page.getByRole('heading', { level: 1, name: /^Добро пожаловать, Mehmet/ }).waitFor()
      await page.close()
    } finally {
      await english.close()
    }
    // in the Turkish browser (another device), the same person signs in: Russian, their own language
    await browser.context.clearCookies()
    const other = await browser.context.newPage()
    await signIn(other, 'mehmet.demir')
    await other.getByRole('heading', { level: 1, name: /^Добро пожаловать, Mehmet/ }).waitFor()
    expect(await other.evaluate(() => document.documentElement.lang)).toBe('ru')
    // back to Turkish, stored too (the rest of this file reads Turkish in this browser)
    const back = other.waitForResponse((r) => r.url().endsWith('/api/v1/profile/language') && r.request().method() === 'PUT')
    await other.getByRole('banner').getByLabel('Язык').selectOption('tr')
    expect((await back).status()).toBe(200)
    await other.getByRole('heading', { level: 1, name: /^Hoş geldiniz, Mehmet/ }).waitFor()
    await other.close()
  })

  it('item 14: past the audit list\'s count cap the total reads "20+", and the pager goes on while rows come', async () => {
    // 45 screen locks of ayse's own: 45 entries "auth.lock"
    const other = await apiSession(server.url, 'ayse.yilmaz', DEMO_PASSWORD)
    for (let i = 0; i < 45; i++) expect((await other.call('POST', '/auth/lockSession', { inactivetime: 1 })).status).toBe(200)
    await browser.context.clearCookies()
    const page = await browser.context.newPage()
    await signIn(page, 'ayse.yilmaz')
    await page.goto('/navbar/settings/audit?action=auth.lock')
    const main = page.getByRole('main')
    const next = main.getByRole('button', { name: 'Sonraki' })
    await main.getByText('20+ kayıttan 1 - 20 arası gösteriliyor').waitFor()
    await main.getByText('Sayfa 1 / 1+').waitFor()
    expect(await next.isEnabled()).toBe(true)
    await next.click()
    await main.getByText('40+ kayıttan 21 - 40 arası gösteriliyor').waitFor()
    await main.getByText('Sayfa 2 / 2+').waitFor()
    await next.click()
    // the last page is counted exactly: no "+", no page after it
    const last = main.getByText(/^(\d+) kayıttan 41 - (\d+) arası gösteriliyor$/)
    await last.waitFor()
    const [, total, end] = /^(\d+) kayıttan 41 - (\d+)/.exec(await last.innerText())!
    expect(Number(total)).toBe(Number(end))
    expect(Number(total)).toBeGreaterThanOrEqual(45)
    await main.getByText('Sayfa 3 / 3', { exact: true }).waitFor()
    expect(await next.isDisabled()).toBe(true)
    expect(new URL(page.url()).searchParams.get('page')).toBe('3')
    await page.close()
  })

  it('item 4: a locked user is told to ask the administrator; the administrator unlocks, sends a temporary password and reads the sign-ins', async () => {
    await browser.context.clearCookies()
    const page = await browser.context.newPage()
    await signIn(page, 'zeynep.arslan') // a sign-in from this address before: it is trusted
    await browser.context.clearCookies()
    for (let i = 0; i < 6; i++) {
      await fetch(`${server.url}/api/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json', trxType: 'FRM' }, body: JSON.stringify({ username: 'zeynep.arslan', password: 'yanlis-parola-1' }) })
    }
    await submitSignIn(page, 'zeynep.arslan', DEMO_PASSWORD)
    await page.getByRole('alert').filter({ hasText: 'Hesabınız çok sayıda hatalı giriş nedeniyle kilitlendi. Kilidi açması için yöneticinize başvurun' }).waitFor()
    await submitSignIn(page, 'zeynep.arslan', 'yanlis-parola-2')
    await page.getByRole('alert').filter({ hasText: 'Kullanıcı adı veya şifre hatalı' }).waitFor()

    await signIn(page, 'ayse.yilmaz')
    await page.goto('/navbar/settings/users')
    await page.getByRole('link', { name: /Zeynep Arslan/ }).first().click()
    const help = page.locator('[data-user-help]')
    await help.getByText('Hesap, çok sayıda hatalı giriş nedeniyle kilitli.').waitFor()
    await help.getByRole('cell', { name: 'Hesap kilitlendi' }).first().waitFor()
    await help.getByRole('cell', { name: 'Giriş başarısız: yanlış şifre' }).first().waitFor()
    await help.getByRole('cell', { name: 'Giriş yaptı' }).first().waitFor()
    // where "Geçici şifre gönder" is while "Kilidi aç" is offered: it must not move when that goes
    // (its place in the section: the page scrolls meanwhile)
    const place = async () => {
      const [b, h] = [await help.getByRole('button', { name: 'Geçici şifre gönder' }).boundingBox(), await help.boundingBox()]
      return { x: b!.x - h!.x, y: b!.y - h!.y }
    }
    const tempBefore = await place()
    const unlocking = page.waitForRequest((r) => r.method() === 'POST' && /\/user\/[0-9a-f-]{36}\/reactivate$/.test(r.url()))
    await help.getByRole('button', { name: 'Kilidi aç' }).click()
    const ask = page.getByRole('dialog', { name: 'Kilidi aç' })
    await ask.getByText('Zeynep Arslan hesabının kilidi açılsın mı? Hatalı giriş sayacı sıfırlanır.').waitFor()
    await ask.getByRole('button', { name: 'Kilidi aç' }).click()
    await unlocking
    await help.getByText('Hesabın kilidi açıldı; Zeynep Arslan şifresiyle yeniden giriş yapabilir.').waitFor()
    await help.getByRole('cell', { name: 'Kilidi açıldı (yapan: ayse.yilmaz)' }).waitFor()
    // the user's page reads the user again after the unlock: "Kilidi aç" is no longer offered once it has
    // (a press before that could land on the section the reload then replaces)
    await help.getByRole('button', { name: 'Kilidi aç' }).waitFor({ state: 'detached' })
    // (the bold success line is a few pixels taller than the notice it replaces; before, the button
    // jumped 106 px left and 43 px up)
    const tempAfter = await place()
    expect(tempAfter.x).toBe(tempBefore.x)
    expect(Math.abs(tempAfter.y - tempBefore.y)).toBeLessThanOrEqual(4)

    await help.getByRole('button', { name: 'Geçici şifre gönder' }).click()
    const send = page.getByRole('dialog', { name: 'Geçici şifre gönder' })
    await send.getByText(/^Zeynep Arslan için geçici bir şifre zeynep\.arslan@example\.com adresine gönderilsin mi\?/).waitFor()
    await send.getByRole('button', { name: 'Gönder' }).click()
    await help.getByText('Geçici şifre zeynep.arslan@example.com adresine gönderilmek üzere kuyruğa alındı; 30 dakika geçerlidir.').waitFor()
    await help.getByRole('cell', { name: 'Yönetici geçici şifre gönderdi (yapan: ayse.yilmaz)' }).waitFor()
    await expect.poll(async () => (await caughtMail(server.url, 'zeynep.arslan@example.com')).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(2)
    await page.close()
  })
})
