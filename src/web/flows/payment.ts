import type { PaymentOutcome } from '../../../machines/payment-result/payment-result.machine.ts'
import { fromPromise } from 'xstate'
import * as z from 'zod/mini'
import { paymentMachine, type PaymentOrder, type StartPaymentInput } from '../../../machines/payment/payment.machine.ts'
import { checkCardBin, checkPurchaseCard } from '../../domain/card/bin.ts'
import { cardDigits } from '../../domain/card/brands.ts'
import { isProvisionTrxType } from '../../domain/card/card-form.ts'
import { ORDER_ID_PATTERN } from '../../domain/card/order-id.ts'
import { buildGatewayPayload, isBankGateUrl } from '../../domain/schemas/gateway.ts'
import { call } from '../api/client.ts'
import { runtimeConfig } from '../config.ts'
import { getItem } from '../storage.ts'
import { saveLastPayment } from './last-payment.ts'

/**
 * The payment flow's real effects. The card number and the CVC live only here, in the vault the
 * view writes on each keystroke (never in the machine, its events or the inspector), and in the
 * one request to our server. The 3-D form the server answers (it carries the card for the bank)
 * waits here until the modal's frame exists, then is posted into it and dropped.
 */
export type ThreeDForm = { action: string; fields: [string, string][] }
export type PaymentVault = { number: string; cvc: string; pendingForm: ThreeDForm | null }

export const FRAME_NAME = 'ke-3d-frame'

type GatewayAnswer = { orderId: string; receipt: string; timeoutMs: number; html: string }

/** The answer's form, read without running anything in it; only a same-origin or https action (or a loopback test bank's). */
export function parseThreeDForm(html: string): ThreeDForm | null {
  const doc = new DOMParser().parseFromString(html, 'text/html')
  const form = doc.querySelector('form')
  if (!form) return null
  const action = new URL(form.getAttribute('action') ?? '', location.href)
  if (action.origin !== location.origin && !isBankGateUrl(action.href)) return null
  const fields: [string, string][] = [...form.querySelectorAll('input')].map((i) => [i.name, i.value])
  return { action: action.href, fields }
}

/**
 * `purchaseId`: the purchase this payment pays; the server then charges the purchase's amount
 * (docs/decisions/purchase.md) and the card rule is the purchase's (any credit card of the four
 * networks; docs/decisions/card-acceptance.md). The order id is the server's (issue 21).
 */
export function createPaymentFlow(purchaseId?: string) {
  const vault: PaymentVault = { number: '', cvc: '', pendingForm: null }
  const clearSecrets = () => {
    vault.number = ''
    vault.cvc = ''
    vault.pendingForm = null
  }
  const machine = paymentMachine.provide({
    actions: { clearSecrets },
    actors: {
      checkBin: fromPromise(async ({ input }: { input: { bin: string } }) => (purchaseId ? checkPurchaseCard(input.bin) : checkCardBin(input.bin))),
      startPayment: fromPromise<PaymentOrder, StartPaymentInput>(async ({ input }) => {
        const number = cardDigits(vault.number)
        if (number.slice(0, 6) !== input.card.bin) throw Object.assign(new Error('card changed'), { code: 'VALIDATION' })
        const payload = buildGatewayPayload({ ...input.values, number, cvc: vault.cvc }, {
          okUrl: `${location.origin}/result/success`,
          failUrl: `${location.origin}/result/error`,
        })
        if (!payload) throw Object.assign(new Error('invalid'), { code: 'VALIDATION' })
        const answer = await call<GatewayAnswer>('/moneyio/collection/posIP3D/Gateway', {
          base: runtimeConfig.paymentApiBase,
          body: payload,
          headers: { companyId: getItem('companyId') ?? '', provision: String(isProvisionTrxType(input.values.trxtype)), ...(purchaseId ? { purchaseId } : {}) },
        })
        const form = parseThreeDForm(answer.html)
        if (!form) throw Object.assign(new Error('bad form'), { code: 'KVT_GATEWAY_ERR4' })
        vault.pendingForm = form
        saveLastPayment(answer.orderId, answer.receipt)
        return { orderId: answer.orderId, timeoutMs: answer.timeoutMs }
      }),
    },
  })

  return {
    machine,
    vault,
    /** Posts the waiting 3-D form into the frame (named FRAME_NAME), then forgets it and the card. */
    submitToFrame(doc: Document = document): boolean {
      const pending = vault.pendingForm
      if (!pending) return false
      const form = doc.createElement('form')
      form.method = 'post'
      form.action = pending.action
      form.target = FRAME_NAME
      form.hidden = true
      for (const [name, value] of pending.fields) {
        const input = doc.createElement('input')
        input.type = 'hidden'
        input.name = name
        input.value = value
        form.append(input)
      }
      doc.body.append(form)
      form.submit()
      form.remove()
      clearSecrets()
      return true
    },
  }
}

export type PaymentFlow = ReturnType<typeof createPaymentFlow>

const Close3DBox = z.strictObject({
  type: z.literal('close3DBox'),
  orderId: z.string().check(z.regex(ORDER_ID_PATTERN)),
  status: z.enum(['success', 'error']),
})

/**
 * A `close3DBox` message is believed only when it comes from the 3-D frame's own window, from the
 * expected origin (the callback page is ours), with a schema-valid payload.
 */
export function acceptClose3DBox(event: MessageEvent, frameWindow: Window | null | undefined, expectedOrigin: string = location.origin) {
  if (!frameWindow || event.source !== frameWindow || event.origin !== expectedOrigin) return null
  const parsed = z.safeParse(Close3DBox, event.data)
  return parsed.success ? parsed.data : null
}

export type { PaymentOutcome }
// the result pages' flow, apart from the card form's (issue 23 goal 2: a result page loads no card-form code)
export { fetchLastOutcome, paymentResultFlow } from './payment-result.ts'
