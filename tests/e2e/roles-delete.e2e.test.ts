import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEST_ADMIN } from '../support/constants.ts'
import { launch, type Browser } from './browser.ts'
import { DEMO_PASSWORD, startE2eServer, type E2eServer } from './server.ts'
import { apiSession, createRoleHolder, signIn } from './staff.ts'

/**
 * Deleting a role from the Roles list (role:delete, the superadmin): a confirmation dialog, and the
 * server's refusals in the active language: a SYSTEM-owned role, a role users still hold (with the
 * count). An unused role goes.
 */
describe('the Roles list: delete with confirmation (real server, Chromium)', () => {
  let server: E2eServer
  let browser: Browser
  beforeAll(async () => {
    server = await startE2eServer('roles-delete')
    browser = await launch({ baseUrl: server.url })
    const admin = await apiSession(server.url, TEST_ADMIN.username, TEST_ADMIN.password)
    const role = (body: object) => admin.call('POST', '/role', { roleType: 'default', groupId: null, gdprLevel: 'PUBLIC', teamSize: null, isMainRole: false, permissions: [], ...body })
    expect((await role({ rolename: 'ROLE_GECICI' })).status).toBe(201)
    const held = await role({ rolename: 'ROLE_TUTULAN', roleType: 'main', isMainRole: true })
    expect(held.status).toBe(201)
    // a user holding ROLE_TUTULAN
    const user = await createRoleHolder(admin, { username: 'tuna.tutucu', firstName: 'Tuna', lastName: 'Tutucu', nationalIdBase: '234567891' }, held.body.id as string)
    expect(user.status, JSON.stringify(user.body)).toBe(201)
  })
  afterAll(async () => {
    await browser?.close()
    await server?.stop()
  })

  it('asks first; says why a SYSTEM role and a held role stay; deletes an unused one', async () => {
    const page = await browser.context.newPage()
    await signIn(page, TEST_ADMIN.username, TEST_ADMIN.password)
    await page.waitForURL('**/navbar/**')
    await page.goto('/navbar/settings/roles')
    const table = page.getByRole('table')
    await table.getByRole('link', { name: 'ROLE_GECICI' }).waitFor()
    const dialog = page.getByRole('dialog', { name: 'Silinsin mi?' })

    // a SYSTEM-owned role offers no deletion and says why (issue 25 item 12); the server refuses it anyway (tests/server)
    const systemRow = table.getByRole('row').filter({ has: page.getByRole('link', { name: 'ROLE_USER', exact: true }) })
    await systemRow.getByText('Sistem rolü; silinemez').waitFor()
    expect(await page.getByRole('button', { name: 'ROLE_USER rolünü sil' }).count()).toBe(0)
    expect(await page.getByRole('button', { name: 'ROLE_SUPERADMIN rolünü sil' }).count()).toBe(0)

    await page.getByRole('button', { name: 'ROLE_TUTULAN rolünü sil' }).click()
    await dialog.getByRole('button', { name: 'Sil' }).click()
    await expect.poll(() => dialog.getByRole('alert').textContent()).toBe('1 kullanıcı bu rolü taşıyor; silmeden önce rolü kullanıcılardan kaldırın.')
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'hidden' })

    // cancelled: nothing went
    await page.getByRole('button', { name: 'ROLE_GECICI rolünü sil' }).click()
    await dialog.getByRole('button', { name: 'Vazgeç' }).click()
    expect(await table.getByRole('link', { name: 'ROLE_GECICI' }).count()).toBe(1)
    await page.getByRole('button', { name: 'ROLE_GECICI rolünü sil' }).click()
    await dialog.getByRole('button', { name: 'Sil' }).click()
    await expect.poll(() => table.getByRole('link', { name: 'ROLE_GECICI' }).count()).toBe(0)
    expect(await table.getByRole('link', { name: 'ROLE_TUTULAN' }).count()).toBe(1)
    expect(await table.getByRole('link', { name: 'ROLE_USER' }).count()).toBe(1)
    await page.close()
  })

  it('a holder without role:delete sees no delete button', async () => {
    const page = await browser.context.newPage()
    await browser.context.clearCookies()
    await signIn(page, 'ayse.yilmaz')
    await page.waitForURL('**/navbar/**')
    await page.goto('/navbar/settings/roles')
    await page.getByRole('table').getByRole('link', { name: 'ROLE_TUTULAN' }).waitFor()
    expect(await page.getByRole('button', { name: /rolünü sil$/ }).count()).toBe(0)
    await page.close()
  })
})
