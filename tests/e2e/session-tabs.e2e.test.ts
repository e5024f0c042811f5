import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launch, type Browser } from './browser.ts'
import { DEMO_PASSWORD } from './server.ts'
import { signIn } from './staff.ts'

describe('staff session across tabs (real server, Chromium)', () => {
  let b: Browser
  beforeAll(async () => { b = await launch() })
  afterAll(async () => { await b.close() })

  // found by the session driver of the browser model replay (tests/e2e/drivers/session.ts)
  it('a tab logged out in another tab signs in again from its goodbye page: typing keeps the sign-in form', async () => {
    await b.context.clearCookies()
    const tab = await b.context.newPage()
    await signIn(tab, 'zeynep.arslan')
    await tab.waitForURL('**/navbar/home/main')
    const other = await b.context.newPage()
    await other.goto('/navbar/home/main')
    await other.getByRole('button', { name: 'Çıkış', exact: true }).click()
    await other.waitForURL('**/auth/logout**')
    await tab.waitForURL('**/auth/logout**')
    await tab.getByRole('link', { name: 'Tekrar giriş yap' }).click()
    await tab.waitForURL('**/auth/login**')
    // keys typed and pointer moves are activity the session hears (at most once a second)
    await tab.locator('input[name=username]').pressSequentially('zeynep.arslan', { delay: 120 })
    await tab.mouse.move(200, 200)
    await tab.mouse.move(260, 240)
    expect(new URL(tab.url()).pathname).toBe('/auth/login')
    await tab.locator('input[name=password]').fill(DEMO_PASSWORD)
    await tab.getByRole('button', { name: 'Giriş Yap' }).click()
    await tab.waitForURL('**/navbar/home/main')
    expect(await tab.locator('input[name=username]').count()).toBe(0)
    await other.close()
    await tab.close()
  })
})
