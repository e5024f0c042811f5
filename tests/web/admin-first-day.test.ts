import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { createUserMachine } from '../../machines/create-user/create-user.machine.ts'
import { parseDraft, resumeStep, stepIssues, type CreateUserDraft } from '../../src/domain/create-user.ts'
import { createUserFlow } from '../../src/web/flows/create-user.ts'
import { DRAFT_KEY, forgetCreateUserDraft } from '../../src/web/flows/create-user-draft.ts'
import { setItem } from '../../src/web/storage.ts'
import { ROLE_ADMIN, VALID_ADDRESS, VALID_PERSONAL } from '../machines/models/create-user.model.ts'
import { timeZoneOptions } from '../../src/web/views/admin/company/choices.ts'
import { matches } from '../../src/web/views/admin/company/SearchSelect.tsx'
import { missingFields, excuseMissing } from '../../src/domain/missing-fields.ts'

describe('issue 25 in the browser\'s code', () => {
  it('item 12: time zones have readable names in the reader\'s language, ordered by offset, found by city, name, offset or code', () => {
    const tr = timeZoneOptions('tr')
    const istanbul = tr.find((o) => o.value === 'Europe/Istanbul')!
    expect(istanbul.name).toMatch(/^Istanbul · Türkiye( Standart)? Saati \(UTC\+03:00\) · Europe\/Istanbul$/)
    expect(timeZoneOptions('en').find((o) => o.value === 'Europe/Istanbul')!.name).toMatch(/^Istanbul · (Türkiye|Turkey)( Standard)? Time \(UTC\+03:00\) · Europe\/Istanbul$/)
    expect(timeZoneOptions('ru').find((o) => o.value === 'Europe/Berlin')!.name).toMatch(/^Berlin · Центральн\S+ Европ.* \(UTC\+0[12]:00\) · Europe\/Berlin$/)
    expect(tr.find((o) => o.value === 'UTC')!.name).toMatch(/\(UTC\+00:00\) · UTC$/)
    expect(tr.indexOf(tr.find((o) => o.value === 'America/New_York')!)).toBeLessThan(tr.indexOf(istanbul))
    for (const typed of ['istanbul', 'türkiye', 'UTC+03', 'Europe/Ist']) expect(tr.filter((o) => matches(o, typed)).map((o) => o.value), typed).toContain('Europe/Istanbul')
  })

  it('item 1: a field the record never had is excused only while it stays empty', () => {
    const missing = missingFields({ phone: null, taxNumber: '', size: 'LARGE' }, ['phone', 'taxNumber', 'size'])
    expect(missing).toEqual(['phone', 'taxNumber'])
    const issues = [{ path: 'phone', code: 'required' }, { path: 'taxNumber', code: 'taxNumber' }, { path: 'size', code: 'requiredSelection' }]
    expect(excuseMissing(issues, missing, { phone: null, taxNumber: '123', size: null })).toEqual(issues.slice(1))
  })

  it('item 6: an error under a wizard field goes once the field is corrected; other errors stay; nothing new shows while typing', async () => {
    const noDraft = createUserMachine.provide({ actors: { loadDraft: fromPromise<CreateUserDraft | null, void>(async () => null) } })
    const actor = createActor(noDraft, { input: { today: '2026-11-27' } }).start()
    await waitFor(actor, (s) => s.matches('personal'))
    actor.send({ type: 'step.next' })
    const shown = actor.getSnapshot().context.errors
    expect(shown.firstName).toBe('required')
    expect(shown.email).toBe('required')
    actor.send({ type: 'personal.change', values: { firstName: 'Ayşe' } })
    expect(actor.getSnapshot().context.errors.firstName).toBeUndefined()
    expect(actor.getSnapshot().context.errors.email).toBe('required')
    actor.send({ type: 'personal.change', values: { email: 'ayse@' } })
    expect(actor.getSnapshot().context.errors.email).toBe('email')
    actor.send({ type: 'personal.change', values: { email: 'ayse@example.com' } })
    expect(actor.getSnapshot().context.errors.email).toBeUndefined()
    // a field without an error gets none while typing
    actor.send({ type: 'personal.change', values: { firstName: '' } })
    expect(actor.getSnapshot().context.errors.firstName).toBeUndefined()
  })

  it('item 11: a hyphen between two letters is accepted in staff names (double-barrelled surnames); other marks are not', () => {
    const issues = (lastName: string) => stepIssues('personal', { personal: { ...VALID_PERSONAL, lastName }, address: VALID_ADDRESS, groupRoles: { isAssigntoGroup: false, chosengroup: '', isAssigntoOtherGroup: false, selectedRoles: [], selectedMain: '' } } as never, '2026-11-27')
    expect(issues('Kara-Yıldız')).toEqual({})
    expect(issues('Çağlar-Öztürk Demir')).toEqual({})
    expect(issues('Kara-').lastName).toBe('name')
    expect(issues('-Kara').lastName).toBe('name')
    expect(issues("O'Brien").lastName).toBe('name')
  })

  describe('item 6: the wizard\'s draft in this tab', () => {
    const signIn = (username: string) => {
      setItem('companyId', 'c1')
      setItem('session', JSON.stringify({ username, firstName: 'A', lastName: 'B' }))
    }
    const start = async () => {
      const actor = createActor(createUserFlow, { input: { today: '2026-11-27' } }).start()
      await waitFor(actor, (s) => !s.matches('restoring'))
      return actor
    }
    const stored = () => JSON.parse(sessionStorage.getItem(DRAFT_KEY) ?? 'null') as { owner: string; draft: { step: string; personal: Record<string, unknown> } } | null

    it('is saved on every change with its step, and a new wizard reopens that step with what was typed', async () => {
      forgetCreateUserDraft()
      signIn('admin')
      const a = await start()
      a.send({ type: 'personal.change', values: VALID_PERSONAL })
      expect(stored()!.draft.step).toBe('personal')
      a.send({ type: 'step.next' })
      a.send({ type: 'address.change', values: { locationname: 'Ev' } })
      expect(stored()).toMatchObject({ owner: 'c1/admin', draft: { step: 'address', personal: { username: 'selin.aksoy' } } })
      expect(sessionStorage.getItem(DRAFT_KEY)).not.toMatch(/password/i)
      a.stop()
      const b = await start()
      expect(b.getSnapshot().value).toBe('address')
      expect(b.getSnapshot().context.personal.username).toBe('selin.aksoy')
      expect(b.getSnapshot().context.address.locationname).toBe('Ev')
      // someone else signed in on this tab does not get it
      signIn('other')
      const c = await start()
      expect(c.getSnapshot().value).toBe('personal')
      expect(c.getSnapshot().context.personal.username).toBe('')
    })

    it('is forgotten on "Vazgeç" and on an unreadable draft', async () => {
      signIn('admin')
      const a = await start()
      a.send({ type: 'personal.change', values: { firstName: 'Ayşe' } })
      expect(stored()).not.toBeNull()
      a.send({ type: 'wizard.cancel' })
      expect(a.getSnapshot().status).toBe('done')
      expect(sessionStorage.getItem(DRAFT_KEY)).toBeNull()
      sessionStorage.setItem(DRAFT_KEY, '{not json')
      const b = await start()
      expect(b.getSnapshot().value).toBe('personal')
      expect(sessionStorage.getItem(DRAFT_KEY)).not.toBe('{not json')
    })

    it('is not trusted: only the wizard\'s fields of their own types, reopened at the first step that breaks a rule', () => {
      expect(parseDraft({ step: 'somewhere' })).toBeNull()
      expect(parseDraft('x')).toBeNull()
      const d = parseDraft({ step: 'review', personal: { ...VALID_PERSONAL, firstName: 42, password: 'x', gender: 'other' }, address: VALID_ADDRESS, groupRoles: { isAssigntoOtherGroup: true, selectedRoles: [{ roleId: 'r', validTo: '', extra: 1 }] } })!
      expect(d.personal.firstName).toBe('')
      expect(d.personal.gender).toBe('')
      expect(d.personal).not.toHaveProperty('password')
      expect(d.groupRoles.selectedRoles).toEqual([{ roleId: 'r', validTo: '' }])
      expect(resumeStep(d, '2026-11-27')).toBe('personal')
      expect(resumeStep({ ...d, personal: { ...VALID_PERSONAL } }, '2026-11-27')).toBe('groupRoles')
      expect(resumeStep({ ...d, personal: { ...VALID_PERSONAL }, groupRoles: { ...d.groupRoles, selectedRoles: [{ roleId: ROLE_ADMIN, validTo: '2099-01-01' }] } }, '2026-11-27')).toBe('review')
      expect(resumeStep({ ...d, step: 'address', personal: { ...VALID_PERSONAL } }, '2026-11-27')).toBe('address')
    })
  })
})
