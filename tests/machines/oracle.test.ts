/**
 * The expectations are an oracle apart from the machine: a changed transition target fails the
 * replay. A few named rules here, quickly; `npm run test:mutants` checks every transition.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { replayChecked } from '../support/model-test.ts'
import { coveringPaths, generatePaths, mutationsOf, setMutation, type GeneratedPath } from '../support/paths.ts'
import { MACHINES } from './registry.ts'

const CASES: Array<[machine: string, transition: string]> = [
  ['session', 'session.signedIn.inactivity.lockedOut.unlocking --xstate.error.actor.unlockSession#0--> session.loggingOut'], // a failed unlock logs out
  ['session', 'session.signedIn.inactivity.lockedOut.locked --unlock.submit#1--> session.loggingOut'], // a lock older than 1800 s cannot be unlocked
  ['session', 'session.loggedOut --(always)#0--> session.signedOut'],
  ['payment', 'payment.threeD --frame.closed#1--> payment.failed'],
  ['forgot-password', 'forgotPassword.editing --form.submit#0--> (self)'],
]

const cache = new Map<string, GeneratedPath[]>()

describe('the expectations kill changed transition targets', () => {
  afterEach(() => setMutation(null))
  it.each(CASES)('%s: %s', (name, transition) => {
    const { model, expectations } = MACHINES.find((m) => m.model.name === name)!
    // the covering set: every transition once
    const paths = cache.get(name) ?? coveringPaths(model, generatePaths(model))
    cache.set(name, paths)
    const mutants = mutationsOf(model.machine).filter((m) => m.transition === transition)
    expect(mutants.length).toBeGreaterThan(0)
    for (const mutant of mutants) {
      setMutation(mutant)
      const killedBy = paths.findIndex((p) => {
        try {
          replayChecked(model, expectations, p)
          return false
        } catch {
          return true
        }
      })
      expect(killedBy, `mutant ${mutant.transition} => #${mutant.target} survived`).toBeGreaterThanOrEqual(0)
    }
    setMutation(null)
    // and the unchanged machine passes them
    for (const p of paths) replayChecked(model, expectations, p)
  }, 60_000)
})
