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
 *    each path. A deletion the path does not see answered is held (the dialog stays busy);
 *  - the test mail (Company > Mail server, the superadmin: mailserver:update): the address typed and
 *    "Test e-postası gönder"; the mail goes through the server's built-in mail for real, a failure
 *    is the request cut off; after it "Tekrar dene" (confirm) and "Kapat" (cancel).
 */
type Subject = { kind: 'delete'; id: string; name: string } | { kind: 'mail'; to: string }
const subjectOf = (e: AnyEventObject) => (e as AnyEventObject & { subject: Subject }).subject
const DELETE_TITLE = (url: URL) => /\/api\/v1\/company\/jobtitle\/[^/]+$/.test(url.pathname)
const MAIL_TEST = (url: URL) => url.pathname.endsWith('/api/v1/company/settings/mailServer/test')

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

async function ensureTitles(server: E2eServer) {
  const api = await apiSession(server.url, 'ayse.yilmaz', DEMO_PASSWORD)
  const { items } = (await api.call('GET', `/company/jobtitle/${api.companyId}`)).body as { items: Array<{ jobtitle: string }> }
  const level = ((await api.call('GET', '/lookup/experiencelevels')).body as unknown as Array<{ value: string }>)[0]!.value
  for (const name of [ANALYST.name, EXPERT.name]) {
    if (items.some((t) => t.jobtitle === name)) continue
    const made = await api.call('POST', '/company/jobtitle', { title: name, experienceLevel: level, colorCode: '#1f4e79' })
    expect(made.status, JSON.stringify(made.body)).toBe(201)
  }
}

type Mode = 'real' | 'fail' | 'hold'
const runMode = (answer: PathStep | undefined): Mode =>
  answer?.event.type === 'xstate.done.actor.run' ? 'real' : answer?.event.type === 'xstate.error.actor.run' ? 'fail' : 'hold'

/** How the next deletion or test mail is answered. */
async function arrange(page: Page, which: (url: URL) => boolean, mode: Mode, method: string) {
  await page.unroute(which)
  await page.route(which, (route: Route) => {
    if (route.request().method() !== method) return route.fallback()
    if (mode === 'fail') return route.abort('connectionrefused')
    if (mode === 'hold') return undefined
    return route.fallback()
  })
}

const paths = new WeakMap<Page, PathStep[]>()

export const confirmActionDriver: Driver = {
  id: 'confirmAction',
  model: confirmActionModel,
  expectations: confirmActionExpectations,
  feasible: (path: GeneratedPath) => {
    const steps = path.steps
    const kinds = new Set(steps.filter((s) => s.event.type === 'request').map((s) => subjectOf(s.event).kind))
    if (kinds.size > 1) return false
    // the check is in the browser, at once: never seen preparing
    if (path.end.matches('preparing')) return false
    return steps.every((s, i) => {
      const subject = lastSubject(steps, i)
      const t = s.event.type
      if (!subject) return true
      if (subject.kind === 'delete') {
        // a deletion always asks, never fails its check; its answers are not replayed (the row would be gone)
        if (t === 'xstate.done.actor.prepare') return (s.event as AnyEventObject & { output: { ask: boolean } }).output.ask
        return t !== 'xstate.error.actor.prepare' && t !== 'xstate.done.actor.run' && t !== 'xstate.error.actor.run'
      }
      // the test mail never asks; its check refuses exactly what is no address
      const valid = subject.to === MAIL.to
      if (t === 'xstate.done.actor.prepare') return !(s.event as AnyEventObject & { output: { ask: boolean } }).output.ask && valid
      if (t === 'xstate.error.actor.prepare') return !valid
      return true
    })
  },
  async open(page, path, server) {
    paths.set(page, path)
    if (kindOf(path) === 'delete') {
      await ensureTitles(server)
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
  async act(page, step, next) {
    const e = step.event
    if (e.type.startsWith('xstate.')) return
    const path = paths.get(page)!
    const i = path.indexOf(step)
    const subject = e.type === 'request' ? subjectOf(e) : lastSubject(path, i)!
    if (subject.kind === 'delete') {
      const dialog = page.getByRole('dialog', { name: 'Silinsin mi?' })
      switch (e.type) {
        case 'request': await page.getByRole('button', { name: `${subject.name} unvanını sil` }).click(); break
        case 'confirm':
          await arrange(page, DELETE_TITLE, runMode(next), 'DELETE')
          await dialog.getByRole('button', { name: 'Sil', exact: true }).click()
          break
        case 'cancel': await dialog.getByRole('button', { name: 'Vazgeç' }).click(); break
        default: throw new Error(`confirm-action driver: no deletion action for ${e.type}`)
      }
      return
    }
    switch (e.type) {
      case 'request':
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
