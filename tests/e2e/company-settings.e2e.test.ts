import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { TEST_ADMIN } from '../support/constants.ts'
import { launch, type Browser } from './browser.ts'
import { caughtMail, DEMO_PASSWORD, startE2eServer, type E2eServer } from './server.ts'
import { axeViolations, signIn as signInForm } from './staff.ts'

const BASE = '/navbar/settings/company'
const WARNING = 'dialog[data-session-warning][open]'

async function signIn(page: Page, username: string, password: string) {
  await signInForm(page, username, password)
  await page.waitForURL('**/navbar/**')
}

async function open(page: Page, path: string, title: string) {
  await page.goto(`${BASE}/${path}`)
  await page.getByRole('heading', { level: 1, name: title }).waitFor()
  await expect.poll(() => page.getByText('Yükleniyor…').count()).toBe(0)
}

async function save(page: Page) {
  await page.getByRole('button', { name: 'Kaydet' }).click()
  await page.getByText('Değişiklikler kaydedildi.').waitFor()
}

/** The editor's password dialog (issue 28): the password, then "Onayla ve kaydet". */
async function confirmPassword(page: Page, password: string) {
  const dialog = page.locator('dialog[data-reauth][open]')
  await dialog.waitFor()
  await dialog.getByLabel('Şifreniz').fill(password)
  await dialog.getByRole('button', { name: 'Onayla ve kaydet' }).click()
}

/** Issue 12 in Chromium, in Turkish: the notification, mail server, security and preferences pages. */
describe('company settings: notification, mail server, security, preferences (real server, Chromium)', () => {
  let server: E2eServer
  let admin: Browser
  let page: Page
  beforeAll(async () => {
    // a relay on this host is allowed (the test mail's refusals come from a closed loopback port)
    server = await startE2eServer('company-settings', { MAIL_SERVER_ALLOW: '127.0.0.1' })
    admin = await launch({ baseUrl: server.url })
    page = await admin.context.newPage()
    await signIn(page, TEST_ADMIN.username, TEST_ADMIN.password)
  })
  afterAll(async () => {
    await admin?.close()
    await server?.stop()
  })

  it('notification: the flags are saved and stay saved after a reload', async () => {
    await open(page, 'notification', 'Bildirim')
    const email = page.locator('input[name=emailNotification]')
    expect(await email.isChecked()).toBe(true)
    await email.uncheck()
    await save(page)
    await page.reload()
    await page.locator('input[name=internalNotification]').waitFor()
    expect(await page.locator('input[name=emailNotification]').isChecked()).toBe(false)
    expect(await page.locator('input[name=internalNotification]').isChecked()).toBe(true)
    await page.locator('input[name=emailNotification]').check()
    await save(page)
  })

  it('a role without :update sees the mail server and security pages read-only', async () => {
    const reader = await launch({ baseUrl: server.url })
    const p = await reader.context.newPage()
    await signIn(p, 'ayse.yilmaz', DEMO_PASSWORD)
    await open(p, 'security', 'Güvenlik')
    expect(await p.getByRole('button', { name: 'Kaydet' }).count()).toBe(0)
    expect(await p.locator('input[name=minLength]').isDisabled()).toBe(true)
    await open(p, 'mail-server', 'Posta sunucusu')
    expect(await p.locator('input[name=host]').isDisabled()).toBe(true)
    expect(await p.getByRole('button', { name: 'Test e-postası gönder' }).count()).toBe(0)
    await reader.close()
  })

  it('preferences: the smallest thresholds reach a signed-in session at its next activity report; the warning comes early', async () => {
    // a second, signed-in session on a controlled clock
    const second = await launch({ baseUrl: server.url })
    const watched = await second.context.newPage()
    await watched.clock.install()
    await signIn(watched, 'mehmet.demir', DEMO_PASSWORD)

    await open(page, 'preferences', 'Tercihler')
    await page.getByText('Varsayılan: 10 dakika').waitFor()
    await page.locator('input[name=inactiveUserThresholdMinutes]').fill('1')
    await page.locator('input[name=activityThrottleMinutes]').fill('0.25')
    await page.locator('input[name=timeToLockMinutes]').fill('0.25')
    await save(page)

    // the old throttle (2 min) passes without activity: then one move is reported and answered with the new timing
    await watched.clock.fastForward(125_000)
    expect(await watched.locator(WARNING).count()).toBe(0)
    const answered = watched.waitForResponse((r) => r.url().endsWith('/auth/activity'))
    await watched.mouse.move(200, 200)
    await watched.mouse.move(220, 240)
    const report = (await (await answered).json()) as { timing: { inactiveMs: number } }
    expect(report.timing.inactiveMs).toBe(60_000)
    // just over a minute later (the old threshold was 10): "Are You Still There?", then its 15 s countdown locks the screen
    await watched.clock.runFor(66_000)
    await watched.locator(WARNING).waitFor({ timeout: 10_000 })
    await watched.clock.runFor(20_000)
    await watched.waitForURL('**/auth/lock**', { timeout: 10_000 })
    await second.close()

    // back to the defaults for the other tests
    await page.locator('input[name=inactiveUserThresholdMinutes]').fill('10')
    await page.locator('input[name=activityThrottleMinutes]').fill('2')
    await page.locator('input[name=timeToLockMinutes]').fill('0.5')
    await save(page)
  })

  it('mail server: refuses private hosts and other ports; asks for the password again; the test mail shows the answer or "could not connect"; back to the built-in mail', async () => {
    await open(page, 'mail-server', 'Posta sunucusu')
    await page.getByText('Kayıtlı şifre yok.').waitFor()
    // no host saved yet: the built-in catcher receives it
    await page.locator('input[name=to]').fill('deneme@example.com')
    await page.getByRole('button', { name: 'Test e-postası gönder' }).click()
    await page.locator('[data-mail-test=ok]').waitFor({ timeout: 30_000 })
    expect(await page.locator('[data-mail-test=ok]').textContent()).toContain('250 OK')

    // the cloud metadata address, and a public server on a port that is not SMTP's: refused on their fields
    await page.locator('select[name=security]').selectOption('none')
    await page.locator('input[name=host]').fill('169.254.169.254')
    await page.getByRole('button', { name: 'Kaydet' }).click()
    await page.getByText('Bu adres yerel, özel ya da ayrılmış bir ağa çıkıyor').waitFor()
    await page.locator('input[name=host]').fill('8.8.8.8')
    await page.locator('input[name=port]').fill('8080')
    await page.getByRole('button', { name: 'Kaydet' }).click()
    await page.getByText('Posta sunucusu için yalnızca 25, 465, 587 ve 2525 portları kullanılabilir').waitFor()
    // a port nothing listens on, on this host (allowed by MAIL_SERVER_ALLOW): the save asks for the password again
    await page.locator('input[name=host]').fill('127.0.0.1')
    await page.locator('input[name=port]').fill('9')
    await page.locator('input[name=authRequired]').uncheck()
    await page.locator('input[name=password]').fill('Gizli-SMTP-1')
    await page.getByRole('button', { name: 'Kaydet' }).click()
    await confirmPassword(page, 'yanlis-parola-1')
    await page.locator('dialog[data-reauth][open]').getByText('Şifreniz doğrulanamadı').waitFor()
    await confirmPassword(page, TEST_ADMIN.password)
    await page.getByText('Değişiklikler kaydedildi.').waitFor()
    await page.getByText('Kayıtlı bir şifre var; değiştirmek istemiyorsanız boş bırakın.').waitFor()
    expect(await page.locator('input[name=password]').inputValue()).toBe('')
    // every superadmin is told
    await expect.poll(async () => (await caughtMail(server.url, TEST_ADMIN.email)).map((m) => m.subject)).toContain('Güvenlik ayarı değiştirildi')
    // the connection is refused: one generic answer, nothing about the port
    await page.getByRole('button', { name: 'Test e-postası gönder' }).click()
    await page.locator('[data-mail-test=refused]').waitFor({ timeout: 30_000 })
    expect(await page.locator('[data-mail-test=refused]').textContent()).toBe('Gönderilemedi. Sunucunun yanıtı: Posta sunucusuna bağlanılamadı')
    // back to the built-in mail
    await page.getByRole('button', { name: 'Yerleşik postaya dön' }).click()
    expect(await page.locator('input[name=host]').inputValue()).toBe('')
    await page.getByRole('button', { name: 'Kaydet' }).click()
    await confirmPassword(page, TEST_ADMIN.password)
    await page.getByText('Değişiklikler kaydedildi.').waitFor()
    await page.getByRole('button', { name: 'Test e-postası gönder' }).click()
    await page.locator('[data-mail-test=ok]').waitFor({ timeout: 30_000 })
  })

  it('axe-core finds no serious or critical violation on the four pages', async () => {
    const found = await axeViolations(page, ['notification', 'mail-server', 'security', 'preferences'].map((p) => `${BASE}/${p}`))
    expect(found).toEqual({})
  })

  it('security: a preset fills the fields, the preview counts the users, and after saving a demo user must change the password', async () => {
    await open(page, 'security', 'Güvenlik')
    expect(await page.locator('input[name=ldap]').isDisabled()).toBe(true)
    await page.getByText('Bu sürümde kullanılamaz.').waitFor()
    await page.getByRole('button', { name: 'Sıkı' }).click()
    expect(await page.locator('input[name=minLength]').inputValue()).toBe('16')
    expect(await page.locator('input[name=uniqueAmongUsers]').isChecked()).toBe(true)
    // the fields stay editable
    await page.locator('input[name=minLength]').fill('20')
    await page.getByRole('button', { name: 'Kaydet' }).click()
    const dialog = page.locator('dialog[data-policy-preview][open]')
    await dialog.waitFor()
    const text = (await dialog.textContent()) ?? ''
    const m = /(\d+) kullanıcının şifresi daha zayıf bir politikayla belirlendi \((\d+) kullanıcıdan\)\. Bir sonraki girişlerinde şifreleri yeni politikaya göre denetlenecek/.exec(text)
    expect(m, text).not.toBeNull()
    const [affected, users] = [Number(m![1]), Number(m![2])]
    expect(users).toBeGreaterThanOrEqual(6) // the superadmin and the five demo users
    expect(affected).toBeGreaterThan(0)
    await dialog.getByRole('button', { name: 'Onayla ve kaydet' }).click()
    await confirmPassword(page, TEST_ADMIN.password)
    await page.getByText('Değişiklikler kaydedildi.').waitFor()
    // the internal notice on the tasks page (internal notifications are on)
    await page.goto('/inbox')
    await page.locator('[data-notice=policyForcedChange]').first().waitFor()
    expect(await page.locator('[data-notice=policyForcedChange]').first().textContent())
      .toContain(`Şifre politikası değişti: ${affected} kullanıcının şifresi bir sonraki girişinde yeni politikaya göre denetlenecek.`)

    const fresh = await launch({ baseUrl: server.url })
    const p = await fresh.context.newPage()
    await p.goto('/auth/login')
    await p.locator('input[name=username]').fill('zeynep.arslan')
    await p.locator('input[name=password]').fill(DEMO_PASSWORD)
    await p.getByRole('button', { name: 'Giriş Yap' }).click()
    await p.waitForURL('**/auth/password-expired')
    await fresh.close()
  })
})
