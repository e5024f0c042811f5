import { expect } from 'vitest'
import type { DocumentCheckContext } from '../../../machines/document-check/document-check.machine.ts'
import type { Expectations } from '../../support/expectations.ts'
import { CATALOGUE } from './texts.ts'

/** The page's words (src/web/views/sales/DocumentCheckView.tsx), written apart from machines/document-check. */
const LOADING = 'Belge sorgulanıyor…'
const IN_FORCE = 'Geçerli poliçe: yürürlükte'
/** A document's heading by its kind and whether it is in force today. */
const FOUND_HEADING = {
  policy: { inForce: IN_FORCE, notStarted: 'Geçerli poliçe: teminat henüz başlamadı', ended: 'Bu poliçenin süresi sona erdi' },
  contract: { inForce: 'Geçerli sözleşme: yürürlükte', notStarted: 'Geçerli sözleşme: henüz yürürlüğe girmedi', ended: 'Bu poliçenin süresi sona erdi' },
} as const
const UNKNOWN = 'Bu kodla düzenlenmiş bir belge bulunamadı'
const MALFORMED = 'Bu bir doğrulama kodu değil'
const FAILED = 'Belge sorgulanamadı'
const TOO_MANY = 'Bu adresten çok fazla sorgu yapıldı. Lütfen birkaç dakika sonra tekrar deneyiniz.'
const RETRY = 'Tekrar dene'
const retry = { type: 'retry' }

const reason = (e: { error: { code?: string; kind?: string } }) => e.error.code ?? (e.error.kind === 'network' ? 'NETWORK' : 'UNEXPECTED')

/** `/dogrula/<code>`: loading -> found | notFound | failed, another code from any of them. */
export const documentCheckExpectations: Expectations<DocumentCheckContext> = {
  states: {
    loading: {
      words: { tr: 'kod sunucuda sorgulanıyor', en: 'the code is being checked on the server' },
      screen: { headings: [LOADING], absent: [RETRY, IN_FORCE] },
      tags: { busy: true },
      context: (c) => { expect(c.check).toBeNull(); expect(c.missing).toBeNull(); expect(c.error).toBeNull() },
      ignores: [retry],
    },
    found: {
      words: { tr: 'belgenin özeti (kişisel bilgiler maskeli) görünür', en: 'the document\'s key facts (personal data masked) show' },
      // the masked holder and identity number, never the whole
      screen: (c) => ({ headings: [FOUND_HEADING[c.check!.kind][c.check!.status]], texts: [c.check!.number, c.check!.holder, c.check!.nationalId], absent: [RETRY, LOADING] }),
      outcome: true,
      context: (c) => { expect(c.check).not.toBeNull(); expect(c.missing).toBeNull(); expect(c.error).toBeNull() },
      ignores: [retry],
    },
    notFound: {
      words: { tr: '"belge bulunamadı" ya da "bu bir doğrulama kodu değil" denir', en: '"no such document" or "not a verification code" is said' },
      screen: (c) => ({ headings: [c.missing === 'malformed' ? MALFORMED : UNKNOWN], absent: [RETRY, IN_FORCE] }),
      outcome: true,
      context: (c) => { expect(['unknown', 'malformed']).toContain(c.missing); expect(c.check).toBeNull() },
      ignores: [retry],
    },
    failed: {
      words: { tr: '"belge sorgulanamadı", nedeni ve "Tekrar dene" görünür', en: '"the document could not be checked", the reason and "Tekrar dene" show' },
      screen: (c) => ({ headings: [FAILED], texts: [c.error === 'RATE_LIMITED' ? TOO_MANY : CATALOGUE.NETWORK], enabled: [RETRY] }),
      context: (c) => expect(c.error).not.toBeNull(),
    },
  },
  rules: [
    { name: 'a document with that code: its facts show', from: 'loading', event: 'xstate.done.actor.checkDocument', when: (_c, e) => !('missing' in e.output), to: 'found',
      changes: (_p, e) => ({ check: e.output }) },
    { name: 'no document with that code, or not a code: said so', from: 'loading', event: 'xstate.done.actor.checkDocument', when: (_c, e) => 'missing' in e.output, to: 'notFound',
      changes: (_p, e) => ({ missing: e.output.missing }) },
    { name: 'a failed check keeps its reason (never text)', from: 'loading', event: 'xstate.error.actor.checkDocument', to: 'failed',
      changes: (_p, e) => ({ error: reason(e) }) },
    { name: 'another code while one is asked: the new one is asked for', from: 'loading', event: 'code.change', to: 'loading',
      changes: (_p, e) => ({ code: e.code }) },
    { name: 'another code after an answer asks again, nothing of the last kept', from: 'found', event: 'code.change', to: 'loading',
      changes: (_p, e) => ({ code: e.code, check: null }) },
    { name: 'another code after "not found"', from: 'notFound', event: 'code.change', to: 'loading',
      changes: (_p, e) => ({ code: e.code, missing: null }) },
    { name: 'another code after a failure', from: 'failed', event: 'code.change', to: 'loading',
      changes: (_p, e) => ({ code: e.code, error: null }) },
    { name: 'retry asks the same code again', from: 'failed', event: 'retry', to: 'loading',
      changes: { error: null } },
  ],
  // a failure says why; a code without a document says which of the two it is
  errorText: (c, s) => (s.matches('failed') ? [c.error === 'RATE_LIMITED' ? TOO_MANY : CATALOGUE.NETWORK]
    : s.matches('notFound') ? [c.missing === 'malformed' ? MALFORMED : UNKNOWN] : c.error || c.missing ? [] : null),
  inputs: {
    // the code asked: the address's at first, the typed one after a change, the same on retry
    checkDocument: (p, e, _n, input) => ({ code: e.type === 'xstate.init' ? input.code : e.type === 'code.change' ? e.code : p.code }),
  },
  initial: (c, input) => expect(c).toEqual({ code: input.code, check: null, missing: null, error: null }),
  describeEvent: (e) => {
    const ev = e as { type: string; code?: string; output?: { missing?: string; number?: string }; error?: { code?: string } }
    switch (e.type) {
      case 'retry': return { tr: `kullanıcı "${RETRY}" düğmesine basar`, en: `the user presses "${RETRY}"` }
      case 'code.change': return { tr: `kullanıcı "${ev.code}" kodunu yazıp "Sorgula"ya basar`, en: `the user types the code "${ev.code}" and presses "Sorgula"` }
      case 'xstate.done.actor.checkDocument': return ev.output?.missing
        ? { tr: `sunucu kodu bulamaz (${ev.output.missing})`, en: `the server finds no document (${ev.output.missing})` }
        : { tr: `sunucu ${ev.output?.number} numaralı belgenin özetini gönderir`, en: `the server sends the key facts of ${ev.output?.number}` }
      case 'xstate.error.actor.checkDocument': return ev.error?.code
        ? { tr: `sunucu isteği reddeder (${ev.error.code})`, en: `the server refuses the request (${ev.error.code})` }
        : { tr: 'istek yanıtsız kalır (ağ hatası)', en: 'the request gets no answer (network)' }
    }
    return { tr: e.type, en: e.type }
  },
}
