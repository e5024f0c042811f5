import { quoteTss } from '../../src/domain/tariff.ts'
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
  quoteIsComplete: (data, at) => {
    if (!data.quickProfile || data.outpatientVisits === undefined) return false
    const quote = quoteTss({ ...data.quickProfile, birthCollateral: data.birthCollateral }, new Date(at))
    return quote.ok && quote.options.some((o) => o.visits === data.outpatientVisits)
  },
})
