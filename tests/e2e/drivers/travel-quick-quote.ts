import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import type { AnyEventObject } from 'xstate'
import { travelQuickQuoteExpectations } from '../../machines/expectations/travel-quick-quote.ts'
import { AT, travelQuickQuoteModel } from '../../machines/models/travel-quick-quote.model.ts'
import { buyLeaves, setGender, showIntent } from './quick-quote.ts'
import type { Driver } from './types.ts'

/**
 * The travel quick quote at /urunler/market/seyahatsaglikhizliteklif, signed out. The model counts
 * from its moment `AT`; the driver moves every date of a plan by the days from AT to today, so trip
 * lengths, how far ahead a trip starts and ages mean on the page what they mean in the model (the
 * browser context's clock is left alone: other drivers share it).
 */
const DAY = 86_400_000
const istanbulDay = (t: number) => Date.parse(new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Istanbul' }).format(new Date(t)))
const shift = (date: string) => date ? new Date(Date.parse(date) + Math.round((istanbulDay(Date.now()) - istanbulDay(Date.parse(AT))) / DAY) * DAY).toISOString().slice(0, 10) : ''
const purchase = new WeakMap<Page, Awaited<ReturnType<typeof buyLeaves>>>()

export const travelQuickQuoteDriver: Driver = {
  id: 'travelQuickQuote',
  model: travelQuickQuoteModel,
  expectations: travelQuickQuoteExpectations,
  ignoreNone: "quote.buy while editing is its only ignored event, and no \"Satın Al\" is on screen until a quote is shown",
  async open(page) {
    purchase.set(page, await buyLeaves(page, '/urunler/market/seyahatsaglik'))
    await page.goto('/urunler/market/seyahatsaglikhizliteklif')
    await showIntent(page)
    await page.waitForFunction(() => !!(window as unknown as { __e2eCoverage: Record<string, unknown> }).__e2eCoverage.travelQuickQuote)
  },
  async act(page, step) {
    const e = step.event as AnyEventObject & Record<string, string | boolean>
    if (e.type === 'form.submit') {
      await page.locator('input[name=birthdate]').fill(shift(String(e.birthdate)))
      await setGender(page, String(e.gender))
      await page.locator('select[name=travelLocation]').selectOption(String(e.travelLocation))
      await page.locator('select[name=coverageType]').selectOption(String(e.coverageType))
      await page.locator('input[name=startDate]').fill(shift(String(e.startDate)))
      await page.locator('input[name=endDate]').fill(shift(String(e.endDate)))
      await page.locator('input[name=covid]').setChecked(e.covid === true)
      await page.getByRole('button', { name: 'Teklif Al' }).click()
    } else if (e.type === 'quote.buy') {
      await page.getByRole('link', { name: 'Satın Al' }).click()
      // the purchase page is asked for with the plan
      const to = await purchase.get(page)!.asked()
      expect(to.searchParams.get('travelLocation')).toBeTruthy()
      expect(to.searchParams.get('startDate')).toBeTruthy()
    } else {
      throw new Error(`travel-quick-quote driver: no browser action for ${e.type}`)
    }
  },
}
