import type { Page, Route } from 'playwright-core'
import { expect } from 'vitest'

/**
 * What the two quick quote drivers share: the visitor's "Satın Al" leaves for the purchase page,
 * which this replay answers with 204 No Content (the browser then stays on the quote page, so the
 * live actor's final state can still be read), and the driver checks the address it asked for.
 */
export async function buyStaysHere(page: Page, purchasePath: string): Promise<{ asked(): Promise<URL> }> {
  const to = (url: URL) => url.pathname === purchasePath
  const asked = new Promise<URL>((ok) => {
    void page.route(to, (route: Route) => {
      ok(new URL(route.request().url()))
      void route.fulfill({ status: 204 })
    })
  })
  return {
    asked: () => Promise.race([asked, new Promise<URL>((_ok, fail) => setTimeout(() => fail(new Error(`no navigation to ${purchasePath}`)), 15_000))]),
  }
}

/** Sets the gender radios as the event says ('' leaves both unticked). */
export async function setGender(page: Page, gender: string) {
  if (gender) await page.locator(`input[name=gender][value=${gender}]`).check()
  else await page.locator('input[name=gender]').evaluateAll((els) => { for (const el of els) (el as HTMLInputElement).checked = false })
  expect(await page.locator('input[name=gender]:checked').count()).toBe(gender ? 1 : 0)
}
