import * as z from 'zod/mini'
import { validateCardForm, type CardFormValues } from '../card/card-form.ts'

/**
 * The card payment form (spec 3.4) as a strict zod/mini schema. Types first (strings, capped in
 * size), then every rule of `validateCardForm` reported as an issue on its field whose message is
 * the MESSAGE CODE (e.g. 'number.required'); the web layer translates codes. `now` is read at each
 * parse, for the expiry check.
 */
const text = (code: string) => z.string().check(z.maxLength(256, code))

export function createCardFormSchema(now: () => Date = () => new Date()) {
  return z
    .strictObject({
      number: text('number.invalid'),
      name: text('name.tooLong'),
      cvc: text('cvc.invalid'),
      expiry: text('expiry.invalid'),
      bankcode: text('bankcode.tooLong'),
      currcode: text('currcode.tooLong'),
      amount: text('amount.invalid'),
      trxtype: text('trxtype.invalid'),
      installment: text('installment.invalid'),
      cardtype: z.string().check(z.maxLength(40)),
      cardOwner: z.string().check(z.maxLength(100)),
      paymentConcent: z.optional(z.boolean()),
      paymentDay: z.optional(text('paymentDay.invalid')),
    })
    .check(
      z.superRefine((values: CardFormValues, ctx) => {
        for (const [field, code] of Object.entries(validateCardForm(values, now()))) {
          ctx.addIssue({ code: 'custom', message: code, path: [field], input: values[field as keyof CardFormValues] })
        }
      }),
    )
}

export const cardFormSchema = /* @__PURE__ */ createCardFormSchema()
export type CardForm = z.infer<typeof cardFormSchema>
