import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { TEST_ADMIN } from '../support/constants.ts'
import { launch, type Browser } from './browser.ts'
import { caughtMail, DEMO_PASSWORD, startE2eServer, type E2eServer } from './server.ts'
import { signIn, signInWithTemporary } from './staff.ts'

const NEW_PASSWORD = 'Yepyeni-Şifre-Q7!'

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
    // the welcome toast does not follow the user onto the lock screen
    await page.getByRole('status').filter({ hasText: 'Hoş geldiniz' }).waitFor({ state: 'detached' })
    await expect.poll(() => page.title()).toBe('Ekran kilitlendi | Katılım Emeklilik')
    // an empty password is "required": nothing is sent, the session stays locked (not signed out)
    await page.getByRole('button', { name: 'Kilidi Aç' }).click()
    await page.getByText('Değer girmelisiniz').waitFor()
    expect(page.url()).toContain('/auth/lock')
    // while locked, the staff pages are closed; a reload learns the lock from the server's 401 LOCKED
    await page.goto('/navbar/home/main')
    await page.waitForURL('**/auth/lock**')
    await page.getByRole('heading', { name: 'Ekran kilitlendi' }).waitFor()
    await page.locator('input[name=password]').fill(TEST_ADMIN.password)
    await page.getByRole('button', { name: 'Kilidi Aç' }).click()
    await page.waitForURL('**/navbar/home/main')
    // the focus lands on the page heading, not on <body>
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1')
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
    // the unlock reaches the other tab too: it leaves the lock screen, back where it was
    await a.waitForURL('**/navbar/settings/global-settings')
    await a.getByRole('heading', { name: 'Şirket Ayarları' }).waitFor()
    // a logout in one tab logs out the other
    await second.getByRole('button', { name: 'Çıkış' }).click()
    await second.waitForURL('**/auth/logout**')
    await a.waitForURL('**/auth/logout**')
    await a.close()
    await second.close()
  })

  it('"Not you? Return to sign-in" logs out and lands on the sign-in form', async () => {
    const page = await b.context.newPage()
    await signIn(page, 'mehmet.demir', DEMO_PASSWORD)
    await page.waitForURL('**/navbar/home/main')
    await page.getByRole('button', { name: 'Ekranı kilitle' }).click()
    await page.waitForURL('**/auth/lock**')
    await page.getByRole('button', { name: 'Mehmet Demir değil misiniz? Giriş ekranına dönün' }).click()
    await page.waitForURL((url) => url.pathname === '/auth/login')
    await page.getByRole('heading', { name: 'Personel Girişi' }).waitFor()
    expect(await page.getByRole('heading', { name: 'İyi günler' }).count()).toBe(0)
    // signed out for real: the staff area is closed
    await page.goto('/navbar/home/main')
    await page.waitForURL('**/auth/login**')
    await page.close()
  })

  it('gives every staff page its own title, focuses the username, then each page heading', async () => {
    const page = await b.page('/auth/login')
    await page.getByRole('heading', { name: 'Personel Girişi' }).waitFor()
    expect(await page.title()).toBe('Personel Girişi | Katılım Emeklilik')
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('username')
    await page.keyboard.type(TEST_ADMIN.username)
    await page.locator('input[name=password]').fill(TEST_ADMIN.password)
    await page.keyboard.press('Enter')
    await page.waitForURL('**/navbar/settings/global-settings')
    await expect.poll(() => page.title()).toBe('Şirket Ayarları | Katılım Emeklilik')
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Şirket Ayarları')
    await page.getByRole('link', { name: 'Ana sayfa' }).click()
    await page.waitForURL('**/navbar/home/main')
    await expect.poll(() => page.title()).toBe('Ana sayfa | Katılım Emeklilik')
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Hoş geldiniz, Sistem Yöneticisi')
    // in the active language
    await page.getByRole('combobox', { name: 'Dil' }).selectOption('en')
    await expect.poll(() => page.title()).toBe('Home | Katılım Emeklilik')
    await page.getByRole('combobox', { name: 'Language' }).selectOption('tr')
    await page.getByRole('button', { name: 'Çıkış' }).click()
    await page.waitForURL('**/auth/logout**')
    await expect.poll(() => page.title()).toBe('İyi günler | Katılım Emeklilik')
    await page.getByRole('status').filter({ hasText: 'Hoş geldiniz' }).waitFor({ state: 'detached', timeout: 2_000 })
    await page.close()
  })

  it('comes up in the browser\'s language on a first visit: ru-RU Russian, en-US English', async () => {
    for (const [locale, heading] of [['ru-RU', 'Вход для сотрудников'], ['en-US', 'Staff sign-in']] as const) {
      const other = await launch({ locale })
      try {
        const page = await other.page('/auth/login')
        await page.getByRole('heading', { name: heading }).waitFor()
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(locale.slice(0, 2))
        // the prerendered (Turkish) home page is rendered in that language too
        await page.goto('/')
        await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(locale.slice(0, 2))
      } finally {
        await other.close()
      }
    }
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
    await signInWithTemporary(page, 'burak.celik', temp, NEW_PASSWORD)
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

  /** Signs the superadmin in and keeps still until the "Are You Still There?" warning opens. */
  async function untilWarning(browser: Browser = b) {
    const page = await browser.page()
    await signIn(page, TEST_ADMIN.username, TEST_ADMIN.password)
    await page.waitForURL('**/navbar/settings/global-settings')
    const dialog = page.getByRole('dialog', { name: 'Hâlâ orada mısınız?' })
    await dialog.waitFor({ timeout: 15_000 })
    return { page, dialog }
  }

  it('warns with a countdown, locks, and unlocks', async () => {
    const { page, dialog } = await untilWarning()
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

  it('locks when the countdown reaches zero: no "0 seconds" left on screen', async () => {
    const { page } = await untilWarning()
    // from the moment the countdown shows 1 until the warning gives way to the lock
    const shown = await page.evaluate(() => new Promise<{ oneToLock: number; zeroFor: number }>((resolve) => {
      let oneAt = 0
      let zeroAt = 0
      const tick = () => {
        const dialog = document.querySelector('dialog[data-session-warning]')
        const open = !!dialog?.hasAttribute('open')
        const text = dialog?.querySelector('strong')?.textContent
        const now = performance.now()
        if (open && text === '1' && !oneAt) oneAt = now
        if (open && text === '0' && !zeroAt) zeroAt = now
        if (oneAt && !open) resolve({ oneToLock: now - oneAt, zeroFor: zeroAt ? now - zeroAt : 0 })
        else setTimeout(tick, 20)
      }
      tick()
    }))
    expect(shown.oneToLock).toBeLessThan(1_600)
    expect(shown.zeroFor).toBeLessThan(500)
    await page.waitForURL('**/auth/lock**')
    await page.locator('input[name=password]').fill(TEST_ADMIN.password)
    await page.getByRole('button', { name: 'Kilidi Aç' }).click()
    await page.waitForURL('**/navbar/**')
    await page.getByRole('button', { name: 'Çıkış' }).click()
    await page.waitForURL('**/auth/logout**')
    await page.close()
  })

  it('the warning\'s own "Log out" works by mouse; a click elsewhere still dismisses the warning', async () => {
    const { page, dialog } = await untilWarning()
    // a click on the backdrop, outside the box: activity elsewhere, the warning goes
    await page.mouse.click(5, 5)
    await dialog.waitFor({ state: 'hidden' })
    await dialog.waitFor({ timeout: 15_000 })
    // from the page's corner across the backdrop onto the button, a pause longer than the activity
    // throttle, a click: the warning stays until its own button decides
    const logout = dialog.getByRole('button', { name: 'Çıkış Yap' })
    const box = (await logout.boundingBox())!
    await page.mouse.move(box.x + 2, box.y + 2, { steps: 8 })
    await page.waitForTimeout(1_100)
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 4 })
    expect(await dialog.isVisible()).toBe(true)
    await page.mouse.down()
    await page.mouse.up()
    await page.waitForURL('**/auth/logout**')
    await page.getByRole('heading', { name: 'İyi günler' }).waitFor()
    await page.close()
  })

  it('the warning\'s own "Log out" works by keyboard (Tab, Enter)', async () => {
    const { page, dialog } = await untilWarning()
    await page.keyboard.press('Tab')
    await page.waitForTimeout(1_100)
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Çıkış Yap')
    expect(await dialog.isVisible()).toBe(true)
    await page.keyboard.press('Enter')
    await page.waitForURL('**/auth/logout**')
    await page.close()
  })

  it('the warning\'s own "Log out" works by touch (a tap)', async () => {
    const touch = await launch({ baseUrl: server.url, hasTouch: true })
    try {
      const { page, dialog } = await untilWarning(touch)
      await dialog.getByRole('button', { name: 'Çıkış Yap' }).tap()
      await page.waitForURL('**/auth/logout**')
    } finally {
      await touch.close()
    }
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
