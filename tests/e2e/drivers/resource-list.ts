import type { Page, Route } from 'playwright-core'
import type { AnyEventObject } from 'xstate'
import { resourceListExpectations } from '../../machines/expectations/resource-list.ts'
import { FROM_URL, TOO_LONG, resourceListModel } from '../../machines/models/resource-list.model.ts'
import { expect } from 'vitest'
import { DEMO_PASSWORD, type E2eServer } from '../server.ts'
import { apiSession, signInOnce } from '../staff.ts'
import type { GeneratedPath } from '../../support/paths.ts'
import type { Driver } from './types.ts'

/**
 * The list statechart on its first screen, the audit log (/navbar/settings/audit), signed in as
 * ayse.yilmaz (ROLE_ADMIN, audit:read). The server's answers are real: rows, an empty page (a
 * search nothing matches), a failure (the request cut off), a slow answer where a path checks the
 * loading screen.
 */
const AUDIT = (url: URL) => url.pathname.endsWith('/api/v1/audit')
const seeded = new WeakSet<E2eServer>()
/** The list's requests the page made (GET /audit), and how many there were when the last event was acted. */
const asked = new WeakMap<Page, { urls: URL[]; mark: number; q: string; answers: Array<{ url: URL; at: string[] }> }>()
const NOTHING = 'hic-yok-boyle-bir-kayit'

/** More than one page of audit entries: locks of a session of ayse's own, once per server. */
async function entries(server: E2eServer) {
  if (seeded.has(server)) return
  const other = await apiSession(server.url, 'ayse.yilmaz', DEMO_PASSWORD)
  for (let i = 0; i < 25; i++) expect((await other.call('POST', '/auth/lockSession', { inactivetime: 1 })).status).toBe(200)
  seeded.add(server)
}

/** How the next answer of GET /audit comes: cut off, slow (the loading screen stays to be checked), or as it is. */
async function arrange(page: Page, mode: 'fail' | 'slow' | 'real') {
  await page.unroute(AUDIT)
  if (mode === 'fail') await page.route(AUDIT, (route: Route) => route.abort('connectionrefused'))
  if (mode === 'slow') await page.route(AUDIT, async (route: Route) => { await new Promise((r) => setTimeout(r, 2_500)); await route.continue().catch(() => {}) })
}

/** The rows on the screen are those of the answer to the list's last request (their times, in order). */
async function checkRows(page: Page) {
  const state = asked.get(page)!
  await expect.poll(async () => {
    const last = state.urls.at(-1)
    const answer = last && state.answers.findLast((a) => a.url.search === last.search)
    if (!answer) return `no answer yet to ${last?.search ?? 'no request'}`
    const shown = await page.locator('main table tbody tr time').evaluateAll((ts) => ts.map((t) => t.getAttribute('datetime')))
    return JSON.stringify(shown) === JSON.stringify(answer.at) ? 'shown' : `rows ${JSON.stringify(shown.slice(0, 3))}…, answer ${JSON.stringify(answer.at.slice(0, 3))}… (${answer.url.search})`
  }, { timeout: 10_000, message: 'the rows on the screen are the last answer\'s' }).toBe('shown')
}

/** The page the list is at when a path's step is sent (a step's state is the one its event leads to; page 1 before the first). */
const pageAt = (path: GeneratedPath, i: number) => (i === 0 ? 1 : (path.steps[i - 1]!.state.context as { params: { page: number } }).params.page)

export const resourceListDriver: Driver = {
  id: 'resourceList',
  model: resourceListModel,
  expectations: resourceListExpectations,
  // the pager moves one page: "Sonraki" to the next, "Önceki" to the one before (the model's page 0 is never a button)
  // and the real server answers an empty page only to the search nothing matches, which the page opens with (open)
  feasible: (path) => path.steps.every((s, i) => (s.event.type !== 'page.go' || Math.abs((s.event as unknown as { page: number }).page - pageAt(path, i)) === 1)
    // the model's texts longer than 100 characters (cut by the machine) are the model's alone: the real list has no such rows
    && !((s.event.type === 'search.input' && (s.event as unknown as { q: string }).q === TOO_LONG) || (s.event.type === 'filter.change' && (s.event as unknown as { value: string }).value === TOO_LONG))
    && (s.event.type !== 'xstate.done.actor.fetchPage' || i === 0 || (s.event as unknown as { output: { items: unknown[] } }).output.items.length > 0)),
  // "Önceki" pressed at least once: back from page 2 to page 1, its request and rows checked
  // (from page 2's rows: the request must ask for page 1)
  // and page 1's rows arriving after it (checkRows: the table shows them)
  mustReplay: (path) => path.steps.some((s, i) => s.event.type === 'page.go' && (s.event as unknown as { page: number }).page < pageAt(path, i) && i > 0 && path.steps[i - 1]!.state.value === 'ready'
    && path.steps[i + 1]?.event.type === 'xstate.done.actor.fetchPage' && (path.steps[i + 1]!.event as unknown as { output: { items: unknown[] } }).output.items.length > 0),
  async open(page, path, server) {
    const state = { urls: [] as URL[], mark: 0, q: '', answers: [] as Array<{ url: URL; at: string[] }> }
    asked.set(page, state)
    page.on('request', (r) => { const u = new URL(r.url()); if (AUDIT(u) && r.method() === 'GET') state.urls.push(u) })
    // the rows each answer of the list carried (their times), to find them on the screen (checkRows)
    page.on('response', (r) => {
      const u = new URL(r.url())
      if (!AUDIT(u) || r.request().method() !== 'GET' || !r.ok()) return
      void r.json().then((body: { items?: Array<{ at: string }> }) => { if (Array.isArray(body.items)) state.answers.push({ url: u, at: body.items.map((x) => x.at) }) }, () => {})
    })
    await entries(server)
    await signInOnce(page, server, 'ayse.yilmaz')
    const first = path[0]?.event as AnyEventObject & { output?: { items: unknown[] } }
    // a path that starts on an empty list opens a search nothing matches
    const empty = first?.type === 'xstate.done.actor.fetchPage' && first.output!.items.length === 0
    // a path that acts before the first answer finds the list still loading
    if (!first?.type.startsWith('xstate.')) await arrange(page, 'slow')
    // a path whose first answer fails: the page's first request is cut off
    if (first?.type === 'xstate.error.actor.fetchPage') await arrange(page, 'fail')
    // (the model's empty list is this search on the page: its requests carry it)
    if (empty) state.q = NOTHING
    await page.goto(empty ? `/navbar/settings/audit?q=${NOTHING}` : '/navbar/settings/audit')
    // the page is there once its list actor is (acting before would change the address of a page not yet drawn)
    await page.waitForFunction(() => !!(window as unknown as { __e2eCoverage: Record<string, unknown> }).__e2eCoverage.resourceList)
  },
  // GET /audit with the params the oracle says the list asks for: page, size, sort, search and filters (src/web/flows/audit.ts)
  async checkSent(page, id, expected) {
    if (id !== 'fetchPage') return false
    const state = asked.get(page)!
    const p = expected as { page: number; size: number; sort: string | null; q: string; filters: Record<string, string> }
    const q = p.q || (state.q && !p.q ? state.q : '')
    const want = { page: String(p.page), size: String(p.size), ...(p.sort ? { sort: p.sort } : {}), ...(q ? { q } : {}), ...Object.fromEntries(Object.entries(p.filters).filter(([, v]) => v)) }
    const query = (u: URL) => Object.fromEntries(u.searchParams)
    await expect.poll(() => state.urls.slice(state.mark).map(query), { timeout: 10_000, message: `GET /audit with ${JSON.stringify(want)}` }).toContainEqual(want)
    return true
  },
  // "Tekrar dene" is not there while the list loads or shows rows; a page size the list does not offer cannot be chosen:
  // the ignored event a person can make is the address telling the list what it shows already
  async ignore(page, state, event) {
    if (event.type !== 'params.sync' || (state !== 'ready' && state !== 'empty')) return false
    await page.evaluate(async () => {
      const router = (window as unknown as { __TSR_ROUTER__: { navigate(o: object): Promise<void> } }).__TSR_ROUTER__
      await router.navigate({ to: '/navbar/settings/audit', search: (s: object) => ({ ...s }) })
    })
    // the address unchanged: the page tells the list nothing (nothing may reach it)
    return 'view'
  },
  async act(page, step, next) {
    const e = step.event as AnyEventObject & Record<string, unknown>
    // the page's own events (a debounce ending, an answer) follow the person's last action: the requests
    // they bring may already be out (a busy machine acts later than the page's timer), so only a
    // person's action starts a new count
    // rows came: the table shows the rows of the answer to the page's last request, in its order (after
    // "Önceki", page 1's rows: not the page left, not an earlier answer)
    if (e.type === 'xstate.done.actor.fetchPage' && (e.output as { items: unknown[] }).items.length > 0) await checkRows(page)
    if (e.type.startsWith('xstate.')) return
    asked.get(page)!.mark = asked.get(page)!.urls.length
    // the answer this event asks for: a failure when the path wants one, slow when the path ends on the loading screen
    // (and slow when a person acts next while the list still loads: the answer must not come first)
    await arrange(page, next?.event.type === 'xstate.error.actor.fetchPage' ? 'fail' : next === undefined || next.event.type.startsWith('xstate.after') || !next.event.type.startsWith('xstate.') ? 'slow' : 'real')
    switch (e.type) {
      // the page asked for is checked by checkSent (the request's page) and the ready screen ("kayıttan 1 - ", "Sayfa 1 /")
      case 'page.go': {
        // (feasible paths move one page: to page 1 only from page 2, "Önceki"; to page 2 only from page 1, "Sonraki")
        await page.getByRole('button', { name: Number(e.page) === 1 ? 'Önceki' : 'Sonraki', exact: true }).click()
        break
      }
      case 'size.change': await page.getByLabel('Sayfa başına').selectOption(String(e.size)); break
      case 'sort.toggle': await page.getByRole('button', { name: 'Zaman' }).click(); break
      case 'filter.change': {
        // the action filter is a choice of the actions the log knows, by their names (issue 25 item 7)
        await page.getByLabel('İşlem', { exact: true }).selectOption(String(e.value))
        break
      }
      case 'search.input': await page.getByLabel('Ara', { exact: true }).fill(String(e.q)); break
      case 'reload': await page.getByRole('main').getByRole('button', { name: 'Yenile' }).click(); break
      case 'retry': await page.getByRole('button', { name: 'Tekrar dene' }).click(); break
      case 'params.sync': {
        // the address changes under the page (a link to the same list, back/forward): the app's router moves
        const q = (e.params as typeof FROM_URL).q
        await page.evaluate(async (query) => {
          const router = (window as unknown as { __TSR_ROUTER__: { navigate(o: object): Promise<void> } }).__TSR_ROUTER__
          await router.navigate({ to: '/navbar/settings/audit', search: { q: query } })
        }, q)
        break
      }
      default: throw new Error(`resource-list driver: no browser action for ${e.type}`)
    }
  },
}
