import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEST_ADMIN } from '../support/constants.ts'
import { launch, type Browser } from './browser.ts'
import { startE2eServer, type E2eServer } from './server.ts'
import { apiSession, seriousViolations, serveAxe, signIn } from './staff.ts'

/**
 * Issue 25 item 3 in Chromium: "Posta kutusu". The server runs without any mail server (no catcher,
 * none configured), so a temporary password's mail fails: the page shows it failed with its
 * attempts and last error, and a superadmin sends it again; a ROLE_ADMIN reads without the button;
 * a ROLE_USER does not see the page.
 */
describe('the outbox page (issue 25 item 3), real server, Chromium', () => {
  let server: E2eServer
  let browser: Browser
  let mailId = ''
  beforeAll(async () => {
    server = await startE2eServer('outbox', { MAIL_CATCHER: 'false' })
    browser = await launch({ baseUrl: server.url })
    const admin = await apiSession(server.url, TEST_ADMIN.username, TEST_ADMIN.password)
    const found = await admin.call('GET', '/user?q=mehmet.demir')
    const id = (found.body.items as Array<{ id: string }>)[0]!.id
    const sent = await admin.call('POST', `/user/${id}/temporaryPassword`)
    expect(sent.status, JSON.stringify(sent.body)).toBe(200)
  }, 120_000)
  afterAll(async () => {
    await browser?.close()
    await server?.stop()
  })

  it('lists the failed mail with its attempts and last error; "Şimdi tekrar gönder" queues it now', async () => {
    await browser.context.clearCookies()
    const page = await browser.context.newPage()
    await serveAxe(page)
    await signIn(page, TEST_ADMIN.username, TEST_ADMIN.password)
    await page.waitForURL((u) => !u.pathname.startsWith('/auth/'))
    await page.goto('/navbar/settings/company/mail-server')
    await page.getByRole('navigation', { name: 'Şirket sayfaları' }).getByRole('link', { name: 'Posta kutusu' }).click()
    await page.waitForURL('**/navbar/settings/company/outbox')
    await page.getByRole('heading', { level: 1, name: 'Posta kutusu' }).waitFor()
    const row = page.getByRole('row', { name: /mehmet\.demir@example\.com/ })
    // the worker tries within seconds; a reload shows the failure
    await expect.poll(async () => {
      await page.getByRole('button', { name: 'Yenile' }).click().catch(() => undefined)
      return (await row.textContent().catch(() => '')) ?? ''
    }, { timeout: 30_000, interval: 1000 }).toContain('Gönderilemedi')
    const text = (await row.textContent())!
    expect(text).toMatch(/sonraki deneme/)
    expect(await row.locator('td').nth(4).textContent()).toMatch(/^[1-9]\d*$/)
    expect((await row.locator('code').textContent())!.length).toBeGreaterThan(3)
    expect(await seriousViolations(page)).toEqual([])

    await page.getByLabel('Durum').selectOption({ label: 'Gönderilemedi' })
    await page.waitForURL(/status=failed/)
    await row.waitFor()
    const retried = page.waitForRequest((r) => r.method() === 'POST' && /\/api\/v1\/outbox\/[0-9a-f-]{36}\/retry$/.test(r.url()))
    await row.getByRole('button', { name: 'Şimdi tekrar gönder' }).click()
    mailId = /outbox\/([0-9a-f-]{36})\/retry/.exec((await retried).url())![1]!
    await page.getByText('E-posta yeniden gönderim için sıraya alındı: mehmet.demir@example.com').waitFor()
    await page.close()
  }, 90_000)

  it('a ROLE_ADMIN reads the outbox without the retry button; a ROLE_USER does not see it', async () => {
    expect(mailId).toMatch(/^[0-9a-f-]{36}$/)
    await browser.context.clearCookies()
    const page = await browser.context.newPage()
    await signIn(page, 'ayse.yilmaz')
    await page.waitForURL((u) => !u.pathname.startsWith('/auth/'))
    await page.goto('/navbar/settings/company/outbox')
    await page.getByRole('row', { name: /mehmet\.demir@example\.com/ }).waitFor()
    expect(await page.getByRole('button', { name: 'Şimdi tekrar gönder' }).count()).toBe(0)
    // told why there is no button, and that the mail is retried by itself
    await page.getByText('Gönderilemeyen e-postalar, e-posta sunucusu düzeldiğinde kendiliğinden yeniden denenir.', { exact: false }).waitFor()
    await browser.context.clearCookies()
    await signIn(page, 'zeynep.arslan')
    await page.waitForURL((u) => !u.pathname.startsWith('/auth/'))
    await page.goto('/navbar/settings/company/outbox')
    await page.getByText('Bu sayfayı görüntüleme yetkiniz yok.').waitFor()
    expect(await page.getByRole('row', { name: /example\.com/ }).count()).toBe(0)
    await page.close()
  })
})
