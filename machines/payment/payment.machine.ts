import { and, assign, emit, setup } from 'xstate'
import { maskAmountInput, readAmount } from '../../src/domain/amount.ts'
import { bankCodeOf, needsBankCodeFromCustomer, type BinCheckResult, type BinRejectReason } from '../../src/domain/card/bin.ts'
import { cardBrandById, type CardBrandId } from '../../src/domain/card/brands.ts'
import { CARD_FORM_DEFAULTS, isThreeDTrxType, validateCardForm, type CardFormErrors } from '../../src/domain/card/card-form.ts'
import { BANK_CODE_MAX, CURR_CODE_MAX, INSTALLMENT_MAX, INSTALLMENT_MIN, NAME_MAX_LENGTH } from '../../src/domain/constants.ts'
import { instalmentPlan, type InstalmentPlan } from '../../src/domain/instalments.ts'
import { providedLater, reasonOf } from '../shared/not-provided.ts'

/**
 * The card payment test form (spec 3.4, 4 "Payment flow", 5, 7.4): editing (with the BIN check on
 * blur) -> validating -> submitting (the gateway call) -> threeD (the bank's page in the modal's
 * frame) -> succeeded | failed | timedOut.
 *
 * The card number and the CVC never enter this machine: the web layer keeps them in its own
 * vault and sends only facts (first 6 and last 4 digits, length, completeness, brand; the CVC's
 * length), so neither the context, the events nor the inspector ever hold them.
 */

/** The non-secret fields of the form, as shown. */
export type PaymentField = 'name' | 'expiry' | 'bankcode' | 'currcode' | 'amount' | 'trxtype' | 'installment' | 'cardtype' | 'cardOwner'
export type PaymentValues = Record<PaymentField, string>

/** What the machine knows about the typed card number. */
export type CardFacts = {
  /** First 6 digits ('' while fewer are typed). */
  bin: string
  /** Last 4 digits of a complete number, else ''. */
  last4: string
  length: number
  /** One of the brand's lengths and Luhn-valid. */
  complete: boolean
  brand: CardBrandId
}

export type BinStatus = 'unchecked' | 'checking' | 'accepted' | 'refused' | 'unavailable'

export type PaymentOrder = { orderId: string; timeoutMs: number }

/**
 * `currency`: what the currency field starts with and returns to on reset (the company's or spec 9's).
 * `purchase`: the form pays a purchase (issue 21): its card rule takes personal credit cards and
 * refuses a debit card saying to use a credit card; the test form keeps spec 5's rule and text.
 * `charge`: what a purchase charges (the server's amount and currency): the instalments the chosen
 * count splits it into are the machine's (`instalments`), the view only words them.
 */
export type PaymentCharge = { amount: number; currency: string }
export type PaymentInput = { timeoutMs?: number; currency?: string; purchase?: boolean; charge?: PaymentCharge } | undefined

export type PaymentContext = {
  values: PaymentValues
  card: CardFacts
  cvcLength: number
  bin: BinStatus
  /** The BIN whose status `bin` is. */
  checkedBin: string
  /** Why the BIN rule refused it (a debit card, an unknown BIN...), while `bin` is refused. */
  binRefusal: BinRejectReason | null
  /** The accepted card's bank is not in the BIN table (a Troy 9792 card): the customer types its code. */
  bankCodeManual: boolean
  errors: CardFormErrors
  /** After the first submit, errors follow every change. */
  submitted: boolean
  submittedAt: number
  /** Reason code of the last failure (never text). */
  reason: string | null
  order: PaymentOrder | null
  /** The form pays a purchase (its BIN refusal of a debit card says to use a credit card). */
  purchase: boolean
  /** Grows at every reset, so the view can re-create its uncontrolled inputs. */
  generation: number
  /** Default limit for the bank page when the gateway names none. */
  timeoutMs: number
  /** The currency the form starts with (and "Formu Temizle" returns to). */
  defaultCurrency: string
  /** What a purchase charges (the server's figures); null on the test form. */
  charge: PaymentCharge | null
  /** The charge split into the chosen number of instalments (they add up to it; the first takes the kuruş left over); null without a charge. */
  instalments: InstalmentPlan | null
}

export type PaymentEvent =
  | { type: 'field.change'; field: PaymentField; value: string }
  | { type: 'card.input'; bin: string; last4: string; length: number; complete: boolean; brand: CardBrandId }
  | { type: 'cvc.input'; length: number }
  | { type: 'card.blur' }
  | { type: 'amount.blur' }
  | { type: 'form.submit'; at: number }
  | { type: 'form.reset' }
  | { type: 'frame.loaded' }
  | { type: 'frame.closed'; orderId: string; status: 'success' | 'error' }

export type PaymentNotice =
  | { type: 'notice'; code: 'invalid' | 'notConnected' | 'reset' | 'timeout' | 'binRefused' }
  | { type: 'notice'; code: 'error'; reason: string }

/** What the gateway actor gets: the non-secret values and the card facts (the flow adds the rest). */
export type StartPaymentInput = { values: PaymentValues; card: CardFacts }

export const PAYMENT_TIMEOUT_MS = 180_000

export const EMPTY_CARD: CardFacts = { bin: '', last4: '', length: 0, complete: false, brand: 'unknown' }

export function defaultValues(currency = ''): PaymentValues {
  const d = CARD_FORM_DEFAULTS
  return {
    name: d.name, expiry: d.expiry, bankcode: d.bankcode, currcode: currency || d.currcode, amount: d.amount,
    trxtype: d.trxtype, installment: d.installment, cardtype: d.cardtype, cardOwner: d.cardOwner,
  }
}

/** The charge in the instalments `installment` (the field's value) asks for: one when it says no number. */
export function instalmentsOf(charge: PaymentCharge | null, installment: string): InstalmentPlan | null {
  return charge ? instalmentPlan(charge.amount, Number(installment) || 1) : null
}

/** Live mask of the expiry field: 'MM/YY', digits only, a slash after the month. */
export function maskExpiryInput(text: string): string {
  const d = text.replace(/\D/g, '').slice(0, 4)
  if (d.length === 1 && d > '1') return `0${d}`
  if (d.length < 3) return d
  return `${d.slice(0, 2)}/${d.slice(2)}`
}

/** The value a field keeps for what was typed: masks and limits of spec 3.4, 5 and 9. */
export function normalizeField(field: PaymentField, value: string): string {
  switch (field) {
    case 'expiry': return maskExpiryInput(value)
    case 'amount': return maskAmountInput(value)
    case 'name': return [...value].slice(0, NAME_MAX_LENGTH).join('')
    case 'bankcode': return value.slice(0, BANK_CODE_MAX)
    case 'currcode': return value.toUpperCase().slice(0, CURR_CODE_MAX)
    case 'installment': {
      const n = Math.round(Number(value))
      return Number.isFinite(n) ? String(Math.min(Math.max(n, INSTALLMENT_MIN), INSTALLMENT_MAX)) : ''
    }
    default: return value.slice(0, 40)
  }
}

/** The message of a refused BIN: a purchase refusing a debit card says so (issue 21), else spec 5's "not valid". */
export function binRefusalCode(ctx: Pick<PaymentContext, 'purchase' | 'binRefusal'>): 'number.binRejected' | 'number.debitCard' {
  return ctx.purchase && ctx.binRefusal === 'debit_card' ? 'number.debitCard' : 'number.binRejected'
}

/** Every failing field: the domain's rules for the plain fields, the card facts for number and CVC. */
export function paymentErrors(ctx: Pick<PaymentContext, 'values' | 'card' | 'cvcLength' | 'bin' | 'purchase' | 'binRefusal'>, now: Date): CardFormErrors {
  const errors = validateCardForm({ ...ctx.values, number: '', cvc: '' }, now)
  delete errors.number
  delete errors.cvc
  if (ctx.card.length === 0) errors.number = 'number.required'
  else if (!ctx.card.complete) errors.number = 'number.invalid'
  else if (ctx.bin === 'refused') errors.number = binRefusalCode(ctx)
  if (ctx.cvcLength === 0) errors.cvc = 'cvc.required'
  else if (ctx.cvcLength !== cardBrandById(ctx.card.brand).cvcLength) errors.cvc = 'cvc.invalid'
  return errors
}

/** The errors without a BIN refusal of the card number (other number errors stay). */
function withoutBinRefusal(errors: CardFormErrors): CardFormErrors {
  if (errors.number !== 'number.binRejected' && errors.number !== 'number.debitCard') return errors
  const { number: _refused, ...rest } = errors
  return rest
}

function hasAny(errors: CardFormErrors): boolean {
  return Object.keys(errors).length > 0
}

const errorsNow = (context: PaymentContext) => paymentErrors(context, new Date(context.submittedAt))

export const paymentMachine = setup({
  types: {} as { context: PaymentContext; events: PaymentEvent; input: PaymentInput; emitted: PaymentNotice },
  actors: {
    checkBin: providedLater<BinCheckResult, { bin: string }>('checkBin'),
    startPayment: providedLater<PaymentOrder, StartPaymentInput>('startPayment'),
  },
  guards: {
    hasBin: ({ context }) => context.card.bin.length === 6,
    isNotConnected: ({ context }) => !isThreeDTrxType(context.values.trxtype),
    needsBinCheck: ({ context }) => context.card.complete && (context.bin !== 'accepted' || context.checkedBin !== context.card.bin),
    hasErrors: ({ context }) => hasAny(errorsNow(context)),
    amountReads: ({ context }) => readAmount(context.values.amount).ok,
    isCurrentOrder: ({ context, event }) => event.type === 'frame.closed' && context.order !== null && event.orderId === context.order.orderId,
    isBinRefused: ({ event }) => !(event as unknown as { output: BinCheckResult }).output.accepted,
    reportsSuccess: ({ event }) => event.type === 'frame.closed' && event.status === 'success',
  },
  delays: {
    threeDTimeout: ({ context }) => context.order?.timeoutMs ?? context.timeoutMs,
  },
  actions: {
    /** Forgets the card number and CVC the web layer keeps outside the machine (its vault). */
    clearSecrets: () => { throw new Error('clearSecrets: not provided') },
    applyBin: assign(({ context, event }) => {
      const result = (event as unknown as { output: BinCheckResult }).output
      if (!result.accepted) return { bin: 'refused' as const, checkedBin: context.card.bin, bankCodeManual: false, binRefusal: result.reason }
      const bankCode = bankCodeOf(result)
      return {
        bin: 'accepted' as const,
        checkedBin: context.card.bin,
        binRefusal: null,
        bankCodeManual: needsBankCodeFromCustomer(result),
        values: bankCode ? { ...context.values, bankcode: bankCode } : context.values,
      }
    }),
    refreshErrors: assign(({ context }) => (context.submitted ? { errors: errorsNow(context) } : {})),
  },
}).createMachine({
  id: 'payment',
  context: ({ input }) => ({
    values: defaultValues(input?.currency),
    card: EMPTY_CARD,
    cvcLength: 0,
    bin: 'unchecked',
    checkedBin: '',
    bankCodeManual: false,
    errors: {},
    submitted: false,
    submittedAt: 0,
    reason: null,
    order: null,
    purchase: input?.purchase ?? false,
    binRefusal: null,
    generation: 0,
    timeoutMs: input?.timeoutMs ?? PAYMENT_TIMEOUT_MS,
    defaultCurrency: input?.currency ?? '',
    charge: input?.charge ?? null,
    instalments: instalmentsOf(input?.charge ?? null, defaultValues(input?.currency).installment),
  }),
  initial: 'editing',
  states: {
    editing: {
      initial: 'idle',
      on: {
        'field.change': {
          actions: [
            assign(({ context, event }) => {
              const values = { ...context.values, [event.field]: normalizeField(event.field, event.value) }
              return { values, reason: null, ...(event.field === 'installment' ? { instalments: instalmentsOf(context.charge, values.installment) } : {}) }
            }),
            'refreshErrors',
          ],
        },
        'card.input': {
          target: '.idle',
          actions: [
            assign(({ context, event }) => {
              const card: CardFacts = { bin: event.bin, last4: event.last4, length: event.length, complete: event.complete, brand: event.brand }
              const sameBin = card.bin !== '' && card.bin === context.checkedBin
              return {
                card,
                bin: sameBin ? context.bin : 'unchecked' as const,
                bankCodeManual: sameBin && context.bankCodeManual,
                values: { ...context.values, cardtype: card.brand === 'unknown' ? '' : card.brand },
                // a refusal speaks of the BIN that was checked: another BIN is unchecked until its blur
                errors: sameBin ? context.errors : withoutBinRefusal(context.errors),
              }
            }),
            'refreshErrors',
          ],
        },
        'cvc.input': { actions: [assign({ cvcLength: ({ event }) => event.length }), 'refreshErrors'] },
        // the amount it will charge, written out: '1250.5' -> '1,250.50' (what cannot be read stays as typed)
        'amount.blur': {
          guard: 'amountReads',
          actions: assign(({ context }) => {
            const reading = readAmount(context.values.amount)
            return reading.ok ? { values: { ...context.values, amount: reading.display } } : {}
          }),
        },
        'form.reset': {
          target: '.idle',
          actions: [
            assign(({ context }) => ({
              values: defaultValues(context.defaultCurrency), card: EMPTY_CARD, cvcLength: 0, bin: 'unchecked' as const, checkedBin: '', bankCodeManual: false, errors: {},
              submitted: false, reason: null, generation: context.generation + 1,
              instalments: instalmentsOf(context.charge, defaultValues(context.defaultCurrency).installment),
            })),
            'clearSecrets',
            emit({ type: 'notice', code: 'reset' }),
          ],
        },
        'form.submit': [
          {
            guard: 'isNotConnected',
            actions: [assign({ reason: 'NOT_CONNECTED' }), emit({ type: 'notice', code: 'notConnected' })],
          },
          { guard: 'needsBinCheck', target: 'validating', actions: assign({ submitted: true, submittedAt: ({ event }) => event.at, reason: null }) },
          {
            guard: 'hasErrors',
            actions: [
              assign({ submitted: true, submittedAt: ({ event }) => event.at, reason: null }),
              assign({ errors: ({ context }) => errorsNow(context) }),
              emit({ type: 'notice', code: 'invalid' }),
            ],
          },
          { target: 'submitting', actions: assign({ submitted: true, submittedAt: ({ event }) => event.at, errors: {}, reason: null }) },
        ],
      },
      states: {
        idle: {
          on: { 'card.blur': { guard: 'hasBin', target: 'checkingBin' } },
        },
        checkingBin: {
          entry: assign({ bin: 'checking' }),
          invoke: {
            id: 'checkBin',
            src: 'checkBin',
            input: ({ context }) => ({ bin: context.card.bin }),
            onDone: [
              {
                guard: 'isBinRefused',
                target: 'idle',
                actions: ['applyBin', 'refreshErrors', assign({ errors: ({ context }) => ({ ...context.errors, number: binRefusalCode(context) }) }), emit({ type: 'notice', code: 'binRefused' })],
              },
              { target: 'idle', actions: ['applyBin', 'refreshErrors', assign({ errors: ({ context }) => withoutBinRefusal(context.errors) })] },
            ],
            onError: { target: 'idle', actions: assign({ bin: 'unavailable' }) },
          },
        },
      },
    },
    validating: {
      tags: ['busy'],
      entry: assign({ bin: 'checking' }),
      invoke: {
        id: 'checkBin',
        src: 'checkBin',
        input: ({ context }) => ({ bin: context.card.bin }),
        onDone: { target: 'validated', actions: 'applyBin' },
        onError: {
          target: 'editing',
          actions: [assign({ bin: 'unavailable', reason: ({ event }) => reasonOf(event.error) }), emit(({ event }) => ({ type: 'notice' as const, code: 'error' as const, reason: reasonOf(event.error) }))],
        },
      },
    },
    validated: {
      tags: ['busy'],
      always: [
        { guard: 'hasErrors', target: 'editing', actions: [assign({ errors: ({ context }) => errorsNow(context) }), emit({ type: 'notice', code: 'invalid' })] },
        { target: 'submitting', actions: assign({ errors: {} }) },
      ],
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'startPayment',
        src: 'startPayment',
        input: ({ context }) => ({ values: context.values, card: context.card }),
        onDone: { target: 'threeD', actions: assign({ order: ({ event }) => event.output }) },
        // the server issues the order id (issue 21): no order id of ours can be taken
        onError: {
          target: 'editing',
          actions: [assign({ reason: ({ event }) => reasonOf(event.error) }), emit(({ event }) => ({ type: 'notice' as const, code: 'error' as const, reason: reasonOf(event.error) }))],
        },
      },
    },
    threeD: {
      tags: ['busy', 'modal'],
      initial: 'loading',
      after: {
        threeDTimeout: { target: 'timedOut', actions: [assign({ reason: 'THREE_D_TIMEOUT' }), emit({ type: 'notice', code: 'timeout' })] },
      },
      on: {
        'frame.closed': [
          { guard: and(['isCurrentOrder', 'reportsSuccess']), target: 'succeeded' },
          { guard: 'isCurrentOrder', target: 'failed' },
        ],
      },
      states: {
        loading: { tags: ['frameLoading'], on: { 'frame.loaded': 'ready' } },
        ready: {},
      },
    },
    succeeded: { type: 'final' },
    failed: { type: 'final' },
    timedOut: { type: 'final' },
  },
})
