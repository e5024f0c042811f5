import { describe, it } from 'vitest'
import { modelSuite, productionModel, replayChecked } from '../support/model-test.ts'
import type { GeneratedPath, Snapshot } from '../support/paths.ts'
import { paymentExpectations } from './expectations/payment.ts'
import { paymentModel } from './models/payment.model.ts'

modelSuite(paymentModel, paymentExpectations)

// the production input's covering set takes every transition, not every count: a purchase's
// instalments are checked here by the rules, count by count (3, 24, back to 1, and after a reset)
describe('payment: a purchase\'s instalments (production input)', () => {
  it('follow the count chosen, as the rules split the charge', () => {
    const production = productionModel(paymentModel)!
    const events = [
      { type: 'field.change', field: 'installment', value: '3' },
      { type: 'field.change', field: 'name', value: 'Ayşe Yılmaz' },
      { type: 'field.change', field: 'installment', value: '24' },
      { type: 'field.change', field: 'installment', value: '1' },
      { type: 'field.change', field: 'installment', value: '3' },
      { type: 'form.reset' },
    ]
    const path: GeneratedPath = { steps: events.map((event) => ({ event, state: undefined as unknown as Snapshot })), end: undefined as unknown as Snapshot }
    replayChecked(production, paymentExpectations, path)
  })
})
