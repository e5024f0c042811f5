import { expect } from 'vitest'
import type { BrowserContext, Page, Route } from 'playwright-core'
import type { AnyEventObject } from 'xstate'
import type { SessionContext } from '../../../machines/session/session.machine.ts'
import { sessionExpectations } from '../../machines/expectations/session.ts'
import { sessionModel } from '../../machines/models/session.model.ts'
import { activePaths, isIn, type Screen } from '../../support/expectations.ts'
import type { GeneratedPath, PathStep, Snapshot } from '../../support/paths.ts'
import { caughtMail, DEMO_PASSWORD, type E2eServer } from '../server.ts'
import type { Driver } from './types.ts'

/**
 * The staff session in the browser: sign-in, restore on a page load, the inactivity warning and
 * lock, the lock screen, the forced password change, sign-out.
 *
 * - Time: Playwright's clock runs the page's timers. A timer step (`xstate.after.*`) runs the clock
 *   (`runFor`) until the machine's own timer fires; a wake-up (`clock.check`) and a lock too old
 *   to unlock move only the wall clock (`setSystemTime`, as a laptop that slept: no timer fires)
 *   and the page's own wake-up check runs (the window's focus event). The clock belongs to the whole
 *   browser context and cannot be removed: it keeps running at real speed for later pages.
 * - Server answers are real, held until the path's answer step (the busy states are then seen):
 *   a wrong password for a refused sign-in or unlock; a network failure (`route.abort`) where only
 *   one makes the error (session check, lock, logout, role switch, permission fetch).
 * - Other tabs: what another tab's session actor posts on the `ke-session` BroadcastChannel.
 * - Sessions: made through the API (ayse.yilmaz: two roles, so a role switch has somewhere to go),
 *   one kept for as long as paths leave it usable; expired passwords are temporary ones from the
 *   forgot-password mail. The driver's calls come from its own client address (X-Forwarded-For,
 *   trusted from loopback by the model-paths server), so its sign-ins have their own rate limit.
 */

const CLIENT_IP = '198.51.100.16'
const USER = { username: 'ayse.yilmaz', firstName: 'Ayşe', lastName: 'Yılmaz' }
/** Demo users whose password the paths expire (a temporary one each), one per such path. */
const EXPIRING = ['burak.celik', 'zeynep.arslan']
const REFUSED = 'mehmet.demir'
const WRONG_PASSWORD = 'Yanlis-Parola-2026!x'
const NEW_PASSWORD = 'Oturum-Yeni-Parola-2026!q'
const CHANNEL = 'ke-session'

/** The calls of the machine's invoked actors (src/web/flows/session.ts) and the states that invoke them. */
const CALLS: Record<string, { call: string; state: string }> = {
  checkSession: { call: '/api/v1/auth/checkSessionValidity', state: 'restoring' },
  signIn: { call: '/api/v1/auth/login', state: 'signingIn' },
  lockSession: { call: '/api/v1/auth/lockSession', state: 'signedIn.inactivity.lockedOut.locking' },
  unlockSession: { call: '/api/v1/auth/unlockSession', state: 'signedIn.inactivity.lockedOut.unlocking' },
  logout: { call: '/api/v1/auth/logout', state: 'loggingOut' },
  switchRole: { call: '/api/v1/auth/switchRole', state: 'signedIn.access.switchingRole' },
  refreshPermissions: { call: '/api/v1/auth/permissions', state: 'signedIn.access.refreshing' },
}
/** Refusals the real server makes from what the path typed (a wrong password). */
const REAL_REFUSALS = new Set(['signIn', 'unlockSession'])
/** Calls the web layer gives up after (REQUEST_TIMEOUT_MS): no path may run a long timer while one is on its way. */
const LONG_TIMERS = ['idleCandidateDelay', 'inactiveDelay', 'logoutWait']

type Session = { cookie: string; companyId: string }
type Pool = { active: Session | null; locked: Session[]; expiring: number }
type Current = {
  steps: PathStep[]
  held: Map<string, Route[]>
  session: Session | null
  /** The demo user whose temporary password this path signs in with, and that password. */
  expired: { username: string; temporary: string } | null
  /** The page's clock minus the model's at the last activity the machine noted (its wake-ups sleep as long as the model's). */
  offset: number
}

const pools = new Map<string, Pool>()
const clocks = new WeakSet<BrowserContext>()
let current: Current | null = null

async function post(server: E2eServer, path: string, body: unknown, cookie?: string) {
  const res = await fetch(`${server.url}/api/v1${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', trxType: 'FRM', 'x-forwarded-for': CLIENT_IP, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  })
  return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown> | null, cookies: res.headers.getSetCookie() }
}

async function signInApi(server: E2eServer): Promise<Session> {
  const r = await post(server, '/auth/login', { username: USER.username, password: DEMO_PASSWORD, rememberMe: false })
  expect(r.status, JSON.stringify(r.body)).toBe(200)
  return { cookie: r.cookies.map((c) => c.split(';')[0]).join('; '), companyId: (r.body!.user as { companyId: string }).companyId }
}

async function lockedSession(server: E2eServer): Promise<Session> {
  const s = await signInApi(server)
  const r = await post(server, '/auth/lockSession', { inactivetime: 0 }, s.cookie)
  expect(r.status, JSON.stringify(r.body)).toBe(200)
  return s
}

/** A demo user's temporary password from the forgot-password mail: its sign-in answers "password expired". */
async function temporaryPassword(server: E2eServer, username: string): Promise<string> {
  const email = `${username}@example.com`
  const r = await post(server, '/auth/forgotPassword', { email })
  expect(r.status).toBe(202)
  let temporary = ''
  await expect.poll(async () => {
    temporary = /Geçici şifreniz: (\S+)/.exec((await caughtMail(server.url, email))[0]?.text ?? '')?.[1] ?? ''
    return temporary
  }, { timeout: 20_000 }).not.toBe('')
  return temporary
}

const types = (steps: PathStep[]) => steps.map((s) => s.event.type)
const modelContext = (s: Snapshot) => s.context as SessionContext

/** The state before step i (the machine's initial state before the first). */
function before(steps: PathStep[], step: PathStep): Snapshot | null {
  const i = steps.indexOf(step)
  return i > 0 ? steps[i - 1]!.state : null
}

/** Whether the browser can send this event from that state (feasible paths only are replayed). */
function canSend(e: AnyEventObject, prev: Snapshot | null, index: number): boolean {
  const inState = (p: string) => prev !== null && isIn(prev, p)
  const modal = inState('signedIn.inactivity.inactive')
  const lockScreen = inState('signedIn.inactivity.lockedOut.locked') || inState('signedIn.inactivity.lockedOut.unlocking')
  // the menu's buttons: not behind the warning's modal, not on the lock screen
  const menu = inState('signedIn') && !modal && !lockScreen
  switch (e.type) {
    case 'session.restore': return index === 0 // a page load: it would lose the coverage of the steps before
    case 'login.submit': return prev === null || inState('signedOut')
    case 'session.lock': return menu
    case 'role.switch':
    case 'permissions.refresh': return menu && inState('signedIn.access.ready')
    // "Not you? Return to sign-in" is on the lock screen only; the menu and the warning have "Log out"
    case 'logout': return e.switchUser === true ? lockScreen : menu || modal
    case 'unlock.submit': return inState('signedIn.inactivity.lockedOut.locked')
    case 'activity': return e.inWarning === true ? modal : true
    // both come from an activity report's answer: the activity makes the user active first
    case 'timing.update':
    case 'session.invalid': return inState('signedIn.inactivity.active')
    default:
      // a call on its way fails after 60 s: no long wait while one is
      return !(e.type.startsWith('xstate.after.') && LONG_TIMERS.some((t) => e.type.includes(`.${t}.`)) && prev !== null && prev.hasTag('busy'))
  }
}

async function pageNow(page: Page): Promise<number> {
  return page.evaluate(() => Date.now())
}

/** Moves the page's wall clock forward without running its timers (a laptop that slept). */
async function sleepFor(page: Page, ms: number) {
  await page.clock.setSystemTime((await pageNow(page)) + ms)
}

async function liveValue(page: Page): Promise<unknown> {
  return page.evaluate(() => (window as unknown as { __e2eCoverage: Record<string, { value: unknown }> }).__e2eCoverage.session?.value)
}

/** Waits until the request of an invoked actor is held, and takes it. */
async function heldRoute(actor: string): Promise<Route> {
  const c = current!
  await expect.poll(() => c.held.get(actor)?.length ?? 0, { timeout: 15_000, message: `${actor}: no call to answer` }).toBeGreaterThan(0)
  return c.held.get(actor)!.shift()!
}

/** A pointer move somewhere new (the page's activity listeners hear it). */
let pointer = 0
async function move(page: Page) {
  pointer = (pointer + 1) % 10
  await page.mouse.move(40 + pointer * 17, 300 + pointer * 11)
}

/** Activity the session reports to the server (more than the throttle since the last report). */
async function reportedActivity(page: Page, c: SessionContext) {
  await sleepFor(page, c.timing.throttleMs + 1_000)
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/v1/auth/activity'))
  await move(page)
  return answer
}

async function toSignInForm(page: Page) {
  if (new URL(page.url()).pathname === '/auth/login') return
  // a link of the page in view (a reload would start another actor and lose the coverage)
  const again = page.getByRole('link', { name: 'Tekrar giriş yap' }).or(page.getByRole('link', { name: 'Giriş ekranına dönün' }))
  await again.first().click()
  await page.waitForURL('**/auth/login**')
}

async function fromOtherTab(page: Page, message: { kind: string; withTime: boolean }) {
  // what another tab's session actor posts (src/web/flows/session.ts)
  await page.evaluate(({ channel, kind, withTime }) => {
    const c = new BroadcastChannel(channel)
    c.postMessage(withTime ? { kind, at: Date.now() } : { kind })
    c.close()
  }, { channel: CHANNEL, ...message })
}

/** After a step: the live actor is where the path says and texts the state must not show are gone. */
async function settle(page: Page, step: PathStep) {
  const want = JSON.stringify(step.state.value)
  await page.waitForFunction((v) => JSON.stringify((window as unknown as { __e2eCoverage: Record<string, { value: unknown }> }).__e2eCoverage.session?.value) === v, want, { timeout: 15_000 })
    .catch(async () => { throw new Error(`${step.event.type}: the live actor is in ${JSON.stringify(await liveValue(page))}, the path expects ${want}`) })
  for (const state of activePaths(step.state)) {
    const s = sessionExpectations.states[state]?.screen
    const screen: Screen | undefined = typeof s === 'function' ? s(modelContext(step.state)) : s
    for (const text of screen?.absent ?? []) await page.getByText(text).first().waitFor({ state: 'hidden', timeout: 15_000 })
  }
}

export const sessionDriver: Driver = {
  id: 'session',
  model: sessionModel,
  expectations: sessionExpectations,
  feasible: (path: GeneratedPath) => path.steps.every((s, i) => canSend(s.event, i === 0 ? null : path.steps[i - 1]!.state, i)),
  // the warning dismissed by the person ("Devam Et"): the same transition as activity before the warning, so no
  // covering path needs it; without it no path pressed the warning's own button
  mustReplay: (path: GeneratedPath) => path.steps.some((s, i) => s.event.type === 'activity' && s.event.inWarning !== true && i > 0
    && isIn(path.steps[i - 1]!.state, 'signedIn.inactivity.inactive')),
  // activity while locked: the pointer moved on the lock screen (more than the page's one-second throttle after the last
  // activity it noted) reaches the machine as `activity`, which must neither unlock nor report anything
  async ignore(page, state, event) {
    if (state !== 'signedIn.inactivity.lockedOut.locked' || event.type !== 'activity') return false
    await sleepFor(page, 1_100)
    await move(page)
    return true
  },

  async open(page, steps, server) {
    const pool = pools.get(server.url) ?? { active: null, locked: [], expiring: 0 }
    pools.set(server.url, pool)
    const c: Current = { steps, held: new Map(), session: null, expired: null, offset: 0 }
    current = c
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': CLIENT_IP })
    if (!clocks.has(page.context())) {
      await page.clock.install()
      clocks.add(page.context())
    }
    // each path starts at the real time (an earlier path may have moved the wall clock)
    await page.clock.setSystemTime(Date.now())
    for (const [actor, { call, state }] of Object.entries(CALLS)) {
      // the path's own calls wait for its answer steps; one it does not make goes through (e.g. a
      // permission fetch the page starts by itself when an answer's permissions stamp differs)
      if (!steps.some((s) => isIn(s.state, state))) continue
      await page.route((url) => url.pathname === call, (route) => {
        const queue = c.held.get(actor) ?? []
        queue.push(route)
        c.held.set(actor, queue)
      })
    }
    const kinds = types(steps)
    if (steps.some((s) => s.event.type === 'xstate.done.actor.signIn' && (s.event.output as { kind: string }).kind === 'passwordExpired')) {
      const username = EXPIRING[pool.expiring++]
      if (!username) throw new Error('session driver: no demo user left to expire')
      c.expired = { username, temporary: await temporaryPassword(server, username) }
    }
    let storage: Record<string, string> = {}
    if (kinds[0] === 'session.restore') {
      const answer = steps[1]!.event as AnyEventObject & { output?: { lockedAt: number | null } | null }
      // a session a path sends a lock, an unlock or a logout for is not used again (a call held
      // until the path's end still reaches the server when the page closes)
      const touches = steps.some((s) => [CALLS.logout!, CALLS.lockSession!, CALLS.unlockSession!].some((a) => isIn(s.state, a.state)))
        || kinds.includes('session.invalid')
      if (answer.type === 'xstate.done.actor.checkSession' && answer.output === null) {
        c.session = null // stored names, no session on the server: 401
      } else if (answer.type === 'xstate.done.actor.checkSession' && answer.output?.lockedAt) {
        c.session = pool.locked.shift() ?? await lockedSession(server)
        if (!touches) pool.locked.unshift(c.session)
      } else {
        c.session = pool.active ?? await signInApi(server)
        pool.active = touches ? null : c.session
      }
      storage = { session: JSON.stringify(USER), companyId: c.session?.companyId ?? '00000000-0000-4000-8000-000000000000', activeRole: 'ROLE_USER' }
      if (c.session) {
        await page.context().addCookies(c.session.cookie.split('; ').map((pair) => {
          const [name, ...value] = pair.split('=')
          // the production server's cookie is __Host-: secure (127.0.0.1 is a secure context), host-only
          return { name: name!, value: value.join('='), domain: new URL(server.url).hostname, path: '/', secure: true, httpOnly: true, sameSite: 'Strict' as const }
        }))
      }
    }
    // the origin's storage is the context's: each path starts from its own
    await page.addInitScript((items) => {
      localStorage.clear()
      for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v)
    }, storage)
    if (kinds[0] !== 'session.restore') {
      await page.goto('/auth/login')
      await page.waitForFunction(() => !!(window as unknown as { __e2eCoverage: Record<string, unknown> }).__e2eCoverage.session)
      await page.locator('input[name=username]').waitFor()
    }
  },

  async act(page, step, next, server) {
    const c = current!
    const e = step.event as AnyEventObject & Record<string, unknown>
    const prev = before(c.steps, step)
    const ctx = prev ? modelContext(prev) : null
    const answer = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(e.type)

    if (e.type === 'session.restore') {
      // the page load restores the stored session (sessionActor)
      await page.goto('/navbar/home/main', { waitUntil: 'commit' })
      await page.waitForFunction(() => !!(window as unknown as { __e2eCoverage: Record<string, unknown> }).__e2eCoverage.session)
    } else if (answer && answer[2] === 'passwordChange') {
      // the child machine's own screen: change the password, or cancel
      if ((e.output as { changed: boolean }).changed) {
        await page.locator('input[name=oldPassword]').fill(c.expired!.temporary)
        await page.locator('input[name=newPassword]').fill(NEW_PASSWORD)
        await page.locator('input[name=confirmPassword]').fill(NEW_PASSWORD)
        await page.getByRole('button', { name: 'Şifreyi Değiştir' }).click()
      } else {
        await page.getByRole('button', { name: 'Vazgeç' }).click()
      }
    } else if (answer) {
      const route = await heldRoute(answer[2]!)
      if (answer[1] === 'done' || REAL_REFUSALS.has(answer[2]!)) await route.continue()
      else await route.abort('failed')
    } else if (e.type === 'login.submit') {
      await toSignInForm(page)
      const blank = String(e.username).trim() === '' || e.password === ''
      const output = next?.event.type === 'xstate.done.actor.signIn' ? (next.event.output as { kind: string }) : null
      const [username, password] = blank ? [String(e.username), String(e.password)]
        : output?.kind === 'passwordExpired' ? [c.expired!.username, c.expired!.temporary]
        : output?.kind === 'signedIn' ? [USER.username, DEMO_PASSWORD]
        : [REFUSED, WRONG_PASSWORD]
      await page.locator('input[name=username]').fill(username)
      await page.locator('input[name=password]').fill(password)
      await page.getByRole('button', { name: 'Giriş Yap' }).click()
    } else if (e.type === 'activity') {
      const reported = ctx !== null && Number(e.at) - ctx.lastReportedAt >= ctx.timing.throttleMs
      // the page reports activity at most once a second, and to the server once per throttle
      await sleepFor(page, reported ? ctx.timing.throttleMs + 1_000 : 1_100)
      if (e.inWarning === true || !prev || !isIn(prev, 'signedIn.inactivity.inactive')) await move(page)
      // the warning dismissed: by its "Devam Et" (the page's stay), or by a click on its backdrop, outside its box
      // (activity elsewhere): both are the same event; the model's two activities take one each
      else if (reported) await page.mouse.click(3, 3)
      else await page.getByRole('dialog').getByRole('button', { name: 'Devam Et' }).click()
    } else if (e.type === 'activity.remote') {
      await fromOtherTab(page, { kind: 'activity', withTime: true })
    } else if (e.type === 'remote.locked' || e.type === 'remote.unlocked' || e.type === 'remote.ended') {
      await fromOtherTab(page, { kind: e.type.slice('remote.'.length), withTime: e.type !== 'remote.ended' })
    } else if (e.type === 'session.lock') {
      await page.getByRole('button', { name: 'Ekranı kilitle' }).click()
    } else if (e.type === 'logout') {
      if (e.switchUser === true) await page.getByRole('button', { name: 'Giriş ekranına dönün' }).click()
      else if (prev && isIn(prev, 'signedIn.inactivity.inactive')) await page.getByRole('dialog').getByRole('button', { name: 'Çıkış Yap' }).click()
      else await page.getByRole('button', { name: 'Çıkış', exact: true }).click()
    } else if (e.type === 'unlock.submit') {
      const field = page.locator('input[name=password]')
      if (e.password === '') {
        await field.fill('')
        await page.getByRole('button', { name: 'Kilidi Aç' }).click()
      } else {
        await field.fill(next?.event.type === 'xstate.error.actor.unlockSession' ? WRONG_PASSWORD : DEMO_PASSWORD)
        const tooOld = ctx!.lockedAt !== null && Number(e.at) - ctx!.lockedAt > ctx!.timing.lockExpiryS * 1000
        if (tooOld) {
          // come back after the lock has expired; the page's own 5-s check must not see it first
          const now = await pageNow(page)
          await page.clock.pauseAt(now + 1_000)
          await page.clock.setSystemTime(now + ctx!.timing.lockExpiryS * 1000 + 5_000)
          await field.press('Enter')
          await page.clock.resume()
        } else {
          await field.press('Enter')
        }
      }
    } else if (e.type === 'clock.check') {
      // wake up when the model's check does, counted from the last activity; on the lock screen
      // (whose lock may be older here than in the model) at least as long after the lock
      const now = await pageNow(page)
      const target = prev && isIn(prev, 'signedIn.inactivity.lockedOut') ? now + Number(e.now) - ctx!.lockedAt! : Number(e.now) + c.offset
      if (target > now) await page.clock.setSystemTime(target)
      await page.evaluate(() => window.dispatchEvent(new Event('focus')))
    } else if (e.type === 'session.invalid') {
      // the session ends on the server; the next activity report is refused (401) and says so
      expect((await post(server, '/auth/logout', { inactivetime: 0 }, c.session!.cookie)).status).toBe(200)
      await reportedActivity(page, ctx!)
    } else if (e.type === 'timing.update') {
      // the company's timing comes with the answer to an activity report
      await reportedActivity(page, ctx!)
      await page.waitForFunction(() => (window as unknown as { __e2eCoverage: Record<string, { taken: string[] }> }).__e2eCoverage.session!.taken.some((k) => k.includes('--timing.update#')))
    } else if (e.type === 'role.switch') {
      const select = page.locator('select[name=activeRole]')
      const now = await select.inputValue()
      const other = (await select.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))).find((v) => v !== now)
      await select.selectOption(other!)
    } else if (e.type === 'permissions.refresh') {
      await page.getByRole('button', { name: 'Yetkileri yenile' }).click()
    } else if (e.type.startsWith('xstate.after.')) {
      // run the page's timers until the machine's own fires (at most its whole delay, and a little)
      const timing = ctx!.timing
      const delays: Record<string, number> = {
        idleCandidateDelay: timing.throttleMs, inactiveDelay: timing.inactiveMs - timing.throttleMs, warningCountdown: timing.warningMs, logoutWait: timing.logoutWaitMs,
      }
      const delay = delays[e.type.split('.')[2]!]!
      const from = JSON.stringify(await liveValue(page))
      await page.clock.runFor(Math.max(0, delay - 5_000))
      for (let ran = 0; ran < 8_000 && JSON.stringify(await liveValue(page)) === from; ran += 500) await page.clock.runFor(500)
    } else {
      throw new Error(`session driver: no way to make ${e.type} happen`)
    }
    if (!(next && /^xstate\.(done|error)\.actor\./.test(next.event.type))) await settle(page, step)
    // the machine noted an activity: the page's clock then, measured after the fact (never early)
    if (modelContext(step.state).lastActivityAt !== ctx?.lastActivityAt) c.offset = (await pageNow(page)) - modelContext(step.state).lastActivityAt
  },
}
