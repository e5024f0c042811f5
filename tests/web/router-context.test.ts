import { createMemoryHistory, createRouter } from '@tanstack/react-router'
import { describe, expect, it } from 'vitest'
import { listSearchOf } from '../../src/domain/list-params.ts'
import { USER_FILTERS } from '../../src/domain/user-list.ts'
import { listSearch, logoutSearch, purchaseResultSearch, purchaseRetrySearch, redirectSearch, teamSearch, travelPurchaseSearch, tssPurchaseSearch } from '../../src/domain/search.ts'
import { tssQuoteFromSearch } from '../../src/web/views/sales/TssPurchaseView.tsx'
import { travelPlanFromSearch } from '../../src/web/views/sales/TravelPurchaseView.tsx'
import type { SessionAccess, SettledSession } from '../../src/web/flows/guards.ts'
import { routeTree } from '../../src/web/routeTree.gen.ts'

/**
 * Issue 26 item 6: the router's typed context carries the session its guards ask (TanStack
 * Router's authenticated-routes pattern), and every route that reads search parameters validates
 * them with a zod schema that falls back to a default instead of failing.
 */
const user = {
  userId: 'u1', companyId: 'c1', username: 'admin', firstName: 'Ayşe', lastName: 'Yılmaz',
  roles: ['ROLE_ADMIN'], mainRole: 'ROLE_ADMIN', defaultRole: null, activeRole: 'ROLE_ADMIN',
  permissions: ['user:read', 'company:read'],
}

/** A session the test controls: the state it is in, as the guards ask it through the context. */
function session(state: 'signedOut' | 'signedIn' | 'locked' | 'passwordExpired'): SessionAccess & { asked: number } {
  const value = state === 'locked' ? { signedIn: { inactivity: { lockedOut: 'locked' } } }
    : state === 'signedIn' ? { signedIn: { inactivity: 'active' } } : state
  const matches = (v: unknown): boolean => {
    if (typeof v === 'string') return v === state || (v === 'signedIn' && state === 'locked')
    return state === 'locked' && JSON.stringify(v) === JSON.stringify({ signedIn: { inactivity: 'lockedOut' } })
  }
  const access = {
    asked: 0,
    settled: async () => {
      access.asked++
      return { value, matches, context: { user: state === 'signedIn' || state === 'locked' ? user : null } } as unknown as SettledSession
    },
  }
  return access
}

async function go(url: string, s: SessionAccess) {
  const router = createRouter({ routeTree, context: { session: s }, history: createMemoryHistory({ initialEntries: [url] }) })
  await router.load()
  return router
}

describe('the router context carries the session (issue 26 item 6)', () => {
  it('a staff page asks the context\'s session: signed out goes to the sign-in with the page to return to', async () => {
    const s = session('signedOut')
    const router = await go('/navbar/settings/users?page=2', s)
    expect(s.asked).toBeGreaterThan(0)
    expect(router.state.location.pathname).toBe('/auth/login')
    expect(router.state.location.search).toEqual({ redirect: '/navbar/settings/users?page=2' })
  })

  it('locked goes to the lock screen; a forced password change to its page', async () => {
    expect((await go('/inbox', session('locked'))).state.location.pathname).toBe('/auth/lock')
    expect((await go('/navbar/settings/users', session('passwordExpired'))).state.location.pathname).toBe('/auth/password-expired')
  })

  it('signed in: the page loads, and its children see the user and the active role\'s permissions in their context', async () => {
    const router = await go('/navbar/settings/users?page=2&size=50', session('signedIn'))
    expect(router.state.location.pathname).toBe('/navbar/settings/users')
    const match = router.state.matches.find((m) => m.routeId === '/navbar/settings/users/')!
    expect(match.search).toEqual({ page: 2, size: 50 })
    expect((match.context as { user?: unknown }).user).toEqual(user)
    expect((match.context as { permissions?: unknown }).permissions).toEqual(['user:read', 'company:read'])
  })

  it('the sign-in page sends a signed-in user home and a locked one to the lock screen', async () => {
    expect((await go('/auth/login', session('signedIn'))).state.location.pathname).toBe('/navbar/settings/global-settings')
    expect((await go('/auth/login', session('locked'))).state.location.pathname).toBe('/auth/lock')
    expect((await go('/auth/login', session('signedOut'))).state.location.pathname).toBe('/auth/login')
  })

  it('the lock screen only while locked; the expired-password page only during the change', async () => {
    expect((await go('/auth/lock', session('signedOut'))).state.location.pathname).toBe('/auth/login')
    expect((await go('/auth/lock', session('signedIn'))).state.location.pathname).toBe('/navbar/settings/global-settings')
    // to the sign-in, whose own guard then sends the signed-in user home
    expect((await go('/auth/password-expired', session('signedIn'))).state.location.pathname).toBe('/navbar/settings/global-settings')
    expect((await go('/auth/password-expired', session('signedOut'))).state.location.pathname).toBe('/auth/login')
    expect((await go('/auth/password-expired', session('passwordExpired'))).state.location.pathname).toBe('/auth/password-expired')
  })
})

describe('search parameters: validators with defaults, never a failure (issue 26 item 6)', () => {
  it('redirect: a text is kept; a number, a list or an object is dropped', () => {
    expect(redirectSearch.parse({ redirect: '/navbar/settings/users' })).toEqual({ redirect: '/navbar/settings/users' })
    for (const bad of [123, ['/a', '/b'], { a: 1 }, null, true]) expect(redirectSearch.parse({ redirect: bad })).toEqual({ redirect: undefined })
    expect(redirectSearch.parse({})).toEqual({ redirect: undefined })
  })

  it('the goodbye page\'s reason: the three known ones, anything else is a plain logout', () => {
    for (const reason of ['loggedOut', 'lockTimeout', 'lockExpired']) expect(logoutSearch.parse({ reason })).toEqual({ reason })
    for (const bad of ['LOCKTIMEOUT', 'x', 7, ['lockTimeout'], undefined]) expect(logoutSearch.parse({ reason: bad })).toEqual({ reason: 'loggedOut' })
  })

  it('the team page\'s q: a text, else nothing', () => {
    expect(teamSearch.parse({ q: 'Satış' })).toEqual({ q: 'Satış' })
    expect(teamSearch.parse({ q: { x: 1 } })).toEqual({ q: undefined })
  })

  it('a list\'s parameters: the same valid values as before (list-params), junk dropped', () => {
    const cases: Record<string, unknown>[] = [
      {}, { page: 3, size: 50, sort: '-lastName', q: 'ay', status: 'ACTIVE' },
      { page: 'abc', size: 7, sort: '<script>', q: ['x'], status: { a: 1 }, unknown: 'z' },
      { page: -1, size: '100', q: 'x'.repeat(300) },
    ]
    for (const c of cases) expect(listSearch(USER_FILTERS).parse(c)).toEqual(listSearchOf(c, USER_FILTERS))
    expect(listSearch(USER_FILTERS).parse({ page: 'abc', size: 7, sort: '<x>' })).toEqual({})
  })

  it('a bad search parameter in a real navigation gives the default, not an error', async () => {
    const router = await go('/auth/logout?reason=%5B1%2C2%5D', session('signedOut'))
    expect(router.state.matches.at(-1)!.search).toEqual({ reason: 'loggedOut' })
    expect(router.state.matches.some((m) => m.status === 'error')).toBe(false)
    const list = await go('/navbar/settings/users?page=abc&size=7', session('signedIn'))
    // the route's own (validated) search: TanStack keeps the raw keys beside it in `search`, as it always did
    expect(list.state.matches.find((m) => m.routeId === '/navbar/settings/users/')!._strictSearch).toEqual({})
    expect(list.state.matches.some((m) => m.status === 'error')).toBe(false)
  })
})

describe('the purchase and result pages read their search through the route (issue 26 item 6)', () => {
  const strict = (router: Awaited<ReturnType<typeof go>>, routeId: string) => router.state.matches.find((m) => m.routeId === routeId)!._strictSearch

  it('TSS: the quick quote\'s answers as the router parsed them (numbers too) become the quote; a bad value is no quote', () => {
    // the router JSON-parses each value: ?citycode=34&visits=8 arrive as numbers
    const search = tssPurchaseSearch.parse({ gender: 'female', citycode: 34, birthdate: '1990-05-01', visits: 8 })
    expect(tssQuoteFromSearch(search)).toEqual({ quickProfile: { gender: 'female', citycode: '34', birthdate: '1990-05-01' }, outpatientVisits: 8 })
    expect(tssQuoteFromSearch(tssPurchaseSearch.parse({ gender: 'female', citycode: '06', birthdate: '1990-05-01', visits: 0 }))?.outpatientVisits).toBe(0)
    for (const bad of [{ visits: 9 }, { visits: [8] }, { gender: 'x' }, { citycode: { a: 1 } }, { birthdate: 'x'.repeat(200) }]) {
      expect(tssQuoteFromSearch(tssPurchaseSearch.parse({ gender: 'female', citycode: '34', birthdate: '1990-05-01', visits: 8, ...bad })), JSON.stringify(bad)).toBeNull()
    }
  })

  it('travel: the quick quote\'s plan as the router parsed it (covid a boolean) becomes the plan; a bad or missing value is no plan', () => {
    // the quick quote's "Satın Al" writes covid=true|false; the router JSON-parses it to a boolean
    const plan = { gender: 'male', birthdate: '1985-02-03', travelLocation: 'schengen', coverageType: 'plus', covid: true, startDate: '2027-01-10', endDate: '2027-01-19' }
    expect(travelPlanFromSearch(travelPurchaseSearch.parse(plan))).toEqual({
      travelPlan: { ...plan, travelLength: 10 },
    })
    expect(travelPlanFromSearch(travelPurchaseSearch.parse({ ...plan, covid: false }))?.travelPlan?.covid).toBe(false)
    expect(travelPlanFromSearch(travelPurchaseSearch.parse({ ...plan, covid: 'true' }))?.travelPlan?.covid).toBe(true)
    expect(travelPlanFromSearch(travelPurchaseSearch.parse({ ...plan, covid: [true] }))?.travelPlan?.covid).toBe(false)
    for (const bad of [{ gender: 'x' }, { gender: undefined }, { startDate: '2027-13-40' }, { endDate: undefined }, { birthdate: ['1985-02-03'] }, { travelLocation: { a: 1 } }, { coverageType: 'x'.repeat(41) }]) {
      expect(travelPlanFromSearch(travelPurchaseSearch.parse({ ...plan, ...bad })), JSON.stringify(bad)).toBeNull()
    }
    // no query: every field absent, so the page's canonical address is the bare path (below)
    expect(Object.values(travelPurchaseSearch.parse({})).every((v) => v === undefined)).toBe(true)
    expect(travelPurchaseSearch.parse({ covid: 'maybe', purchase: 'AbCdEfGhIjKlMnOpQrStUvWx' })).toMatchObject({ covid: undefined, purchase: 'AbCdEfGhIjKlMnOpQrStUvWx' })
  })

  it('travel on the server (the prerender): the bare page and a quick quote\'s address render, not a redirect to another address', async () => {
    for (const url of ['/urunler/market/seyahatsaglik', '/urunler/market/seyahatsaglik?covid=false&gender=female', '/urunler/market/seyahatsaglik?purchase=AbCdEfGhIjKlMnOpQrStUvWx']) {
      const router = createRouter({ routeTree, context: { session: session('signedOut') }, history: createMemoryHistory({ initialEntries: [url] }), isServer: true })
      await router.load()
      expect(router.state.location.href, url).toBe(url)
      expect(router.state.matches.some((m) => m.routeId === '/_site/urunler/market/seyahatsaglik' && m.status === 'success'), url).toBe(true)
    }
  })

  it('a purchase to retry and a result\'s key: a text; a list or an object is dropped', () => {
    expect(purchaseRetrySearch.parse({ purchase: 'AbCdEfGhIjKlMnOpQrStUvWx' })).toEqual({ purchase: 'AbCdEfGhIjKlMnOpQrStUvWx' })
    expect(purchaseRetrySearch.parse({ purchase: ['a'] })).toEqual({ purchase: undefined })
    expect(purchaseResultSearch.parse({ purchase: 'AbCdEfGhIjKlMnOpQrStUvWx', key: 'mf3k.abc' })).toEqual({ purchase: 'AbCdEfGhIjKlMnOpQrStUvWx', key: 'mf3k.abc' })
    expect(purchaseResultSearch.parse({ purchase: { x: 1 }, key: [1] })).toEqual({ purchase: undefined, key: undefined })
  })

  it('real navigations: each page gets its validated search, and junk gives the default, never an error page', async () => {
    const signedOut = session('signedOut')
    const tss = await go('/urunler/market/tss?gender=female&citycode=34&birthdate=1990-05-01&visits=8&purchase=%5B1%5D', signedOut)
    expect(strict(tss, '/_site/urunler/market/tss')).toMatchObject({ gender: 'female', citycode: '34', birthdate: '1990-05-01', visits: 8, purchase: undefined })
    const bes = await go('/urunler/market/erkenbes?purchase=AbCdEfGhIjKlMnOpQrStUvWx', signedOut)
    expect(strict(bes, '/_site/urunler/market/erkenbes')).toEqual({ purchase: 'AbCdEfGhIjKlMnOpQrStUvWx' })
    const result = await go('/result/success?purchase=AbCdEfGhIjKlMnOpQrStUvWx&key=mf3k.abc&x=%7B%7D', signedOut)
    expect(strict(result, '/_site/result/success')).toEqual({ purchase: 'AbCdEfGhIjKlMnOpQrStUvWx', key: 'mf3k.abc' })
    const travel = await go('/urunler/market/seyahatsaglik?gender=male&birthdate=1985-02-03&travelLocation=schengen&coverageType=plus&covid=true&startDate=2027-01-10&endDate=2027-01-19&purchase=%7B%7D', signedOut)
    expect(strict(travel, '/_site/urunler/market/seyahatsaglik')).toEqual({
      purchase: undefined, gender: 'male', birthdate: '1985-02-03', travelLocation: 'schengen', coverageType: 'plus', covid: true, startDate: '2027-01-10', endDate: '2027-01-19',
    })
    for (const r of [tss, bes, result, travel]) expect(r.state.matches.some((m) => m.status === 'error')).toBe(false)
  })
})
