import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { launch, type Browser } from './browser.ts'
import { DEMO_PASSWORD, startE2eServer, type E2eServer } from './server.ts'
import { axeViolations, signIn } from './staff.ts'

const NEW_PASSWORD = 'Yepyeni-Şifre-Q7!'

/** A call to the API outside the browser: another session of the same user, or a stranger. */
async function api(base: string, method: string, path: string, body?: unknown, cookie = '') {
  const res = await fetch(`${base}/api/v1${path}`, {
    method,
    headers: { 'content-type': 'application/json', trxType: 'FRM', ...(cookie ? { cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const setCookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ')
  return { status: res.status, cookie: setCookie }
}

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name }).waitFor()
const nav = (page: Page) => page.getByRole('navigation', { name: 'Yönetim menüsü' })
const toast = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text }).first().waitFor()

describe('administration shell and top menu (real server, Chromium)', () => {
  let server: E2eServer
  let admin: Browser
  let user: Browser
  beforeAll(async () => {
    server = await startE2eServer('admin')
    admin = await launch({ baseUrl: server.url })
    user = await launch({ baseUrl: server.url })
  })
  afterAll(async () => {
    await admin?.close()
    await user?.close()
    await server?.stop()
  })

  it('admin and plain user see different menus and hub cards; the first admin page\'s JS is measured', async () => {
    const page = await admin.context.newPage()
    const scripts = new Set<string>()
    page.on('request', (r) => { if (r.resourceType() === 'script') scripts.add(new URL(r.url()).pathname) })
    await signIn(page, 'ayse.yilmaz')
    await page.waitForURL('**/navbar/settings/global-settings')
    await heading(page, 'Şirket Ayarları')
    await page.waitForLoadState('networkidle')
    const gz = [...scripts].reduce((sum, p) => sum + gzipSync(readFileSync(resolve('dist/client', `.${p}`))).length, 0)
    console.log(`first admin page (sign-in -> global settings): ${scripts.size} JS files, ${(gz / 1024).toFixed(1)} KiB gzipped`)
    expect(await nav(page).getByRole('link').allTextContents()).toEqual(
      ['Ana sayfa', 'Gösterge paneli', 'Ayarlar', 'Görevler', 'Profil', 'Yetkilerim', 'Şifre değiştir'])
    const main = page.getByRole('main')
    expect(await main.getByRole('heading', { level: 2 }).allTextContents()).toEqual(['Şirket', 'Ekip', 'Yetkiler', 'Kullanıcı', 'Denetim kaydı', 'İşlem gereken ödemeler', 'Rıza kayıtları', 'Ürünler ve tarifeler'])
    // the company area lists its eight pages (the mail server page came with issue 12, the outbox with issue 25)
    expect(await main.getByRole('article').first().getByRole('listitem').allTextContents())
      .toEqual(['Genel', 'Adres', 'Unvanlar', 'Bildirim', 'Posta sunucusu', 'Posta kutusu', 'Güvenlik', 'Tercihler'])

    const p2 = await user.context.newPage()
    await signIn(p2, 'mehmet.demir')
    await p2.waitForURL('**/navbar/home/main')
    await p2.getByRole('link', { name: 'Ayarlar' }).click()
    await heading(p2, 'Şirket Ayarları')
    expect(await p2.getByRole('main').getByRole('heading', { level: 2 }).allTextContents()).toEqual(['Şirket', 'Ekip', 'Yetkiler'])
    expect(await p2.getByRole('main').getByRole('article').first().getByRole('listitem').allTextContents()).toEqual(['Genel'])
    // a page the role may not read says so, inside the shell
    await p2.goto('/navbar/settings/users')
    await heading(p2, 'Kullanıcı')
    await p2.getByText('Bu sayfayı görüntüleme yetkiniz yok.').waitFor()
    // my permissions: the tag x action matrix of the active role
    await p2.goto('/navbar/permissions')
    await heading(p2, 'Yetkilerim')
    // areas and actions in words (issue 25 item 9)
    const row = p2.getByRole('row', { name: /^Gösterge paneli/ })
    expect(await row.getByRole('cell').allTextContents()).toEqual(['✓izin var', '–izin yok', '–izin yok', '–izin yok', '–izin yok'])
    expect(await p2.getByRole('row', { name: /^Kullanıcılar\b/ }).count()).toBe(0)
    await p2.close()
    await page.close()
  })

  it('switching the active role recomputes, says so, lands on the role\'s page and hides what it may not use', async () => {
    const page = await admin.page('/navbar/settings/global-settings')
    await heading(page, 'Şirket Ayarları')
    await page.getByLabel('Aktif rol').selectOption('ROLE_USER')
    await toast(page, 'Aktif rol değişti: ROLE_USER')
    await page.waitForURL('**/navbar/home/main')
    await page.getByRole('link', { name: 'Ayarlar' }).click()
    await heading(page, 'Şirket Ayarları')
    expect(await page.getByRole('main').getByRole('heading', { level: 2 }).allTextContents()).toEqual(['Şirket', 'Ekip', 'Yetkiler'])
    await page.getByLabel('Aktif rol').selectOption('ROLE_ADMIN')
    await toast(page, 'Aktif rol değişti: ROLE_ADMIN')
    await page.waitForURL('**/navbar/settings/global-settings')
    await page.getByRole('main').getByRole('heading', { level: 2, name: 'Kullanıcı' }).waitFor()
    await page.getByRole('button', { name: 'Yetkileri yenile' }).click()
    await toast(page, 'Yetkileriniz güncel, değişiklik yok.')
    await page.close()
  })

  it('navigation: titles in the active language, focus on the heading, unknown staff URLs stay in the shell, /inbox is tasks', async () => {
    const page = await admin.page('/navbar/home/main')
    await nav(page).getByRole('link', { name: 'Profil' }).click()
    await heading(page, 'Profil')
    expect(await page.title()).toBe('Profil | Katılım Emeklilik')
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1')
    await page.getByText('ayse.yilmaz@example.com').waitFor()

    await page.goto('/navbar/bilinmeyen/sayfa')
    await heading(page, 'Sayfa bulunamadı')
    expect(new URL(page.url()).pathname).toBe('/navbar/bilinmeyen/sayfa')
    await nav(page).waitFor()
    await page.goto('/navbar/settings/company')
    await page.waitForURL('**/navbar/settings/company/general')
    await heading(page, 'Genel')
    await page.getByRole('form', { name: 'Şirket bilgileri' }).waitFor() // the company pages are built (issue 12)
    await page.goto('/inbox')
    await heading(page, 'Görevler')
    expect(await page.title()).toBe('Görevler | Katılım Emeklilik')
    await nav(page).getByRole('link', { name: 'Görevler' }).and(page.locator('[aria-current=page]')).waitFor()
    // English
    await page.getByLabel('Dil').selectOption('en')
    await heading(page, 'Tasks')
    expect(await page.title()).toBe('Tasks | Katılım Emeklilik')
    await page.getByLabel('Language').selectOption('tr')
    await heading(page, 'Görevler')
    await page.close()
  })

  it('a server on the built-in catchers says so: the sign-in page and every staff page carry the demo banner, in the chosen language', async () => {
    const b = await launch({ baseUrl: server.url })
    try {
      const page = await b.page('/auth/login')
      const note = page.getByRole('main').getByRole('note')
      await note.waitFor()
      expect(await note.textContent()).toBe("Demo: mesajlar gönderilmez, yakalanır. SMS'ler ve (şirketin e-posta sunucusu tanımlanana kadar) e-postalar bu sunucuda kalır.")
      await signIn(page, 'mehmet.demir')
      await page.waitForURL('**/navbar/home/main')
      const banner = page.getByRole('complementary', { name: 'Demo sunucusu' })
      await banner.waitFor()
      // above the staff header, not inside it (the phone header stays at most 72 px)
      const [bannerBox, headerBox] = [await banner.boundingBox(), await page.locator('header').first().boundingBox()]
      expect(bannerBox!.y + bannerBox!.height).toBeLessThanOrEqual(headerBox!.y + 1)
      await page.getByLabel('Dil').selectOption('en')
      await page.getByRole('complementary', { name: 'Demo server' }).waitFor()
      expect(await page.getByRole('complementary', { name: 'Demo server' }).textContent())
        .toBe("Demo: messages are caught, not sent. Text messages and (until the company's mail server is set) e-mail stay on this server.")
      await page.getByLabel('Language').selectOption('ru')
      const ru = page.getByRole('complementary', { name: 'Демо-сервер' })
      await ru.waitFor()
      expect(await ru.textContent()).toBe('Демо: сообщения перехватываются, а не отправляются. SMS и (пока не задан почтовый сервер компании) электронные письма остаются на этом сервере.')
      await page.getByLabel('Язык').selectOption('tr')
      await banner.waitFor()
      await page.close()
    } finally {
      await b.close()
    }
  })

  it('global search: Ctrl+K, results by name, username or e-mail, keyboard to open one', async () => {
    const page = await admin.page('/navbar/home/main')
    await heading(page, 'Hoş geldiniz, Ayşe Yılmaz')
    await page.keyboard.press('Control+k')
    const box = page.getByRole('combobox', { name: 'Genel arama' })
    await expect.poll(() => box.evaluate((el) => el === document.activeElement)).toBe(true)
    const results = page.getByRole('listbox', { name: 'Arama sonuçları' })
    await box.fill('ROLE_AD')
    await results.getByRole('option', { name: /ROLE_ADMIN/ }).waitFor()
    await box.press('Escape')
    expect(await results.isVisible()).toBe(false)
    // (the page a hit opens takes the focus to its heading, which closes the search: so this last)
    await box.fill('mehmet.demir@')
    const option = results.getByRole('option', { name: /Mehmet Demir/ })
    await option.waitFor()
    await box.press('ArrowDown')
    expect(await option.getAttribute('aria-selected')).toBe('true')
    await box.press('Enter')
    await page.waitForURL('**/navbar/settings/users?q=mehmet.demir')
    expect(await results.isVisible()).toBe(false)
    await page.close()
  })

  it('tasks: an account locked by wrong passwords is re-activated by the admin from /inbox', async () => {
    for (let i = 0; i < 5; i++) await api(server.url, 'POST', '/auth/login', { username: 'burak.celik', password: `yanlis-${i}` })
    expect((await api(server.url, 'POST', '/auth/login', { username: 'burak.celik', password: DEMO_PASSWORD })).status).toBe(401)
    const page = await admin.page('/inbox')
    await heading(page, 'Görevler')
    const row = page.getByRole('row', { name: /burak\.celik/ })
    await row.waitFor()
    await row.getByRole('button', { name: 'Yeniden etkinleştir burak.celik' }).click()
    await toast(page, 'burak.celik hesabı yeniden etkinleştirildi.')
    await expect.poll(() => row.count()).toBe(0)
    expect((await api(server.url, 'POST', '/auth/login', { username: 'burak.celik', password: DEMO_PASSWORD })).status).toBe(200)
    // the audit log shows it, on the list statechart, its state in the URL
    await page.goto('/navbar/settings/audit')
    await heading(page, 'Denetim kaydı')
    await page.getByText(/kayıttan 1 - \d+ arası gösteriliyor/).waitFor()
    await page.getByLabel('Sayfa başına').selectOption('50')
    await page.waitForURL('**/navbar/settings/audit?size=50')
    await page.getByLabel('İşlem', { exact: true }).selectOption({ label: 'Hesap kilidi açıldı' })
    await page.waitForURL(/action=user\.reactivated/)
    await page.reload()
    await page.getByRole('cell', { name: 'Hesap kilidi açıldı' }).first().waitFor()
    expect(await page.getByRole('cell', { name: /Burak Çelik'in hesabının kilidini açtı$/ }).count()).toBeGreaterThan(0)
    expect(await page.getByLabel('Sayfa başına').inputValue()).toBe('50')
    await page.close()
  })

  it('change password while signed in: spec 5 messages, this session stays, the other one ends', async () => {
    const other = await api(server.url, 'POST', '/auth/login', { username: 'mehmet.demir', password: DEMO_PASSWORD })
    expect(other.status).toBe(200)
    const page = await user.page('/navbar/change-password')
    await heading(page, 'Şifre değiştir')
    const form = page.getByRole('main')
    await form.getByLabel('Eski şifre').fill('yanlis-parola')
    await form.getByLabel('Yeni şifre', { exact: true }).fill(NEW_PASSWORD)
    await form.getByLabel('Yeni şifre (tekrar)').fill(NEW_PASSWORD + 'x')
    await form.getByRole('button', { name: 'Şifreyi Değiştir' }).click()
    await form.getByText('Yeni şifre ile tekrarı eşleşmiyor').waitFor()
    await form.getByLabel('Yeni şifre (tekrar)').fill(NEW_PASSWORD)
    await form.getByRole('button', { name: 'Şifreyi Değiştir' }).click()
    await form.getByRole('alert').filter({ hasText: 'Mevcut şifreniz hatalı' }).waitFor()
    await form.getByLabel('Eski şifre').fill(DEMO_PASSWORD)
    await form.getByRole('button', { name: 'Şifreyi Değiştir' }).click()
    await toast(page, 'Şifreniz değiştirildi.')
    // this session stays: another page loads its data
    await nav(page).getByRole('link', { name: 'Profil' }).click()
    await page.getByText('mehmet.demir@example.com').waitFor()
    // the other session ended
    expect((await fetch(`${server.url}/api/v1/profile`, { headers: { cookie: other.cookie } })).status).toBe(401)
    expect((await api(server.url, 'POST', '/auth/login', { username: 'mehmet.demir', password: NEW_PASSWORD })).status).toBe(200)
    await page.close()
  })

  it('phone (375 px): the menu collapses behind a button, the header is at most 72 px', async () => {
    const phone = await launch({ baseUrl: server.url, viewport: { width: 375, height: 740 } })
    try {
      const page = await phone.context.newPage()
      await signIn(page, 'ayse.yilmaz')
      await heading(page, 'Şirket Ayarları')
      const header = page.getByRole('banner')
      expect((await header.boundingBox())!.height).toBeLessThanOrEqual(72)
      expect(await nav(page).isVisible()).toBe(false)
      const button = page.getByRole('button', { name: 'Menü' })
      expect(await button.getAttribute('aria-expanded')).toBe('false')
      await button.click()
      expect(await button.getAttribute('aria-expanded')).toBe('true')
      await nav(page).getByRole('link', { name: 'Görevler' }).click()
      await heading(page, 'Görevler')
      expect(await nav(page).isVisible()).toBe(false)
      expect((await header.boundingBox())!.height).toBeLessThanOrEqual(72)
      // the skip link is the first stop and leads to the content
      await page.keyboard.press('Tab')
      await page.getByRole('link', { name: 'İçeriğe geç' }).and(page.locator(':focus')).waitFor()
    } finally {
      await phone.close()
    }
  })

  it('axe-core finds no serious or critical violation on any staff page', async () => {
    const page = await admin.context.newPage()
    const paths = [
      '/navbar/home/main', '/navbar/settings/global-settings', '/navbar/settings/company/general', '/navbar/settings/company/address',
      '/navbar/settings/company/job-titles', '/navbar/settings/company/notification', '/navbar/settings/company/mail-server', '/navbar/settings/company/security',
      '/navbar/settings/company/preferences', '/navbar/settings/team', '/navbar/settings/roles', '/navbar/settings/users',
      '/navbar/settings/audit', '/navbar/settings/consents', '/navbar/settings/company/outbox', '/navbar/dashboard', '/navbar/profile', '/navbar/permissions', '/navbar/change-password', '/inbox',
      '/navbar/yok',
    ]
    const found = await axeViolations(page, paths)
    expect(found).toEqual({})
    await page.close()
  }, 180_000) // 21 pages, each loaded and scanned by axe: more than the file's 60 s on a busy CI machine
})
