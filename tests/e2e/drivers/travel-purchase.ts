import type { Page } from 'playwright-core'
import { travelPurchaseExpectations } from '../../machines/expectations/travel-purchase.ts'
import { TRAVEL_QUOTES, travelPurchaseModel } from '../../machines/models/travel-purchase.model.ts'
import { isoIn, purchaseDriver } from './purchase.ts'

/** Ten days in the Schengen area with standard cover from ten days on (the model's dates are of its own calendar); and a trip that has already begun. */
const plan = (good: boolean) => ({
  birthdate: '1990-05-17', gender: 'female', travelLocation: 'schengen', coverageType: 'standard', covid: 'false',
  startDate: good ? isoIn(10) : isoIn(-5), endDate: good ? isoIn(19) : isoIn(-1),
})

async function buy(page: Page) {
  const p = plan(true)
  await page.locator('input[name=birthdate]').fill(p.birthdate)
  await page.locator('input[name=gender][value=female]').check()
  await page.locator('select[name=travelLocation]').selectOption(p.travelLocation)
  await page.locator('select[name=coverageType]').selectOption(p.coverageType)
  await page.locator('input[name=startDate]').fill(p.startDate)
  await page.locator('input[name=endDate]').fill(p.endDate)
  await page.getByRole('button', { name: 'Teklif Al' }).click()
  await page.getByRole('link', { name: 'Satın Al' }).click()
}

/** The travel health purchase at /urunler/market/seyahatsaglik (machines/travel-purchase). */
export const travelPurchaseDriver = purchaseDriver({
  id: 'travelPurchase',
  product: 'seyahatsaglik',
  path: '/urunler/market/seyahatsaglik',
  model: travelPurchaseModel,
  expectations: travelPurchaseExpectations,
  query: (good) => new URLSearchParams(plan(good)).toString(),
  buy,
  quotedAmount: 650,
  isGood: (data) => JSON.stringify(data) === JSON.stringify(TRAVEL_QUOTES.good),
  application: () => {
    const p = plan(true)
    return { travelPlan: { ...p, gender: 'female' as const, covid: false, travelLength: 10 } }
  },
})
