import { expect } from 'vitest'
import type { PaymentOutcome, PaymentResultContext } from '../../../machines/payment-result/payment-result.machine.ts'
import type { Expectations } from '../../support/expectations.ts'
import { CATALOGUE } from './texts.ts'

const LOADING = 'İşlem sonucu alınıyor…'
const TITLES: Record<PaymentOutcome['status'], string> = {
  succeeded: 'Ödeme başarılı', failed: 'Ödeme başarısız', awaiting3ds: 'Ödeme henüz sonuçlanmadı', created: 'Ödeme henüz sonuçlanmadı',
}
const RETRY = 'Tekrar dene'
const pending = (o: PaymentOutcome | null) => o?.status === 'created' || o?.status === 'awaiting3ds'
const retry = { type: 'retry' }

/** The payment result pages (spec 2.1 /result/*), written apart from machines/payment-result. */
export const paymentResultExpectations: Expectations<PaymentResultContext> = {
  states: {
    loading: {
      words: { tr: 'sonuç sunucudan isteniyor', en: 'the outcome is being fetched from the server' },
      // the first fetch says it is fetching; a pending order asked again keeps its page (the bank has not answered)
      screen: (c) => (c.outcome ? { headings: [TITLES[c.outcome.status]], absent: [RETRY, 'Ana sayfaya dön'] } : { headings: [LOADING], absent: [RETRY] }),
      sameScreenAs: { state: 'waiting', why: 'while the bank has not answered, asking again and waiting to ask look the same: "Ödeme henüz sonuçlanmadı" with the order' },
      tags: { busy: true },
      ignores: [retry],
    },
    waiting: {
      words: { tr: 'banka henüz yanıtlamadı, sonuç birazdan yeniden sorulacak', en: 'the bank has not answered yet; the outcome will be asked again' },
      screen: { headings: [TITLES.awaiting3ds], texts: ['Sipariş numarası'], absent: [RETRY] },
      context: (c) => { expect(pending(c.outcome)).toBe(true); expect(c.attempts).toBeGreaterThan(0) },
      ignores: [retry],
    },
    shown: {
      words: { tr: 'sunucunun kaydettiği sonuç gösterilir', en: 'the outcome the server recorded is shown' },
      // a failure says why, in the bank's words (spec 8)
      screen: (c) => ({ headings: [TITLES[c.outcome!.status]], texts: ['Sipariş numarası', 'Ana sayfaya dön', ...(c.outcome!.reason === 'DECLINED' ? ['Kartınızı veren banka ödemeyi onaylamadı.'] : [])], absent: [RETRY] }),
      // the outcome of each kind is rendered in the browser at least once
      outcome: true,
      context: (c) => { expect(c.outcome).not.toBeNull(); expect(c.error).toBeNull() },
      ignores: [retry],
    },
    missing: {
      words: { tr: '"gösterilecek ödeme yok" denir', en: '"no payment to show" is said' },
      screen: { headings: ['Gösterilecek bir ödeme bulunamadı'], absent: [RETRY] },
      ignores: [retry],
    },
    failed: {
      words: { tr: '"sonuç alınamadı" ve "Tekrar dene" görünür', en: '"the outcome could not be fetched" and "Tekrar dene" show' },
      screen: { headings: ['İşlem sonucu alınamadı'], enabled: [RETRY] },
      context: (c) => expect(c.error).toBe('NETWORK'),
    },
  },
  rules: [
    { name: 'no order in this browser: nothing to show', from: 'loading', event: 'xstate.done.actor.fetchOutcome', when: (_c, e) => e.output === null, to: 'missing' },
    { name: 'a pending order is asked again while attempts remain', from: 'loading', event: 'xstate.done.actor.fetchOutcome',
      when: (c, e) => pending(e.output) && c.attempts + 1 < c.maxAttempts, to: 'waiting',
      then: (c, p) => expect(c.attempts).toBe(p.attempts + 1) },
    { name: 'a settled order, or the last attempt, is shown', from: 'loading', event: 'xstate.done.actor.fetchOutcome',
      when: (c, e) => e.output !== null && !(pending(e.output) && c.attempts + 1 < c.maxAttempts), to: 'shown',
      then: (c, _p, e) => expect(c.outcome).toEqual(e.output) },
    { name: 'a failed request offers a retry', from: 'loading', event: 'xstate.error.actor.fetchOutcome', to: 'failed' },
    { name: 'after the poll delay the outcome is fetched again', from: 'waiting', event: 'xstate.after.*', to: 'loading' },
    { name: 'retry fetches again from the first attempt', from: 'failed', event: 'retry', to: 'loading',
      then: (c) => { expect(c.attempts).toBe(0); expect(c.error).toBeNull() } },
  ],
  // a fetch that failed says so in spec 8's words
  errorText: (c) => (c.error ? [CATALOGUE.TECHNICAL] : null),
  // the order is the one this browser keeps (the flow reads it): nothing is passed
  inputs: { fetchOutcome: () => undefined },
  // the result page asks again every 2 s, at most 5 times, unless its page says otherwise (docs/decisions/purchase.md)
  delays: { pollDelay: { ms: (_c, _e, input) => input?.pollMs ?? 2000, words: { tr: '2 sn', en: '2 s' } } },
  initial: (c, input) => expect(c).toEqual({ outcome: null, attempts: 0, maxAttempts: input?.maxAttempts ?? 5, pollMs: input?.pollMs ?? 2000, error: null }),
  equivalentMutants: {
    'assign | paymentResult.loading --xstate.done.actor.fetchOutcome#2--> paymentResult.shown action#0 error kept':
      'loading is entered with no error (at first, and "Tekrar dene" clears it): clearing it again on the way to shown changes nothing',
  },
  describeEvent: (e) => {
    const out = (e as { output?: PaymentOutcome | null }).output
    if (e.type === 'retry') return { tr: `kullanıcı "${RETRY}" düğmesine basar`, en: `the user presses "${RETRY}"` }
    if (e.type.startsWith('xstate.done')) {
      return out ? { tr: `sunucu siparişin durumunu "${out.status}" olarak yanıtlar`, en: `the server answers the order's status "${out.status}"` }
        : { tr: 'sunucu bu tarayıcıda sipariş olmadığını yanıtlar', en: 'the server answers there is no order in this browser' }
    }
    if (e.type.startsWith('xstate.error')) return { tr: 'istek ağ hatasıyla başarısız olur', en: 'the request fails with a network error' }
    if (e.type.startsWith('xstate.after')) return { tr: 'bekleme süresi (sonuç sayfasında 2 sn, bildirimde 1,5 sn) dolar', en: 'the poll delay (2 s on the result page, 1.5 s in the notice) passes' }
    return { tr: e.type, en: e.type }
  },
}
