import type { Page, Route } from 'playwright-core'
import { expect } from 'vitest'
import type { AnyEventObject } from 'xstate'
import { vknCheckDigit } from '../../../src/domain/company.ts'
import { resourceEditorExpectations } from '../../machines/expectations/resource-editor.ts'
import { resourceEditorModel } from '../../machines/models/resource-editor.model.ts'
import type { PathStep } from '../../support/paths.ts'
import { DEMO_PASSWORD, type E2eServer } from '../server.ts'
import { apiSession, signInOnce } from '../staff.ts'
import { pressAgain } from './ignore.ts'
import type { Driver } from './types.ts'

/**
 * The editor statechart on Company > General (/navbar/settings/company/general), signed in as
 * ayse.yilmaz (ROLE_ADMIN, company:update). The company is made valid once per server through the
 * API, so the browser's check passes; a path's field error is the name emptied before "Kaydet" in a
 * changed form, and in an unchanged one the record loaded without its sector (the model's payloads
 * say only that the check finds one). Answers are the real server's: the
 * record, the saved version, and a conflict (the company saved through the API between the page's
 * load and its save); a failed load is the request cut off, one a path ends on is held; the
 * refusals the server does not give this form (a field refusal, a missing permission) are answered
 * by the route with the server's own status and body (the password asked again, issue 28, among them:
 * this form's server does not ask for it; the pages that do are tested in company-settings.e2e). Leaving
 * is the staff menu's "Ana sayfa", or the browser's back button while the password dialog covers the page.
 */
const RECORD = (url: URL) => /\/api\/v1\/company\/companyInfo\/[^/]+$/.test(url.pathname)
const SAVE = (url: URL, method: string) => /\/api\/v1\/company\/[0-9a-f-]{36}$/.test(url.pathname) && method === 'PUT'
const VKN = `123456789${vknCheckDigit('123456789')}`

type Api = Awaited<ReturnType<typeof apiSession>>
const apis = new WeakMap<E2eServer, Api>()

/** ayse's API session; the first time, the company is given every required value. */
async function api(server: E2eServer): Promise<Api> {
  let session = apis.get(server)
  if (session) return session
  session = await apiSession(server.url, 'ayse.yilmaz', DEMO_PASSWORD)
  const sizes = (await session.call('GET', '/lookup/companySizes')).body as unknown as Array<{ value: string }>
  await write(session, { name: 'Katılım Emeklilik A.Ş.', email: 'bilgi@example.com', phone: '+902125551234', taxNumber: VKN, size: sizes[0]!.value, sector: '65' })
  apis.set(server, session)
  return session
}

/** Writes the company with the version it has now (values kept unless given): a concurrent save. */
async function write(session: Api, values: Record<string, unknown> = {}) {
  const info = (await session.call('GET', `/company/companyInfo/${session.companyId}`)).body
  const body: Record<string, unknown> = { version: info.version }
  for (const f of ['name', 'email', 'phone', 'taxNumber', 'size', 'sector', 'webPage', 'defaultCurrency', 'language', 'timeZone']) body[f] = values[f] ?? info[f] ?? ''
  body.webPage = body.webPage || null
  body.defaultCurrency ||= 'TRY'
  body.language ||= 'tr'
  body.timeZone ||= 'Europe/Istanbul'
  const res = await session.call('PUT', `/company/${session.companyId}`, body)
  expect(res.status, JSON.stringify(res.body)).toBe(200)
}

async function arrangeLoad(page: Page, mode: Mode) {
  await page.unroute(RECORD)
  if (mode === 'fail') await page.route(RECORD, (route: Route) => route.abort('connectionrefused'))
  if (mode === 'hold') await page.route(RECORD, () => { /* held: the path ends while loading */ })
  if (mode === 'noSector') {
    await page.route(RECORD, async (route: Route) => {
      const answer = await route.fetch()
      await route.fulfill({ response: answer, json: { ...(await answer.json() as object), sector: null } })
    })
  }
}

type Mode = 'fail' | 'hold' | 'real' | 'noSector'
/** Whether the path leaves while the password dialog is open (the browser's back button: see act). */
const leavesFromPasswordDialog = (path: PathStep[]) => path.some((s, i) => s.event.type === 'leave.request' && i > 0 && path[i - 1]!.state.matches('reauthenticating'))
const isFieldError = (s: PathStep | undefined) => s?.event.type === 'xstate.done.actor.validate' && Object.keys((s.event as unknown as { output: object }).output).length > 0
const dirtyBefore = (path: PathStep[], i: number) => i > 0 && (path[i - 1]!.state.context as { dirty: boolean }).dirty

/** Whether the check answering at step `k` is the first since the record last loaded (no other check, hence no save, between). */
function firstCheckSinceLoad(path: PathStep[], k: number): boolean {
  for (let j = k - 1; j >= 0; j--) {
    const t = path[j]!.event.type
    if (t === 'xstate.done.actor.load') return true
    if (t === 'xstate.done.actor.validate') return false
  }
  return false
}

/**
 * How the record loads at step `i`: a failure, held, or the server's; when the first check after it
 * finds an error in a form nobody changed, the server's record without its sector (what a company
 * that never chose one holds).
 */
function loadMode(path: PathStep[], i: number): Mode {
  const next = path[i]
  if (next?.event.type === 'xstate.error.actor.load') return 'fail'
  if (next?.event.type !== 'xstate.done.actor.load') return 'hold'
  for (let k = i + 1; k < path.length; k++) {
    const t = path[k]!.event.type
    if (t === 'xstate.done.actor.load') break
    if (t === 'xstate.done.actor.validate') return isFieldError(path[k]) && !dirtyBefore(path, k - 1) ? 'noSector' : 'real'
  }
  return 'real'
}

const SAVES = '**/api/v1/company/*'
/** The path a page replays (to arrange a save's answer, two steps after the click). */
const paths = new WeakMap<Page, PathStep[]>()

/** How the save after the check is answered: held (the path ends saving), refused here, or the real one (after a concurrent write for a conflict). */
async function arrangeSave(page: Page, server: E2eServer, answer: PathStep | undefined) {
  await page.unroute(SAVES)
  const e = answer?.event as (AnyEventObject & { error?: { code?: string; fields?: Record<string, string> } }) | undefined
  const isSave = (route: Route) => SAVE(new URL(route.request().url()), route.request().method())
  if (!e) {
    await page.route(SAVES, (route) => isSave(route) ? undefined /* held */ : route.fallback())
  } else if (e.type === 'xstate.error.actor.save' && e.error!.code === 'CONFLICT') {
    // someone else saves first: the page's version is stale
    await write(await api(server))
  } else if (e.type === 'xstate.error.actor.save') {
    const code = e.error!.code === 'FIELDS' ? 'VALIDATION' : e.error!.code!
    // a missing permission, and the password asked again (issue 28), are 403s as the server sends them
    const status = code === 'FORBIDDEN' || code === 'REAUTH_REQUIRED' || code === 'REAUTH_FAILED' ? 403 : 400
    const issues = e.error!.fields ? Object.entries(e.error!.fields).map(([path, c]) => ({ path, code: c })) : undefined
    await page.route(SAVES, (route) => isSave(route)
      ? route.fulfill({ status, contentType: 'application/json', body: JSON.stringify({ code, message: code, ...(issues ? { issues } : {}) }) })
      : route.fallback())
  }
}

export const resourceEditorDriver: Driver = {
  id: 'resourceEditor',
  model: resourceEditorModel,
  expectations: resourceEditorExpectations,
  async open(page, path, server) {
    await api(server)
    await signInOnce(page, server, 'ayse.yilmaz')
    paths.set(page, path)
    await arrangeLoad(page, loadMode(path, 0))
    if (leavesFromPasswordDialog(path)) {
      // the back button must lead to a page of the app (the router asks), so General is reached from Address
      await page.goto('/navbar/settings/company/address')
      await page.getByRole('navigation', { name: 'Şirket sayfaları' }).getByRole('link', { name: 'Genel', exact: true }).click()
    } else {
      await page.goto('/navbar/settings/company/general')
    }
    await page.waitForFunction(() => !!(window as unknown as { __e2eCoverage: Record<string, unknown> }).__e2eCoverage.resourceEditor)
  },
  // the browser checks a form at once: it is never seen checking, so no path may end there
  // an error the check finds in a form nobody changed needs the record loaded just before, without its sector
  // (and then no check of that record may pass)
  feasible: (path) => !path.end.matches('validating') && path.steps.every((step, k) => {
    if (step.event.type !== 'xstate.done.actor.validate') return true
    if (isFieldError(step)) return dirtyBefore(path.steps, k - 1) || firstCheckSinceLoad(path.steps, k)
    const load = path.steps.slice(0, k).map((s) => s.event.type).lastIndexOf('xstate.done.actor.load')
    return loadMode(path.steps, load) !== 'noSector'
  }),
  // "Kaydet" pressed again while the record is saved (the save held), or while someone else's save is on screen (conflict)
  async ignore(page, state, event) {
    if ((state !== 'saving' && state !== 'conflict') || event.type !== 'form.submit') return false
    return pressAgain(page.getByRole('form', { name: 'Şirket bilgileri' }).getByRole('button', { name: 'Kaydet', exact: true }))
  },
  async act(page, step, next, server) {
    const e = step.event as AnyEventObject & { field?: string; value?: unknown }
    const form = page.getByRole('form', { name: 'Şirket bilgileri' })
    switch (e.type) {
      case 'xstate.done.actor.load': case 'xstate.error.actor.load': case 'xstate.done.actor.validate': case 'xstate.done.actor.save': case 'xstate.error.actor.save':
        return
      case 'field.change': await form.locator(`input[name=${e.field}]`).fill(String(e.value)); break
      case 'form.submit': {
        const path = paths.get(page)!
        const check = next!.event as AnyEventObject & { output: Record<string, string> }
        if (Object.keys(check.output).length > 0) {
          // the check finds a field error: in a changed form the name is left empty (an unchanged one loaded without its sector)
          if (dirtyBefore(path, path.indexOf(step))) await form.locator('input[name=name]').fill('')
        } else {
          await arrangeSave(page, server, path[path.indexOf(step) + 2])
        }
        await form.getByRole('button', { name: 'Kaydet', exact: true }).click()
        break
      }
      case 'form.reset': await form.getByRole('button', { name: 'Değişiklikleri geri al' }).click(); break
      case 'retry':
        await arrangeLoad(page, loadMode(paths.get(page)!, paths.get(page)!.indexOf(step) + 1))
        await page.getByRole('button', { name: 'Tekrar dene' }).click()
        break
      case 'reload':
        await arrangeLoad(page, loadMode(paths.get(page)!, paths.get(page)!.indexOf(step) + 1))
        await form.getByRole('button', { name: 'Yeniden yükle' }).click()
        break
      case 'leave.request':
        // the password dialog is modal: the page behind it cannot be clicked, the browser's back button can
        if (await page.locator('dialog[data-reauth][open]').count()) await page.goBack()
        else await page.getByRole('navigation').getByRole('link', { name: 'Ana sayfa', exact: true }).click()
        break
      case 'reauth.submit': {
        const path = paths.get(page)!
        await arrangeSave(page, server, path[path.indexOf(step) + 1])
        const dialog = page.locator('dialog[data-reauth]')
        const password = (e as unknown as { password: string }).password
        if (password) await dialog.getByLabel('Şifreniz').fill(password)
        await dialog.getByRole('button', { name: 'Onayla ve kaydet' }).click()
        break
      }
      case 'reauth.cancel': await page.locator('dialog[data-reauth]').getByRole('button', { name: 'Vazgeç' }).click(); break
      case 'leave.cancel': await page.getByRole('button', { name: 'Sayfada kal' }).click(); break
      case 'leave.confirm': await page.getByRole('button', { name: 'Değişiklikleri at ve çık' }).click(); break
      default: throw new Error(`resource-editor driver: no browser action for ${e.type}`)
    }
  },
}
