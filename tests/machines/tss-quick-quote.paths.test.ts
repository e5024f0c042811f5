import { expect } from 'vitest'
import { tssQuickQuoteMachine } from '../../machines/tss-quick-quote/tss-quick-quote.machine.ts'
import { modelSuite } from '../support/model-test.ts'

const at = '2026-03-02T09:00:00.000Z'

modelSuite({
  name: 'tss-quick-quote',
  machine: tssQuickQuoteMachine,
  events: [
    { type: 'form.submit', at, gender: '', citycode: '', birthdate: '' },
    { type: 'form.submit', at, gender: 'male', citycode: '34', birthdate: '1950-01-01' },
    { type: 'form.submit', at, gender: 'female', citycode: '35', birthdate: '2000-06-01' },
    { type: 'form.submit', at, gender: 'male', citycode: '34', birthdate: '1996-01-15' },
    { type: 'quote.buy', visits: 10 },
    { type: 'quote.buy', visits: 9 },
    { type: 'retry' },
  ],
  outputs: { loadCities: [[{ value: '34', name: 'İstanbul' }, { value: '35', name: 'İzmir' }]] },
  serialize: (s) => ({ value: s.value, errors: s.context.errors, quote: s.context.quote?.options[2]?.annualTry ?? null }),
  invariants: (s) => {
    // what the visitor sees, written apart from the transitions
    if (s.matches('quoted')) {
      expect(s.context.quote!.options.map((o: { visits: number }) => o.visits)).toEqual([0, 8, 10, 12])
      expect(s.context.errors).toEqual({})
    }
    if (s.matches('editing') && s.context.values.birthdate === '1950-01-01') expect(s.context.errors.birthdate).toBe('ageRange')
    if (s.matches('editing') && s.context.values.gender === '' && s.context.values.birthdate === '') {
      if (Object.keys(s.context.errors).length) expect(s.context.errors).toEqual({ gender: 'requiredSelection', citycode: 'requiredSelection', birthdate: 'required' })
    }
    if (s.status === 'done') expect(s.output).toMatchObject({ visits: 10 })
    // the 30-year-old İstanbul man's 10-visit price (docs/decisions/tariff.md): 13,068 TRY a year
    if (s.matches('quoted') && s.context.values.birthdate === '1996-01-15') expect(s.context.quote!.options[2]!.annualTry).toBe(13068)
  },
}, { compare: (s) => ({ value: s.value, status: s.status, errors: s.context.errors }) })
