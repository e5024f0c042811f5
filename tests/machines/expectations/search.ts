import { expect } from 'vitest'
import type { SearchContext, SearchHit } from '../../../machines/search/search.machine.ts'
import type { Expectations } from '../../support/expectations.ts'

/** The header's words (src/web/views/staff/GlobalSearch.tsx). */
const LABEL = 'Genel arama'
const SEARCHING = 'Aranıyor…'
const NONE = 'Sonuç bulunamadı'
const FAILED = 'Arama yapılamadı'
const USER = 'Kullanıcı'

const long = (q: string) => q.trim().length >= 2
const index = (c: SearchContext, e: { index?: number }) => e.index ?? c.active

/**
 * The global search, written apart from machines/search: nothing is asked for fewer than 2
 * characters; the request waits for a pause in the typing; the arrows step through the hits in a
 * circle; a choice (Enter on the highlighted hit, or a click) opens it and closes the list.
 */
export const searchExpectations: Expectations<SearchContext> = {
  states: {
    closed: {
      words: { tr: 'sonuç listesi kapalı', en: 'the result list is closed' },
      screen: { texts: [LABEL], absent: [SEARCHING, NONE, FAILED] },
      tags: { busy: false },
      context: (c) => expect(c).toMatchObject({ hits: [], active: -1, error: null }),
      ignores: [{ type: 'move.next' }, { type: 'move.previous' }, { type: 'choose' }, { type: 'close' }],
    },
    waiting: {
      words: { tr: 'yazma durunca aranacak', en: 'the search starts once the typing pauses' },
      screen: { texts: [LABEL, SEARCHING], absent: [NONE, FAILED] },
      tags: { busy: false },
      context: (c) => expect(long(c.q)).toBe(true),
      ignores: [{ type: 'move.next' }, { type: 'move.previous' }, { type: 'choose' }],
    },
    searching: {
      screen: { texts: [LABEL, SEARCHING], absent: [NONE, FAILED] },
      words: { tr: 'aranıyor', en: 'searching' },
      tags: { busy: true },
      context: (c) => expect(long(c.q)).toBe(true),
      ignores: [{ type: 'move.next' }, { type: 'move.previous' }, { type: 'choose' }],
      sameScreenAs: { state: 'waiting', why: 'the field says "Aranıyor…" from the pause in typing until the answer: the wait and the request are one moment to a person' },
    },
    open: {
      // "Sonuç bulunamadı" or "Arama yapılamadı": the arrows and Enter have nothing to pick (the field asks the machine whether it can)
      ignoresWhen: [{ type: 'move.next' }, { type: 'move.previous' }, { type: 'choose' }].map((event) => ({ event, when: (c: SearchContext) => c.hits.length === 0 })),
      words: { tr: 'sonuçlar görünür (ya da "sonuç yok" / "arama yapılamadı")', en: 'the hits show (or "no result" / "could not search")' },
      screen: (c) => c.error ? { texts: [FAILED], absent: [SEARCHING, NONE] }
        : c.hits.length === 0 ? { texts: [NONE], absent: [SEARCHING, FAILED] }
        : { texts: [...c.hits.map((h) => h.label), USER], absent: [SEARCHING, NONE, FAILED] },
      tags: { busy: false },
    },
  },
  rules: [
    // the list shuts (no hits, none highlighted, no failure) whenever the text is too short or the field is left
    { name: 'typing 2 or more characters waits for a pause', from: 'closed', event: 'input', when: (_c, e) => long(e.q), to: 'waiting', timers: ['debounce'], sends: [], changes: (_p, e) => ({ q: e.q }) },
    { name: 'fewer than 2 characters search nothing', from: 'closed', event: 'input', when: (_c, e) => !long(e.q), to: 'closed', changes: (_p, e) => ({ q: e.q }) },
    // the pause is counted again from the last key: the debounce restarts
    { name: 'typing on while waiting waits again', from: 'waiting', event: 'input', when: (_c, e) => long(e.q), to: 'waiting', timers: ['debounce'], sends: [], changes: (_p, e) => ({ q: e.q }) },
    { name: 'deleting down to 1 character while waiting: nothing is searched', from: 'waiting', event: 'input', when: (_c, e) => !long(e.q), to: 'closed',
      changes: (_p, e) => ({ q: e.q, hits: [], active: -1, error: null }) },
    { name: 'leaving the field while waiting: nothing is searched', from: 'waiting', event: 'close', to: 'closed', changes: { hits: [], active: -1, error: null } },
    { name: 'after 250 ms without typing the search starts', from: 'waiting', event: 'xstate.after.*', to: 'searching', sends: ['search'], changes: {} },
    { name: 'the hits show, none highlighted', from: 'searching', event: 'xstate.done.actor.search', to: 'open',
      changes: (_p, e) => ({ hits: e.output, active: -1, error: null }) },
    { name: 'a failed search says so', from: 'searching', event: 'xstate.error.actor.search', to: 'open',
      changes: { hits: [], active: -1, error: 'NETWORK' } },
    { name: 'typing while searching: the answer on its way is dropped', from: 'searching', event: 'input', when: (_c, e) => long(e.q), to: 'waiting', timers: ['debounce'], sends: [], changes: (_p, e) => ({ q: e.q }) },
    { name: 'deleting down to 1 character while searching closes', from: 'searching', event: 'input', when: (_c, e) => !long(e.q), to: 'closed',
      changes: (_p, e) => ({ q: e.q, hits: [], active: -1, error: null }) },
    { name: 'leaving the field while searching closes', from: 'searching', event: 'close', to: 'closed', changes: { hits: [], active: -1, error: null } },
    { name: 'typing again with the list open searches again (the old list goes)', from: 'open', event: 'input', when: (_c, e) => long(e.q), to: 'waiting', timers: ['debounce'], sends: [],
      changes: (_p, e) => ({ q: e.q, hits: [], active: -1, error: null }) },
    { name: 'deleting down to 1 character closes the list', from: 'open', event: 'input', when: (_c, e) => !long(e.q), to: 'closed',
      changes: (_p, e) => ({ q: e.q, hits: [], active: -1, error: null }) },
    { name: 'arrow down highlights the next hit, after the last the first', from: 'open', event: 'move.next', when: (c) => c.hits.length > 0, to: 'open',
      changes: (p) => ({ active: (p.active + 1) % p.hits.length }) },
    { name: 'arrow up highlights the previous hit, before the first the last', from: 'open', event: 'move.previous', when: (c) => c.hits.length > 0, to: 'open',
      changes: (p) => ({ active: p.active <= 0 ? p.hits.length - 1 : p.active - 1 }) },
    { name: 'a choice opens the hit and closes the list', from: 'open', event: 'choose', when: (c, e) => index(c, e) >= 0 && index(c, e) < c.hits.length, to: 'closed',
      effects: ['chosen:'], changes: { q: '', hits: [], active: -1, error: null } },
    { name: 'Escape (or leaving the field) closes the list', from: 'open', event: 'close', to: 'closed', effects: [], changes: { hits: [], active: -1, error: null } },
  ],
  // a search that could not be made says so in the list
  errorText: (c, s) => (s.matches('open') && c.error ? [FAILED] : c.error ? [] : null),
  inputs: {
    // the text typed, trimmed (what reaches GET /api/v1/search?q=)
    search: (p) => p.q.trim(),
  },
  delays: {
    // the staff header's search waits for a 250 ms pause in typing (the production default)
    debounce: { ms: () => 250, words: { tr: '250 ms', en: '250 ms' } },
  },
  // `shut` (no hits, none active, no error) where nothing is shown yet: waiting is entered from closed (already
  // shut) or from open with `shut`; searching only from waiting; the hits and the error are set only on the way to
  // open. So in waiting and searching the list is already shut, and shutting it again changes nothing
  equivalentMutants: Object.fromEntries(['search.waiting --input#1--> search.closed action#1', 'search.waiting --close#0--> search.closed action#0',
    'search.searching --input#1--> search.closed action#1', 'search.searching --close#0--> search.closed action#0']
    .map((at) => [`action | ${at} (shut) removed`, 'waiting and searching hold no hits, none active and no error (entered only from a shut list): shut there is a no-op'])),
  initial: (c) => expect(c).toEqual({ q: '', hits: [], active: -1, error: null, debounceMs: 250 }),
  describeEvent: (e) => {
    const ev = e as { type: string; q?: string; index?: number; output?: SearchHit[] }
    switch (e.type) {
      case 'input': return { tr: `kullanıcı arama alanına "${ev.q}" yazar`, en: `the user types "${ev.q}" into the search` }
      case 'move.next': return { tr: 'kullanıcı aşağı ok tuşuna basar', en: 'the user presses the down arrow' }
      case 'move.previous': return { tr: 'kullanıcı yukarı ok tuşuna basar', en: 'the user presses the up arrow' }
      case 'choose': return ev.index === undefined ? { tr: 'kullanıcı Enter tuşuna basar', en: 'the user presses Enter' } : { tr: 'kullanıcı ilk sonuca tıklar', en: 'the user clicks the first hit' }
      case 'close': return { tr: 'kullanıcı Escape tuşuna basar', en: 'the user presses Escape' }
      case 'xstate.done.actor.search': return ev.output!.length > 0
        ? { tr: `sunucu ${ev.output!.map((h) => h.label).join(', ')} bulur`, en: `the server finds ${ev.output!.map((h) => h.label).join(', ')}` }
        : { tr: 'sunucu bir şey bulamaz', en: 'the server finds nothing' }
      case 'xstate.error.actor.search': return { tr: 'arama yanıtsız kalır (ağ hatası)', en: 'the search gets no answer (network)' }
    }
    if (e.type.startsWith('xstate.after.')) return { tr: '250 ms yazılmaz', en: 'no typing for 250 ms' }
    return { tr: e.type, en: e.type }
  },
}
