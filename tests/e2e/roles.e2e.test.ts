import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { launch, type Browser } from './browser.ts'
import { DEMO_PASSWORD, startE2eServer, type E2eServer } from './server.ts'
import { addDays, calendarDateOf, formatIsoDate } from '../../src/domain/dates.ts'
import { axeViolations, signIn } from './staff.ts'

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name }).waitFor()
const nav = (page: Page) => page.getByRole('navigation', { name: 'Yönetim menüsü' })
const cell = (page: Page, permission: string) => page.locator(`[data-permission="${permission}"]`)
const saved = (page: Page) => page.getByText('Değişiklikler kaydedildi.').waitFor()
/** The editor's password dialog (issue 28): the password, then "Onayla ve kaydet". */
async function confirmPassword(page: Page, password: string) {
  const dialog = page.locator('dialog[data-reauth][open]')
  await dialog.waitFor()
  await dialog.getByText('Bu değişiklik güvenliği etkiliyor').waitFor()
  await dialog.getByLabel('Şifreniz').fill(password)
  await dialog.getByRole('button', { name: 'Onayla ve kaydet' }).click()
}

describe('the Roles page (real server, Chromium)', () => {
  let server: E2eServer
  let admin: Browser
  let holder: Browser
  let roleId = ''
  beforeAll(async () => {
    server = await startE2eServer('roles')
    admin = await launch({ baseUrl: server.url })
    holder = await launch({ baseUrl: server.url })
  })
  afterAll(async () => {
    await admin?.close()
    await holder?.close()
    await server?.stop()
  })

  it('defines a role: ROLE_ prefix error, data-privacy disables cells and says why, the matrix by keyboard, the preview', async () => {
    const page = await admin.context.newPage()
    await signIn(page, 'ayse.yilmaz')
    await page.waitForURL('**/navbar/settings/global-settings')
    await page.goto('/navbar/settings/roles')
    await heading(page, 'Yetkiler')
    // the list: the three system roles, searchable and filterable, state in the URL
    await page.getByRole('link', { name: 'ROLE_SUPERADMIN' }).waitFor()
    expect(await page.getByRole('table').getByRole('link').allTextContents()).toEqual(['ROLE_ADMIN', 'ROLE_SUPERADMIN', 'ROLE_USER'])
    await page.locator('select[name=levelType]').selectOption('PUBLIC')
    await page.waitForURL(/levelType=PUBLIC/)
    await expect.poll(() => page.getByRole('table').getByRole('link').allTextContents()).toEqual(['ROLE_USER'])
    await page.locator('select[name=levelType]').selectOption('')

    await page.getByRole('link', { name: 'Yeni rol tanımla' }).click()
    await heading(page, 'Yeni rol tanımla')
    await page.locator('input[name=rolename]').fill('DENETCI')
    await page.getByRole('button', { name: 'Kaydet' }).click()
    await page.getByText('Rol adı ROLE_ ile başlamalı').waitFor()
    await page.locator('input[name=rolename]').fill('ROLE_DENETCI')

    // PUBLIC (the default): changing the company is closed, and says why
    const update = cell(page, 'company:update')
    expect(await update.getAttribute('aria-disabled')).toBe('true')
    const reasonId = await update.getAttribute('aria-describedby')
    expect(await page.locator(`[id="${reasonId}"]`).textContent()).toContain('en az "Kurum içi"')
    await update.dispatchEvent('click')
    expect(await update.getAttribute('aria-checked')).toBe('false')
    // INTERNAL opens it; users stay closed (CONFIDENTIAL)
    await page.locator('select[name=gdprLevel]').selectOption('INTERNAL')
    await expect.poll(() => update.getAttribute('aria-disabled')).toBeNull()
    expect(await cell(page, 'user:read').getAttribute('aria-disabled')).toBe('true')

    // keyboard only: the grid has one tab stop; arrows move, Space toggles
    await cell(page, 'company:read').focus()
    await page.keyboard.press('Space')
    await page.keyboard.press('ArrowRight')
    await page.keyboard.press('Space')
    expect(await cell(page, 'company:update').getAttribute('aria-checked')).toBe('true')
    expect(await cell(page, 'company:read').getAttribute('aria-checked')).toBe('true')
    // down to the users row (closed): Space does nothing, the reason shows for the focused cell
    for (let i = 0; i < 9; i++) await page.keyboard.press('ArrowDown')
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-permission'))).toBe('user:update')
    await page.keyboard.press('Space')
    expect(await cell(page, 'user:update').getAttribute('aria-checked')).toBe('false')
    await page.locator('[data-focused-reason]').filter({ hasText: 'en az "Gizli (kişisel veri)"' }).waitFor()
    // the group row's "all" toggle, by keyboard: Home goes to the row header
    for (let i = 0; i < 2; i++) await page.keyboard.press('ArrowUp')
    await page.keyboard.press('Home')
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Organizasyon ağacı (tümü)')
    await page.keyboard.press('Enter')
    for (const a of ['read', 'create', 'update', 'delete']) expect(await cell(page, `group:${a}`).getAttribute('aria-checked')).toBe('true')
    await cell(page, 'dashboard:read').click()
    const preview = page.getByTestId('role-preview')
    await preview.getByText('Şirket bilgileri: görüntüleyebilir ve değiştirebilir').waitFor()
    await preview.getByText('Gösterge paneli: görüntüleyebilir').waitFor()
    // lowering the level drops what it may not hold, and says so
    await page.locator('select[name=gdprLevel]').selectOption('PUBLIC')
    await page.getByText('Yeni veri gizliliği seviyesinde verilemeyen yetkiler kaldırıldı').waitFor()
    expect(await cell(page, 'company:update').getAttribute('aria-checked')).toBe('false')
    expect(await cell(page, 'company:read').getAttribute('aria-checked')).toBe('true')
    await page.locator('select[name=gdprLevel]').selectOption('INTERNAL')
    await cell(page, 'company:update').click()

    await page.getByRole('button', { name: 'Kaydet' }).click()
    await page.waitForURL(/\/navbar\/settings\/roles\/[0-9a-f-]{36}$/)
    roleId = page.url().split('/').pop()!
    await heading(page, 'Rolü güncelle')
    expect(await page.getByTestId('role-owner').textContent()).toBe('ayse.yilmaz')
    expect(await cell(page, 'company:update').getAttribute('aria-checked')).toBe('true')
    await page.close()
  })

  it('the role is assigned in the users area; the menu of its holder follows the assignment, then the change of the role', async () => {
    expect(roleId).not.toBe('')
    const mine = await holder.context.newPage()
    await signIn(mine, 'mehmet.demir')
    await mine.waitForURL('**/navbar/home/main')
    expect(await mine.locator('select[name=activeRole] option').allTextContents()).not.toContain('ROLE_DENETCI')

    // the admin gives mehmet the role on his details page (issue 14's assignments section)
    const details = await admin.page('/navbar/settings/users?q=mehmet')
    await details.getByRole('link', { name: 'Mehmet Demir' }).click()
    await heading(details, 'Kullanıcı ayrıntıları')
    const form = details.getByRole('form', { name: 'Rol atamaları' })
    const picker = form.locator('select[name=selectedRoles]')
    await expect.poll(() => picker.locator('option').allTextContents()).toContain('ROLE_DENETCI')
    await picker.selectOption({ label: 'ROLE_DENETCI' })
    await form.locator('input[name=validTo]').fill(formatIsoDate(addDays(calendarDateOf(new Date())!, 30)))
    await form.getByRole('button', { name: 'Listeye ekle' }).click()
    await form.locator('tr[data-role="ROLE_DENETCI"]').waitFor()
    await form.getByRole('button', { name: 'Kaydet' }).click()
    await form.getByText('Değişiklikler kaydedildi.').waitFor()
    await details.close()

    // his next page load offers the role; on it, the menu is the role's (the dashboard among it)
    await mine.reload()
    await expect.poll(() => mine.locator('select[name=activeRole] option').allTextContents()).toContain('ROLE_DENETCI')
    await mine.locator('select[name=activeRole]').selectOption('ROLE_DENETCI')
    await mine.waitForURL('**/navbar/home/main')
    await nav(mine).getByRole('link', { name: 'Gösterge paneli' }).waitFor()

    // the admin takes the dashboard away from the role
    const page = await admin.page(`/navbar/settings/roles/${roleId}`)
    await heading(page, 'Rolü güncelle')
    await cell(page, 'dashboard:read').click()
    expect(await cell(page, 'dashboard:read').getAttribute('aria-checked')).toBe('false')
    await page.getByRole('button', { name: 'Kaydet' }).click()
    // a change of permissions asks for her password again (issue 28)
    await confirmPassword(page, DEMO_PASSWORD)
    await saved(page)

    // the holder's next request (opening the profile) brings the new permissions: the menu item goes, without a reload
    await nav(mine).getByRole('link', { name: 'Profil' }).click()
    await heading(mine, 'Profil')
    await expect.poll(() => nav(mine).getByRole('link').allTextContents(), { timeout: 15_000 })
      .toEqual(['Ana sayfa', 'Ayarlar', 'Görevler', 'Profil', 'Yetkilerim', 'Şifre değiştir'])
    await mine.close()
    await page.close()
  })

  it('a SYSTEM-owned role is partly read-only and says why; ROLE_SUPERADMIN\'s permissions are fixed', async () => {
    const page = await admin.page('/navbar/settings/roles')
    await page.getByRole('link', { name: 'ROLE_USER' }).click()
    await heading(page, 'Rolü güncelle')
    await page.getByText('Bu rol SYSTEM\'e ait: adı, tipi, ana rol işareti ve veri gizliliği seviyesi değiştirilemez').waitFor()
    expect(await page.locator('input[name=rolename]').getAttribute('readonly')).not.toBeNull()
    expect(await page.locator('select[name=gdprLevel]').isDisabled()).toBe(true)
    expect(await page.locator('select[name=roleType]').isDisabled()).toBe(true)
    expect(await page.locator('input[name=isMainRole]').isDisabled()).toBe(true)
    expect(await page.getByText('SYSTEM sahipli rolde değiştirilemez.').count()).toBe(4)
    // team size stays editable, but not by ayşe: she holds ROLE_USER herself (issue 28: nobody edits a role they hold)
    await page.locator('input[name=teamSize]').fill('25')
    await page.getByRole('button', { name: 'Kaydet' }).click()
    await page.getByRole('alert').filter({ hasText: 'Bu değişiklik yetkilerinizi aşıyor' }).waitFor()

    await page.goto('/navbar/settings/roles')
    await page.getByRole('link', { name: 'ROLE_SUPERADMIN' }).click()
    await heading(page, 'Rolü güncelle')
    expect(await page.getByRole('grid').getAttribute('aria-readonly')).toBe('true')
    await page.getByText('ROLE_SUPERADMIN her zaman tüm yetkilere sahiptir; yetkileri değiştirilemez.').waitFor()
    await cell(page, 'audit:read').dispatchEvent('click')
    expect(await cell(page, 'audit:read').getAttribute('aria-checked')).toBe('true')
    await page.close()
  })

  it('axe-core finds no serious or critical violation on the list and the forms', async () => {
    const page = await admin.context.newPage()
    const found = await axeViolations(page, ['/navbar/settings/roles', '/navbar/settings/roles/new', `/navbar/settings/roles/${roleId}`])
    expect(found).toEqual({})
    await page.close()
  })
})
