import type { Page, Route } from 'playwright-core'
import { expect } from 'vitest'
import type { AnyEventObject } from 'xstate'
import { tssQuickQuoteExpectations } from '../../machines/expectations/tss-quick-quote.ts'
import { AT_SIXTY, tssQuickQuoteModel } from '../../machines/models/tss-quick-quote.model.ts'
import { buyLeaves, setGender, showIntent } from './quick-quote.ts'
import type { Driver } from './types.ts'

/**
 * The health quick quote at /urunler/market/tsshizliteklif, signed out. The provinces come from the
 * real lookup service; a path that wants them to fail has the request cut off, one that ends while
 * they load has it held. The model's two provinces stand for the real 81 (its İstanbul and İzmir
 * codes are real ones).
 */
const CITIES = (url: URL) => url.pathname.endsWith('/api/v1/lookup/cities')
const purchase = new WeakMap<Page, Awaited<ReturnType<typeof buyLeaves>>>()

async function arrange(page: Page, mode: 'fail' | 'hold' | 'real') {
  await page.unroute(CITIES)
  if (mode === 'fail') await page.route(CITIES, (route: Route) => route.abort('connectionrefused'))
  if (mode === 'hold') await page.route(CITIES, () => { /* held: the path ends while loading */ })
}

export const tssQuickQuoteDriver: Driver = {
  id: 'tssQuickQuote',
  model: tssQuickQuoteModel,
  expectations: tssQuickQuoteExpectations,
  async open(page, path) {
    const first = path[0]?.event.type
    await arrange(page, first === 'xstate.error.actor.loadCities' ? 'fail' : first === 'xstate.done.actor.loadCities' ? 'real' : 'hold')
    purchase.set(page, await buyLeaves(page, '/urunler/market/tss'))
    await page.goto('/urunler/market/tsshizliteklif')
    await showIntent(page)
    await page.waitForFunction(() => !!(window as unknown as { __e2eCoverage: Record<string, unknown> }).__e2eCoverage.tssQuickQuote)
  },
  // a submit dated in 2010 is the model's alone (the page stamps the real time)
  feasible: (path) => path.steps.every((s) => s.event.type !== 'form.submit' || (s.event as AnyEventObject & { at: string }).at !== AT_SIXTY),
  ignoreRest: (path) => path.end.matches('loadingCities') && path.steps.at(-1)?.event.type === 'retry',
  // "Teklif Al" pressed while the provinces are still loading (their request held): the page sends form.submit, the machine ignores it
  async ignore(page, state, event) {
    if (state !== 'loadingCities' || event.type !== 'form.submit') return false
    await page.getByRole('button', { name: 'Teklif Al' }).click()
    return true
  },
  async act(page, step, next) {
    const e = step.event as AnyEventObject & Record<string, string>
    if (e.type.startsWith('xstate.')) return
    if (e.type === 'retry') {
      await arrange(page, next?.event.type === 'xstate.error.actor.loadCities' ? 'fail' : next ? 'real' : 'hold')
      await page.getByRole('button', { name: 'Tekrar dene' }).click()
    } else if (e.type === 'form.submit') {
      await setGender(page, e.gender!)
      const city = page.locator('select[name=citycode]')
      if (e.citycode) await expect.poll(() => city.locator(`option[value="${e.citycode}"]`).count()).toBe(1)
      await city.selectOption(e.citycode!)
      await page.locator('input[name=birthdate]').fill(e.birthdate!)
      await page.getByRole('button', { name: 'Teklif Al' }).click()
    } else if (e.type === 'quote.buy') {
      const option = page.locator('li', { has: page.getByRole('link', { name: 'Satın Al' }) })
        .filter({ has: page.getByRole('heading', { name: Number(e.visits) === 0 ? 'Yatarak tedavi' : `Yatarak + yılda ${e.visits} ayakta tedavi` }) })
      await option.getByRole('link', { name: 'Satın Al' }).click()
      // the purchase page is asked for with the profile and the chosen option
      const to = await purchase.get(page)!.asked()
      expect(to.searchParams.get('visits')).toBe(String(e.visits))
      expect(to.searchParams.get('gender')).toBeTruthy()
    } else {
      throw new Error(`tss-quick-quote driver: no browser action for ${e.type}`)
    }
  },
}
