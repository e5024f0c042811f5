import { fromPromise } from 'xstate'
import { paymentResultMachine, type PaymentOutcome } from '../../../machines/payment-result/payment-result.machine.ts'
import { call } from '../api/client.ts'
import { runtimeConfig } from '../config.ts'
import { readLastPayment } from './last-payment.ts'

/*
 * The result pages' flow (and the last payment's notice on `/`): apart from the card form's code
 * (flows/payment.ts, which re-exports it), so a result page loads no card-form checks or zod
 * (issue 23 goal 2).
 */

/** The last payment's real outcome, asked from the server (the URL decides nothing). */
export async function fetchLastOutcome(): Promise<PaymentOutcome | null> {
  const saved = readLastPayment()
  if (!saved) return null
  return call<PaymentOutcome>(`/moneyio/collection/posIP3D/order/${encodeURIComponent(saved.orderId)}`, { query: { receipt: saved.receipt }, base: runtimeConfig.paymentApiBase })
}

/** The result pages' flow: the server's record of the last order, polled while the bank answers. */
export const paymentResultFlow = paymentResultMachine.provide({
  actors: { fetchOutcome: fromPromise(() => fetchLastOutcome()) },
})
