import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { TEST_ADMIN } from '../support/constants.ts'
import { launch, type Browser } from './browser.ts'
import { signIn } from './staff.ts'

/**
 * Issue 26 item 6: a search parameter of the wrong kind in a typed or shared URL never breaks a
 * page: the route's zod schema falls back to its default and the page shows what it shows without it.
 */
describe('bad search parameters in the URL (real server, Chromium)', () => {
  let b: Browser
  beforeAll(async () => { b = await launch() })
  afterAll(async () => { await b.close() })

  /** Uncaught errors of the page: none may happen. */
  function errorsOf(page: Page): string[] {
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    return errors
  }

  it('the goodbye page: an unknown or malformed reason is a plain logout; a known one is read', async () => {
    await b.context.clearCookies()
    const page = await b.page('/auth/logout?reason=%5B1%2C2%5D')
    const errors = errorsOf(page)
    await page.getByRole('heading', { name: 'İyi günler' }).waitFor()
    await page.getByText('Oturumunuz güvenli bir şekilde kapatıldı.').waitFor()
    await page.goto('/auth/logout?reason=SOMETHING')
    await page.getByText('Oturumunuz güvenli bir şekilde kapatıldı.').waitFor()
    await page.goto('/auth/logout?reason=lockTimeout')
    await page.getByText('Uzun süre işlem yapılmadığı için oturumunuz kapatıldı.').waitFor()
    expect(errors).toEqual([])
    await page.close()
  })

  it('a malformed redirect on the sign-in page is dropped: the user lands home; lists and the team page ignore junk', async () => {
    await b.context.clearCookies()
    const page = await b.page('/auth/login?redirect=%7B%22a%22%3A1%7D')
    const errors = errorsOf(page)
    await signIn(page, TEST_ADMIN.username, TEST_ADMIN.password)
    await page.waitForURL('**/navbar/settings/global-settings')
    // page, size and sort of the wrong kind: the first page of 20, unsorted
    await page.goto('/navbar/settings/users?page=abc&size=7&sort=%3Cx%3E&q=%5B1%5D')
    await page.getByRole('table', { name: 'Kullanıcılar' }).waitFor()
    await page.getByText('Toplu işlem için kullanıcı seçiniz').waitFor()
    // the first page's rows arrive (the list asked for a valid page, not page "abc" of 7)
    await page.locator('tbody tr').first().waitFor()
    expect(await page.locator('tbody tr').count()).toBeGreaterThan(0)
    await page.goto('/navbar/settings/team?q=%7B%22a%22%3A1%7D')
    await page.getByText('Düzenlemek için şemada bir grup seçin ya da yeni bir grup ekleyin.').waitFor()
    expect(errors).toEqual([])
    await page.close()
  })
})
