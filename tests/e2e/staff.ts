import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { expect } from 'vitest'
import type { Cookie, Page } from 'playwright-core'
import { tcknCheckDigits } from '../../src/domain/tckn.ts'
import { DEMO_PASSWORD } from './server.ts'

const AXE = resolve(import.meta.dirname, '../../node_modules/axe-core/axe.min.js')

/** Signs a staff member in through the login form (the demo staff share DEMO_PASSWORD). */
export async function signIn(page: Page, username: string, password = DEMO_PASSWORD) {
  await page.goto('/auth/login')
  await page.locator('input[name=username]').fill(username)
  await page.locator('input[name=password]').fill(password)
  await page.getByRole('button', { name: 'Giriş Yap' }).click()
}

/** The page's CSP allows scripts from its own origin only: axe is served there for the test. */
export async function serveAxe(page: Page) {
  await page.route('**/__axe.min.js', (route) => route.fulfill({ contentType: 'text/javascript', body: readFileSync(AXE, 'utf8') }))
}

/** axe-core's serious and critical WCAG 2.1 A/AA and best-practice violations on the page as it is now. */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ url: '/__axe.min.js' })
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(o: unknown): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe
    const r = await axe.run({ runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } })
    return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
  })
}

/** axe on each path (after its h1 shows and nothing reads "Yükleniyor…"): the serious and critical violations by path. */
export async function axeViolations(page: Page, paths: readonly string[]): Promise<Record<string, string[]>> {
  await serveAxe(page)
  const found: Record<string, string[]> = {}
  for (const path of paths) {
    await page.goto(path)
    await page.locator('h1').first().waitFor()
    // a busy machine may take seconds to answer a page's first calls: wait for them, not a fixed second
    await expect.poll(() => page.getByText('Yükleniyor…').count(), { timeout: 15_000 }).toBe(0)
    const violations = await seriousViolations(page)
    if (violations.length) found[path] = violations
  }
  return found
}

/**
 * The first sign-in with a temporary password: the forced change (spec 4 "Password expired"), then
 * a sign-in with the new password. Ends signed in.
 */
export async function signInWithTemporary(page: Page, username: string, temporary: string, newPassword: string) {
  await signIn(page, username, temporary)
  await page.waitForURL('**/auth/password-expired')
  await page.locator('input[name=oldPassword]').fill(temporary)
  await page.locator('input[name=newPassword]').fill(newPassword)
  await page.locator('input[name=confirmPassword]').fill(newPassword)
  await page.getByRole('button', { name: 'Şifreyi Değiştir' }).click()
  await page.waitForURL('**/auth/login')
  await signIn(page, username, newPassword)
}

/** An API session outside the browser (the spec's trxType header, the session cookie). */
export async function apiSession(base: string, username: string, password: string) {
  const login = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST', headers: { 'content-type': 'application/json', trxType: 'FRM' }, body: JSON.stringify({ username, password, rememberMe: false }),
  })
  const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ')
  const user = ((await login.json()) as { user: { companyId: string } }).user
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${base}/api/v1${path}`, {
      method, headers: { 'content-type': 'application/json', trxType: 'FRM', cookie }, body: body === undefined ? undefined : JSON.stringify(body),
    })
    return { status: res.status, body: (await res.json()) as Record<string, unknown> }
  }
  return { companyId: user.companyId, call }
}

/**
 * What the create-user wizard offers that the demo data lacks: a job title "Uzman" and a company
 * location "Genel Müdürlük" (Berlin), made through the API by the given staff session.
 */
export async function addWizardOptions(session: Awaited<ReturnType<typeof apiSession>>) {
  const levels = (await session.call('GET', '/lookup/experiencelevels')).body as unknown as Array<{ value: string }>
  const title = await session.call('POST', '/company/jobtitle', { title: 'Uzman', experienceLevel: levels[0]!.value, colorCode: '#1f4e79' })
  const types = (await session.call('GET', '/lookup/locationTypes')).body as unknown as Array<{ value: string }>
  const location = await session.call('POST', `/party/address?entityname=company&entityid=${session.companyId}`, {
    locationtype: types[0]!.value, locationname: 'Genel Müdürlük', countrycode: 'DE', citycode: null, districtcode: null, suburbcode: null, zipcode: '10115', addresstext: 'Berlin',
  })
  return { title: title.status, location: location.status }
}

/** Browser sign-ins kept per server and user: a later page of the same replay reuses the cookies. */
const cookieJar = new WeakMap<object, Map<string, Cookie[]>>()

/** Signs `username` in through the form once per `server`; afterwards the page only gets the cookies. */
export async function signInOnce(page: Page, server: object, username: string, password = DEMO_PASSWORD) {
  const jar = cookieJar.get(server) ?? new Map<string, Cookie[]>()
  cookieJar.set(server, jar)
  const cookies = jar.get(username)
  if (cookies) {
    await page.context().addCookies(cookies)
    // a session kept from earlier in a long lane may have been locked for inactivity (or ended) by
    // the server meanwhile: then this user signs in again
    if ((await page.request.get('/api/v1/dashboard')).status() !== 401) return
    jar.delete(username)
    await page.context().clearCookies()
  }
  await signIn(page, username, password)
  await page.waitForURL('**/navbar/**')
  jar.set(username, await page.context().cookies())
}

type ApiSession = Awaited<ReturnType<typeof apiSession>>

/**
 * A user holding `roleId` as main and default role, made through `POST /user` (the create-user
 * wizard's body) with a job title and a company location of its own (named after the user).
 */
export async function createRoleHolder(session: ApiSession, who: { username: string; firstName: string; lastName: string; nationalIdBase: string }, roleId: string) {
  const level = ((await session.call('GET', '/lookup/experiencelevels')).body as unknown as Array<{ value: string }>)[0]!.value
  const job = await session.call('POST', '/company/jobtitle', { title: who.lastName, experienceLevel: level, colorCode: '#1f4e79' })
  expect(job.status).toBe(201)
  const type = ((await session.call('GET', '/lookup/locationTypes')).body as unknown as Array<{ value: string }>)[0]!.value
  const location = await session.call('POST', `/party/address?entityname=company&entityid=${session.companyId}`, {
    locationtype: type, locationname: `${who.lastName} Ofisi`, countrycode: 'DE', citycode: null, districtcode: null, suburbcode: null, zipcode: '10115', addresstext: 'Berlin',
  })
  expect(location.status).toBe(201)
  return session.call('POST', '/user', {
    personal: {
      username: who.username, firstName: who.firstName, lastName: who.lastName, gender: 'female', country: 'TR',
      nationalId: who.nationalIdBase + tcknCheckDigits(who.nationalIdBase), passportNo: null,
      jobTitleId: job.body.jobtitleid, workLocationId: location.body.addressid, email: `${who.username}@example.com`, mobilePhone: '0532 123 45 67', birthDate: '1990-05-17',
      mainRole: roleId, defaultRole: roleId,
    },
    address: { status: 'create', addressid: location.body.addressid, locationtype: 'x', locationname: 'x', countrycode: 'TR', citycode: null, districtcode: null, suburbcode: null, zipcode: null, addresstext: 'x' },
    groupRoles: { isAssigntoGroup: false, chosengroup: null, isAssigntoOtherGroup: false, selectedRoles: [], selectedMain: null },
  })
}

/** The API from inside the signed-in page (its cookie and the spec's headers). */
export function pageApi<T>(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  return page.evaluate(async ({ method, path, body }) => {
    const res = await fetch(`/api/v1${path}`, {
      method,
      headers: {
        'content-type': 'application/json', trxType: 'FRM', locale: 'tr',
        companyId: localStorage.getItem('companyId') ?? '', sessionId: localStorage.getItem('sessionId') ?? '', role_name: localStorage.getItem('activeRole') ?? '',
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    return { status: res.status, body: await res.json() }
  }, { method, path, body }) as Promise<{ status: number; body: T }>
}
