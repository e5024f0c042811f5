import type { Page, Route } from 'playwright-core'
import type { AnyEventObject } from 'xstate'
import { searchExpectations } from '../../machines/expectations/search.ts'
import { EDGE, searchModel } from '../../machines/models/search.model.ts'
import type { GeneratedPath, PathStep } from '../../support/paths.ts'
import { signInOnce } from '../staff.ts'
import type { Driver } from './types.ts'

/**
 * The search statechart in the staff header (on the home page, signed in as ayse.yilmaz: users,
 * groups and roles readable). The text is typed into "Genel arama"; the arrows, Enter and Escape
 * are pressed there; a click on the first hit chooses it. The real server answers ("arslan" finds
 * Zeynep Arslan of the demo data, "qxzq" nothing); a failure is the request cut off.
 *
 * The 250 ms wait: the page's timers of exactly 250 ms (the statechart's `debounce`) are held by a
 * shim this page alone gets, and released by the path's timer step; so the waiting state is seen
 * for as long as the path needs, and the search starts when the path says.
 */
const SEARCH = (url: URL) => url.pathname.endsWith('/api/v1/search')

/** The page's own shim: setTimeout(fn, 250) waits for `__releaseDebounce()`. */
function holdDebounce() {
  const w = window as unknown as { __releaseDebounce: () => number }
  const held = new Map<number, () => void>()
  let next = 0
  const setT = window.setTimeout.bind(window)
  const clearT = window.clearTimeout.bind(window)
  window.setTimeout = ((fn: TimerHandler, ms?: number, ...args: unknown[]) => {
    if (ms !== 250 || typeof fn !== 'function') return setT(fn, ms, ...args)
    const id = -(++next)
    held.set(id, () => (fn as (...a: unknown[]) => void)(...args))
    return id
  }) as typeof window.setTimeout
  window.clearTimeout = ((id?: number) => {
    if (id !== undefined && held.delete(id)) return
    clearT(id)
  }) as typeof window.clearTimeout
  w.__releaseDebounce = () => {
    const due = [...held.values()]
    held.clear()
    for (const f of due) f()
    return due.length
  }
}

/** How the next search is answered: one route per page (a held search stays held when the plan changes). */
const plans = new WeakMap<Page, { mode: 'real' | 'fail' | 'hold' }>()
async function arrange(page: Page, next: PathStep | undefined) {
  const mode = next?.event.type === 'xstate.done.actor.search' ? 'real' : next?.event.type === 'xstate.error.actor.search' ? 'fail' : 'hold'
  const known = plans.get(page)
  if (known) { known.mode = mode; return }
  const plan = { mode } as { mode: 'real' | 'fail' | 'hold' }
  plans.set(page, plan)
  await page.route(SEARCH, (route: Route) => {
    if (plan.mode === 'fail') return route.abort('connectionrefused')
    if (plan.mode === 'hold') return undefined
    return route.fallback()
  })
}

export const searchDriver: Driver = {
  id: 'search',
  model: searchModel,
  expectations: searchExpectations,
  // typing the text the field already holds fires no input event; the model's own edge cases (two
  // letters between spaces, two hits) are answered by the real server otherwise: left to the model
  feasible: (path: GeneratedPath) => path.steps.every((s, i) => {
    if (s.event.type === 'xstate.done.actor.search') return (s.event as AnyEventObject & { output: unknown[] }).output.length <= 1
    if (s.event.type !== 'input') return true
    if ((s.event as AnyEventObject & { q: string }).q === EDGE) return false
    const before = i === 0 ? '' : (path.steps[i - 1]!.state.context as { q: string }).q
    return (s.event as AnyEventObject & { q: string }).q !== before
  }),
  async open(page, _path, server) {
    await page.addInitScript(holdDebounce)
    await signInOnce(page, server, 'ayse.yilmaz')
    await page.goto('/navbar/home/main')
    await page.getByLabel('Genel arama').waitFor()
    await page.waitForFunction(() => (window as unknown as { __e2eCoverage: Record<string, { value: unknown }> }).__e2eCoverage.search?.value != null)
  },
  // the field left while the list is closed: the page sends `close` (on every blur), which the closed list must ignore;
  // an arrow pressed in a waiting or searching field is stopped by the view (it asks the machine whether it can)
  async ignore(page, state, event) {
    const field = page.getByLabel('Genel arama')
    if (state === 'closed' && event.type === 'close') {
      await field.focus()
      await field.blur()
      return true
    }
    if ((state === 'waiting' || state === 'searching') && event.type === 'move.next') {
      await field.press('ArrowDown')
      return 'view'
    }
    return false
  },
  async act(page, step, next) {
    const e = step.event as AnyEventObject & { q?: string; index?: number }
    const field = page.getByLabel('Genel arama')
    if (e.type.startsWith('xstate.after.')) {
      await arrange(page, next)
      const released = await page.evaluate(() => (window as unknown as { __releaseDebounce: () => number }).__releaseDebounce())
      if (released !== 1) throw new Error(`search driver: ${released} waits of 250 ms were held, expected the search's one`)
      return
    }
    if (e.type.startsWith('xstate.')) return
    switch (e.type) {
      case 'input': await field.fill(e.q!); break
      case 'move.next': await field.press('ArrowDown'); break
      case 'move.previous': await field.press('ArrowUp'); break
      case 'choose':
        if (e.index === undefined) await field.press('Enter')
        else await page.getByRole('listbox', { name: 'Arama sonuçları' }).getByRole('option').nth(e.index).click()
        break
      case 'close': await field.press('Escape'); break
      default: throw new Error(`search driver: no browser action for ${e.type}`)
    }
  },
}
