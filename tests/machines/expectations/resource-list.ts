import { expect } from 'vitest'
import type { ResourceListContext } from '../../../machines/resource-list/resource-list.machine.ts'
import type { Expectations, Rule } from '../../support/expectations.ts'
import { reasonSays } from './texts.ts'

type C = ResourceListContext
const SIZES = [10, 20, 50, 100]
/** the pages the total fills, and one more while the server's count was capped ("10.000+": rows after this page) */
const pages = (c: C) => Math.max(1, Math.ceil(c.total / c.params.size)) + (c.totalCapped ? 1 : 0)
const validPage = (c: C, p: number) => Number.isInteger(p) && p >= 1 && p <= pages(c)
const STATES = ['loading', 'searching', 'ready', 'empty', 'failed'] as const
/** The address says what the list already shows (back to the same URL): nothing is asked again. */
const SAME_PARAMS = { type: 'params.sync', params: { page: 1, size: 20, sort: null, q: '', filters: {} } }
const LOADING = 'Yükleniyor…'
const NONE = 'Sonuç bulunamadı'
const RETRY = 'Tekrar dene'
const SHOWING = 'arası gösteriliyor'
const PREVIOUS = 'Önceki'

/** Spec 2.2 "Lists" and issue 11: page 1, 20 a page, no sort, no search, no filter unless the address says otherwise. */
const DEFAULTS: C['params'] = { page: 1, size: 20, sort: null, q: '', filters: {} }
const startParams = (input: { params?: Partial<C['params']> } | undefined) => ({ ...DEFAULTS, ...input?.params, filters: { ...input?.params?.filters } })
/** The params a list asks for after an event (what the rules below say the context holds). */
function paramsAfter(p: C, e: { type: string } & Record<string, any>, input: unknown): C['params'] {
  switch (e.type) {
    case 'xstate.init': return startParams(input as { params?: Partial<C['params']> } | undefined)
    case 'page.go': return { ...p.params, page: e.page }
    case 'size.change': return { ...p.params, size: e.size, page: 1 }
    case 'sort.toggle': return { ...p.params, page: 1, sort: p.params.sort === e.field ? `-${e.field}` : e.field }
    case 'filter.change': return { ...p.params, page: 1, filters: { ...p.params.filters, [e.key]: e.value.slice(0, 100) } }
    case 'params.sync': return e.params
    default: return p.params // retry, reload, the search's pause
  }
}

/** The same list controls work in every state (spec 2.2 "Lists", issue 11 section 4). */
function controls(from: string): Rule<C>[] {
  const rules: Rule<C>[] = [
    { name: `${from}: a possible page is fetched`, from, event: 'page.go', when: (c, e) => validPage(c, e.page), to: 'loading',
      then: (c, p, e) => expect(c.params).toEqual({ ...p.params, page: e.page }) },
    { name: `${from}: a new page size starts from page 1`, from, event: 'size.change', when: (_c, e) => SIZES.includes(e.size), to: 'loading',
      then: (c, p, e) => expect(c.params).toEqual({ ...p.params, size: e.size, page: 1 }) },
    { name: `${from}: sorting toggles ascending, descending, from page 1`, from, event: 'sort.toggle', to: 'loading',
      then: (c, p, e) => expect(c.params).toEqual({ ...p.params, page: 1, sort: p.params.sort === e.field ? `-${e.field}` : e.field }) },
    { name: `${from}: a filter starts from page 1`, from, event: 'filter.change', to: 'loading',
      then: (c, p, e) => expect(c.params).toEqual({ ...p.params, page: 1, filters: { ...p.params.filters, [e.key]: e.value.slice(0, 100) } }) },
    { name: `${from}: typing waits for a pause, from page 1`, from, event: 'search.input', to: 'searching',
      then: (c, p, e) => expect(c.params).toEqual({ ...p.params, page: 1, q: e.q.slice(0, 100) }) },
    { name: `${from}: changed params from the URL are fetched`, from, event: 'params.sync', when: (c, e) => JSON.stringify(c.params) !== JSON.stringify(e.params), to: 'loading',
      then: (c, _p, e) => expect(c.params).toEqual(e.params) },
  ]
  // an empty list has one page: only page 1 is possible there, asked for again (an impossible page, an
  // unknown size or the same params from the URL change nothing: see each state's `ignores`)
  return rules
}

/** Every admin list, written apart from machines/resource-list (screen: src/web/views/admin/ResourceListView.tsx). */
export const resourceListExpectations: Expectations<C> = {
  states: {
    loading: {
      words: { tr: 'liste yükleniyor', en: 'the list is loading' },
      screen: { texts: [LOADING], absent: [NONE, SHOWING] },
      tags: { busy: true },
      context: (c) => expect(c.error).toBeNull(),
      ignores: [{ type: 'retry' }, { type: 'reload' }, { type: 'page.go', page: 0 }, { type: 'size.change', size: 7 }, SAME_PARAMS],
    },
    searching: {
      words: { tr: 'arama yazılırken bir duraklama beklenir', en: 'the search waits for a pause in typing' },
      screen: { texts: [LOADING], absent: [NONE, SHOWING] },
      sameScreenAs: { state: 'loading', why: 'the search waits 300 ms after the last key before it asks; on the screen the list is loading already' },
      tags: { busy: false },
      context: (c) => expect(c.error).toBeNull(),
      ignores: [{ type: 'retry' }, { type: 'reload' }, { type: 'page.go', page: 0 }, { type: 'size.change', size: 7 }],
    },
    ready: {
      words: { tr: 'satırlar ve "kayıttan ... arası gösteriliyor" görünür', en: 'the rows and "showing ... of ..." show' },
      // "45 kayıttan 21 - 40 arası gösteriliyor" and the page asked for ("Sayfa 2 / 3")
      // (the first row shown is the page's first: the total is the server's; "Önceki" goes back only from page 2 on)
      screen: (c) => ({
        texts: [`kayıttan ${(c.params.page - 1) * c.params.size + 1} - `, SHOWING, `Sayfa ${c.params.page} /`], absent: [NONE, LOADING],
        ...(c.params.page > 1 ? { enabled: [PREVIOUS] } : { disabled: [PREVIOUS] }),
      }),
      tags: { busy: false },
      context: (c) => { expect(c.items.length).toBeGreaterThan(0); expect(c.error).toBeNull() },
      ignores: [{ type: 'retry' }, { type: 'page.go', page: 0 }, { type: 'size.change', size: 7 }, SAME_PARAMS],
    },
    empty: {
      words: { tr: '"Sonuç bulunamadı" görünür', en: '"No results" shows' },
      screen: { texts: [NONE], absent: [LOADING, SHOWING] },
      tags: { busy: false },
      context: (c) => { expect(c.items).toEqual([]); expect(c.error).toBeNull() },
      ignores: [{ type: 'retry' }, { type: 'page.go', page: 2 }, { type: 'page.go', page: 0 }, { type: 'size.change', size: 7 }, SAME_PARAMS],
    },
    failed: {
      words: { tr: 'liste yüklenemedi, "Tekrar dene" sunulur', en: 'the list failed to load, "Retry" is offered' },
      screen: { enabled: [RETRY], absent: [NONE, LOADING, SHOWING] },
      tags: { busy: false },
      context: (c) => expect(c.error).not.toBeNull(),
      ignores: [{ type: 'reload' }, { type: 'page.go', page: 0 }, { type: 'size.change', size: 7 }, SAME_PARAMS],
    },
  },
  rules: [
    ...STATES.flatMap((s) => controls(s)),
    { name: 'rows arrive: the list shows them and the total', from: 'loading', event: 'xstate.done.actor.fetchPage', when: (_c, e) => e.output.items.length > 0, to: 'ready',
      then: (c, _p, e) => expect(c).toMatchObject({ items: e.output.items, total: e.output.total, totalCapped: e.output.totalCapped === true, error: null }) },
    { name: 'no rows: "no results"', from: 'loading', event: 'xstate.done.actor.fetchPage', when: (_c, e) => e.output.items.length === 0, to: 'empty',
      then: (c, _p, e) => expect(c).toMatchObject({ items: [], total: e.output.total, totalCapped: e.output.totalCapped === true, error: null }) },
    { name: 'a failed request shows its reason and "retry"', from: 'loading', event: 'xstate.error.actor.fetchPage', to: 'failed',
      then: (c, _p, e) => expect(c.error).toBe(e.error.code ?? String(e.error.kind).toUpperCase()) },
    { name: 'after the pause the search is asked', from: 'searching', event: 'xstate.after.*', to: 'loading',
      then: (c, p) => expect(c.params).toEqual(p.params) },
    { name: 'reload asks again', from: 'ready', event: 'reload', to: 'loading', then: (c, p) => expect(c.params).toEqual(p.params) },
    { name: 'reload of an empty list asks again', from: 'empty', event: 'reload', to: 'loading', then: (c, p) => expect(c.params).toEqual(p.params) },
    { name: 'retry asks again', from: 'failed', event: 'retry', to: 'loading', then: (c) => expect(c.error).toBeNull() },
  ],
  // a failed page says why (spec 8), above "Tekrar dene"
  errorText: (c) => (c.error ? [reasonSays(c.error)] : null),
  equivalentMutants: {
    'default | error': 'the list starts loading, whose entry clears the error',
    'assign | resourceList.loading --xstate.done.actor.fetchPage#0--> resourceList.empty action#0 error kept': 'loading\'s entry has cleared the error already',
    'assign | resourceList.loading --xstate.done.actor.fetchPage#1--> resourceList.ready action#0 error kept': 'loading\'s entry has cleared the error already',
    // not equivalent: the model's answers come from the real audit list, which never caps its count on these
    // paths (a capped answer in the browser needs a log of 10,000+ rows); tests/machines/generic-flows.test.ts
    // gives a capped answer, then an uncapped and an empty one, and checks the cap and the last page go
    'assign | resourceList.loading --xstate.done.actor.fetchPage#1--> resourceList.ready action#0 totalCapped kept': 'killed by tests/machines/generic-flows.test.ts ("a capped total is the answer\'s"), outside the generated paths',
    'assign | resourceList.loading --xstate.done.actor.fetchPage#0--> resourceList.empty action#0 totalCapped kept': 'killed by tests/machines/generic-flows.test.ts ("a capped total is the answer\'s"), outside the generated paths',
  },
  // the page asked for is exactly the params the list holds after the event (the URL mirrors them)
  inputs: { fetchPage: (p, e, _n, input) => paramsAfter(p, e, input) },
  // issue 11: the search asks 300 ms after the last key
  delays: { searchDebounce: { ms: (_c, _e, input) => input?.searchDebounceMs ?? 300, words: { tr: '300 ms', en: '300 ms' } } },
  initial: (c, input) => expect(c).toEqual({ params: startParams(input), items: [], total: 0, totalCapped: false, error: null, searchDebounceMs: input?.searchDebounceMs ?? 300 }),
  describeEvent: (e) => {
    const ev = e as Record<string, unknown> & { type: string }
    switch (e.type) {
      case 'page.go': return { tr: `kullanıcı ${ev.page}. sayfaya gider`, en: `the user goes to page ${ev.page}` }
      case 'size.change': return { tr: `kullanıcı sayfa başına ${ev.size} seçer`, en: `the user picks ${ev.size} per page` }
      case 'sort.toggle': return { tr: `kullanıcı "${ev.field}" sütununa göre sıralar`, en: `the user sorts by "${ev.field}"` }
      case 'filter.change': return { tr: `kullanıcı "${ev.key}" süzgecini "${ev.value}" yapar`, en: `the user sets the "${ev.key}" filter to "${ev.value}"` }
      case 'search.input': return { tr: `kullanıcı aramaya "${ev.q}" yazar`, en: `the user types "${ev.q}" into the search` }
      case 'params.sync': return { tr: `adres çubuğu ${JSON.stringify(ev.params)} parametrelerini verir`, en: `the URL gives the params ${JSON.stringify(ev.params)}` }
      case 'retry': return { tr: `kullanıcı "${RETRY}" düğmesine basar`, en: `the user presses "${RETRY}" (Retry)` }
      case 'reload': return { tr: 'liste yenilenir', en: 'the list is reloaded' }
      case 'xstate.done.actor.fetchPage': return (ev.output as { items: unknown[] }).items.length > 0
        ? { tr: 'sunucu satırlar gönderir', en: 'the server sends rows' }
        : { tr: 'sunucu boş sayfa gönderir', en: 'the server sends an empty page' }
      case 'xstate.error.actor.fetchPage': return { tr: 'istek başarısız olur (ağ hatası)', en: 'the request fails (network)' }
    }
    if (e.type.startsWith('xstate.after')) return { tr: 'kullanıcı yazmaya ara verir', en: 'the user pauses typing' }
    return { tr: e.type, en: e.type }
  },
}
