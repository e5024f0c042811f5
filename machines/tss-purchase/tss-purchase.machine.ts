import { tssQuoteIsComplete } from '../../src/domain/purchase-quote.ts'
import { createPurchaseMachine } from '../shared/purchase.ts'

/**
 * The complementary health (TSS) purchase, `/urunler/market/tss` (issue 15): quote (gender, city,
 * birth date -> inpatient only or 8, 10, 12 outpatient visits) -> SMS -> personal profile ->
 * health policy (health questions, other policy, birth cover, health declaration) -> consents ->
 * summary -> payment -> `/result/tss-success` or `/result/tss-error`.
 */
export const tssPurchaseMachine = createPurchaseMachine({
  id: 'tssPurchase',
  product: 'tss',
  sections: ['profile', 'healthPolicy'],
  // the tariff prices the quote and offers its visit count (the page's address is judged by the same rule)
  quoteIsComplete: tssQuoteIsComplete,
})
