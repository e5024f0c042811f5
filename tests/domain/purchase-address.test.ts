import { describe, expect, it } from 'vitest'
import { RESTORABLE_STEPS } from '../../machines/shared/purchase.context.ts'
import { BES_RESTORABLE_STEPS } from '../../machines/bes-purchase/bes-history.ts'
import { ADDRESSED_STEPS, addressAtStep, firstScreenOf, restoredStepOf } from '../../src/domain/purchase-address.ts'

/**
 * Which first screen an address opens at (issue 23 goal 1): the server picks the prerendered markup
 * by it and the browser hydrates only when it renders the same, so both read this one rule.
 */
describe('purchase addresses: the first screen and the step a reload restores', () => {
  it('names exactly the steps the machines restore on a reload', () => {
    expect([...ADDRESSED_STEPS.purchase]).toEqual([...RESTORABLE_STEPS])
    expect([...ADDRESSED_STEPS.bes]).toEqual([...BES_RESTORABLE_STEPS])
  })

  it('a later step in the address (or the history entry) opens at the opening screen; the first steps do not', () => {
    expect(firstScreenOf('/urunler/market/tss', '')).toBe('page')
    expect(firstScreenOf('/urunler/market/tss', '?step=healthPolicy')).toBe('opening')
    expect(firstScreenOf('/urunler/market/seyahatsaglik', '?step=consents')).toBe('opening')
    expect(firstScreenOf('/urunler/market/erkenbes', '?step=contract')).toBe('opening')
    expect(firstScreenOf('/urunler/market/pratikbes', '?step=payment')).toBe('opening')
    // the entry alone (an address written before it named its step)
    expect(firstScreenOf('/urunler/market/erkenbes', '', 'consents')).toBe('opening')
    // a step the page opens at by itself, another product's, or an unknown one: the page's own screen
    for (const step of ['quote', 'sms', 'quick', 'healthPolicy', 'x', '']) expect(firstScreenOf('/urunler/market/erkenbes', `?step=${step}`), step).toBe('page')
    for (const step of ['quote', 'sms', 'personal', 'x']) expect(firstScreenOf('/urunler/market/tss', `?step=${step}`), step).toBe('page')
    // BES's purchase to retry is rendered afresh, whatever step
    expect(firstScreenOf('/urunler/market/erkenbes', '?purchase=p1&step=payment')).toBeNull()
    // not a purchase page
    expect(firstScreenOf('/kvkk-aydinlatma-metni', '?step=consents')).toBe('page')
  })

  it('the step restored: the entry\'s, else the address\'s', () => {
    expect(restoredStepOf('/urunler/market/tss', '?step=summary', 'consents')).toBe('consents')
    expect(restoredStepOf('/urunler/market/tss', '?step=summary', null)).toBe('summary')
    expect(restoredStepOf('/urunler/market/tss', '?step=summary', 'quote')).toBe('summary')
    expect(restoredStepOf('/urunler/market/tss', '?gender=male', null)).toBeNull()
  })

  it('an entry\'s address names a later step and drops it for the first ones, the rest of the address kept', () => {
    expect(addressAtStep('/urunler/market/tss', '?gender=male&visits=8', 'profile')).toBe('?gender=male&visits=8&step=profile')
    expect(addressAtStep('/urunler/market/tss', '?gender=male&step=profile', 'healthPolicy')).toBe('?gender=male&step=healthPolicy')
    expect(addressAtStep('/urunler/market/tss', '?gender=male&step=profile', 'sms')).toBe('?gender=male')
    expect(addressAtStep('/urunler/market/erkenbes', '?step=contract', 'quick')).toBe('')
    expect(addressAtStep('/urunler/market/erkenbes', '', 'personal')).toBe('?step=personal')
  })
})
