import type { Page, Route } from 'playwright-core'
import { expect } from 'vitest'
import type { AnyEventObject } from 'xstate'
import { confirmActionExpectations } from '../../machines/expectations/confirm-action.ts'
import { ANALYST, confirmActionModel, EXPERT, MAIL } from '../../machines/models/confirm-action.model.ts'
import { TEST_ADMIN } from '../../support/constants.ts'
import type { GeneratedPath, PathStep } from '../../support/paths.ts'
import { DEMO_PASSWORD, type E2eServer } from '../server.ts'
import { apiSession, signInOnce } from '../staff.ts'
import type { Driver } from './types.ts'

/**
 * The confirm-action statechart on the two pages the model's subjects name:
 *  - deleting a job title (Company > Job titles, ayse.yilmaz: jobtitle:delete): the row's "Sil", the
 *    dialog's "Sil" (confirm) and "Vazgeç" (cancel); the two titles are made through the API before
 *    each path. The title is read again before the question: a path's NOT_FOUND is the title deleted
 *    through the API just before; an answer the path does not see is held (reading, deleting);
 *  - the test mail (Company > Mail server, the superadmin: mailserver:update): the address typed and
 *    "Test e-postası gönder"; the address is checked in the browser, the stored settings read (held
 *    when the path rests there), the mail goes through the server's built-in mail for real, a
 *    failure is the request cut off; after it "Tekrar dene" (confirm) and "Kapat" (cancel).
 */
type Subject = { kind: 'delete'; id: string; name: string } | { kind: 'mail'; to: string }
const subjectOf = (e: AnyEventObject) => (e as AnyEventObject & { subject: Subject }).subject
/** One job title (its read and its deletion), not the company's list of them (the same path with the company's id). */
const titleRoutes = new WeakMap<Page, (url: URL) => boolean>()
const TITLE = (page: Page, companyId: string) => {
  let which = titleRoutes.get(page)
  if (!which) {
    which = (url: URL) => /\/api\/v1\/company\/jobtitle\/[^/]+$/.test(url.pathname) && !url.pathname.endsWith(`/${companyId}`)
    titleRoutes.set(page, which)
  }
  return which
}
const MAIL_TEST = (url: URL) => url.pathname.endsWith('/api/v1/company/settings/mailServer/test')
const MAIL_SETTINGS = (url: URL) => /\/api\/v1\/company\/settings\/[^/]+$/.test(url.pathname) && url.searchParams.get('category') === 'mailServer'

/** The kind of page a path acts on (its requests all name one). */
function kindOf(path: PathStep[]): 'delete' | 'mail' {
  const request = path.find((s) => s.event.type === 'request')
  return request ? subjectOf(request.event).kind : 'delete'
}

/** The subject of the last request before step `i`. */
function lastSubject(path: PathStep[], i: number): Subject | null {
  for (let j = i - 1; j >= 0; j--) if (path[j]!.event.type === 'request') return subjectOf(path[j]!.event)
  return null
}

type Api = Awaited<ReturnType<typeof apiSession>>

async function titles(api: Api) {
  return ((await api.call('GET', `/company/jobtitle/${api.companyId}`)).body as { items: Array<{ jobtitleid: string; jobtitle: string; version: number }> }).items
}

/** One API session per server (signing in again for every path would use up the sign-in limit). */
const apis = new WeakMap<E2eServer, Api>()

async function ensureTitles(server: E2eServer): Promise<Api> {
  let api = apis.get(server)
  if (!api) { api = await apiSession(server.url, 'ayse.yilmaz', DEMO_PASSWORD); apis.set(server, api) }
  const items = await titles(api)
  const level = ((await api.call('GET', '/lookup/experiencelevels')).body as unknown as Array<{ value: string }>)[0]!.value
  for (const name of [ANALYST.name, EXPERT.name]) {
    if (items.some((t) => t.jobtitle === name)) continue
    const made = await api.call('POST', '/company/jobtitle', { title: name, experienceLevel: level, colorCode: '#1f4e79' })
    expect(made.status, JSON.stringify(made.body)).toBe(201)
  }
  return api
}

/** Someone else deletes the title first (the page's reading it again finds it gone). */
async function deleteBehind(api: Api, name: string) {
  const title = (await titles(api)).find((t) => t.jobtitle === name)!
  const res = await api.call('DELETE', `/company/jobtitle/${title.jobtitleid}?version=${title.version}`)
  expect(res.status, JSON.stringify(res.body)).toBe(200)
}

type Mode = 'real' | 'fail' | 'hold'
const runMode = (answer: PathStep | undefined): Mode =>
  answer?.event.type === 'xstate.done.actor.run' ? 'real' : answer?.event.type === 'xstate.error.actor.run' ? 'fail' : 'hold'
/** Reading the title again: as it is (found or, deleted behind, not), or held while the path ends reading. */
const readMode = (answer: PathStep | undefined): Mode => (answer?.event.type.startsWith('xstate.') ? 'real' : 'hold')

/** How the next deletion or test mail is answered: one route per address and page, its plan per method (a held request stays held). */
const plans = new WeakMap<Page, Map<(url: URL) => boolean, Record<string, Mode>>>()
async function arrange(page: Page, which: (url: URL) => boolean, mode: Mode, method: string) {
  const byRoute = plans.get(page) ?? new Map<(url: URL) => boolean, Record<string, Mode>>()
  plans.set(page, byRoute)
  const known = byRoute.get(which)
  if (known) { known[method] = mode; return }
  const plan: Record<string, Mode> = { [method]: mode }
  byRoute.set(which, plan)
  await page.route(which, (route: Route) => {
    const m = plan[route.request().method()] ?? 'real'
    if (m === 'fail') return route.abort('connectionrefused')
    if (m === 'hold') return undefined
    return route.fallback()
  })
}

const paths = new WeakMap<Page, PathStep[]>()
const sessions = new WeakMap<Page, Api>()

export const confirmActionDriver: Driver = {
  id: 'confirmAction',
  model: confirmActionModel,
  expectations: confirmActionExpectations,
  feasible: (path: GeneratedPath) => {
    const steps = path.steps
    const kinds = new Set(steps.filter((s) => s.event.type === 'request').map((s) => subjectOf(s.event).kind))
    if (kinds.size > 1) return false
    // the address is checked in the browser, at once: only a good one is seen checking (reading the settings)
    if (kinds.has('mail') && path.end.matches('preparing') && (lastSubject(steps, steps.length) as { to?: string } | null)?.to !== MAIL.to) return false
    // a deleted title (by the path, or behind its back) cannot be asked about again
    const gone = new Set<string>()
    return steps.every((s, i) => {
      const subject = s.event.type === 'request' ? subjectOf(s.event) : lastSubject(steps, i)
      if (s.event.type === 'request' && subject?.kind === 'delete' && gone.has(subject.id)) return false
      // a failed deletion's question stays open (modal): no other row can be asked about
      if (s.event.type === 'request' && subject?.kind === 'delete' && i > 0 && steps[i - 1]!.state.matches('failed')) return false
      if (subject?.kind === 'delete' && (s.event.type === 'xstate.done.actor.run' || s.event.type === 'xstate.error.actor.prepare')) gone.add(subject.id)
      return true
    })
  },
  // a deletion the server never answers (the request cut off): the dialog stays open and names the reason
  // (no covering path has one: the failures they reach are the test mail's)
  mustReplay: (path: GeneratedPath) => path.steps.some((s, i) => s.event.type === 'xstate.error.actor.run' && lastSubject(path.steps, i)?.kind === 'delete'),
  async open(page, path, server) {
    paths.set(page, path)
    if (kindOf(path) === 'delete') {
      sessions.set(page, await ensureTitles(server))
      await signInOnce(page, server, 'ayse.yilmaz')
      await page.goto(`/navbar/settings/company/job-titles?q=${encodeURIComponent('Model')}`)
      await page.getByRole('button', { name: `${ANALYST.name} unvanını sil` }).waitFor()
    } else {
      await signInOnce(page, server, TEST_ADMIN.username, TEST_ADMIN.password)
      await page.goto('/navbar/settings/company/mail-server')
      await page.getByLabel('Alıcı e-posta adresi').waitFor()
    }
    await page.waitForFunction(() => (window as unknown as { __e2eCoverage: Record<string, { value: unknown }> }).__e2eCoverage.confirmAction?.value != null)
  },
  // "Test e-postası gönder" pressed again while the check or the mail is on its way (held): the view disables it, and
  // should it send, the machine must ignore another request; "Sil" pressed again while the deletion is on its way, likewise
  async ignore(page, state, event) {
    if (state !== 'running' && state !== 'preparing') return false
    const mail = page.getByRole('button', { name: 'Test e-postası gönder' })
    const again = event.type === 'request' && (await mail.isVisible()) ? mail
      : event.type === 'confirm' && state === 'running' ? page.getByRole('dialog', { name: 'Silinsin mi?' }).getByRole('button', { name: 'Sil', exact: true }) : null
    if (!again || !(await again.isVisible())) return false
    if (await again.isDisabled()) {
      await again.click({ force: true })
      return 'view'
    }
    await again.click()
    return true
  },
  async act(page, step, next) {
    const e = step.event
    if (e.type.startsWith('xstate.')) return
    const path = paths.get(page)!
    const i = path.indexOf(step)
    const subject = e.type === 'request' ? subjectOf(e) : lastSubject(path, i)!
    if (subject.kind === 'delete') {
      const dialog = page.getByRole('dialog', { name: 'Silinsin mi?' })
      switch (e.type) {
        case 'request':
          if (next?.event.type === 'xstate.error.actor.prepare') await deleteBehind(sessions.get(page)!, subject.name)
          await arrange(page, TITLE(page, sessions.get(page)!.companyId), readMode(next), 'GET')
          await page.getByRole('button', { name: `${subject.name} unvanını sil` }).click()
          break
        case 'confirm':
          await arrange(page, TITLE(page, sessions.get(page)!.companyId), runMode(next), 'DELETE')
          await dialog.getByRole('button', { name: 'Sil', exact: true }).click()
          break
        case 'cancel': await dialog.getByRole('button', { name: 'Vazgeç' }).click(); break
        default: throw new Error(`confirm-action driver: no deletion action for ${e.type}`)
      }
      return
    }
    switch (e.type) {
      case 'request':
        // the stored settings: read, or held while the path rests checking
        await arrange(page, MAIL_SETTINGS, readMode(next), 'GET')
        // the answer of the mail comes two steps on (after the check's)
        await arrange(page, MAIL_TEST, runMode(path[i + 2]), 'POST')
        await page.getByLabel('Alıcı e-posta adresi').fill(subject.to)
        await page.getByRole('button', { name: 'Test e-postası gönder' }).click()
        break
      case 'confirm':
        await arrange(page, MAIL_TEST, runMode(next), 'POST')
        await page.getByRole('button', { name: 'Tekrar dene' }).click()
        break
      case 'cancel': await page.getByRole('button', { name: 'Kapat', exact: true }).click(); break
      default: throw new Error(`confirm-action driver: no mail action for ${e.type}`)
    }
  },
}
