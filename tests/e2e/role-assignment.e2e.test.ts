import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { addDays, calendarDateOf, formatIsoDate } from '../../src/domain/dates.ts'
import { TEST_ADMIN } from '../support/constants.ts'
import { launch, type Browser } from './browser.ts'
import { startE2eServer, type E2eServer } from './server.ts'
import { apiSession, serveAxe, seriousViolations, signIn } from './staff.ts'

/**
 * Issues 13 and 14 in Chromium: a role defined with a permission matrix (through the API here: the
 * roles e2e, roles.e2e.test.ts, drives the matrix in the browser) is assigned to mehmet.demir on his
 * details page, with a valid-until date; mehmet, signed in in another browser, gets it at his next
 * navigation and sees the new settings entry; ending the assignment takes the entry away at his
 * next request, without a reload. Also the create-user wizard's leave guard.
 */

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name }).waitFor()
const menu = (page: Page) => page.getByRole('navigation', { name: 'Yönetim menüsü' })
const section = (page: Page) => page.getByRole('form', { name: 'Rol atamaları' })
const auditEntry = (page: Page) => page.getByRole('main').getByRole('link', { name: /Denetim kaydı/ })

describe('role assignment in the users area (real server, Chromium)', () => {
  let server: E2eServer
  let admin: Browser
  let holder: Browser
  /** 30 days from today in Türkiye: the assignment's valid-to. */
  const validTo = formatIsoDate(addDays(calendarDateOf(new Date())!, 30))
  beforeAll(async () => {
    server = await startE2eServer('role-assignment')
    admin = await launch({ baseUrl: server.url })
    holder = await launch({ baseUrl: server.url })
    const session = await apiSession(server.url, TEST_ADMIN.username, TEST_ADMIN.password)
    const created = await session.call('POST', '/role', {
      rolename: 'ROLE_DENETCI', roleType: 'main', groupId: null, gdprLevel: 'CONFIDENTIAL', teamSize: null, isMainRole: false,
      permissions: [
        { permtag: 'audit', actions: ['read'] }, { permtag: 'company', actions: ['read'] },
        { permtag: 'dashboard', actions: ['read'] }, { permtag: 'profile', actions: ['read', 'update'] },
      ],
    })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
  })
  afterAll(async () => {
    await admin?.close()
    await holder?.close()
    await server?.stop()
  })

  it('assigns a role on the details page; the holder gets it at his next navigation; ending it takes the menu entry away', async () => {
    const mine = await holder.context.newPage()
    await signIn(mine, 'mehmet.demir')
    await mine.waitForURL('**/navbar/home/main')
    await mine.goto('/navbar/settings/global-settings')
    await heading(mine, 'Şirket Ayarları')
    expect(await auditEntry(mine).count()).toBe(0)

    const page = await admin.context.newPage()
    await signIn(page, TEST_ADMIN.username, TEST_ADMIN.password)
    await page.waitForURL('**/navbar/settings/global-settings')
    await page.goto('/navbar/settings/users?q=mehmet')
    await page.getByRole('link', { name: 'Mehmet Demir' }).click()
    await heading(page, 'Kullanıcı ayrıntıları')
    const form = section(page)
    await form.locator('tr[data-role="ROLE_USER"]').waitFor()
    expect(await form.getByRole('radio', { name: 'ROLE_USER: ana rol' }).isChecked()).toBe(true)
    // the picker and the date, by keyboard
    const picker = form.locator('select[name=selectedRoles]')
    await expect.poll(() => picker.locator('option').allTextContents()).toContain('ROLE_DENETCI')
    await picker.selectOption({ label: 'ROLE_DENETCI' })
    await form.locator('input[name=validTo]').fill(validTo)
    await form.getByRole('button', { name: 'Listeye ekle' }).focus()
    await page.keyboard.press('Enter')
    await form.locator('tr[data-role="ROLE_DENETCI"]').waitFor()
    await form.getByRole('button', { name: 'Kaydet' }).focus()
    await page.keyboard.press('Enter')
    await form.getByText('Değişiklikler kaydedildi.').waitFor()
    // valid-until shown as a local date, after a reload too
    const shown = new Intl.DateTimeFormat('tr', { dateStyle: 'medium', timeZone: 'Europe/Istanbul' }).format(new Date(`${validTo}T12:00:00+03:00`))
    await page.reload()
    await heading(page, 'Kullanıcı ayrıntıları')
    await section(page).locator('tr[data-role="ROLE_DENETCI"]').getByText(shown).waitFor()
    expect(await section(page).getByLabel('ROLE_DENETCI geçerlilik sonu').inputValue()).toBe(validTo)

    // mehmet's next navigation knows the role; on it, the audit log appears among his settings
    await mine.reload()
    await heading(mine, 'Şirket Ayarları')
    await expect.poll(() => mine.locator('select[name=activeRole] option').allTextContents()).toContain('ROLE_DENETCI')
    await mine.locator('select[name=activeRole]').selectOption('ROLE_DENETCI')
    // a role switch lands on the role's landing page: back to the settings from the menu
    await mine.waitForURL('**/navbar/home/main')
    await menu(mine).getByRole('link', { name: 'Ayarlar' }).click()
    await heading(mine, 'Şirket Ayarları')
    await auditEntry(mine).waitFor()

    // the admin ends it, after a confirmation naming it
    const row = section(page).locator('tr[data-role="ROLE_DENETCI"]')
    await row.getByRole('button', { name: 'Atamayı bitir: ROLE_DENETCI' }).click()
    await section(page).getByRole('button', { name: 'Kaydet' }).click()
    const dialog = page.getByRole('dialog', { name: 'Atamalar bitirilsin mi?' })
    await dialog.getByText(/ROLE_DENETCI/).waitFor()
    await dialog.getByRole('button', { name: 'Atamaları bitir ve kaydet' }).click()
    await section(page).getByText('Değişiklikler kaydedildi.').waitFor()
    expect(await row.count()).toBe(0)

    // mehmet's next request (moving within the app, no reload) takes the entry away
    await menu(mine).getByRole('link', { name: 'Profil' }).click()
    await heading(mine, 'Profil')
    await menu(mine).getByRole('link', { name: 'Ayarlar' }).click()
    await heading(mine, 'Şirket Ayarları')
    await expect.poll(() => auditEntry(mine).count(), { timeout: 15_000 }).toBe(0)
    await mine.close()
    await page.close()
  })

  it('axe-core finds no serious or critical violation on the details page with the assignments', async () => {
    const page = await admin.context.newPage()
    await serveAxe(page)
    await page.goto('/navbar/settings/users?q=mehmet')
    await page.getByRole('link', { name: 'Mehmet Demir' }).click()
    await heading(page, 'Kullanıcı ayrıntıları')
    await section(page).locator('tr[data-role="ROLE_USER"]').waitFor()
    await expect.poll(() => page.getByText('Yükleniyor…').count()).toBe(0)
    expect(await seriousViolations(page)).toEqual([])
    await page.close()
  })

  it('the create-user wizard asks before leaving with what was typed', async () => {
    const page = await admin.page('/navbar/settings/users/new')
    await heading(page, 'Yeni Kullanıcı')
    const home = menu(page).getByRole('link', { name: 'Ana sayfa' })
    await page.locator('input[name=username]').waitFor()
    await page.locator('input[name=username]').fill('yeni.kisi')
    await home.click()
    const dialog = page.getByRole('dialog', { name: 'Kaydedilmemiş değişiklikler var' })
    await dialog.getByRole('button', { name: 'Sayfada kal' }).click()
    expect(page.url()).toContain('/navbar/settings/users/new')
    expect(await page.locator('input[name=username]').inputValue()).toBe('yeni.kisi')
    await home.click()
    await dialog.getByRole('button', { name: 'Değişiklikleri at ve çık' }).click()
    await page.waitForURL('**/navbar/home/main')
    // an untouched wizard lets go at once
    await page.goto('/navbar/settings/users/new')
    await heading(page, 'Yeni Kullanıcı')
    await page.locator('input[name=username]').waitFor()
    await home.click()
    await page.waitForURL('**/navbar/home/main')
    await page.close()
  })
})
