import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { createUserMachine } from '../../machines/create-user/create-user.machine.ts'
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

  it('item 6: an error under a wizard field goes once the field is corrected; other errors stay; nothing new shows while typing', () => {
    const actor = createActor(createUserMachine, { input: { today: '2026-11-27' } }).start()
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
})
