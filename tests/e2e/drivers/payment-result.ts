import type { AnyEventObject } from 'xstate'
import { paymentResultExpectations } from '../../machines/expectations/payment-result.ts'
import { paymentResultModel } from '../../machines/models/payment-result.model.ts'
import { approve, ORDERS, RESULT_KEY, startOrder } from './bank.ts'
import type { Driver } from './types.ts'

export const paymentResultDriver: Driver = {
  id: 'paymentResult',
  model: paymentResultModel,
  expectations: paymentResultExpectations,
  ignoreNone: "retry is its only ignored event, and no screen but the failed one has a control that sends it (\"Tekrar dene\" shows only there)",
  async open(page, path, server) {
    const first = path[0]?.event as AnyEventObject & { output?: unknown }
    await page.goto('/')
    if (first.type === 'xstate.done.actor.fetchOutcome' && first.output !== null) {
      // an order started on the real gateway (this tab keeps its receipt): the bank answers it at once
      // when the path's first answer is settled, with a declined card for a failure; else not yet
      const status = (first.output as { status: string }).status
      const order = await startOrder(server, undefined, status === 'failed' ? 'declined' : 'success')
      if (status === 'succeeded' || status === 'failed') await approve(server, order)
      ORDERS.set(page, order)
      await page.evaluate(([key, value]) => sessionStorage.setItem(key!, value!), [RESULT_KEY, JSON.stringify({ orderId: order.orderId, receipt: order.receipt })])
    }
    await page.goto('/result/success')
  },
  async act(page, step, next, server) {
    const outcome = '**/moneyio/collection/posIP3D/order/**'
    if (next?.event.type === 'xstate.error.actor.fetchOutcome') await page.route(outcome, (route) => route.abort('connectionrefused'))
    if (step.event.type === 'retry') {
      await page.unroute(outcome)
      // the path wants a settled order now: the bank answers
      const o = next?.event as (AnyEventObject & { output?: { status?: string } }) | undefined
      if (o?.output?.status === 'succeeded') await approve(server, ORDERS.get(page)!)
      await page.getByRole('button', { name: 'Tekrar dene' }).click()
    }
  },
}
