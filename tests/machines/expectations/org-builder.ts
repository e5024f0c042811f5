import { expect } from 'vitest'
import type { OrgBuilderContext, OrgGroup } from '../../../machines/org-builder/org-builder.machine.ts'
import type { Expectations, Rule } from '../../support/expectations.ts'
import { CATALOGUE } from './texts.ts'

type C = OrgBuilderContext
const RANK = { management: 3, unit: 2, team: 1 } as const

/** Issue 13 / spec 2.2 "Team", restated: a parent must exist and rank higher (the root takes anyone); no group under itself or a descendant. */
function verdict(groups: OrgGroup[], id: string, parentId: string | null): 'ok' | 'cycle' | 'level' {
  const node = groups.find((g) => g.id === id)
  const parent = parentId === null ? null : groups.find((g) => g.id === parentId)
  if (!node || parent === undefined) return 'level'
  for (let cursor: string | null = parentId; cursor !== null; cursor = groups.find((g) => g.id === cursor)?.parentId ?? null) {
    if (cursor === id) return 'cycle'
  }
  return parent === null || RANK[parent.level] > RANK[node.level] ? 'ok' : 'level'
}
const parentOf = (c: C, id: string) => c.groups.find((g) => g.id === id)?.parentId
const targetVerdict = (c: C) => (c.target ? verdict(c.groups, c.dragging!, c.target.parentId) : null)
const validDrop = (c: C) => targetVerdict(c) === 'ok' && parentOf(c, c.dragging!) !== c.target!.parentId
/** The order the chart reads: the company, then depth first, siblings by name (Turkish collation). */
function chartOrder(groups: OrgGroup[]): Array<string | null> {
  const visit = (parent: string | null): Array<string | null> => groups.filter((g) => g.parentId === parent)
    .sort((a, b) => a.name.localeCompare(b.name, 'tr')).flatMap((g) => [g.id, ...visit(g.id)])
  return [null, ...visit(null)]
}
/** The keyboard order: the company root, then every other group in the chart's order; wraps around. */
function stepped(c: C, by: 1 | -1): string | null {
  const order = chartOrder(c.groups).filter((id) => id !== c.dragging)
  const at = c.target ? order.indexOf(c.target.parentId) : by === 1 ? -1 : 0
  return order[(at + by + order.length) % order.length]!
}
const sameTree = (c: C, p: C) => expect(c.groups).toEqual(p.groups)

const TREE = 'Organizasyon şeması'
const UNDO = 'Son taşımayı geri al'
const ASK = 'Grup silinsin mi?'
/** The chart's blocks: the company's top group shows while the tree does. */
const TOP = 'Genel Müdürlük'
/** What the chart says of a refusal (its live region; src/web/views/admin/team/texts.ts restated). */
const REASON_SAYS: Record<string, string> = {
  CONFLICT: 'Bu grup bu arada başka biri tarafından değiştirildi; ağacı yeniden yükleyin',
  GROUP_NOT_EMPTY: 'Alt grubu, üyesi veya rolü olan bir grup silinemez',
  NETWORK: CATALOGUE.NETWORK,
}

const clamp = (z: number) => Math.min(2, Math.max(0.02, Math.round(z * 1000) / 1000))
/** Zoom works in every state and changes nothing else (steps of ×1.25, between 0.02× and 2×; fit and wheel give a scale). */
const zoomRules: Rule<C>[] = (['loading', 'failed', 'ready', 'saving', 'undoing', 'deleting'] as const).flatMap((from): Rule<C>[] => {
  const still = (c: C, p: C) => { sameTree(c, p); expect(c.dragging).toBe(p.dragging) }
  return [
    { name: `${from}: zoom in, at most 2×`, from, event: 'zoom.in', to: from, then: (c, p) => { still(c, p); expect(c.zoom).toBe(clamp(p.zoom * 1.25)) } },
    { name: `${from}: zoom out, at least 0.02×`, from, event: 'zoom.out', to: from, then: (c, p) => { still(c, p); expect(c.zoom).toBe(clamp(p.zoom / 1.25)) } },
    { name: `${from}: fit takes the view's scale, else 1×`, from, event: 'zoom.fit', to: from, then: (c, p, e) => { still(c, p); expect(c.zoom).toBe(clamp((e.scale as number | undefined) ?? 1)) } },
    { name: `${from}: wheel or pinch sets the scale`, from, event: 'zoom.set', to: from, then: (c, p, e) => { still(c, p); expect(c.zoom).toBe(clamp(e.scale as number)) } },
  ]
})

/** The organisation builder (issue 13), written apart from machines/org-builder; the Team page is replayed by tests/e2e/drivers/org-builder.ts. */
export const orgBuilderExpectations: Expectations<C> = {
  states: {
    loading: {
      words: { tr: 'grup ağacı yükleniyor', en: 'the group tree is loading' },
      screen: { texts: ['Organizasyon ağacı yükleniyor…'], enabled: ['Yakınlaştır', 'Sığdır'], disabled: ['Son taşımayı geri al'] },
      tags: { busy: true },
      ignores: [{ type: 'drop' }, { type: 'undo' }, { type: 'drag.start', id: 't' }],
    },
    failed: {
      words: { tr: 'ağaç yüklenemedi, yeniden yükleme sunulur', en: 'the tree failed to load, reload is offered' },
      screen: { texts: ['Organizasyon ağacı yüklenemedi:'], enabled: ['Yeniden yükle'], absent: ['Organizasyon ağacı yükleniyor…'] },
      tags: { busy: false },
      context: (c) => expect(c.error).not.toBeNull(),
      ignores: [{ type: 'drop' }, { type: 'undo' }, { type: 'drag.start', id: 't' }],
    },
    ready: {
      words: { tr: 'grup ağacı görünür', en: 'the group tree shows' },
      screen: { texts: [TOP] },
      tags: { busy: false },
      context: (c) => expect(c.pending).toBeNull(),
    },
    'ready.idle': {
      words: { tr: 'hiçbir grup sürüklenmiyor', en: 'no group is being dragged' },
      screen: { enabled: ['Sığdır', 'Ağacı yeniden yükle'], absent: ['Organizasyon ağacı yükleniyor…', ASK] },
      tags: { dragging: false },
      context: (c) => expect(c.dragging).toBeNull(),
      ignores: [{ type: 'drag.start', id: 'ghost' }, { type: 'drop' }, { type: 'target.next' }, { type: 'drag.cancel' }, { type: 'undo' },
        { type: 'delete.request', id: 'ghost' }, { type: 'delete.confirm' }, { type: 'delete.cancel' }],
    },
    'ready.confirmingDelete': {
      words: { tr: 'bir grubun silinmesi için onay soruluyor', en: 'confirmation is asked before a group is deleted' },
      // the question names the group; a refusal says why, with the counts (spec: only an empty group goes)
      screen: { headings: [ASK], texts: ['grubu kalıcı olarak silinecek.'], enabled: ['Vazgeç', 'Sil'], disabled: [UNDO] },
      tags: { confirming: true, dragging: false, busy: false },
      context: (c) => { expect(c.deleting).not.toBeNull(); expect(c.dragging).toBeNull() },
      ignores: [{ type: 'drag.start', id: 't' }, { type: 'undo' }, { type: 'reload' }, { type: 'drop' }, { type: 'delete.request', id: 'u1' }],
    },
    deleting: {
      words: { tr: 'grup siliniyor', en: 'the group is being deleted' },
      screen: { headings: [ASK], disabled: ['Vazgeç', 'Sil', UNDO] },
      tags: { busy: true, confirming: true },
      context: (c) => { expect(c.deleting).not.toBeNull(); expect(c.deleteError).toBeNull() },
      ignores: [{ type: 'delete.confirm' }, { type: 'delete.cancel' }, { type: 'undo' }, { type: 'reload' }, { type: 'drag.start', id: 't' }],
    },
    'ready.dragging': {
      words: { tr: 'bir grup bloğu sürükleniyor', en: 'a group block is being dragged' },
      // the live region names the target under the block (or the keyboard's choice)
      screen: (c) => ({
        // the live region names the target under the block (or the keyboard's choice); without one, what it said last stays
        texts: c.target ? [`Hedef: ${c.target.parentId === null ? 'Şirket' : c.groups.find((g) => g.id === c.target!.parentId)!.name}.`] : [TOP],
        disabled: [UNDO], absent: [ASK],
      }),
      tags: { dragging: true },
      context: (c) => expect(c.dragging).not.toBeNull(),
      // (the group dragged on the shortest path is t: a block over itself is no target; no target to leave yet)
      ignores: [{ type: 'undo' }, { type: 'reload' }, { type: 'drag.start', id: 'u1' }, { type: 'delete.request', id: 't' }, { type: 'target.over', parentId: 't' }, { type: 'target.leave' }],
    },
    saving: {
      words: { tr: 'taşıma hemen gösterildi, kaydediliyor', en: 'the move shows at once and is being saved' },
      screen: { texts: [TOP], busy: [TREE], disabled: [UNDO] },
      tags: { busy: true },
      context: (c) => expect(c.pending).not.toBeNull(),
      ignores: [{ type: 'drop' }, { type: 'undo' }, { type: 'reload' }, { type: 'drag.start', id: 't' }],
    },
    undoing: {
      words: { tr: 'son taşıma geri alınıyor', en: 'the last move is being undone' },
      screen: { texts: [TOP], busy: [TREE], disabled: [UNDO] },
      sameScreenAs: { state: 'saving', why: 'a move and its undo show at once and are saved the same way: the tree is busy until the answer' },
      tags: { busy: true },
      context: (c) => expect(c.pending).not.toBeNull(),
      ignores: [{ type: 'drop' }, { type: 'undo' }, { type: 'reload' }, { type: 'drag.start', id: 't' }],
    },
  },
  rules: [
    ...zoomRules,
    { name: 'the loaded tree shows', from: 'loading', event: 'xstate.done.actor.loadTree', to: 'ready.idle', effects: [],
      then: (c, _p, e) => expect(c).toMatchObject({ groups: e.output, lastMove: null, error: null }) },
    { name: 'a failed load says why', from: 'loading', event: 'xstate.error.actor.loadTree', to: 'failed', then: (c) => expect(c.error).toBe('NETWORK') },
    { name: 'reload after a failure', from: 'failed', event: 'reload', to: 'loading' },
    { name: 'reload the tree', from: 'ready.idle', event: 'reload', to: 'loading' },
    { name: 'picking up a known group starts a drag with no target', from: 'ready.idle', event: 'drag.start', when: (c, e) => c.groups.some((g) => g.id === e.id), to: 'ready.dragging',
      then: (c, _p, e) => expect(c).toMatchObject({ dragging: e.id, target: null, error: null }) },
    { name: 'undo puts the last moved group back at once', from: 'ready.idle', event: 'undo', when: (c) => c.lastMove !== null && c.groups.some((g) => g.id === c.lastMove!.id), to: 'undoing',
      then: (c, p) => expect(parentOf(c, p.lastMove!.id)).toBe(p.lastMove!.fromParentId) },
    { name: 'asking to delete a known group asks for confirmation first; nothing is deleted yet', from: 'ready.idle', event: 'delete.request',
      when: (c, e) => c.groups.some((g) => g.id === e.id), to: 'ready.confirmingDelete', effects: [],
      then: (c, p, e) => { sameTree(c, p); expect(c.deleting).toEqual({ id: e.id, version: p.groups.find((g) => g.id === e.id)!.version }); expect(c.deleteError).toBeNull() } },
    { name: 'cancelling the confirmation deletes nothing', from: 'ready.confirmingDelete', event: 'delete.cancel', to: 'ready.idle', effects: [],
      then: (c, p) => { sameTree(c, p); expect(c).toMatchObject({ deleting: null, deleteError: null }) } },
    { name: 'confirming deletes the group with the version read', from: 'ready.confirmingDelete', event: 'delete.confirm', to: 'deleting', effects: [],
      then: (c, p) => { sameTree(c, p); expect(c.deleting).toEqual(p.deleting) } },
    { name: 'a deleted group: "deleted", and the tree loads again', from: 'deleting', event: 'xstate.done.actor.deleteGroup', to: 'loading', effects: ['notice:deleted'],
      then: (c) => expect(c.deleting).toBeNull() },
    { name: 'a refused deletion keeps the question open and says why, with the counts', from: 'deleting', event: 'xstate.error.actor.deleteGroup', to: 'ready.confirmingDelete', effects: [],
      then: (c, p, e) => {
        sameTree(c, p)
        expect(c.deleting).toEqual(p.deleting)
        expect(c.deleteError).toEqual({ reason: (e.error as { code: string }).code, issues: (e.error as { details: { issues: unknown } }).details.issues })
      } },
    { name: 'hovering another group makes it the target, with its verdict', from: 'ready.dragging', event: 'target.over', when: (c, e) => e.parentId !== c.dragging, to: 'ready.dragging', effects: [],
      then: (c, _p, e) => { expect(c.target!.parentId).toBe(e.parentId); expect(c.target!.check.ok).toBe(targetVerdict(c) === 'ok') } },
    { name: 'the arrow keys step to the next candidate parent, the root last, wrapping', from: 'ready.dragging', event: 'target.next', to: 'ready.dragging',
      then: (c, p) => expect(c.target!.parentId).toBe(stepped(p, 1)) },
    { name: 'the arrow keys step back', from: 'ready.dragging', event: 'target.previous', to: 'ready.dragging',
      then: (c, p) => expect(c.target!.parentId).toBe(stepped(p, -1)) },
    { name: 'leaving the target clears it', from: 'ready.dragging', event: 'target.leave', when: (c) => c.target !== null, to: 'ready.dragging', then: (c) => expect(c.target).toBeNull() },
    { name: 'a valid drop shows the move at once and saves it', from: 'ready.dragging', event: 'drop', when: (c) => validDrop(c), to: 'saving', effects: [],
      then: (c, p) => { expect(parentOf(c, p.dragging!)).toBe(p.target!.parentId); expect(c.pending).toMatchObject({ id: p.dragging, parentId: p.target!.parentId, version: p.groups.find((g) => g.id === p.dragging)!.version }) } },
    { name: 'dropping a group under itself or a descendant is refused', from: 'ready.dragging', event: 'drop', when: (c) => targetVerdict(c) === 'cycle', to: 'ready.idle', effects: ['notice:cycle'],
      then: (c, p) => { sameTree(c, p); expect(c.error).toBe('GROUP_CYCLE') } },
    { name: 'a wrong level says "Hatalı Seviye" and moves nothing', from: 'ready.dragging', event: 'drop', when: (c) => targetVerdict(c) === 'level', to: 'ready.idle', effects: ['notice:levelError'],
      then: (c, p) => { sameTree(c, p); expect(c.error).toBe('LEVEL_ERROR') } },
    { name: 'dropped on no target or where it already hangs: nothing to do', from: 'ready.dragging', event: 'drop', when: (c) => c.target === null || (targetVerdict(c) === 'ok' && !validDrop(c)), to: 'ready.idle', effects: [],
      then: (c, p) => { sameTree(c, p); expect(c.dragging).toBeNull() } },
    { name: 'cancelling the drag moves nothing', from: 'ready.dragging', event: 'drag.cancel', to: 'ready.idle', effects: [],
      then: (c, p) => { sameTree(c, p); expect(c).toMatchObject({ dragging: null, target: null }) } },
    { name: 'a saved move says "moved" and can be undone', from: 'saving', event: 'xstate.done.actor.moveGroup', to: 'ready.idle', effects: ['notice:moved'],
      then: (c, p, e) => {
        expect(c.groups.find((g) => g.id === e.output.id)).toMatchObject({ version: e.output.version, parentId: e.output.parentId })
        expect(c.lastMove).toEqual({ id: p.pending!.id, fromParentId: p.pending!.previous.find((g) => g.id === p.pending!.id)!.parentId, toParentId: e.output.parentId })
      } },
    { name: 'a refused save rolls the tree back and says why', from: 'saving', event: 'xstate.error.actor.moveGroup', to: 'ready.idle', effects: ['notice:failed'],
      then: (c, p) => { expect(c.groups).toEqual(p.pending!.previous); expect(c.error).toBe('CONFLICT') } },
    { name: 'an undone move says "undone"; nothing is left to undo', from: 'undoing', event: 'xstate.done.actor.undoMove', to: 'ready.idle', effects: ['notice:undone'],
      then: (c, _p, e) => { expect(c.lastMove).toBeNull(); expect(c.groups.find((g) => g.id === e.output.id)).toMatchObject({ version: e.output.version, parentId: e.output.parentId }) } },
    { name: 'a refused undo rolls back and says why', from: 'undoing', event: 'xstate.error.actor.undoMove', to: 'ready.idle', effects: ['notice:failed'],
      then: (c, p) => { expect(c.groups).toEqual(p.pending!.previous); expect(c.error).toBe('CONFLICT') } },
  ],
  // the chart says why a drop, a save or the load was refused; the question says why a deletion was
  errorText: (c, s) => {
    if (s.matches('failed')) return [`Organizasyon ağacı yüklenemedi: ${REASON_SAYS[c.error!] ?? CATALOGUE.TECHNICAL}`]
    if (c.deleteError) return [`${REASON_SAYS[c.deleteError.reason]}: 2 alt grup`]
    if (s.matches({ ready: 'idle' }) && c.error) {
      return [c.error === 'LEVEL_ERROR' ? `${CATALOGUE.LEVEL_ERROR}: hiçbir şey taşınmadı.` : c.error === 'GROUP_CYCLE' ? 'Bir grup kendi alt grubunun altına taşınamaz: hiçbir şey taşınmadı.'
        : `Taşıma kaydedilemedi ve geri alındı: ${REASON_SAYS[c.error] ?? CATALOGUE.TECHNICAL}`]
    }
    // a reason is kept while the tree reloads or another drag starts over it (the chart speaks of the new one)
    return c.error ? [] : null
  },
  inputs: {
    loadTree: () => undefined,
    // the dragged group, under the target, with the version the tree was read at (a stale one is refused)
    moveGroup: (p) => ({ id: p.dragging, parentId: p.target!.parentId, version: p.groups.find((g) => g.id === p.dragging)!.version }),
    // the last moved group back under its old parent, with the version its move left
    undoMove: (p) => ({ id: p.lastMove!.id, parentId: p.lastMove!.fromParentId, version: p.groups.find((g) => g.id === p.lastMove!.id)!.version }),
    // the group the question named, with the version it was asked about
    deleteGroup: (p) => p.deleting,
  },
  // the chart opens at 1×, nothing dragged, nothing to undo
  initial: (c) => expect(c).toEqual({
    groups: [], dragging: null, target: null, candidates: [], pending: null, lastMove: null, zoom: 1, error: null, deleting: null, deleteError: null,
  }),
  describeEvent: (e) => {
    const ev = e as Record<string, unknown> & { type: string }
    switch (e.type) {
      case 'drag.start': return { tr: `kullanıcı "${ev.id}" grubunu sürüklemeye başlar`, en: `the user starts dragging group "${ev.id}"` }
      case 'target.over': return { tr: `blok "${ev.parentId ?? 'şirket'}" üzerine gelir`, en: `the block is over "${ev.parentId ?? 'company'}"` }
      case 'target.next': return { tr: 'kullanıcı sonraki hedefe geçer (ok tuşu)', en: 'the user steps to the next target (arrow key)' }
      case 'target.previous': return { tr: 'kullanıcı önceki hedefe geçer (ok tuşu)', en: 'the user steps to the previous target (arrow key)' }
      case 'target.leave': return { tr: 'blok hedeften çıkar', en: 'the block leaves the target' }
      case 'drop': return { tr: 'kullanıcı bloğu bırakır', en: 'the user drops the block' }
      case 'drag.cancel': return { tr: 'kullanıcı sürüklemeyi iptal eder', en: 'the user cancels the drag' }
      case 'undo': return { tr: 'kullanıcı "Geri al" der', en: 'the user presses "Undo"' }
      case 'delete.request': return { tr: `kullanıcı "${ev.id}" grubunu silmek ister`, en: `the user asks to delete group "${ev.id}"` }
      case 'delete.confirm': return { tr: 'kullanıcı silmeyi onaylar', en: 'the user confirms the deletion' }
      case 'delete.cancel': return { tr: 'kullanıcı silmekten vazgeçer', en: 'the user cancels the deletion' }
      case 'xstate.done.actor.deleteGroup': return { tr: 'sunucu grubu siler', en: 'the server deletes the group' }
      case 'xstate.error.actor.deleteGroup': return { tr: 'sunucu silmeyi reddeder (alt grubu var)', en: 'the server refuses the deletion (it has subgroups)' }
      case 'reload': return { tr: 'ağaç yeniden yüklenir', en: 'the tree is reloaded' }
      case 'zoom.in': return { tr: 'kullanıcı yakınlaştırır', en: 'the user zooms in' }
      case 'zoom.out': return { tr: 'kullanıcı uzaklaştırır', en: 'the user zooms out' }
      case 'zoom.fit': return { tr: 'kullanıcı ekrana sığdırır', en: 'the user fits to screen' }
      case 'zoom.set': return { tr: `kullanıcı tekerlek ya da iki parmakla ${ev.scale}× ölçeğe getirir`, en: `the user wheels or pinches to ${ev.scale}×` }
      case 'xstate.done.actor.loadTree': return { tr: 'sunucu grup ağacını gönderir', en: 'the server sends the group tree' }
      case 'xstate.error.actor.loadTree': return { tr: 'ağaç yüklenemez (ağ hatası)', en: 'the tree fails to load (network)' }
      case 'xstate.done.actor.moveGroup': return { tr: 'sunucu taşımayı kaydeder', en: 'the server saves the move' }
      case 'xstate.error.actor.moveGroup': return { tr: 'sunucu taşımayı reddeder (CONFLICT)', en: 'the server refuses the move (CONFLICT)' }
      case 'xstate.done.actor.undoMove': return { tr: 'sunucu geri almayı kaydeder', en: 'the server saves the undo' }
      case 'xstate.error.actor.undoMove': return { tr: 'sunucu geri almayı reddeder (CONFLICT)', en: 'the server refuses the undo (CONFLICT)' }
    }
    return { tr: e.type, en: e.type }
  },
}
