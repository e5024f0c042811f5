import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { TEST_ADMIN } from '../support/constants.ts'
import { launch, type Browser } from './browser.ts'
import { caughtMail, DEMO_PASSWORD, startE2eServer, type E2eServer } from './server.ts'

const NEW_PASSWORD = 'Yepyeni-Şifre-Q7!'

async function signIn(page: Page, username: string, password: string) {
  await page.goto('/auth/login')
  await page.locator('input[name=username]').fill(username)
  await page.locator('input[name=password]').fill(password)
  await page.getByRole('button', { name: 'Giriş Yap' }).click()
}

describe('staff sign-in, lock, passwords (real server, Chromium)', () => {
  let b: Browser
  beforeAll(async () => { b = await launch() })
  afterAll(async () => { await b.close() })
  // every test starts signed out, whatever the one before it left behind
  beforeEach(async () => { await b.context.clearCookies() })

  it('signs the superadmin in: greeting by name, global settings page', async () => {
    const page = await b.page('/auth/login')
    await page.locator('input[name=rememberMe][type=checkbox]').waitFor()
    await signIn(page, TEST_ADMIN.username, TEST_ADMIN.password)
    await page.waitForURL('**/navbar/settings/global-settings')
    await page.getByRole('status').filter({ hasText: 'Hoş geldiniz, Sistem Yöneticisi' }).waitFor()
    await page.getByRole('heading', { name: 'Şirket Ayarları' }).waitFor()
    // logout: "Have a nice day"
    await page.getByRole('button', { name: 'Çıkış' }).click()
    await page.waitForURL('**/auth/logout**')
    await page.getByRole('heading', { name: 'İyi günler' }).waitFor()
    // the staff area is closed again
    await page.goto('/navbar/home/main')
    await page.waitForURL('**/auth/login**')
    await page.close()
  })

  it('sends other roles to the index page, and shows the required-field messages', async () => {
    const page = await b.page('/auth/login')
    await page.getByRole('button', { name: 'Giriş Yap' }).click()
    expect(await page.getByText('Değer girmelisiniz').count()).toBe(2)
    await signIn(page, 'mehmet.demir', DEMO_PASSWORD)
    await page.waitForURL('**/navbar/home/main')
    await page.getByRole('heading', { name: 'Hoş geldiniz, Mehmet Demir' }).waitFor()
    await page.getByRole('button', { name: 'Çıkış' }).click()
    await page.waitForURL('**/auth/logout**')
    await page.close()
  })

  it('answers every wrong password the same, then locks the account and mails its owner', async () => {
    const page = await b.page('/auth/login')
    const messages: string[] = []
    for (let i = 0; i < 5; i++) {
      await signIn(page, 'zeynep.arslan', 'yanlis-parola-' + i)
      const alert = page.getByRole('alert').filter({ hasText: 'Kullanıcı adı veya şifre hatalı' })
      await alert.waitFor()
      messages.push((await alert.textContent()) ?? '')
    }
    await signIn(page, 'zeynep.arslan', DEMO_PASSWORD)
    await page.getByRole('alert').filter({ hasText: 'Kullanıcı adı veya şifre hatalı' }).waitFor()
    expect(new Set(messages).size).toBe(1)
    expect(page.url()).toContain('/auth/login')
    await expect.poll(async () => (await caughtMail(b.baseUrl, 'zeynep.arslan@example.com')).map((m) => m.subject)).toEqual(['Hesabınız kilitlendi'])
    await page.close()
  })

  it('locks the screen and unlocks with the password, back where the user was', async () => {
    const page = await b.context.newPage()
    await signIn(page, TEST_ADMIN.username, TEST_ADMIN.password)
    await page.waitForURL('**/navbar/settings/global-settings')
    await page.getByRole('link', { name: 'Ana sayfa' }).click()
    await page.waitForURL('**/navbar/home/main')
    await page.getByRole('button', { name: 'Ekranı kilitle' }).click()
    await page.waitForURL('**/auth/lock**')
    await page.getByRole('heading', { name: 'Ekran kilitlendi' }).waitFor()
    // while locked, the staff pages are closed; a reload learns the lock from the server's 401 LOCKED
    await page.goto('/navbar/home/main')
    await page.waitForURL('**/auth/lock**')
    await page.getByRole('heading', { name: 'Ekran kilitlendi' }).waitFor()
    await page.locator('input[name=password]').fill(TEST_ADMIN.password)
    await page.getByRole('button', { name: 'Kilidi Aç' }).click()
    await page.waitForURL('**/navbar/**')
    await page.getByRole('button', { name: 'Çıkış' }).click()
    await page.waitForURL('**/auth/logout**')
    await page.close()
  })

  it('locks and logs out all tabs together', async () => {
    const a = await b.context.newPage()
    await signIn(a, 'ayse.yilmaz', DEMO_PASSWORD)
    await a.waitForURL('**/navbar/settings/global-settings')
    const second = await b.context.newPage()
    await second.goto('/navbar/home/main')
    await second.getByRole('heading', { name: 'Hoş geldiniz, Ayşe Yılmaz' }).waitFor()
    await a.getByRole('button', { name: 'Ekranı kilitle' }).click()
    await a.waitForURL('**/auth/lock**')
    await second.waitForURL('**/auth/lock**')
    await second.locator('input[name=password]').fill(DEMO_PASSWORD)
    await second.getByRole('button', { name: 'Kilidi Aç' }).click()
    await second.waitForURL('**/navbar/**')
    // a logout in one tab logs out the other
    await second.getByRole('button', { name: 'Çıkış' }).click()
    await second.waitForURL('**/auth/logout**')
    await a.waitForURL('**/auth/logout**')
    await a.close()
    await second.close()
  })

  it('forces the change of an expired password, then the user signs in with the new one', async () => {
    const page = await b.context.newPage()
    await signIn(page, 'elif.kaya', DEMO_PASSWORD)
    await page.waitForURL('**/auth/password-expired')
    await page.getByText('Şifrenizin süresi dolmuş, değiştirin lütfen').waitFor()
    for (const name of ['oldPassword', 'newPassword', 'confirmPassword']) expect(await page.locator(`input[name=${name}]`).count()).toBe(1)
    const rules = page.getByRole('list', { name: 'Şifre kuralları' })
    await page.locator('input[name=newPassword]').fill('kisa')
    expect(await rules.getByText('(karşılanıyor)').count()).toBeGreaterThan(0) // lower case met
    await page.locator('input[name=oldPassword]').fill(DEMO_PASSWORD)
    await page.locator('input[name=newPassword]').fill(NEW_PASSWORD)
    await page.locator('input[name=confirmPassword]').fill(NEW_PASSWORD + 'x')
    await page.getByRole('button', { name: 'Şifreyi Değiştir' }).click()
    await page.getByText('Yeni şifre ile tekrarı eşleşmiyor').waitFor()
    expect(await rules.getByText('(karşılanmıyor)').count()).toBe(0)
    await page.locator('input[name=confirmPassword]').fill(NEW_PASSWORD)
    await page.getByRole('button', { name: 'Şifreyi Değiştir' }).click()
    await page.waitForURL('**/auth/login')
    await page.getByRole('status').filter({ hasText: 'Şifreniz değiştirildi' }).waitFor()
    await signIn(page, 'elif.kaya', NEW_PASSWORD)
    await page.waitForURL('**/navbar/home/main')
    await page.getByRole('button', { name: 'Çıkış' }).click()
    await page.waitForURL('**/auth/logout**')
    await page.close()
  })

  it('resets a forgotten password through the mail catcher, end to end', async () => {
    const page = await b.page('/auth/login')
    await page.getByRole('link', { name: 'Şifremi unuttum' }).click()
    await page.waitForURL('**/auth/forgot-password')
    await page.locator('input[name=email]').fill('gecersiz-adres')
    await page.getByRole('button', { name: 'Geçici Şifre Gönder' }).click()
    await page.getByText('Girilen değer geçerli bir email adresi değil').waitFor()
    await page.locator('input[name=email]').fill('burak.celik@example.com')
    await page.getByRole('button', { name: 'Geçici Şifre Gönder' }).click()
    await page.getByRole('status').filter({ hasText: '30 dakika geçerli' }).waitFor()
    let temp = ''
    await expect.poll(async () => {
      const mails = await caughtMail(b.baseUrl, 'burak.celik@example.com')
      temp = /Geçici şifreniz: (\S+)/.exec(mails[0]?.text ?? '')?.[1] ?? ''
      return temp.length
    }, { timeout: 10_000 }).toBeGreaterThan(11)
    await page.getByRole('button', { name: 'Giriş ekranına dön' }).click()
    await page.waitForURL('**/auth/login')
    await signIn(page, 'burak.celik', temp)
    await page.waitForURL('**/auth/password-expired')
    await page.locator('input[name=oldPassword]').fill(temp)
    await page.locator('input[name=newPassword]').fill(NEW_PASSWORD)
    await page.locator('input[name=confirmPassword]').fill(NEW_PASSWORD)
    await page.getByRole('button', { name: 'Şifreyi Değiştir' }).click()
    await page.waitForURL('**/auth/login')
    await signIn(page, 'burak.celik', NEW_PASSWORD)
    await page.waitForURL('**/navbar/home/main')
    await page.getByRole('button', { name: 'Çıkış' }).click()
    await page.waitForURL('**/auth/logout**')
    await page.close()
  })
})

describe('inactivity with shortened thresholds (INACTIVE_USER_THRESHOLD_MS=4000, TIME_TO_LOCK_MS=4000)', () => {
  let server: E2eServer
  let b: Browser
  beforeAll(async () => {
    server = await startE2eServer('e2e-inactivity', {
      INACTIVE_USER_THRESHOLD_MS: '4000', ACTIVITY_THROTTLE_MS: '1000', TIME_TO_LOCK_MS: '4000', LOGOUT_WAIT_MS: '3600000',
    })
    b = await launch({ baseUrl: server.url })
  })
  beforeEach(async () => { await b.context.clearCookies() })
  afterAll(async () => {
    await b.close()
    await server.stop()
  })

  it('warns with a countdown, locks, and unlocks', async () => {
    const page = await b.page()
    await signIn(page, TEST_ADMIN.username, TEST_ADMIN.password)
    await page.waitForURL('**/navbar/settings/global-settings')
    const dialog = page.getByRole('dialog', { name: 'Hâlâ orada mısınız?' })
    await dialog.waitFor({ timeout: 15_000 })
    const first = Number(await dialog.locator('strong').textContent())
    await page.waitForTimeout(1200)
    const second = Number(await dialog.locator('strong').textContent())
    expect(first).toBeGreaterThan(second)
    expect(first).toBeLessThanOrEqual(4)
    await page.waitForURL('**/auth/lock**', { timeout: 15_000 })
    await page.locator('input[name=password]').fill(TEST_ADMIN.password)
    await page.getByRole('button', { name: 'Kilidi Aç' }).click()
    await page.waitForURL('**/navbar/**')
    // "Devam Et" has the focus when the warning opens: Enter keeps the session (any activity does)
    await dialog.waitFor({ timeout: 15_000 })
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Devam Et')
    await page.keyboard.press('Enter')
    await dialog.waitFor({ state: 'hidden' })
    expect(page.url()).toContain('/navbar/')
    await page.close()
  })

  it('logs out instead of unlocking a session locked for more than 1800 s (controlled clock)', async () => {
    const page = await b.context.newPage()
    await page.clock.install()
    await signIn(page, TEST_ADMIN.username, TEST_ADMIN.password)
    await page.waitForURL('**/navbar/**')
    await page.getByRole('button', { name: 'Ekranı kilitle' }).click()
    await page.waitForURL('**/auth/lock**')
    // 1801 s later on the browser's clock (the server's lock expiry is proven in tests/server/auth.test.ts)
    await page.clock.setSystemTime(Date.now() + 1_801_000)
    await page.locator('input[name=password]').fill(TEST_ADMIN.password, { timeout: 2000 }).catch(() => {})
    await page.getByRole('button', { name: 'Kilidi Aç' }).click({ timeout: 2000 }).catch(() => {})
    await page.waitForURL('**/auth/logout**', { timeout: 10_000 })
    await page.getByText('Uzun süre işlem yapılmadığı için oturumunuz kapatıldı.').waitFor()
    await page.close()
  })
})
