import type { Page, Route } from 'playwright-core'
import type { AnyEventObject } from 'xstate'
import { expect } from 'vitest'
import { orgBuilderExpectations } from '../../machines/expectations/org-builder.ts'
import { GROUPS, orgBuilderModel } from '../../machines/models/org-builder.model.ts'
import type { PathStep } from '../../support/paths.ts'
import { DEMO_PASSWORD, type E2eServer } from '../server.ts'
import { apiSession, signInOnce } from '../staff.ts'
import { pressAgain } from './ignore.ts'
import type { Driver } from './types.ts'

/**
 * The organisation builder on the Team page (/navbar/settings/team), signed in as ayse.yilmaz
 * (ROLE_ADMIN: group read, create, update, delete). Before each path the server's tree holds the
 * model's four groups as the model has them (Genel Müdürlük > Satış > Ekip, Genel Müdürlük >
 * Operasyon), made or put back through the API; the model's ids map to theirs by name.
 *
 * Moves and deletions are real. The server's answers a path needs otherwise are arranged on the
 * page's requests: a tree that fails to load (the request cut off), a move refused with CONFLICT
 * and a deletion refused with GROUP_NOT_EMPTY (answered as the server answers them), and a request
 * held unanswered while the path acts or ends in a busy state (loading, undoing, …). Drags use the
 * mouse when the path hovers or leaves a block, the keyboard (Space, arrows, Enter, Escape) otherwise.
 */
type Kind = 'load' | 'move' | 'delete'
type Plan = 'real' | 'fail' | 'hold'
type PageState = {
  path: PathStep[]
  plan: Record<Kind, Plan>
  held: Array<{ kind: Kind; route: Route }>
  ids: Map<string, string>
  drag: 'mouse' | 'keyboard' | null
}

const KIND_OF_ACTOR: Record<string, Kind> = { loadTree: 'load', moveGroup: 'move', undoMove: 'move', deleteGroup: 'delete' }
const BUSY: Record<string, Kind> = { loading: 'load', saving: 'move', undoing: 'move', deleting: 'delete' }
const ROOT = '__company__'

const pages = new WeakMap<Page, PageState>()
const sessions = new WeakMap<E2eServer, Awaited<ReturnType<typeof apiSession>>>()

type Group = { id: string; name: string; parentId: string | null; version: number }

/** The model's tree on the server, as the model starts it: model id -> the server's id. */
async function resetTree(server: E2eServer): Promise<Map<string, string>> {
  let s = sessions.get(server)
  if (!s) { s = await apiSession(server.url, 'ayse.yilmaz', DEMO_PASSWORD); sessions.set(server, s) }
  const items = (await s.call('GET', '/group')).body.items as Group[]
  const ids = new Map<string, string>()
  for (const g of GROUPS) { // parents first
    const parentId = g.parentId === null ? null : ids.get(g.parentId)!
    const found = items.find((x) => x.name === g.name)
    let id = found?.id
    if (!found) {
      const made = await s.call('POST', '/group', { name: g.name, level: g.level, parentId })
      expect(made.status, JSON.stringify(made.body)).toBe(201)
      id = made.body.id as string
    } else if (found.parentId !== parentId) {
      const back = await s.call('POST', `/group/${found.id}/move`, { version: found.version, parentId })
      expect(back.status, JSON.stringify(back.body)).toBe(200)
    }
    ids.set(g.id, id!)
  }
  return ids
}

const answerKind = (step: PathStep | undefined) => {
  const m = step && /^xstate\.(done|error)\.actor\.(\w+)$/.exec(step.event.type)
  return m ? { kind: KIND_OF_ACTOR[m[2]!]!, ok: m[1] === 'done' } : null
}

/**
 * How the requests the act at `i` sets off must be answered: as the answers right after it say
 * (real or refused), and held while the path goes on acting (or ends) in the busy state they keep.
 */
function planFor(path: PathStep[], i: number): Record<Kind, Plan> {
  const plan: Record<Kind, Plan> = { load: 'real', move: 'real', delete: 'real' }
  let j = i
  for (;;) {
    const busy = BUSY[String(path[j]!.state.value)]
    const answer = answerKind(path[j + 1])
    if (answer) { plan[answer.kind] = answer.ok ? 'real' : 'fail'; j++; continue }
    if (busy) plan[busy] = 'hold'
    return plan
  }
}

function refuse(kind: Kind, route: Route) {
  if (kind === 'load') return route.abort('connectionrefused')
  const body = kind === 'move'
    ? { code: 'CONFLICT', message: 'Kayıt bu arada değişti' }
    : { code: 'GROUP_NOT_EMPTY', message: 'Alt grubu, üyesi veya rolü olan bir grup silinemez', issues: [{ path: 'subgroups', code: '2' }] }
  return route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify(body) })
}

async function routeRequests(page: Page, state: PageState) {
  const handle = (kind: Kind, method: string) => async (route: Route) => {
    // another method of the same address goes on to the other handlers (GET /group/{company id} is the load)
    if (route.request().method() !== method) return route.fallback()
    const plan = state.plan[kind]
    if (plan === 'hold') { state.held.push({ kind, route }); return }
    if (plan === 'fail') { state.plan[kind] = 'real'; return refuse(kind, route) }
    return route.continue()
  }
  await page.route((u) => /^\/api\/v1\/group(\/[0-9a-f-]{36})?$/.test(u.pathname), handle('load', 'GET'))
  await page.route((u) => /^\/api\/v1\/group\/[^/]+\/move$/.test(u.pathname), handle('move', 'POST'))
  await page.route((u) => /^\/api\/v1\/group\/[^/]+$/.test(u.pathname), handle('delete', 'DELETE'))
}

const block = (page: Page, state: PageState, modelId: string | null) =>
  page.locator(`[data-node-id="${modelId === null ? ROOT : state.ids.get(modelId) ?? modelId}"]`)

async function centre(page: Page, state: PageState, modelId: string | null) {
  const box = (await block(page, state, modelId).boundingBox())!
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 }
}

/** A point of the pane over no block. */
async function emptyPoint(page: Page) {
  return page.getByTestId('org-viewport').evaluate((pane) => {
    const r = pane.getBoundingClientRect()
    for (let y = r.top + 8; y < r.bottom; y += 12) {
      for (let x = r.left + 8; x < r.right; x += 12) {
        const hit = document.elementFromPoint(x, y)
        if (hit && pane.contains(hit) && !hit.closest('[data-node-id]')) return { x, y }
      }
    }
    throw new Error('no empty point in the pane')
  })
}

/** The drag from step i on: by mouse when the path hovers or leaves blocks before it ends, else by keyboard. */
function dragMode(path: PathStep[], i: number): 'mouse' | 'keyboard' {
  for (const s of path.slice(i + 1)) {
    if (s.event.type === 'target.over' || s.event.type === 'target.leave') return 'mouse'
    if (s.event.type === 'drop' || s.event.type === 'drag.cancel') break
  }
  return 'keyboard'
}

export const orgBuilderDriver: Driver = {
  id: 'orgBuilder',
  model: orgBuilderModel,
  expectations: orgBuilderExpectations,
  async open(page, path, server) {
    const state: PageState = { path, plan: { load: 'real', move: 'real', delete: 'real' }, held: [], ids: await resetTree(server), drag: null }
    pages.set(page, state)
    await signInOnce(page, server, 'ayse.yilmaz')
    await routeRequests(page, state)
    // the first load: as the path's first answer says, held when the path acts while it loads
    const first = answerKind(path[0])
    state.plan.load = first?.kind === 'load' ? (first.ok ? 'real' : 'fail') : 'hold'
    await page.goto('/navbar/settings/team')
    await page.waitForFunction(() => !!(window as unknown as { __e2eCoverage: Record<string, unknown> }).__e2eCoverage.orgBuilder)
  },
  // "Son taşımayı geri al" pressed while there is nothing it may undo (the chart loading, a move being saved, a deletion
  // asked or under way): the view disables it, and nothing may reach the machine
  async ignore(page, _state, event) {
    if (event.type !== 'undo') return false
    const undo = page.getByRole('button', { name: 'Son taşımayı geri al' })
    // (not under an open dialog: a forced press there would land on the dialog's backdrop)
    if ((await page.locator('dialog[open]').count()) > 0 || !(await undo.isVisible()) || !(await undo.isDisabled())) return false
    return pressAgain(undo)
  },
  async act(page, step) {
    const state = pages.get(page)!
    const e = step.event as AnyEventObject & Record<string, unknown>
    const answer = answerKind(step)
    if (answer) {
      // an answer the path waited for: a request held until now goes on (or is refused)
      for (const h of state.held.filter((x) => x.kind === answer.kind)) {
        state.held.splice(state.held.indexOf(h), 1)
        await (answer.ok ? h.route.continue() : refuse(h.kind, h.route))
      }
      return
    }
    // the path this step belongs to (open keeps it): the plan and the drag's means look ahead
    const path = state.path
    const i = path.indexOf(step)
    state.plan = planFor(path, i)
    const button = (name: string) => page.getByRole('button', { name, exact: true })
    const dialog = page.getByRole('dialog', { name: 'Grup silinsin mi?' })
    switch (e.type) {
      case 'drag.start': {
        state.drag = dragMode(path, i)
        const id = String(e.id)
        if (state.drag === 'mouse') {
          const a = await centre(page, state, id)
          await page.mouse.move(a.x, a.y)
          await page.mouse.down()
          await page.mouse.move(a.x + 10, a.y + 10, { steps: 3 })
        } else {
          await block(page, state, id).focus()
          await expect.poll(() => block(page, state, id).getAttribute('tabindex')).toBe('0')
          await page.keyboard.press('Space')
        }
        break
      }
      case 'target.over': {
        const b = await centre(page, state, e.parentId as string | null)
        await page.mouse.move(b.x, b.y, { steps: 6 })
        break
      }
      case 'target.leave': {
        const p = await emptyPoint(page)
        await page.mouse.move(p.x, p.y, { steps: 6 })
        break
      }
      case 'target.next': await page.keyboard.press('ArrowRight'); break
      case 'target.previous': await page.keyboard.press('ArrowLeft'); break
      case 'drop':
        if (state.drag === 'mouse') await page.mouse.up()
        else await page.keyboard.press('Enter')
        state.drag = null
        break
      case 'drag.cancel':
        if (state.drag === 'mouse') throw new Error('org-builder driver: a mouse drag is cancelled by Escape only with the keyboard focus on the chart; pick up by keyboard')
        await page.keyboard.press('Escape')
        state.drag = null
        break
      case 'undo': await button('Son taşımayı geri al').click(); break
      case 'reload':
        if (String(step.state.value) === 'loading' && await button('Yeniden yükle').isVisible()) await button('Yeniden yükle').click()
        else await button('Ağacı yeniden yükle').click()
        break
      case 'zoom.in': await button('Yakınlaştır').click(); break
      case 'zoom.out': await button('Uzaklaştır').click(); break
      case 'zoom.fit': await button('Sığdır').click(); break
      case 'zoom.set': {
        const pane = (await page.getByTestId('org-viewport').boundingBox())!
        await page.mouse.move(pane.x + pane.width / 2, pane.y + pane.height / 2)
        await page.mouse.wheel(0, -240)
        break
      }
      case 'delete.request': {
        // select the group in the chart; its form offers "Grubu sil"
        const name = GROUPS.find((g) => g.id === e.id)!.name
        await block(page, state, String(e.id)).click()
        const form = page.getByRole('form', { name: 'Grubu düzenle' })
        await expect.poll(() => form.locator('input[name=name]').inputValue(), { timeout: 10_000 }).toBe(name)
        await form.getByRole('button', { name: 'Grubu sil', exact: true }).click()
        break
      }
      case 'delete.confirm': await dialog.getByRole('button', { name: 'Sil', exact: true }).click(); break
      case 'delete.cancel': await dialog.getByRole('button', { name: 'Vazgeç', exact: true }).click(); break
      default: throw new Error(`org-builder driver: no browser action for ${e.type}`)
    }
  },
}
