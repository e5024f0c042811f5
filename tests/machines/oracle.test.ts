/**
 * The expectations are an oracle apart from the machine: a few named mutants of the kinds the
 * mutation check makes (tests/support/mutants.ts) are killed quickly here; `npm run test:mutants`
 * runs them all, and a seeded sample runs with every `npm test` (tests/mutants/sample.check.ts, scripts/mutants-ci.ts).
 */
import { afterEach, describe, expect, it } from 'vitest'
import { killOrExplain, mutantsOf, mutationPaths } from '../support/mutants.ts'
import { setMutation } from '../support/paths.ts'
import { MACHINES } from './registry.ts'

const CASES: Array<[machine: string, mutant: string]> = [
  // a lock older than 1800 s cannot be unlocked (the guard)
  ['session', 'guard | session.signedIn.inactivity.lockedOut.locked --unlock.submit#1--> session.loggingOut  negated'],
  // the warning's 30 s
  ['session', 'delay | warningCountdown ×10'],
  // the address is sent without the spaces around it
  ['forgot-password', 'input | requestTemporaryPassword.email altered'],
  // the code's 2 minutes
  ['sms-verification', 'delay | codeValidity ÷10'],
  // a failed list shows "retry"
  ['resource-list', 'target | resourceList.loading --xstate.error.actor.fetchPage#0--> resourceList.failed  =>  #resourceList.empty'],
  // a right code ends with the ticket
  ['sms-verification', 'assign | smsVerification.awaitingCode.verifying --xstate.done.actor.verifyCode#0--> smsVerification.verified action#0 ticket kept'],
  // retry fetches the outcome again
  ['payment-result', 'event | paymentResult.failed --retry#0--> paymentResult.loading  on retry.renamed'],
  // the result page polls 5 times by default
  ['payment-result', 'default | maxAttempts'],
]

const cache = new Map<string, ReturnType<typeof mutationPaths>>()

describe('the expectations kill mutants of every kind', () => {
  afterEach(() => setMutation(null))
  it.each(CASES)('%s: %s', (name, id) => {
    const { model, expectations } = MACHINES.find((m) => m.model.name === name)!
    const paths = cache.get(name) ?? mutationPaths(model)
    cache.set(name, paths)
    const mutant = mutantsOf(model, { covering: paths.covering }).find((m) => m.id === `${name} | ${id}`)
    expect(mutant, `no mutant ${id}`).toBeDefined()
    const verdict = killOrExplain(model, expectations, mutant!, paths)
    expect(verdict.killed, `${verdict.reason}`).toBe(true)
  }, 120_000)
})
