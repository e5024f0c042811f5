import { createActor, fromPromise, SimulatedClock } from 'xstate'
import { describe, expect, it } from 'vitest'
import { smsVerificationMachine } from '../../machines/sms-verification/sms-verification.machine.ts'
import { modelSuite } from '../support/model-test.ts'

const err = (code: string, extra: Record<string, unknown> = {}) => Object.assign(new Error(code), { code, ...extra })

/** What the customer must see in each state, written apart from the machine's transitions. */
const EXPECT: Record<string, (s: { context: Record<string, unknown>; hasTag(t: string): boolean }) => void> = {
  enteringPhone: (s) => expect(s.context.ticket).toBeNull(),
  sending: (s) => expect(s.hasTag('busy')).toBe(true),
  'awaitingCode.entering': (s) => expect(s.context.phone).toMatch(/^\+905\d{9}$/),
  'awaitingCode.verifying': (s) => expect(s.hasTag('busy')).toBe(true),
  codeOver: (s) => expect(['SMS_CODE_EXPIRED', 'SMS_ATTEMPTS_EXHAUSTED']).toContain(s.context.error),
  lockedOut: (s) => {
    expect(s.context.error).toBe('SMS_LOCKED')
    expect(s.context.lockedUntil).toBe('2026-03-02T09:10:00.000Z')
  },
  verified: (s) => expect(s.context.ticket).toBe('ticket-1'),
}

function stateName(value: unknown): string {
  return typeof value === 'string' ? value : Object.entries(value as Record<string, string>).map(([k, v]) => `${k}.${v}`)[0]!
}

modelSuite({
  name: 'sms-verification',
  machine: smsVerificationMachine,
  input: { purpose: 'tss' },
  events: [
    { type: 'phone.submit', phone: '0212 123 45 67' },
    { type: 'phone.submit', phone: '0532 123 45 67' },
    { type: 'phone.change' },
    { type: 'code.submit', code: '12a' },
    { type: 'code.submit', code: '123456' },
    { type: 'code.resend' },
  ],
  outputs: {
    sendCode: [{ expiresInS: 120, resendAfterS: 60 }],
    verifyCode: [{ ticket: 'ticket-1' }],
  },
  errors: {
    sendCode: [
      err('SMS_SEND_FAILED'),
      err('SMS_LOCKED', { lockedUntil: '2026-03-02T09:10:00.000Z', retryAfterS: 300 }),
      err('SMS_RESEND_TOO_SOON', { retryAfterS: 30 }),
    ],
    verifyCode: [err('SMS_CODE_WRONG', { attemptsLeft: 4 }), err('SMS_CODE_EXPIRED'), err('SMS_ATTEMPTS_EXHAUSTED')],
  },
  serialize: (s) => ({ value: s.value, error: s.context.error, canResend: s.context.canResend, phone: s.context.phone, status: s.status }),
  invariants: (s) => {
    EXPECT[stateName(s.value)]?.(s as never)
    // the machine never holds a code: only the ticket the server gives for a right one
    expect(JSON.stringify(s.context)).not.toMatch(/"code"/)
  },
  describeEvent: (e) => {
    const ev = e as unknown as { type: string; phone?: string; code?: string }
    if (ev.type === 'phone.submit') return `the customer submits the phone "${ev.phone}"`
    if (ev.type === 'code.submit') return `the customer submits the code "${ev.code}"`
    if (ev.type === 'code.resend') return 'the customer asks for a new code'
    if (ev.type === 'phone.change') return 'the customer changes the number'
    return ev.type
  },
  describeState: (s) => `${JSON.stringify(s.value)}${s.context.error ? ` (error: ${s.context.error})` : ''}`,
}, {
  // canResend is left out: a replay that waits out the 120 s also passes the 60 s cooldown on the way
  compare: (s) => ({ value: s.value, status: s.status, error: s.context.error }),
})

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
