import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import { tssPurchaseExpectations } from '../../machines/expectations/tss-purchase.ts'
import { TSS_AMOUNTS, TSS_QUOTES, tssPurchaseModel } from '../../machines/models/tss-purchase.model.ts'
import { fillLabelled, labelled } from './labelled.ts'
import { purchaseDriver } from './purchase.ts'

/** The 30-year-old İstanbul man's 10-visit quote, as the quick quote's "Satın Al" carries it; and a 76-year-old the tariff refuses. */
const query = (good: boolean) => `gender=male&citycode=34&birthdate=${good ? '1996-01-15' : '1950-01-01'}&visits=10`

/** The quote step's quick quote for the 30-year-old İstanbul man, and its 10-visit "Satın Al". */
export async function buyTssQuote(page: Page) {
  await page.getByRole('radio', { name: 'Erkek', exact: true }).check()
  await expect.poll(() => page.locator('select[name=citycode] option').count(), { timeout: 15_000 }).toBeGreaterThan(1)
  await (await labelled(page, 'citycode', 'İl', 'select')).selectOption('34')
  await fillLabelled(page, 'birthdate', 'Doğum tarihi', '1996-01-15')
  await page.getByRole('button', { name: 'Teklif Al' }).click()
  // the third option: 10 outpatient visits a year
  await page.getByRole('link', { name: 'Satın Al' }).nth(2).click()
}

/** The complementary health purchase at /urunler/market/tss (machines/tss-purchase). */
export const tssPurchaseDriver = purchaseDriver({
  id: 'tssPurchase',
  product: 'tss',
  path: '/urunler/market/tss',
  model: tssPurchaseModel,
  expectations: tssPurchaseExpectations,
  query,
  buy: buyTssQuote,
  quotedAmount: TSS_AMOUNTS.quoted,
  // the quote bought: 10 outpatient visits a year (spec 3.1)
  summary: { 'Ürün': 'Tamamlayıcı Sağlık Sigortası', 'Ayakta tedavi': 'Yılda 10 vizite' },
  isGood: (data) => JSON.stringify(data) === JSON.stringify(TSS_QUOTES.good),
  application: () => ({
    quickProfile: { gender: 'male', citycode: '34', birthdate: '1996-01-15' }, outpatientVisits: 10,
    healthPolicy: { questions: [{ id: 'chronic', answer: false }, { id: 'surgery', answer: false }, { id: 'medication', answer: false }], isotherpolicy: false, birthCollateral: false, healthdeclarationconcent: true },
  }),
})
