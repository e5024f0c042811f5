import type { Page } from 'playwright-core'
import { travelPurchaseExpectations } from '../../machines/expectations/travel-purchase.ts'
import { TRAVEL_AMOUNTS, TRAVEL_QUOTES, travelPurchaseModel } from '../../machines/models/travel-purchase.model.ts'
import { fillLabelled, selectLabelled } from './labelled.ts'
import { isoIn, purchaseDriver } from './purchase.ts'

/** Ten days in the Schengen area with standard cover from ten days on (the model's dates are of its own calendar); and a trip that has already begun. */
const plan = (good: boolean) => ({
  birthdate: '1990-05-17', gender: 'female', travelLocation: 'schengen', coverageType: 'standard', covid: 'false',
  startDate: good ? isoIn(10) : isoIn(-5), endDate: good ? isoIn(19) : isoIn(-1),
})

async function buy(page: Page) {
  const p = plan(true)
  await fillLabelled(page, 'birthdate', 'Doğum tarihi', p.birthdate)
  await page.getByRole('radio', { name: 'Kadın', exact: true }).check()
  await selectLabelled(page, 'travelLocation', 'Gidilecek bölge', p.travelLocation)
  await selectLabelled(page, 'coverageType', 'Teminat seviyesi', p.coverageType)
  await fillLabelled(page, 'startDate', 'Gidiş tarihi', p.startDate)
  await fillLabelled(page, 'endDate', 'Dönüş tarihi', p.endDate)
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
  quotedAmount: TRAVEL_AMOUNTS.quoted,
  // the plan bought (spec 3.3): Schengen, standard cover of EUR 30,000, no Covid-19 cover
  summary: { 'Ürün': 'Seyahat Sağlık Sigortası', 'Bölge': 'Schengen ülkeleri ve Avrupa', 'Teminat': /^Standart: .*30\.000/, 'Covid-19 teminatı': 'Yok' },
  isGood: (data) => JSON.stringify(data) === JSON.stringify(TRAVEL_QUOTES.good),
  application: () => {
    const p = plan(true)
    return { travelPlan: { ...p, gender: 'female' as const, covid: false, travelLength: 10 } }
  },
})
