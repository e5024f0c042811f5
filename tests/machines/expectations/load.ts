import { expect } from 'vitest'
import type { LoadContext } from '../../../machines/load/load.machine.ts'
import { reasonSays } from './texts.ts'
import type { Expectations } from '../../support/expectations.ts'

/** The dashboard's words (src/web/views/admin/DashboardView.tsx and the shared LoadState). */
const LOADING = 'Yükleniyor…'
const RETRY = 'Tekrar dene'
const RELOAD = 'Yenile'
const USERS = 'Kullanıcılar ve oturumlar'
const PERIOD = (days: number) => `Son ${days} gün`
/** Spec 8's catalogue: a request that got no answer. */
const NETWORK_TEXT = 'Servise erişim sağlanamadı, internet erişiminizi kontrol ediniz'
const FORBIDDEN_TEXT = 'Bu işlem için yetkiniz yok'

const days = (c: LoadContext) => (c.params as { days: number }).days
/** A reload of the same period keeps the figures on screen; another period's are not shown. */
const stillShown = (c: LoadContext) => c.loaded && JSON.stringify(c.answered) === JSON.stringify(c.params)
const reason = (e: { error: { code?: string; kind?: string } }) => e.error.code ?? (e.error.kind === 'network' ? 'NETWORK' : 'UNEXPECTED')
const change = (params: unknown) => ({ type: 'params.change', params })

/**
 * One read-only request of a page, written apart from machines/load. The screens are the
 * dashboard's (its period selector is the parameters: 7 or 30 days).
 */
export const loadExpectations: Expectations<LoadContext> = {
  states: {
    loading: {
      words: { tr: 'veriler yükleniyor', en: 'the data is loading' },
      screen: (c) => (stillShown(c) ? { texts: [LOADING, USERS, PERIOD(days(c))], absent: [RETRY] } : { texts: [LOADING], absent: [RETRY, USERS] }),
      tags: { busy: true },
      context: (c) => expect(c.error).toBeNull(),
      ignores: [{ type: 'retry' }, { type: 'reload' }],
    },
    ready: {
      words: { tr: 'veriler görünür (seçilen dönemin)', en: 'the data shows (of the chosen period)' },
      screen: (c) => ({ texts: [USERS, PERIOD(days(c))], enabled: [RELOAD], absent: [LOADING, RETRY] }),
      tags: { busy: false },
      context: (c) => { expect(c.loaded).toBe(true); expect(c.error).toBeNull(); expect(c.answered).toEqual(c.params) },
      ignores: [{ type: 'retry' }],
    },
    failed: {
      words: { tr: 'yüklenemedi: nedeni ve "Tekrar dene" görünür', en: 'could not load: the reason and "Tekrar dene" show' },
      screen: (c) => ({ texts: [c.error === 'FORBIDDEN' ? FORBIDDEN_TEXT : NETWORK_TEXT], enabled: [RETRY], absent: [LOADING, USERS] }),
      tags: { busy: false },
      context: (c) => expect(c.error).not.toBeNull(),
      ignores: [{ type: 'reload' }],
    },
  },
  rules: [
    { name: 'the answer shows', from: 'loading', event: 'xstate.done.actor.fetch', to: 'ready', sends: [],
      then: (c, p, e) => expect(c).toMatchObject({ data: e.output, loaded: true, error: null, params: p.params, answered: p.params }) },
    { name: 'a failure shows its reason (never text in the machine)', from: 'loading', event: 'xstate.error.actor.fetch', to: 'failed',
      then: (c, p, e) => { expect(c.error).toBe(reason(e)); expect(c.params).toEqual(p.params) } },
    { name: 'new parameters while loading: the answer on its way is dropped, the new one asked for', from: 'loading', event: 'params.change', to: 'loading', sends: ['fetch'],
      then: (c, _p, e) => { expect(c.params).toEqual(e.params); expect(c.error).toBeNull() } },
    { name: 'reload asks again, the shown answer kept meanwhile', from: 'ready', event: 'reload', to: 'loading', sends: ['fetch'],
      then: (c, p) => { expect(c.params).toEqual(p.params); expect(c.data).toEqual(p.data); expect(c.loaded).toBe(true) } },
    { name: 'new parameters load again (another period)', from: 'ready', event: 'params.change', to: 'loading', sends: ['fetch'],
      then: (c, p, e) => { expect(c.params).toEqual(e.params); expect(c.data).toEqual(p.data) } },
    { name: 'retry asks again with the same parameters', from: 'failed', event: 'retry', to: 'loading', sends: ['fetch'],
      then: (c, p) => { expect(c.params).toEqual(p.params); expect(c.error).toBeNull() } },
    { name: 'new parameters after a failure load again', from: 'failed', event: 'params.change', to: 'loading', sends: ['fetch'],
      then: (c, _p, e) => { expect(c.params).toEqual(e.params); expect(c.error).toBeNull() } },
  ],
  // a failed load says why (spec 8's words, the staff screens' reasons)
  errorText: (c, s) => (s.matches('failed') ? [reasonSays(c.error!)] : c.error ? [] : null),
  equivalentMutants: {
    'assign | action "keepAnswer" error kept': 'loading is entered with no failure: the first load, reload from ready, and retry and new parameters clear it (so an answer clearing it again changes nothing)',
  },
  inputs: {
    // the parameters asked for: the input's at first, the new ones after a change, the same on reload and retry
    fetch: (p, e, _n, input) => (e.type === 'xstate.init' ? (input?.params ?? null) : e.type === 'params.change' ? e.params : p.params),
  },
  initial: (c, input) => expect(c).toEqual({ params: input?.params ?? null, data: null, loaded: false, answered: null, error: null }),
  describeEvent: (e) => {
    const ev = e as { type: string; params?: { days: number }; error?: { code?: string; kind?: string } }
    switch (e.type) {
      case 'retry': return { tr: `kullanıcı "${RETRY}" düğmesine basar`, en: `the user presses "${RETRY}"` }
      case 'reload': return { tr: `kullanıcı "${RELOAD}" düğmesine basar`, en: `the user presses "${RELOAD}"` }
      case 'params.change': return { tr: `kullanıcı dönem olarak "${PERIOD(ev.params!.days)}" seçer`, en: `the user picks the period "last ${ev.params!.days} days"` }
      case 'xstate.done.actor.fetch': return { tr: 'sunucu verileri gönderir', en: 'the server sends the data' }
      case 'xstate.error.actor.fetch': return ev.error?.code
        ? { tr: `sunucu isteği reddeder (${ev.error.code})`, en: `the server refuses the request (${ev.error.code})` }
        : { tr: 'istek yanıtsız kalır (ağ hatası)', en: 'the request gets no answer (network)' }
    }
    return { tr: e.type, en: e.type }
  },
}
