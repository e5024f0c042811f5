import { describe, expect, it } from 'vitest'
import { RESTORABLE_STEPS } from '../../machines/shared/purchase.context.ts'
import { BES_RESTORABLE_STEPS } from '../../machines/bes-purchase/bes-history.ts'
import { ADDRESSED_STEPS, addressAtStep, firstScreenOf, quotedAddress, restoredStepOf } from '../../src/domain/purchase-address.ts'
import { addressQuoteTaken } from '../../src/domain/purchase-quote.ts'
import { tssPurchaseMachine } from '../../machines/tss-purchase/tss-purchase.machine.ts'
import { travelPurchaseMachine } from '../../machines/travel-purchase/travel-purchase.machine.ts'
import { createActor } from 'xstate'

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

  describe('a quoted address opens at the phone step when the purchase takes its quote (issue 23 goal 1)', () => {
    const AT = new Date('2026-06-15T10:00:00Z')
    const TSS = '/urunler/market/tss'
    const TRAVEL = '/urunler/market/seyahatsaglik'
    const tss = '?gender=female&citycode=34&birthdate=1990-01-01&visits=8'
    const travel = '?gender=male&birthdate=1985-05-05&travelLocation=schengen&coverageType=standard&covid=false&startDate=2026-06-20&endDate=2026-06-27'
    /** The screen the server serves for an address at AT (src/server/main.ts reads both rules so). */
    const served = (path: string, search: string, entry?: string | null) => firstScreenOf(path, search, entry, addressQuoteTaken(path, search, AT, entry))
    /** Where the machine goes from `opening` with the address's quote at AT (what the page hands on). */
    const machineStep = (machine: typeof tssPurchaseMachine, data: Record<string, unknown>) => {
      const actor = createActor(machine, { input: { data: {}, opening: true } }).start()
      actor.send({ type: 'quote.submit', data: data as never, at: AT.toISOString() })
      const value = actor.getSnapshot().value
      actor.stop()
      return value
    }

    it('a whole quote that the tariff prices: the phone step, on both products', () => {
      expect(served(TSS, tss)).toBe('phone')
      expect(served(TRAVEL, travel)).toBe('phone')
      // a reload at the phone step or at the quote step (Back, then reload) keeps the quote in the address: the same
      expect(served(TSS, tss, 'sms')).toBe('phone')
      expect(served(TSS, tss, 'quote')).toBe('phone')
      // the router's own notation of the same quote (a text that reads as a number is quoted)
      expect(served(TSS, tss.replace('citycode=34', 'citycode=%2234%22'))).toBe('phone')
      // ad parameters beside the quote change nothing
      expect(served(TSS, `${tss}&utm_source=x&gclid=1`)).toBe('phone')
    })

    it('an invalid or partial quote, a purchase to retry or a step to restore: the opening screen, as before', () => {
      // partial
      expect(served(TSS, '?gender=female&citycode=34&birthdate=1990-01-01')).toBe('opening')
      expect(served(TRAVEL, travel.replace('&coverageType=standard', ''))).toBe('opening')
      // values the tariff does not take: no such visit count, a person too old, an unknown region, a trip in the past
      expect(served(TSS, tss.replace('visits=8', 'visits=9'))).toBe('opening')
      expect(served(TSS, tss.replace('1990-01-01', '1940-01-01'))).toBe('opening')
      expect(served(TSS, tss.replace('birthdate=1990-01-01', 'birthdate=1990-13-45'))).toBe('opening')
      expect(served(TRAVEL, travel.replace('schengen', 'mars'))).toBe('opening')
      expect(served(TRAVEL, travel.replace('2026-06-20', '2026-06-01').replace('2026-06-27', '2026-06-05'))).toBe('opening')
      // a purchase to retry, a later step in the address or the entry
      expect(served(TSS, `${tss}&purchase=p1`)).toBe('opening')
      expect(served(TSS, `${tss}&step=consents`)).toBe('opening')
      expect(served(TSS, tss, 'healthPolicy')).toBe('opening')
      // another product's quote on this page, or a plain visit
      expect(served(TSS, travel)).toBe('opening')
      expect(served(TSS, '')).toBe('page')
      // BES pages and other pages never
      expect(served('/urunler/market/erkenbes', tss)).toBe('page')
      expect(quotedAddress('/urunler/market/erkenbes', tss)).toBe(false)
      // without the quote's judgement (the page's entry, which loads no tariff) the address is the opening screen's kind
      expect(firstScreenOf(TSS, tss)).toBe('opening')
      expect(quotedAddress(TSS, tss)).toBe(true)
    })

    it('the rule is the machine\'s: the phone step exactly when the machine goes from `opening` to the SMS step', () => {
      const cases: Array<[string, typeof tssPurchaseMachine, string]> = [
        [TSS, tssPurchaseMachine, tss], [TSS, tssPurchaseMachine, tss.replace('visits=8', 'visits=0')],
        [TSS, tssPurchaseMachine, tss.replace('1990-01-01', '1940-01-01')], [TSS, tssPurchaseMachine, tss.replace('citycode=34', 'citycode=999')],
        [TRAVEL, travelPurchaseMachine, travel], [TRAVEL, travelPurchaseMachine, travel.replace('standard', 'gold')],
        [TRAVEL, travelPurchaseMachine, travel.replace('1985-05-05', '1900-05-05')],
      ]
      const outcomes: string[] = []
      for (const [path, machine, search] of cases) {
        const query = Object.fromEntries(new URLSearchParams(search))
        const data = path === TSS
          ? { quickProfile: { gender: query.gender, citycode: query.citycode, birthdate: query.birthdate }, outpatientVisits: Number(query.visits) }
          : { travelPlan: { ...query, covid: false, travelLength: 8 } }
        outcomes.push(machineStep(machine, data) as string)
        expect(served(path, search) === 'phone', search).toBe(outcomes.at(-1) === 'sms')
      }
      // both outcomes are among the cases
      expect(outcomes).toEqual(['sms', 'sms', 'quote', expect.any(String), 'sms', 'quote', 'quote'])
    })
  })
})
