import { expect } from 'vitest'
import { paymentResultMachine, type PaymentOutcome } from '../../../machines/payment-result/payment-result.machine.ts'
import type { Model } from '../../support/model-test.ts'

export const outcome = (status: PaymentOutcome['status']): PaymentOutcome => ({
  orderId: 'KEM20261123411111550', status, reason: status === 'failed' ? 'DECLINED' : null, amount: '1250.50', currency: 'TRY',
  installment: 3, trxType: 'P01', maskedPan: '411111******1111', createdAt: '2026-11-23T10:00:00Z', updatedAt: '2026-11-23T10:00:05Z',
})

export const paymentResultModel: Model = {
  name: 'payment-result',
  machine: paymentResultMachine,
  // the landing page's last-payment notice (LastPaymentNotice.tsx): 3 attempts, 1.5 s apart
  input: { maxAttempts: 3, pollMs: 1500 },
  productionInput: { input: undefined, where: 'src/web/views/payment/PaymentResultView.tsx' },
  events: [{ type: 'retry' }],
  outputs: { fetchOutcome: [outcome('succeeded'), outcome('failed'), outcome('awaiting3ds'), null] },
  errors: { fetchOutcome: [Object.assign(new Error('x'), { kind: 'network' })] },
  serialize: (s) => ({ value: s.value, attempts: s.context.attempts, outcome: s.context.outcome?.status ?? null, error: s.context.error }),
  invariants: (s) => {
    expect(s.context.attempts).toBeLessThanOrEqual(s.context.maxAttempts)
    // the page never holds a card number: only the masked one the server keeps
    if (s.context.outcome) expect(s.context.outcome.maskedPan).toMatch(/^\d{6}\*+\d{4}$/)
  },
}
