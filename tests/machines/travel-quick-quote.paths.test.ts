import { expect } from 'vitest'
import { travelQuickQuoteMachine } from '../../machines/travel-quick-quote/travel-quick-quote.machine.ts'
import { modelSuite } from '../support/model-test.ts'

const at = '2026-03-02T09:00:00.000Z'
const plan = { birthdate: '1996-01-15', gender: 'female', travelLocation: 'schengen', coverageType: 'standard', covid: false, startDate: '2026-04-01', endDate: '2026-04-07' }

modelSuite({
  name: 'travel-quick-quote',
  machine: travelQuickQuoteMachine,
  events: [
    { type: 'form.submit', at, ...plan, birthdate: '', gender: '', travelLocation: '', startDate: '', endDate: '' },
    { type: 'form.submit', at, ...plan, endDate: '2026-03-30' },
    { type: 'form.submit', at, ...plan },
    { type: 'form.submit', at, ...plan, travelLocation: 'worldwide', coverageType: 'premium', covid: true, birthdate: '1955-06-01', endDate: '2026-04-30' },
    { type: 'quote.buy' },
  ],
  serialize: (s) => ({ value: s.value, errors: s.context.errors, premium: s.context.quote?.premiumTry ?? null }),
  invariants: (s) => {
    // expectations written from docs/decisions/tariff.md, apart from the machine
    if (s.matches('quoted')) {
      expect(s.context.errors).toEqual({})
      expect(s.context.quote!.meetsSchengenVisa).toBe(true)
      expect([450, 10226]).toContain(s.context.quote!.premiumTry)
    }
    if (s.matches('editing') && s.context.values.endDate === '2026-03-30') expect(s.context.errors).toEqual({ endDate: 'endBeforeStart' })
    if (s.matches('editing') && s.context.values.gender === '' && Object.keys(s.context.errors).length) {
      expect(s.context.errors).toEqual({ birthdate: 'required', startDate: 'required', endDate: 'required', gender: 'requiredSelection', travelLocation: 'requiredSelection' })
    }
    if (s.status === 'done') expect(s.output.values.travelLocation).toBeTruthy()
  },
}, { compare: (s) => ({ value: s.value, status: s.status, errors: s.context.errors }) })
