import { expect } from 'vitest'
import type { FormPanelContext } from '../../../machines/form-panel/form-panel.machine.ts'
import type { Expectations } from '../../support/expectations.ts'

/** The Team page's words (src/web/views/admin/team: TeamView, GroupPanel). */
const CHOOSE = 'Düzenlemek için şemada bir grup seçin ya da yeni bir grup ekleyin.'
const EDIT = 'Grubu düzenle'
const NAME = 'Grup adı'
const NEW_UNDER = 'Üst grup'
const DELETE = 'Grubu sil'

/**
 * Which form is open beside the chart, written apart from machines/form-panel: each opening is a
 * fresh form; a new group goes under the group shown when "Yeni grup" was pressed; once saved, the
 * new group's own form shows; deleting the shown group closes its form.
 */
export const formPanelExpectations: Expectations<FormPanelContext> = {
  states: {
    closed: {
      words: { tr: 'form kapalı: bir grup seçmeniz istenir', en: 'no form: the page asks to choose a group' },
      screen: { texts: [CHOOSE], absent: [NAME] },
      context: (c) => expect(c).toMatchObject({ id: null, parentId: null }),
      ignores: [{ type: 'close' }, { type: 'saved', id: 'N' }, { type: 'removed', id: 'A' }],
    },
    showing: {
      words: { tr: 'seçilen grubun formu açık', en: 'the chosen group\'s form is open' },
      screen: { texts: [EDIT, NAME, DELETE], absent: [CHOOSE] },
      context: (c) => expect(c.id).not.toBeNull(),
      // "saved" belongs to a new record's form; another group deleted leaves this form open
      ignores: [{ type: 'saved', id: 'N' }, { type: 'removed', id: 'another-group' }],
    },
    creating: {
      words: { tr: 'yeni grup formu açık', en: 'the new group form is open' },
      screen: { texts: [NAME, NEW_UNDER], absent: [CHOOSE, EDIT, DELETE] },
      context: (c) => expect(c.id).toBeNull(),
      ignores: [{ type: 'removed', id: 'A' }],
    },
  },
  rules: [
    ...(['closed', 'showing', 'creating'] as const).map((from) => ({
      name: `choosing a group (${from}) opens its form, fresh`, from, event: 'open', to: 'showing',
      when: (c: FormPanelContext, e: { id: string }) => from !== 'showing' || c.id !== e.id,
      then: (c: FormPanelContext, p: FormPanelContext, e: { id: string }) => { expect(c.id).toBe(e.id); expect(c.parentId).toBeNull(); expect(c.round).toBe(p.round + 1) },
    })),
    { name: 'choosing the group already shown keeps its form (and its edits)', from: 'showing', event: 'open', when: (c, e) => c.id === e.id, to: 'showing',
      then: (c, p) => expect(c).toEqual(p) },
    { name: '"Yeni grup" with nothing shown: a new top-level group', from: 'closed', event: 'create', to: 'creating',
      then: (c, p) => { expect(c.parentId).toBeNull(); expect(c.round).toBe(p.round + 1) } },
    { name: '"Yeni grup" with a group shown: the new group goes under it', from: 'showing', event: 'create', to: 'creating',
      then: (c, p) => { expect(c.parentId).toBe(p.id); expect(c.round).toBe(p.round + 1) } },
    { name: '"Yeni grup" again: a fresh form under the same parent', from: 'creating', event: 'create', to: 'creating',
      then: (c, p) => { expect(c.parentId).toBe(p.parentId); expect(c.round).toBe(p.round + 1) } },
    { name: 'a saved new group shows its own form', from: 'creating', event: 'saved', to: 'showing',
      then: (c, _p, e) => { expect(c.id).toBe(e.id); expect(c.parentId).toBeNull() } },
    { name: 'deleting the shown group closes its form', from: 'showing', event: 'removed', when: (c, e) => e.id === c.id, to: 'closed' },
    ...(['showing', 'creating'] as const).map((from) => ({ name: `"Kapat" (${from}) closes the form`, from, event: 'close', to: 'closed' })),
  ],
  inputs: {},
  initial: (c) => expect(c).toEqual({ id: null, parentId: null, round: 0 }),
  describeEvent: (e) => {
    const ev = e as { type: string; id?: string }
    switch (e.type) {
      case 'open': return { tr: `kullanıcı şemada "${ev.id}" grubunu seçer`, en: `the user picks group "${ev.id}" in the chart` }
      case 'create': return { tr: 'kullanıcı "Yeni grup" düğmesine basar', en: 'the user presses "Yeni grup"' }
      case 'saved': return { tr: 'yeni grup kaydedilir', en: 'the new group is saved' }
      case 'removed': return { tr: `"${ev.id}" grubu silinir`, en: `group "${ev.id}" is deleted` }
      case 'close': return { tr: 'kullanıcı "Kapat" düğmesine basar', en: 'the user presses "Kapat"' }
    }
    return { tr: e.type, en: e.type }
  },
}
