import type { Page } from 'playwright-core'
import { expect } from 'vitest'

/**
 * What the two quick quote drivers share: the visitor's "Satın Al" leaves for the purchase page,
 * which opens (its screen is the quote machine's final state; the coverage probe keeps the quote's
 * last state across the navigation), and the driver checks the address it asked for.
 */
export async function buyLeaves(page: Page, purchasePath: string): Promise<{ asked(): Promise<URL> }> {
  const to = (url: URL) => url.pathname === purchasePath
  const asked = new Promise<URL>((ok) => {
    page.on('request', (r) => {
      if (r.isNavigationRequest() && r.frame() === page.mainFrame() && to(new URL(r.url()))) ok(new URL(r.url()))
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

/**
 * The visitor's first sign of intent (a pointer move): the quick quote's statechart loads on it
 * (issue 23 goal 2, src/web/intent.ts; the form is drawn without it), and the replay reads that
 * machine from its first state.
 */
export async function showIntent(page: Page) {
  await page.mouse.move(20, 20)
  await page.mouse.move(40, 60)
}
