import type { Page, Route } from 'playwright-core'
import { expect } from 'vitest'
import type { AnyEventObject } from 'xstate'
import { loadExpectations } from '../../machines/expectations/load.ts'
import { loadModel, WEEK } from '../../machines/models/load.model.ts'
import type { GeneratedPath, PathStep } from '../../support/paths.ts'
import { signInOnce } from '../staff.ts'
import type { Driver } from './types.ts'

/**
 * The load statechart on the dashboard (/navbar/dashboard), signed in as ayse.yilmaz
 * (dashboard:read): its parameters are the period selector (7 or 30 days), "Yenile" reloads,
 * "Tekrar dene" retries. The answers are the real server's; a failure is the request cut off; an
 * answer the path does not reach (it acts while loading, or ends there) is held. The header's own
 * loads (the photo, the expiry warning) are background actors: the state probe reads the page's.
 */
const DASHBOARD = (url: URL) => url.pathname.endsWith('/api/v1/dashboard')
type Mode = 'real' | 'fail' | 'hold'

function modeFor(next: PathStep | undefined): Mode {
  if (next?.event.type === 'xstate.done.actor.fetch') return 'real'
  if (next?.event.type === 'xstate.error.actor.fetch') return 'fail'
  return 'hold'
}

/** How the next GET /dashboard is answered (one route per page: a held request stays held when the plan changes). */
const modes = new WeakMap<Page, { mode: Mode }>()
async function arrange(page: Page, mode: Mode) {
  const known = modes.get(page)
  if (known) { known.mode = mode; return }
  const plan = { mode }
  modes.set(page, plan)
  await page.route(DASHBOARD, (route: Route) => {
    if (plan.mode === 'fail') return route.abort('connectionrefused')
    if (plan.mode === 'hold') return undefined
    return route.fallback()
  })
}

const daysOf = (params: unknown) => (params as { days: number }).days

export const loadDriver: Driver = {
  id: 'load',
  model: loadModel,
  expectations: loadExpectations,
  // choosing the period already chosen changes nothing in a <select>: no event
  feasible: (path: GeneratedPath) => path.steps.every((s, i) => {
    if (s.event.type !== 'params.change') return true
    const before = i === 0 ? WEEK : (path.steps[i - 1]!.state.context as { params: unknown }).params
    return daysOf((s.event as AnyEventObject & { params: unknown }).params) !== daysOf(before)
  }),
  async open(page, path, server) {
    await signInOnce(page, server, 'ayse.yilmaz')
    await arrange(page, modeFor(path[0]))
    await page.goto('/navbar/dashboard')
    // the page's own load actor (the header's are background: they set no state)
    await page.waitForFunction(() => (window as unknown as { __e2eCoverage: Record<string, { value: unknown }> }).__e2eCoverage.load?.value != null)
  },
  // "Yenile" while the data loads (its request held): the view disables it, so no second load can start
  async ignore(page, state, event) {
    if (state !== 'loading' || event.type !== 'reload' || modes.get(page)?.mode !== 'hold') return false
    const reload = page.getByRole('button', { name: 'Yenile', exact: true })
    if (!(await reload.isVisible())) return false
    expect(await reload.isDisabled(), '"Yenile" while loading').toBe(true)
    await reload.click({ force: true })
    return 'view'
  },
  async act(page, step, next) {
    const e = step.event as AnyEventObject & { params?: { days: number } }
    if (e.type.startsWith('xstate.')) return
    // the answer this event asks for
    await arrange(page, modeFor(next))
    switch (e.type) {
      case 'params.change': await page.getByLabel('Dönem').selectOption(String(e.params!.days)); break
      case 'reload': await page.getByRole('button', { name: 'Yenile', exact: true }).click(); break
      case 'retry': await page.getByRole('button', { name: 'Tekrar dene' }).click(); break
      default: throw new Error(`load driver: no browser action for ${e.type}`)
    }
  },
}
