// @vitest-environment node
/**
 * What reaches the Stately inspector (issue 28 item 11), with the REAL client package
 * (@statelyai/inspect's createBrowserInspector and its browser adapter: the window it opens, the
 * "connected" handshake, the deferred messages, its own conversions) and the real session machine:
 * the inspector window (a stand-in object receiving postMessage) never receives a password, a
 * card number, a token or an SMS code, whatever part of a message carries it.
 */
import { createBrowserInspector } from '@statelyai/inspect'
import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, setup } from 'xstate'
import { DEFAULT_TIMING, sessionMachine, type SessionUser, type SignInResult } from '../../machines/session/session.machine.ts'
import { INSPECTOR_OPTIONS, MASK, sanitize, sanitizeInspection } from '../../src/web/inspect-sanitize.ts'

const PASSWORD = 'Gizli-Parola-2026!x'
const UNLOCK = 'Kilit-Parolasi-9?'
const CARD = '4111 1111 1111 1111'
const SMS_CODE = '482913'
const TOKEN = 'reset-token-abcdef-123456'

const user: SessionUser = {
  userId: 'u1', companyId: 'c1', username: 'admin', firstName: 'Ayşe', lastName: 'Yılmaz',
  roles: ['ROLE_ADMIN'], mainRole: 'ROLE_ADMIN', defaultRole: null, activeRole: 'ROLE_ADMIN', permissions: [],
}
const timing = DEFAULT_TIMING

/** A stand-in for the browser: `open` answers the inspector window, whose postMessage records what arrives. */
function fakeBrowser() {
  const received: unknown[] = []
  const listeners: Array<(e: { data: unknown }) => void> = []
  const inspectorWindow = { postMessage: (message: unknown) => { received.push(structuredClone(message)) } }
  const window = {
    open: () => inspectorWindow,
    addEventListener: (type: string, listener: (e: { data: unknown }) => void) => { if (type === 'message') listeners.push(listener) },
    // the inspector window answers, as the real one does once it has loaded
    connect: () => { for (const l of listeners) l({ data: { type: '@statelyai.connected' } }) },
  }
  return { window, received }
}

const idle = () => new Promise((r) => setTimeout(r, 30))

async function signInAndUnlock(options: Parameters<typeof createBrowserInspector>[0]) {
  const browser = fakeBrowser()
  const inspector = createBrowserInspector({ ...options, window: browser.window as unknown as Window })
  const machine = sessionMachine.provide({
    actors: {
      signIn: fromPromise<SignInResult, { username: string; password: string; rememberMe: boolean }>(async () => ({ kind: 'signedIn', user, timing, at: Date.now() })),
      lockSession: fromPromise(async () => ({ at: Date.now() })),
      unlockSession: fromPromise<{ user: SessionUser; at: number }, { password: string }>(async () => { throw Object.assign(new Error(`wrong password=${UNLOCK}`), { code: 'WRONG_PASSWORD', body: { password: UNLOCK } }) }),
      logout: fromPromise(async () => {}),
    },
    actions: { persistSession: () => {}, persistIdleTime: () => {}, clearSession: () => {}, broadcast: () => {}, reportActivity: () => {} },
  })
  const actor = createActor(machine, { input: undefined, inspect: inspector.inspect })
  actor.start()
  // before the window answers, the messages wait (deferred); then they all go
  actor.send({ type: 'login.submit', username: 'admin', password: PASSWORD, rememberMe: false })
  await idle()
  browser.window.connect()
  actor.send({ type: 'session.lock', at: Date.now() })
  await idle()
  actor.send({ type: 'unlock.submit', password: UNLOCK, at: Date.now() })
  await idle()
  actor.stop()
  await idle()
  return browser.received
}

describe('the inspector window receives no secret (real @statelyai/inspect, real session machine)', () => {
  it('the sign-in and unlock passwords never arrive: not in events, snapshots\' input, errors or context', async () => {
    const received = await signInAndUnlock(INSPECTOR_OPTIONS)
    const all = JSON.stringify(received)
    // the inspector works: many messages, the sign-in's among them, the user's name visible
    expect(received.length).toBeGreaterThan(10)
    expect(all).toContain('login.submit')
    expect(all).toContain('"username":"admin"')
    expect(all).toContain('unlock.submit')
    expect(all).not.toContain(PASSWORD)
    expect(all).not.toContain(UNLOCK)
    // the sign-in actor's snapshot shows its input with the password masked
    const signInSnapshots = (received as Array<{ type: string; snapshot?: { input?: { password?: string; username?: string } } }>)
      .filter((m) => m.snapshot?.input?.username === 'admin')
    expect(signInSnapshots.length).toBeGreaterThan(0)
    for (const m of signInSnapshots) expect(m.snapshot!.input!.password).toBe(MASK)
  })

  it('control: the package\'s own context and event hooks (the old wiring) let the sign-in actor\'s input through', async () => {
    const received = await signInAndUnlock({ sanitizeEvent: (e) => sanitize(e), sanitizeContext: (c) => sanitize(c) })
    expect(JSON.stringify(received)).toContain(PASSWORD)
  })

  it('outputs, errors, nested and cyclic context: card numbers, tokens and SMS codes are masked, the rest kept', async () => {
    const browser = fakeBrowser()
    const inspector = createBrowserInspector({ ...INSPECTOR_OPTIONS, window: browser.window as unknown as Window })
    browser.window.connect()
    const deep: Record<string, unknown> = { level: 0 }
    let at = deep
    for (let i = 1; i < 30; i++) { const next = { level: i }; at.next = next; at = next }
    at.password = PASSWORD
    const cyclic: Record<string, unknown> = { name: 'loop' }
    cyclic.self = cyclic
    const machine = setup({
      types: {} as { context: { deep: unknown; cyclic: unknown; note: string }; events: { type: 'code.submit'; code: string } | { type: 'go' } },
      actors: {
        charge: fromPromise(async () => ({ pan: CARD, receipt: `paid with ${CARD}`, resetToken: TOKEN })),
        verify: fromPromise<unknown, { code: string }>(async () => { throw Object.assign(new Error('refused'), { code: 'SMS_WRONG_CODE', details: { token: TOKEN } }) }),
      },
    }).createMachine({
      id: 'secrets',
      context: { deep, cyclic, note: `card ${CARD}` },
      initial: 'a',
      states: {
        a: { on: { go: 'charging' } },
        charging: { invoke: { id: 'charge', src: 'charge', onDone: 'b' } },
        b: { on: { 'code.submit': 'verifying' } },
        verifying: { invoke: { id: 'verify', src: 'verify', input: ({ event }) => ({ code: (event as { code: string }).code }), onError: 'c' } },
        c: {},
      },
    })
    const actor = createActor(machine, { inspect: inspector.inspect }).start()
    actor.send({ type: 'go' })
    await idle()
    actor.send({ type: 'code.submit', code: SMS_CODE })
    await idle()
    expect(actor.getSnapshot().value).toBe('c')
    const all = JSON.stringify(browser.received)
    for (const secret of [PASSWORD, TOKEN, SMS_CODE, '4111 1111 1111 1111', '4111111111111111']) expect(all, secret).not.toContain(secret)
    expect(all).toContain('SMS_WRONG_CODE')
    expect(all).toContain('code.submit')
    expect(all).toContain('"name":"loop"')
  })
})

describe('sanitize (the one function)', () => {
  it.each([
    [{ type: 'login.submit', username: 'ayse', password: 'Gizli-Parola-1!', rememberMe: true }, { type: 'login.submit', username: 'ayse', password: MASK, rememberMe: true }],
    [{ type: 'form.submit', oldPassword: 'a', newPassword: 'b', confirmPassword: 'c' }, { type: 'form.submit', oldPassword: MASK, newPassword: MASK, confirmPassword: MASK }],
    [{ type: 'card.change', number: '4111 1111 1111 1111', cvc: '123' }, { type: 'card.change', number: MASK, cvc: MASK }],
    [{ type: 'x', output: { ccNumber: '4111111111111111', note: 'card 4111-1111-1111-1111 failed' } }, { type: 'x', output: { ccNumber: MASK, note: `card ${MASK} failed` } }],
    [{ type: 'field.change', field: 'newPassword', value: 'x' }, { type: 'field.change', field: 'newPassword', value: MASK }],
    [{ type: 'field.change', field: 'password', value: 'smtp-secret' }, { type: 'field.change', field: 'password', value: MASK }],
    [{ type: 'field.change', field: 'name', value: 'AYŞE YILMAZ' }, { type: 'field.change', field: 'name', value: 'AYŞE YILMAZ' }],
    [{ type: 'code.submit', code: '482913' }, { type: 'code.submit', code: MASK }],
    [{ type: 'notice', code: 'NETWORK' }, { type: 'notice', code: 'NETWORK' }],
    [{ passwordExpired: true, passwordChangedAt: '2026-01-01', passwordSet: true }, { passwordExpired: true, passwordChangedAt: '2026-01-01', passwordSet: true }],
    [{ body: 'username=admin&password=hunter22&x=1' }, { body: `username=admin&password=${MASK}&x=1` }],
    [{ resetToken: 'abc', authorization: 'Bearer x' }, { resetToken: MASK, authorization: MASK }],
  ])('masks secrets in %j', (input, expected) => {
    expect(sanitize(input)).toEqual(expected)
  })

  it('is total: errors, Maps, Sets, dates, functions, cycles and any depth come out as JSON, nothing passed through', () => {
    const error = Object.assign(new Error('refused'), { code: 'X', password: 'p' })
    const cyclic: Record<string, unknown> = {}
    cyclic.me = cyclic
    let deep: Record<string, unknown> = { password: 'at-the-bottom' }
    for (let i = 0; i < 40; i++) deep = { inner: deep }
    const out = sanitize({ error, map: new Map<string, unknown>([['password', 'p'], ['k', 1]]), set: new Set(['a']), at: new Date(0), f: () => 1, cyclic, deep })
    expect(out).toMatchObject({ error: { name: 'Error', message: 'refused', code: 'X', password: MASK }, map: { password: MASK, k: 1 }, set: ['a'], at: '1970-01-01T00:00:00.000Z', cyclic: { me: '[circular]' } })
    expect(JSON.stringify(out)).not.toContain('at-the-bottom')
    expect('f' in (out as object)).toBe(false)
    // keeps empty values visible (an empty field is not a secret) and does not change the original
    expect(sanitize({ password: '' })).toEqual({ password: '' })
    expect(error.password).toBe('p')
  })

  it('sanitizeInspection keeps the protocol\'s envelope and sanitises every other part, the definition included', () => {
    const message = {
      type: '@xstate.snapshot', sessionId: 'x:1', rootId: 'x:0', createdAt: '1', _version: '0.7.2', id: null,
      snapshot: { status: 'active', input: { password: 'p' }, output: { token: 't' }, error: { body: 'password=p' }, context: { cvc: '123' } },
      event: { type: 'login.submit', password: 'p' },
      definition: '{"id":"x","context":{"password":"hunter22"}}',
      future: { apiKey: 'k' },
    }
    expect(sanitizeInspection(message)).toEqual({
      type: '@xstate.snapshot', sessionId: 'x:1', rootId: 'x:0', createdAt: '1', _version: '0.7.2', id: null,
      snapshot: { status: 'active', input: { password: MASK }, output: { token: MASK }, error: { body: `password=${MASK}` }, context: { cvc: MASK } },
      event: { type: 'login.submit', password: MASK },
      definition: `{"id":"x","context":{"password":"${MASK}"}}`,
      future: { apiKey: MASK },
    })
  })
})
