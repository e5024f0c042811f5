import type { Page, Route } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launch, type Browser } from './browser.ts'

/**
 * Issue 23 goal 2: a purchase page's first load carries the form of its first step only. The
 * purchase statechart (its guards, its section checks with zod, the SMS child machine) and the
 * quick quote's statechart, with xstate itself, load on the visitor's first sign of intent
 * (src/web/lazy-actor.ts); until then the page draws the machines' first state, and a "Teklif Al" /
 * "Satın Al" / "Devam Et" pressed before the machine's code has arrived is not lost: the machine
 * takes it as it arrives; what was typed and where the focus was stay.
 */
const PHONE = { width: 375, height: 740 }

/** Strings only the built code of each part contains (names in the statecharts' definitions, zod's class names). */
const MARKERS = {
  purchaseMachine: 'isPreInformationOutdated', // a guard of the TSS/travel and BES purchase statecharts
  smsMachine: 'enteringPhone', // the SMS verification machine's first state
  zod: '$ZodObject',
  xstate: 'xstate.init', // xstate's own event type: only its core has it
}

/** The quick quotes' statecharts (their state names). */
const QUICK_QUOTE_MARKERS = {
  tss: 'isOfferedOption', // a guard of each machine
  travel: 'isQuotable',
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
 * first paint and the visitor's tap): only their timing changes, not what they are. With `only`,
 * only the scripts whose text contains it are held (the others arrive as they come).
 */
async function holdLaterScripts(page: Page, only?: string) {
  const held: Array<() => Promise<void>> = []
  let holding = true
  await page.route(/\/assets\/.*\.js$/, async (route: Route) => {
    if (!holding) return route.continue()
    if (!only) return void held.push(() => route.continue())
    const response = await route.fetch()
    const body = await response.text()
    if (holding && body.includes(only)) held.push(() => route.fulfill({ response, body }))
    else await route.fulfill({ response, body })
  })
  return {
    held: () => held.length,
    release: async () => {
      holding = false
      for (const r of held.splice(0)) await r()
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
      expect(loaded.has(QUICK_QUOTE_MARKERS.tss), 'the quick quote\'s statechart before intent').toBe(false)
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
    const hold = await holdLaterScripts(page, MARKERS.purchaseMachine)
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

  for (const [path, marker] of [['/urunler/market/tsshizliteklif', QUICK_QUOTE_MARKERS.tss], ['/urunler/market/seyahatsaglikhizliteklif', QUICK_QUOTE_MARKERS.travel]] as const) {
    it(`${path}: before the visitor acts, neither the quick quote's statechart nor xstate is loaded; on intent both are`, { timeout: 90_000 }, async () => {
      const page = await b.context.newPage()
      const loaded = scripts(page)
      await page.goto(path)
      await page.getByRole('button', { name: 'Teklif Al' }).waitFor()
      await page.waitForLoadState('networkidle')
      await page.waitForTimeout(300)
      expect(loaded.count()).toBeGreaterThan(5)
      expect(loaded.has(marker), 'the quick quote\'s statechart before intent').toBe(false)
      expect(loaded.has(MARKERS.xstate), 'xstate before intent').toBe(false)
      await page.mouse.move(30, 40)
      await expect.poll(() => loaded.has(marker) && loaded.has(MARKERS.xstate), { timeout: 30_000 }).toBe(true)
      await page.close()
    })
  }

  it('tsshizliteklif: what was typed stays as the statechart arrives; a "Teklif Al" pressed before it is answered when it has', { timeout: 120_000 }, async () => {
    const page = await b.context.newPage()
    await page.goto('/urunler/market/tsshizliteklif')
    await page.getByRole('button', { name: 'Teklif Al' }).waitFor()
    await page.waitForLoadState('networkidle')
    const hold = await holdLaterScripts(page)
    // the provinces came with the form (their request is the page's, not the statechart's)
    await expect.poll(() => page.locator('select[name=citycode] option').count(), { timeout: 15_000 }).toBeGreaterThan(1)
    await page.getByLabel('Kadın').check()
    await page.locator('select[name=citycode]').selectOption('34')
    await page.locator('input[name=birthdate]').fill('1990-01-01')
    await page.getByRole('button', { name: 'Teklif Al' }).click()
    await page.waitForTimeout(500)
    expect(hold.held()).toBeGreaterThan(0)
    // nothing answered yet: no prices, no message
    expect(await page.getByRole('link', { name: 'Satın Al' }).count()).toBe(0)
    expect(await page.getByRole('alert').count()).toBe(0)
    await hold.release()
    // the machine arrives, takes the press and prices the profile that was typed
    await page.getByRole('link', { name: 'Satın Al' }).first().waitFor({ timeout: 30_000 })
    expect(await page.getByRole('link', { name: 'Satın Al' }).count()).toBe(4)
    expect(await page.locator('select[name=citycode]').inputValue()).toBe('34')
    expect(await page.locator('input[name=birthdate]').inputValue()).toBe('1990-01-01')
    expect(await page.locator('input[name=gender]:checked').getAttribute('value')).toBe('female')
    await page.close()
  })

  it('seyahatsaglikhizliteklif: the typed plan and the focus stay as the statechart arrives; a "Teklif Al" pressed before it is answered', { timeout: 120_000 }, async () => {
    const page = await b.context.newPage()
    const loaded = scripts(page)
    await page.goto('/urunler/market/seyahatsaglikhizliteklif')
    await page.getByRole('button', { name: 'Teklif Al' }).waitFor()
    await page.waitForLoadState('networkidle')
    const hold = await holdLaterScripts(page)
    const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10)
    await page.getByLabel('Doğum tarihi').fill('1996-01-15')
    await page.getByLabel('Kadın').check()
    await page.getByLabel('Gidiş tarihi').fill(day(10))
    await page.getByLabel('Dönüş tarihi').fill(day(16))
    await page.getByLabel('Dönüş tarihi').focus()
    await page.waitForTimeout(300)
    expect(hold.held()).toBeGreaterThan(0)
    await hold.release()
    await expect.poll(() => loaded.has(QUICK_QUOTE_MARKERS.travel), { timeout: 30_000 }).toBe(true)
    await page.waitForTimeout(500)
    // the same elements: the values typed and the focus are where they were
    expect(await page.getByLabel('Doğum tarihi').inputValue()).toBe('1996-01-15')
    expect(await page.getByLabel('Dönüş tarihi').inputValue()).toBe(day(16))
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('endDate')
    // the machine is there now: the press is answered at once
    await page.getByRole('button', { name: 'Teklif Al' }).click()
    await page.getByRole('heading', { name: 'Poliçe fiyatınız' }).waitFor({ timeout: 30_000 })
    await page.close()
  })

  it('seyahatsaglikhizliteklif: a "Teklif Al" pressed before the statechart\'s code has arrived is answered as it arrives', { timeout: 120_000 }, async () => {
    const page = await b.context.newPage()
    await page.goto('/urunler/market/seyahatsaglikhizliteklif')
    await page.getByRole('button', { name: 'Teklif Al' }).waitFor()
    await page.waitForLoadState('networkidle')
    const hold = await holdLaterScripts(page)
    const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10)
    await page.getByLabel('Doğum tarihi').fill('1996-01-15')
    await page.getByLabel('Kadın').check()
    await page.getByLabel('Gidiş tarihi').fill(day(10))
    await page.getByLabel('Dönüş tarihi').fill(day(16))
    await page.getByRole('button', { name: 'Teklif Al' }).click()
    await page.waitForTimeout(500)
    expect(hold.held()).toBeGreaterThan(0)
    expect(await page.getByRole('heading', { name: 'Poliçe fiyatınız' }).count()).toBe(0)
    await hold.release()
    await page.getByRole('heading', { name: 'Poliçe fiyatınız' }).waitFor({ timeout: 30_000 })
    // 7 days, Schengen, standard, age 30 (docs/decisions/tariff.md): 450 TRY
    expect((await page.locator('section p').first().textContent())!.replace(/\D/g, '')).toBe('450')
    await page.close()
  })
})
