import { describe, expect, it } from 'vitest'
import { feasible } from '../e2e/drivers/payment.ts'
import { allTransitions, coveringPaths, generatePaths, startReplay, type GeneratedPath } from '../support/paths.ts'
import { paymentModel } from './models/payment.model.ts'

/**
 * Which generated payment paths the browser replay may choose (tests/e2e/drivers/payment.ts), checked
 * without a browser: the impossible ones are left out, and the rest still take every transition.
 */
const paths = generatePaths(paymentModel)
const named = (events: string) => paths.filter((p) => p.steps.map((s) => s.event.type).join(' > ') === events)
const taken = (chosen: GeneratedPath[]) => {
  const keys = new Set<string>()
  for (const p of chosen) {
    const r = startReplay(paymentModel)
    p.steps.forEach((s) => r.advance(s.event))
    r.actor.stop()
    r.taken.forEach((k) => keys.add(k))
  }
  return keys
}

describe('payment paths the browser can perform', () => {
  it('leaves out a BIN table that fails after it has loaded, a refusal of the credit card and a close before the bank page', () => {
    // the BIN table is one chunk, kept once loaded
    const failsAfterLoad = named('card.input > card.blur > xstate.done.actor.checkBin > card.blur > xstate.error.actor.checkBin')
    expect(failsAfterLoad.length).toBeGreaterThan(0)
    for (const p of failsAfterLoad) expect(feasible(p.steps)).toBe(false)
    // ... and may fail before
    const failsFirst = named('card.input > form.submit > xstate.error.actor.checkBin')
    expect(failsFirst.length).toBeGreaterThan(0)
    for (const p of failsFirst) expect(feasible(p.steps)).toBe(true)
    // the table's answer follows the typed card: 403666 is a credit card, 401622 a debit card
    const answers = named('card.input > card.blur > xstate.done.actor.checkBin')
    const accepted = (p: GeneratedPath) => (p.steps[2]!.event as unknown as { output: { accepted: boolean } }).output.accepted
    const bin = (p: GeneratedPath) => (p.steps[0]!.event as unknown as { bin: string }).bin
    expect(answers.filter((p) => feasible(p.steps)).map((p) => [bin(p), accepted(p)]).sort()).toEqual([['401622', false], ['403666', true]])
    // our own close3DBox comes from the callback page, after the bank page was painted
    const closes = paths.filter((p) => p.steps.at(-1)!.event.type === 'frame.closed' && (p.steps.at(-2)!.state.matches({ threeD: 'loading' })))
    expect(closes.length).toBeGreaterThan(0)
    for (const p of closes) expect(feasible(p.steps)).toBe(false)
  })

  it('a path may not act while an answer is awaited, nor end waiting for an answer the browser cannot hold', () => {
    const actsWhileChecking = paths.filter((p) => p.steps.some((s, i) => s.state.matches({ editing: 'checkingBin' }) && p.steps[i + 1] && !p.steps[i + 1]!.event.type.startsWith('xstate.')))
    expect(actsWhileChecking.length).toBeGreaterThan(0)
    for (const p of actsWhileChecking) expect(feasible(p.steps)).toBe(false)
    // once the table has loaded, a later check answers at once: a path cannot end waiting for it
    const endsCheckingAfterLoad = paths.filter((p) => p.steps.some((s) => s.event.type === 'xstate.done.actor.checkBin') &&
      (p.steps.at(-1)!.state.matches('validating') || p.steps.at(-1)!.state.matches({ editing: 'checkingBin' })))
    expect(endsCheckingAfterLoad.length).toBeGreaterThan(0)
    for (const p of endsCheckingAfterLoad) expect(feasible(p.steps)).toBe(false)
    // before, the request for the table is held
    const endsCheckingFirst = named('card.input > form.submit')
    expect(endsCheckingFirst.length).toBeGreaterThan(0)
    for (const p of endsCheckingFirst) expect(feasible(p.steps)).toBe(true)
  })

  it('the feasible paths still take every transition, and the covering set is chosen among them', () => {
    const ok = paths.filter((p) => feasible(p.steps))
    expect(ok.length).toBeLessThan(paths.length)
    const covering = coveringPaths(paymentModel, ok)
    const keys = taken(covering)
    expect([...allTransitions(paymentModel.machine).keys()].filter((k) => !keys.has(k))).toEqual([])
    for (const p of covering) expect(feasible(p.steps)).toBe(true)
  })
})
