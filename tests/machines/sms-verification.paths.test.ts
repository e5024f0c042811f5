import { createActor, fromPromise, SimulatedClock } from 'xstate'
import { describe, expect, it } from 'vitest'
import { smsVerificationMachine } from '../../machines/sms-verification/sms-verification.machine.ts'
import { modelSuite } from '../support/model-test.ts'
import { smsVerificationExpectations } from './expectations/sms-verification.ts'
import { err, smsVerificationModel } from './models/sms-verification.model.ts'

modelSuite(smsVerificationModel, smsVerificationExpectations)

// The replay advances the clock by exactly the machine's own delay, so it cannot see a delay that
// is off by a second: these named tests pin the spec's 120 s, 60 s and the server's lockout end.
describe('sms-verification: the spec\'s rules on a running actor', () => {
  function run(opts: { send?: () => Promise<unknown>; verify?: (code: string) => Promise<unknown> } = {}) {
    const clock = new SimulatedClock()
    const machine = smsVerificationMachine.provide({
      actors: {
        sendCode: fromPromise(async () => (opts.send ? opts.send() : { expiresInS: 120, resendAfterS: 60 })) as never,
        verifyCode: fromPromise(async ({ input }: { input: { code: string } }) => (opts.verify ? opts.verify(input.code) : { ticket: 't' })) as never,
      },
    })
    const actor = createActor(machine, { clock, input: { purpose: 'tss' } })
    actor.start()
    return { actor, clock }
  }
  const settle = () => new Promise((ok) => setTimeout(ok, 0))

  it('a code typed at 119 s is checked; at 120 s the code is over and only a new one helps', async () => {
    const { actor, clock } = run()
    actor.send({ type: 'phone.submit', phone: '05321234567' })
    await settle()
    clock.increment(119_000)
    expect(actor.getSnapshot().matches('awaitingCode')).toBe(true)
    clock.increment(1_000)
    expect(actor.getSnapshot().value).toBe('codeOver')
    expect(actor.getSnapshot().context.error).toBe('SMS_CODE_EXPIRED')
  })

  it('resend is refused before 60 s and allowed after', async () => {
    const { actor, clock } = run()
    actor.send({ type: 'phone.submit', phone: '05321234567' })
    await settle()
    clock.increment(59_000)
    expect(actor.getSnapshot().can({ type: 'code.resend' })).toBe(false)
    clock.increment(1_000)
    expect(actor.getSnapshot().can({ type: 'code.resend' })).toBe(true)
  })

  it('a wrong code keeps the countdown running (checking does not restart the 120 s)', async () => {
    const { actor, clock } = run({ verify: async () => { throw err('SMS_CODE_WRONG', { attemptsLeft: 4 }) } })
    actor.send({ type: 'phone.submit', phone: '05321234567' })
    await settle()
    clock.increment(100_000)
    actor.send({ type: 'code.submit', code: '000000' })
    await settle()
    expect(actor.getSnapshot().context).toMatchObject({ error: 'SMS_CODE_WRONG', attemptsLeft: 4 })
    clock.increment(20_000)
    expect(actor.getSnapshot().value).toBe('codeOver')
  })

  it('a lockout ends when the server said, and a malformed code never reaches the server', async () => {
    let verifies = 0
    const { actor, clock } = run({
      send: async () => { throw err('SMS_LOCKED', { lockedUntil: '2026-03-02T09:10:00.000Z', retryAfterS: 300 }) },
      verify: async () => { verifies++; return { ticket: 't' } },
    })
    actor.send({ type: 'phone.submit', phone: '+90 532 123 45 67' })
    await settle()
    expect(actor.getSnapshot().value).toBe('lockedOut')
    clock.increment(299_000)
    expect(actor.getSnapshot().value).toBe('lockedOut')
    clock.increment(1_000)
    expect(actor.getSnapshot().value).toBe('enteringPhone')
    expect(verifies).toBe(0)
  })

  it('ends with the normalised phone and the ticket', async () => {
    const { actor } = run({ verify: async () => ({ ticket: 'ticket-9' }) })
    actor.send({ type: 'phone.submit', phone: '0532 123 45 67' })
    await settle()
    actor.send({ type: 'code.submit', code: ' 123456 ' })
    await settle()
    expect(actor.getSnapshot().status).toBe('done')
    expect(actor.getSnapshot().output).toEqual({ phone: '+905321234567', ticket: 'ticket-9' })
  })
})
