import type { Page, Route } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launch, type Browser } from './browser.ts'

/**
 * Issue 23 goal 2: a purchase page's first load carries the form of its first step only. The
 * purchase statechart (its guards, its section checks with zod, the SMS child machine) loads on the
 * visitor's first sign of intent (src/web/lazy-actor.ts); until then the page draws the machine's
 * first state, and a "Satın Al" / "Devam Et" pressed before the machine's code has arrived is not
 * lost: the machine takes it as it arrives.
 */
const PHONE = { width: 375, height: 740 }

/** Strings only the built code of each part contains (names in the statecharts' definitions, zod's class names). */
const MARKERS = {
  purchaseMachine: 'isPreInformationOutdated', // a guard of the TSS/travel and BES purchase statecharts
  smsMachine: 'enteringPhone', // the SMS verification machine's first state
  zod: '$ZodObject',
}

/** Every script the page fetched, by address, with its text. */
function scripts(page: Page) {
  const got = new Map<string, string>()
  page.on('response', (r) => {
    if (r.request().resourceType() !== 'script' && !r.url().endsWith('.js')) return
    void r.text().then((t) => got.set(r.url(), t), () => {})
  })
  return {
    has: (marker: string) => [...got.values()].some((t) => t.includes(marker)),
    count: () => got.size,
  }
}

/**
 * Scripts asked for from now on are held until `release` (the phone's slow network between the
 * first paint and the visitor's tap): only their timing changes, not what they are.
 */
async function holdLaterScripts(page: Page) {
  const held: Route[] = []
  let holding = true
  await page.route(/\/assets\/.*\.js$/, (route) => (holding ? void held.push(route) : void route.continue()))
  return {
    held: () => held.length,
    release: async () => {
      holding = false
      for (const r of held.splice(0)) await r.continue()
    },
  }
}

describe('a purchase page loads its statechart on intent (issue 23 goal 2)', () => {
  let b: Browser
  beforeAll(async () => { b = await launch({ viewport: PHONE, hasTouch: true }) })
  afterAll(async () => { await b.close() })

  for (const [path, first] of [['/urunler/market/tss', 'Teklif Al'], ['/urunler/market/pratikbes', 'Devam Et']] as const) {
    it(`${path}: before the visitor acts, no script of the purchase statechart, the SMS machine or zod is loaded; on intent they are`, { timeout: 90_000 }, async () => {
      const page = await b.context.newPage()
      const loaded = scripts(page)
      await page.goto(path)
      await page.getByRole('button', { name: first }).waitFor()
      await page.waitForLoadState('networkidle')
      await page.waitForTimeout(300)
      expect(loaded.count()).toBeGreaterThan(5)
      for (const [what, marker] of Object.entries(MARKERS)) expect(loaded.has(marker), `${what} before intent`).toBe(false)
      // the first sign of intent: a key pressed on the page
      await page.keyboard.press('Tab')
      await expect.poll(() => Object.values(MARKERS).every((m) => loaded.has(m)), { timeout: 30_000 }).toBe(true)
      await page.close()
    })
  }

  it('tss: a quote bought while the statechart\'s code is still on its way reaches the phone step with that quote', { timeout: 120_000 }, async () => {
    const page = await b.context.newPage()
    const loaded = scripts(page)
    await page.goto('/urunler/market/tss')
    await page.getByRole('button', { name: 'Teklif Al' }).waitFor()
    await page.waitForLoadState('networkidle')
    const hold = await holdLaterScripts(page)
    // the quick quote is on its own machine: it answers while the purchase machine is held back
    await page.getByLabel('Kadın').check()
    await expect.poll(() => page.locator('select[name=citycode] option').count(), { timeout: 15_000 }).toBeGreaterThan(1)
    await page.locator('select[name=citycode]').selectOption('34')
    await page.locator('input[name=birthdate]').fill('1990-01-01')
    await page.getByRole('button', { name: 'Teklif Al' }).click()
    const buy = page.getByRole('link', { name: 'Satın Al' }).first()
    await buy.waitFor({ timeout: 30_000 })
    expect(loaded.has(MARKERS.purchaseMachine)).toBe(false)
    await buy.click()
    // still the quote step: the machine is not there yet, and nothing else decided a step
    await page.waitForTimeout(500)
    expect(await page.getByTestId('purchase-tss').getAttribute('data-step')).toBe('quote')
    expect(hold.held()).toBeGreaterThan(0)
    expect(page.url()).toContain('gender=female')
    await hold.release()
    // the machine arrives and takes the quote it was handed: the phone step, with the quote's price on the way
    await page.getByLabel('Cep telefonu').waitFor({ timeout: 30_000 })
    expect(await page.getByTestId('purchase-tss').getAttribute('data-step')).toBe('sms')
    expect(loaded.has(MARKERS.purchaseMachine)).toBe(true)
    await page.close()
  })

  it('pratikbes: a quick profile sent while the statechart\'s code is on its way is checked by it as it arrives (an empty one is refused, a whole one goes on)', { timeout: 120_000 }, async () => {
    const page = await b.context.newPage()
    await page.goto('/urunler/market/pratikbes')
    await page.getByRole('button', { name: 'Devam Et' }).waitFor()
    await page.waitForLoadState('networkidle')
    const hold = await holdLaterScripts(page)
    await page.getByRole('button', { name: 'Devam Et' }).click()
    await page.waitForTimeout(500)
    expect(hold.held()).toBeGreaterThan(0)
    // nothing is said before the machine has checked
    expect(await page.getByRole('alert').count()).toBe(0)
    await hold.release()
    // the machine's check of the empty profile: each field's message
    await expect.poll(() => page.getByRole('alert').count(), { timeout: 30_000 }).toBeGreaterThan(0)
    await page.getByLabel('Kadın').check()
    await expect.poll(() => page.locator('select[name=citycode] option').count(), { timeout: 15_000 }).toBeGreaterThan(1)
    await page.locator('select[name=citycode]').selectOption('34')
    await page.locator('input[name=birthdate]').fill('1990-01-01')
    await page.getByRole('button', { name: 'Devam Et' }).click()
    await page.getByLabel('Cep telefonu').waitFor({ timeout: 30_000 })
    await page.close()
  })
})
