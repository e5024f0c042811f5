import { assign, setup, type AnyStateNodeConfig } from 'xstate'
import { missingConsents } from '../../src/domain/consents.ts'
import type { ApplicationProduct, SavedApplication } from '../../src/domain/schemas/application.ts'
import { smsVerificationMachine, type SmsVerificationOutput } from '../sms-verification/sms-verification.machine.ts'
import {
  SECTION_OF, restoreTarget, normalized, issuesOf, priceOfQuote, type SectionStep, type PurchaseSummary, type OtherPaymentOutcome, type PurchaseContext, type PreInformation, type PurchaseEvent, type PurchaseInput, type PurchaseOutput, type SaveInput, type CreatePurchaseInput, type ConsentsInput, type RestoredVerification, type PurchaseFlowConfig,
} from './purchase.context.ts'
import { providedLater, reasonOf, restoreReasonOf } from './not-provided.ts'

export {
  SECTION_OF, HISTORY_STEPS, RESTORABLE_STEPS, purchaseHistoryStep, restoreTarget,
  type SectionStep, type PurchaseSummary, type OtherPaymentOutcome, type PurchaseOutcome, type PurchaseContext, type PreInformation, type PurchaseEvent,
  type PurchaseInput, type PurchaseOutput, type SaveInput, type CreatePurchaseInput, type ConsentsInput, type RestoredVerification, type PurchaseFlowConfig,
} from './purchase.context.ts'

/**
 * The product-neutral purchase statechart (issue 15, docs/decisions/purchase.md "Browser"): a
 * product's quote -> SMS verification (the sms-verification machine as a child) -> an offer to
 * resume an unfinished application of the same phone -> the product's section steps, each saved on
 * the server -> consents (required ones block; each recorded through legalpermission) -> summary
 * -> the server's purchase (priced there) -> card payment -> done, with the purchase id and the
 * payment's outcome for the result page. `createPurchaseMachine` makes one product's machine from
 * its section steps and its quote check; machines/tss-purchase and machines/travel-purchase are
 * two of them.
 *
 * Issue 21: the price is the server's, from the insured person's data. The quote's price is what
 * the customer saw (`quoted`); every save answers the server's price (`price`). When they differ
 * the summary shows both and waits for `price.accept` (`summary.priceChanged`); a pre-information
 * form the server prices differently (another tab changed the answers) comes back there. The
 * purchase itself costs what the confirmed form says (the server refuses it with 409
 * PRE_INFORMATION_CHANGED otherwise: the new form is given and read again, with that message). A person outside the product's ages stays on
 * the profile with the rule's message. A purchase whose payment is under way in another tab (the
 * server says so, or the card form is told 409) waits for that payment (`otherPayment`) and ends
 * with its outcome. `payment.retry` (the result page's "Tekrar dene") opens the payment step of a
 * purchase at once.
 */

export function createPurchaseMachine(config: PurchaseFlowConfig) {
  const { sections, product } = config
  const savingOf = (step: SectionStep) => `saving${step[0]!.toUpperCase()}${step.slice(1)}`
  const after = (i: number) => sections[i + 1] ?? 'consents'

  const machine = setup({
    types: {} as { context: PurchaseContext; events: PurchaseEvent; input: PurchaseInput; output: PurchaseOutput },
    actors: {
      smsVerification: smsVerificationMachine,
      resumeApplication: providedLater<SavedApplication | null, { ticket: string; product: ApplicationProduct }>('resumeApplication'),
      saveApplication: providedLater<SavedApplication, SaveInput>('saveApplication'),
      recordConsents: providedLater<void, ConsentsInput>('recordConsents'),
      loadPreInformation: providedLater<PreInformation, { ticket: string; product: ApplicationProduct }>('loadPreInformation'),
      createPurchase: providedLater<PurchaseSummary, CreatePurchaseInput>('createPurchase'),
      watchPayment: providedLater<OtherPaymentOutcome, { id: string }>('watchPayment'),
      restoreVerification: providedLater<RestoredVerification, { product: ApplicationProduct }>('restoreVerification'),
    },
    actions: {
      /** The reloaded page's step reached (or given up): a later way back to the start is a plain visit's. */
      forgetRestore: assign({ restoreTo: null }),
      /** The quote taken: its answers, and its price as the one the customer has seen. */
      takeQuote: assign(({ context, event }) => {
        const data = { ...context.data, ...(event as Extract<PurchaseEvent, { type: 'quote.submit' }>).data }
        return { data, error: null, quoted: priceOfQuote(product, data, (event as Extract<PurchaseEvent, { type: 'quote.submit' }>).at) }
      }),
    },
    guards: {
      quoteOk: ({ event }) => event.type === 'quote.submit' && config.quoteIsComplete(event.data, event.at),
      isVerified: ({ context }) => context.ticket !== null,
      hasSaved: ({ event }) => !!(event as { output?: SavedApplication | null }).output,
      consentsMissing: ({ context, event }) => event.type === 'consents.submit' && missingConsents(context.product, event.choices).length > 0,
      ticketExpired: ({ event }) => reasonOf((event as { error?: unknown }).error) === 'SMS_TICKET_INVALID',
      hasPriceChanged: ({ context }) => context.price !== null && context.price !== context.quoted,
      isPaidElsewhere: ({ event }) => (event as { output?: PurchaseSummary }).output?.paymentInProgress === true,
      // the form the server gives is priced from the answers it holds (another tab may have changed them since the summary)
      isFormRepriced: ({ context, event }) => (event as { output?: PreInformation }).output?.amount !== context.quoted,
      isRetry: ({ context }) => context.retry,
      otherPaymentSucceeded: ({ event }) => (event as { output?: OtherPaymentOutcome }).output === 'success',
      isOpening: ({ context }) => context.opening,
      isPreInformationConfirmed: ({ event }) => event.type === 'preInformation.confirm' && event.accepted,
      isRestoring: ({ context }) => context.restoreTo !== null,
      isRestoringSaved: ({ context, event }) => context.restoreTo !== null && !!(event as { output?: SavedApplication | null }).output,
      isPreInformationOutdated: ({ event }) => ['PRE_INFORMATION_CHANGED', 'PRE_INFORMATION_REQUIRED'].includes(reasonOf((event as { error?: unknown }).error) ?? ''),
    },
  }).createMachine({
    id: config.id,
    context: ({ input }) => ({
      product, data: input?.data ?? {}, ticket: null, phone: null, applicationId: null, saved: null, fieldErrors: {}, missing: [], choices: {},
      purchase: null, outcome: null, error: null, quoted: null, price: null, retry: false, preInformation: null, opening: input?.opening === true,
      restoreTo: null,
    }),
    initial: 'start',
    states: {
      /** A page opened with a quote or a purchase in its address waits for it (`opening`); a plain visit is the quote step. */
      start: {
        always: [{ guard: 'isOpening', target: 'opening' }, { target: 'quote' }],
      },
      /** The address's quote, or its purchase to retry, is being handed on: nothing of the quote step is drawn meanwhile. */
      opening: {
        tags: ['busy'],
        on: {
          'quote.submit': [
            { guard: 'quoteOk', target: 'routeAfterQuote', actions: 'takeQuote' },
            { target: 'quote', actions: assign({ error: 'QUOTE_INCOMPLETE' }) },
          ],
          // the result page's "Tekrar dene": the payment step of that purchase, straight away
          'payment.retry': { target: 'payment', actions: assign({ purchase: ({ event }) => event.purchase, retry: true, error: null }) },
          'opening.failed': 'quote',
          // a reload (or Forward back to the page) at a step after the verification: that step again, without a new SMS
          restore: { target: 'restoring', actions: assign(({ context, event }) => ({ restoreTo: event.step, data: { ...context.data, ...(event.data ?? {}) } })) },
        },
        // handed on: a later way back to the start is a plain visit's
        exit: assign({ opening: false }),
      },
      quote: {
        on: {
          // the quote step's quick quote offers "Satın Al" only for what the tariff prices: a quote it refuses can only come
          // from the page's address, which the opening answers (QUOTE_INCOMPLETE shows here then)
          'quote.submit': { guard: 'quoteOk', target: 'routeAfterQuote', actions: 'takeQuote' },
        },
      },
      /** The verification read back from the server's proof cookie; a forged or expired one: the phone is asked again, saying why. */
      restoring: {
        tags: ['busy'],
        invoke: {
          id: 'restoreVerification',
          src: 'restoreVerification',
          input: { product },
          onDone: { target: 'resuming', actions: assign(({ event }) => ({ ticket: event.output.ticket, phone: event.output.phone })) },
          onError: { target: 'sms', actions: assign({ restoreTo: null, error: ({ event }) => restoreReasonOf(event.error) }) },
        },
      },
      routeAfterQuote: {
        always: [{ guard: 'isVerified', target: sections[0]! }, { target: 'sms' }],
      },
      sms: {
        invoke: {
          id: 'sms',
          src: 'smsVerification',
          input: { purpose: product },
          onDone: {
            target: 'resuming',
            actions: assign(({ event }) => {
              const out = event.output as SmsVerificationOutput
              return { ticket: out.ticket, phone: out.phone }
            }),
          },
        },
        on: { back: 'quote' },
      },
      resuming: {
        tags: ['busy'],
        invoke: {
          id: 'resumeApplication',
          src: 'resumeApplication',
          input: ({ context }) => ({ ticket: context.ticket!, product }),
          onDone: [
            // a reloaded page: its saved answers back, at the step it was on (no offer: the customer never left)
            {
              guard: 'isRestoringSaved', target: 'routeRestored',
              actions: assign(({ event }) => {
                const saved = event.output!
                const price = saved.price?.amount ?? null
                return { data: saved.data, applicationId: saved.id, price, quoted: price }
              }),
            },
            { guard: 'isRestoring', target: sections[0]!, actions: assign({ restoreTo: null }) },
            { guard: 'hasSaved', target: 'resumeOffer', actions: assign({ saved: ({ event }) => event.output }) },
            { target: sections[0]! },
          ],
          // nothing to resume is not a reason to stop: the customer goes on
          onError: { target: sections[0]!, actions: assign({ restoreTo: null }) },
        },
      },
      resumeOffer: {
        on: {
          'resume.accept': {
            target: 'routeResumed',
            actions: assign(({ context }) => {
              const price = context.saved!.price?.amount ?? context.price
              // no price seen yet (a reloaded page whose proof was refused never took the quote): the saved one is the one seen
              return { data: context.saved!.data, applicationId: context.saved!.id, price, quoted: context.quoted ?? price }
            }),
          },
          'resume.decline': { target: sections[0]!, actions: assign({ saved: null }) },
        },
      },
      /** The reloaded page's step, if its answers allow it; else the first section without answers. */
      routeRestored: {
        always: [
          ...[...sections, 'consents', 'summary', 'loadingPreInformation'].map((target) => ({
            guard: ({ context }: { context: PurchaseContext }) => restoreTarget(context, sections) === target, target, actions: 'forgetRestore' as const,
          })),
        ],
      },
      routeResumed: {
        always: [
          ...sections.map((s) => ({ guard: ({ context }: { context: PurchaseContext }) => context.saved?.step === s, target: s })),
          { target: 'consents' },
        ],
      },
      ...Object.fromEntries(sections.flatMap((step, i): Array<[string, AnyStateNodeConfig]> => [
        [step, {
          on: {
            'section.submit': [
              {
                guard: ({ event }: { event: PurchaseEvent }) => event.type === 'section.submit' && Object.keys(issuesOf(step, event.value, product, event.at)).length > 0,
                actions: assign({ fieldErrors: ({ event }: { event: PurchaseEvent }) => issuesOf(step, (event as { value: unknown }).value, product, (event as { at: string }).at) }),
              },
              {
                target: savingOf(step),
                actions: assign({
                  data: ({ context, event }: { context: PurchaseContext; event: PurchaseEvent }) => ({ ...context.data, [SECTION_OF[step].key]: normalized(step, (event as { value: unknown }).value) }),
                  fieldErrors: {},
                  error: null,
                }),
              },
            ],
            back: i === 0 ? 'quote' : sections[i - 1]!,
          },
        }],
        [savingOf(step), {
          tags: ['busy'],
          invoke: {
            id: 'saveApplication',
            src: 'saveApplication',
            input: ({ context }: { context: PurchaseContext }) => ({ ticket: context.ticket!, product, step: after(i), data: context.data }),
            // the server's price of the answers as saved: the profile's birth date reprices the quote
            onDone: {
              target: after(i),
              actions: assign(({ context, event }) => {
                const saved = (event as unknown as { output: SavedApplication }).output
                const price = saved.price?.amount ?? context.price
                // no price seen yet (a reloaded page whose proof was refused never took the quote): the first one shown is the one seen
                return { applicationId: saved.id, price, quoted: context.quoted ?? price }
              }),
            },
            onError: [
              { guard: 'ticketExpired', target: 'sms', actions: assign({ ticket: null, error: 'SMS_TICKET_INVALID' }) },
              { target: step, actions: assign({ error: ({ event }: { event: { error: unknown } }) => reasonOf(event.error) }) },
            ],
          },
        }],
      ])),
      consents: {
        on: {
          'consents.submit': [
            { guard: 'consentsMissing', actions: assign({ missing: ({ context, event }) => missingConsents(context.product, event.choices), choices: ({ event }) => event.choices }) },
            { target: 'recordingConsents', actions: assign({ missing: [], choices: ({ event }) => event.choices, error: null }) },
          ],
          back: sections[sections.length - 1]!,
        },
      },
      recordingConsents: {
        tags: ['busy'],
        invoke: {
          id: 'recordConsents',
          src: 'recordConsents',
          input: ({ context }) => ({ saleId: context.applicationId!, ticket: context.ticket!, product, choices: context.choices, partyId: context.data.personalProfile?.nationalId ?? context.applicationId! }),
          onDone: 'summary',
          onError: { target: 'consents', actions: assign({ error: ({ event }) => reasonOf(event.error) }) },
        },
      },
      summary: {
        initial: 'checking',
        states: {
          checking: {
            always: [{ guard: 'hasPriceChanged', target: 'priceChanged' }, { target: 'ready' }],
          },
          ready: {
            on: { 'summary.confirm': { target: '#' + config.id + '.loadingPreInformation', actions: assign({ error: null }) } },
          },
          // the price the server computed from the insured person is not the one the customer saw: both shown, confirmed first
          priceChanged: {
            on: { 'price.accept': { target: '#' + config.id + '.loadingPreInformation', actions: assign({ quoted: ({ context }) => context.price, error: null }) } },
          },
        },
        on: { back: 'consents' },
      },
      // the pre-information form of the answers as saved, at the price confirmed (issue 24 item 4): given by the server, then confirmed
      loadingPreInformation: {
        tags: ['busy'],
        invoke: {
          id: 'loadPreInformation',
          src: 'loadPreInformation',
          input: ({ context }) => ({ ticket: context.ticket!, product }),
          onDone: [
            // the form's price is not the one the customer has accepted: both prices on the summary, the new one confirmed first
            { guard: 'isFormRepriced', target: 'summary.priceChanged', actions: assign({ price: ({ event }) => event.output.amount, preInformation: null }) },
            { target: 'preInformation', actions: assign({ preInformation: ({ event }) => event.output }) },
          ],
          onError: [
            { guard: 'ticketExpired', target: 'sms', actions: assign({ ticket: null, error: 'SMS_TICKET_INVALID' }) },
            { target: 'summary', actions: assign({ error: ({ event }) => reasonOf(event.error) }) },
          ],
        },
      },
      preInformation: {
        on: {
          'preInformation.confirm': [
            { guard: 'isPreInformationConfirmed', target: 'purchasing', actions: assign({ error: null }) },
            { actions: assign({ error: 'PRE_INFORMATION_UNCONFIRMED' }) },
          ],
          back: { target: 'summary', actions: assign({ error: null }) },
        },
      },
      purchasing: {
        tags: ['busy'],
        invoke: {
          id: 'createPurchase',
          src: 'createPurchase',
          input: ({ context }) => ({ ticket: context.ticket!, product, preInformationId: context.preInformation?.id ?? '' }),
          onDone: [
            // another tab's payment of this purchase waits for the bank: wait for it, do not pay twice
            // (the purchase costs what the confirmed form says: the server refuses it, 409 PRE_INFORMATION_CHANGED, once the
            // answers or their price are no longer the form's, so a purchase is never priced differently here)
            { guard: 'isPaidElsewhere', target: 'otherPayment', actions: assign({ purchase: ({ event }) => event.output, error: null }) },
            { target: 'payment', actions: assign({ purchase: ({ event }) => event.output, error: null }) },
          ],
          onError: [
            { guard: 'ticketExpired', target: 'sms', actions: assign({ ticket: null, error: 'SMS_TICKET_INVALID' }) },
            // the form confirmed is no longer the answers' (another tab changed them): the new form, to be read again, saying why
            { guard: 'isPreInformationOutdated', target: 'loadingPreInformation', actions: assign({ error: ({ event }) => reasonOf(event.error) }) },
            { target: 'summary', actions: assign({ error: ({ event }) => reasonOf(event.error) }) },
          ],
        },
      },
      payment: {
        on: {
          'payment.done': { target: 'done', actions: assign({ outcome: ({ event }) => event.status }) },
          // the card form was told a payment of it is under way elsewhere (or it was paid meanwhile)
          'payment.elsewhere': { target: 'otherPayment', actions: assign({ error: null }) },
          back: [
            // a purchase opened from its result page has no answers here: back is a new quote, as a plain visit starts
            { guard: 'isRetry', target: 'start', actions: assign({ retry: false, purchase: null }) },
            { target: 'summary' },
          ],
        },
      },
      /** "a payment is already in progress": its outcome is awaited, then shown (or this tab pays, if it failed) */
      otherPayment: {
        tags: ['busy'],
        invoke: {
          id: 'watchPayment',
          src: 'watchPayment',
          input: ({ context }) => ({ id: context.purchase!.id }),
          onDone: [
            { guard: 'otherPaymentSucceeded', target: 'done', actions: assign({ outcome: 'success' }) },
            { target: 'payment', actions: assign({ error: 'OTHER_PAYMENT_FAILED' }) },
          ],
          onError: { target: 'payment', actions: assign({ error: ({ event }) => reasonOf(event.error) }) },
        },
      },
      done: { type: 'final' },
    },
    output: ({ context }) => ({ purchaseId: context.purchase?.id ?? '', outcome: context.outcome ?? 'error' }),
  })
  return machine
}

export type PurchaseMachine = ReturnType<typeof createPurchaseMachine>
