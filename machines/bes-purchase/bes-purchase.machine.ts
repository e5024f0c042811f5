import { assign, setup } from 'xstate'
import { needsCustodian, type BesProduct } from '../../src/domain/bes.ts'
import { contractErrors, participantErrors, quickProfileErrors, signatoryErrors, toContract, toParticipant, toSignatory } from '../../src/domain/bes-forms.ts'
import { missingConsents } from '../../src/domain/consents.ts'
import type { SavedApplication } from '../../src/domain/schemas/application.ts'
import type { QuickProfile } from '../../src/domain/schemas/sales.ts'
import type { ConsentsInput, OtherPaymentOutcome, PreInformation, PurchaseOutput, PurchaseSummary, RestoredVerification } from '../shared/purchase.ts'
import { besRestoreTarget } from './bes-history.ts'
import {
  answersOfSaved, applicationData, CUSTODIAN_RELATIONS, has, resumeStepOf, savedOf, withPhone,
  type BesPurchaseContext, type BesPurchaseEvent, type BesPurchaseInput, type Ev, type SaveInput,
} from './bes-purchase.context.ts'
import { smsVerificationMachine, type SmsVerificationOutput } from '../sms-verification/sms-verification.machine.ts'
import { providedLater, reasonOf, restoreReasonOf } from '../shared/not-provided.ts'

/**
 * The private pension (BES) purchase, one machine for both plans (`input.product`: erkenbes or
 * pratikbes; src/domain/bes.ts says how they differ): quick profile -> SMS verification (the
 * sms-verification machine as a child) -> resume of a saved application -> personal profile ->
 * custodian (a participant under 18) -> payer (someone else pays) -> pension contract (amount and
 * fund distribution) -> consents -> summary -> the first contribution's payment. Each completed
 * step is saved on the server under the verified phone (`saveApplication`, step in `saving`), so the
 * customer can leave and resume after verifying the same phone again.
 *
 * Issue 24 item 1: each resting step is a browser history entry (bes-history.ts names them); the
 * browser's Back is the machine's `back` (the profile's goes to the quick profile, a verified phone
 * then goes on without a new SMS), and a page reloaded (or come back to with Forward) at a step after
 * the verification sends `restore { step }`: the verification is read back from the server's proof
 * cookie (`restoring`), the saved application is read (`resuming`, no notice: the customer never
 * left) and the page returns to that step when the answers allow it (`routeRestored`).
 */
export * from './bes-purchase.context.ts'

export const besPurchaseMachine = setup({
  types: {} as {
    context: BesPurchaseContext
    events: BesPurchaseEvent
    input: BesPurchaseInput
    output: PurchaseOutput
  },
  actors: {
    smsVerification: smsVerificationMachine,
    resumeApplication: providedLater<SavedApplication, { ticket: string; product: BesProduct }>('resumeApplication'),
    saveApplication: providedLater<SavedApplication, SaveInput>('saveApplication'),
    recordConsents: providedLater<void, ConsentsInput>('recordConsents'),
    loadPreInformation: providedLater<PreInformation, { ticket: string; product: BesProduct }>('loadPreInformation'),
    createPurchase: providedLater<PurchaseSummary, { ticket: string; product: BesProduct; preInformationId: string }>('createPurchase'),
    watchPayment: providedLater<OtherPaymentOutcome, { id: string }>('watchPayment'),
    restoreVerification: providedLater<RestoredVerification, { product: BesProduct }>('restoreVerification'),
  },
  actions: {
    /** A saved application's sections back into the form (the participant's age as of its last save). */
    restoreApplication: assign(({ context, event }) => ({ ...answersOfSaved(context, savedOf(event)), resumed: true, resumedAt: resumeStepOf(savedOf(event)) })),
    /** A reloaded page's saved answers back (no notice: the customer never left the page). */
    restoreEntry: assign(({ context, event }) => answersOfSaved(context, savedOf(event))),
    takeQuick: assign({
      errors: {},
      quick: ({ event }) => {
        const e = event as Ev<'quick.submit'>
        return { gender: e.gender as QuickProfile['gender'], citycode: e.citycode, birthdate: e.birthdate.trim() }
      },
    }),
    rememberApplication: assign({ applicationId: ({ event }) => (event as unknown as { output: SavedApplication }).output.id }),
  },
  guards: {
    /** The server has ended the phone's verification (SMS_TICKET_INVALID): no retry with that ticket can succeed. */
    ticketExpired: ({ event }) => reasonOf((event as { error?: unknown }).error) === 'SMS_TICKET_INVALID',
    isPreInformationConfirmed: ({ event }) => event.type === 'preInformation.confirm' && event.accepted,
    isPreInformationOutdated: ({ event }) => ['PRE_INFORMATION_CHANGED', 'PRE_INFORMATION_REQUIRED'].includes(reasonOf((event as { error?: unknown }).error) ?? ''),
    hasQuickErrors: ({ context, event }) => has(quickProfileErrors(context.product, event as Ev<'quick.submit'>, (event as Ev<'quick.submit'>).at)),
    hasProfileErrors: ({ context, event }) => has(participantErrors(context.product, withPhone(context, (event as Ev<'profile.submit'>).values), (event as Ev<'profile.submit'>).at)),
    hasCustodianErrors: ({ event }) => {
      const e = event as Ev<'custodian.submit'>
      return has(signatoryErrors(e.values, e.at)) || !(CUSTODIAN_RELATIONS as readonly string[]).includes(e.relation)
    },
    hasPayerErrors: ({ event }) => has(signatoryErrors((event as Ev<'payer.submit'>).values, (event as Ev<'payer.submit'>).at)),
    hasContractErrors: ({ context, event }) => has(contractErrors(context.product, (event as Ev<'contract.submit'>).values)),
    hasMissingConsents: ({ context, event }) => missingConsents(context.product, (event as Ev<'consents.submit'>).choices).length > 0,
    resumeAtConsents: ({ event }) => resumeStepOf(savedOf(event)) === 'consents',
    resumeAtCustodian: ({ event }) => resumeStepOf(savedOf(event)) === 'custodian',
    resumeAtContract: ({ event }) => resumeStepOf(savedOf(event)) === 'contract',
    isMinor: ({ context }) => context.minor,
    isPaidByOther: ({ context }) => context.payerIsOther,
    isSavedProfileOfMinor: ({ context }) => context.saving === 'profile' && context.minor,
    isSavedProfileWithPayer: ({ context }) => context.saving === 'profile' && context.payerIsOther,
    isSavedProfile: ({ context }) => context.saving === 'profile',
    isSavedCustodianWithPayer: ({ context }) => context.saving === 'custodian' && context.payerIsOther,
    isSavedCustodian: ({ context }) => context.saving === 'custodian',
    isSavedPayer: ({ context }) => context.saving === 'payer',
    isSavedContract: ({ context }) => context.saving === 'contract',
    isPaidElsewhere: ({ event }) => (event as { output?: PurchaseSummary }).output?.paymentInProgress === true,
    isRetry: ({ context }) => context.retry,
    otherPaymentSucceeded: ({ event }) => (event as { output?: OtherPaymentOutcome }).output === 'success',
    isVerified: ({ context }) => context.ticket !== null,
    isRestoring: ({ context }) => context.restoreTo !== null,
    /** The page has just opened: nothing typed, verified or bought yet (a reload's restore is the page's first event). */
    isFresh: ({ context }) => context.quick === null && context.ticket === null && context.purchase === null,
  },
}).createMachine({
  id: 'besPurchase',
  context: ({ input }) => ({
    product: input.product,
    quick: null,
    phone: null,
    ticket: null,
    resumed: false,
    resumedAt: null,
    applicationId: null,
    profile: null,
    custodian: null,
    payer: null,
    minor: false,
    payerIsOther: false,
    contract: null,
    consents: {},
    errors: {},
    saving: null,
    reason: null,
    purchase: null,
    outcome: null,
    retry: false,
    preInformation: null,
    restoreTo: null,
  }),
  initial: 'quickProfile',
  states: {
    quickProfile: {
      on: {
        'quick.submit': [
          { guard: 'hasQuickErrors', actions: assign({ errors: ({ context, event }) => quickProfileErrors(context.product, event, event.at) }) },
          // back from the profile with the phone verified: on to the profile again, without a new SMS
          { guard: 'isVerified', target: 'personal', actions: 'takeQuick' },
          { target: 'verifying', actions: 'takeQuick' },
        ],
        // a reload (or Forward back to the page) at a step after the verification: that step again, without a new SMS
        restore: { guard: 'isFresh', target: 'restoring', actions: assign({ restoreTo: ({ event }) => event.step, errors: {}, reason: null }) },
        // the result page's "Tekrar dene" (issue 21): the payment step of that purchase, straight away
        'payment.retry': { target: 'payment', actions: assign({ purchase: ({ event }) => event.purchase, retry: true, reason: null, errors: {} }) },
      },
    },
    /** The verification read back from the server's proof cookie; a forged, expired or other product's proof: the phone is asked again, saying why. */
    restoring: {
      tags: ['busy'],
      invoke: {
        id: 'restoreVerification',
        src: 'restoreVerification',
        input: ({ context }) => ({ product: context.product }),
        onDone: { target: 'resuming', actions: assign(({ event }) => ({ phone: event.output.phone, ticket: event.output.ticket })) },
        onError: { target: 'verifying', actions: assign({ restoreTo: null, ticket: null, phone: null, reason: ({ event }) => restoreReasonOf(event.error) }) },
      },
    },
    verifying: {
      // the SMS step's Back: the quick profile (its answers kept)
      on: { back: { target: 'quickProfile', actions: assign({ reason: null }) } },
      invoke: {
        id: 'smsVerification',
        src: 'smsVerification',
        input: ({ context }) => ({ purpose: context.product }),
        onDone: {
          target: 'resuming',
          actions: assign({
            phone: ({ event }) => (event.output as SmsVerificationOutput).phone,
            ticket: ({ event }) => (event.output as SmsVerificationOutput).ticket,
            reason: null,
          }),
        },
      },
    },
    resuming: {
      tags: ['busy'],
      invoke: {
        id: 'resumeApplication',
        src: 'resumeApplication',
        input: ({ context }) => ({ ticket: context.ticket ?? '', product: context.product }),
        // the customer goes on at the first section the saved application lacks
        onDone: [
          // a reloaded page: its saved answers back, at the step it was on (no notice: the customer never left)
          { guard: 'isRestoring', target: 'routeRestored', actions: 'restoreEntry' },
          { guard: 'resumeAtConsents', target: 'consents', actions: 'restoreApplication' },
          { guard: 'resumeAtCustodian', target: 'custodian', actions: 'restoreApplication' },
          { guard: 'resumeAtContract', target: 'contract', actions: 'restoreApplication' },
          { target: 'personal', actions: 'restoreApplication' },
        ],
        // nothing saved for this phone (or the check failed): start afresh
        onError: { target: 'personal', actions: assign({ restoreTo: null }) },
      },
    },
    /** The reloaded page's step, if the saved answers allow it; else the first step without answers. */
    routeRestored: {
      always: (['personal', 'custodian', 'payer', 'contract', 'consents', 'summary', 'loadingPreInformation'] as const).map((target) => ({
        guard: ({ context }: { context: BesPurchaseContext }) => besRestoreTarget(context) === target, target, actions: assign({ restoreTo: null }),
      })),
    },
    personal: {
      on: {
        // the browser's Back from the profile: the quick profile (the phone stays verified)
        back: { target: 'quickProfile', actions: assign({ errors: {} }) },
        'profile.submit': [
          { guard: 'hasProfileErrors', actions: assign({ errors: ({ context, event }) => participantErrors(context.product, withPhone(context, event.values), event.at) }) },
          {
            target: 'saving',
            actions: assign({
              errors: {},
              profile: ({ event, context }) => toParticipant(withPhone(context, event.values)),
              minor: ({ event }) => needsCustodian(event.values.birthdate!.trim(), new Date(event.at)),
              payerIsOther: ({ event }) => event.payerIsOther,
              saving: 'profile',
            }),
          },
        ],
      },
    },
    custodian: {
      on: {
        'custodian.submit': [
          { guard: 'hasCustodianErrors', actions: assign({ errors: ({ event }) => ({ ...signatoryErrors(event.values, event.at), ...((CUSTODIAN_RELATIONS as readonly string[]).includes(event.relation) ? {} : { relation: 'requiredSelection' }) }) }) },
          {
            target: 'saving',
            actions: assign({
              errors: {},
              custodian: ({ context, event }) => toSignatory(event.values, context.product),
              profile: ({ context, event }) => (context.profile ? { ...context.profile, legalparent: event.relation } : null),
              saving: 'custodian',
            }),
          },
        ],
        back: { target: 'personal', actions: assign({ errors: {} }) },
      },
    },
    payer: {
      on: {
        'payer.submit': [
          { guard: 'hasPayerErrors', actions: assign({ errors: ({ event }) => signatoryErrors(event.values, event.at) }) },
          { target: 'saving', actions: assign({ errors: {}, payer: ({ context, event }) => toSignatory(event.values, context.product), saving: 'payer' }) },
        ],
        back: [
          { guard: 'isMinor', target: 'custodian', actions: assign({ errors: {} }) },
          { target: 'personal', actions: assign({ errors: {} }) },
        ],
      },
    },
    contract: {
      on: {
        'contract.submit': [
          { guard: 'hasContractErrors', actions: assign({ errors: ({ context, event }) => contractErrors(context.product, event.values) }) },
          { target: 'saving', actions: assign({ errors: {}, contract: ({ event }) => toContract(event.values), saving: 'contract' }) },
        ],
        back: [
          { guard: 'isPaidByOther', target: 'payer', actions: assign({ errors: {} }) },
          { guard: 'isMinor', target: 'custodian', actions: assign({ errors: {} }) },
          { target: 'personal', actions: assign({ errors: {} }) },
        ],
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'saveApplication',
        src: 'saveApplication',
        input: ({ context }) => ({ ticket: context.ticket ?? '', product: context.product, step: context.saving ?? 'profile', data: applicationData(context) }),
        onDone: [
          { guard: 'isSavedProfileOfMinor', target: 'custodian', actions: 'rememberApplication' },
          { guard: 'isSavedProfileWithPayer', target: 'payer', actions: 'rememberApplication' },
          { guard: 'isSavedProfile', target: 'contract', actions: 'rememberApplication' },
          { guard: 'isSavedCustodianWithPayer', target: 'payer', actions: 'rememberApplication' },
          { guard: 'isSavedCustodian', target: 'contract', actions: 'rememberApplication' },
          { guard: 'isSavedPayer', target: 'contract', actions: 'rememberApplication' },
          { guard: 'isSavedContract', target: 'consents', actions: 'rememberApplication' },
          { target: 'summary', actions: 'rememberApplication' },
        ],
        onError: [
          // an ended verification: the phone is verified again (the saved steps come back with it), never a retry that cannot succeed
          { guard: 'ticketExpired', target: 'verifying', actions: assign({ ticket: null, reason: 'SMS_TICKET_INVALID', errors: {} }) },
          { target: 'saveFailed', actions: assign({ reason: ({ event }) => reasonOf(event.error) }) },
        ],
      },
      exit: assign({ reason: null }),
    },
    /** The step could not be saved (a network failure): try again. (An ended verification asks for the phone again instead.) */
    saveFailed: {
      on: { retry: 'saving' },
    },
    consents: {
      on: {
        'consents.submit': [
          {
            guard: 'hasMissingConsents',
            actions: assign({
              consents: ({ event }) => event.choices,
              errors: ({ context, event }) => Object.fromEntries(missingConsents(context.product, event.choices).map((n) => [n, 'consentRequired'])),
            }),
          },
          { target: 'recordingConsents', actions: assign({ consents: ({ event }) => event.choices, errors: {}, reason: null }) },
        ],
        back: { target: 'contract', actions: assign({ errors: {}, reason: null }) },
      },
    },
    recordingConsents: {
      tags: ['busy'],
      invoke: {
        id: 'recordConsents',
        src: 'recordConsents',
        // the saleId is the application's id; the party is the participant (their national ID), as for every product
        input: ({ context }) => ({
          saleId: context.applicationId ?? '', ticket: context.ticket ?? '', product: context.product, choices: context.consents,
          partyId: context.profile?.nationalId ?? context.applicationId ?? '',
        }),
        onDone: { target: 'saving', actions: assign({ saving: 'consents' }) },
        onError: [
          { guard: 'ticketExpired', target: 'verifying', actions: assign({ ticket: null, reason: 'SMS_TICKET_INVALID', errors: {} }) },
          { target: 'consents', actions: assign({ reason: ({ event }) => reasonOf(event.error) }) },
        ],
      },
    },
    summary: {
      on: {
        'summary.confirm': { target: 'loadingPreInformation', actions: assign({ reason: null }) },
        back: { target: 'consents', actions: assign({ reason: null }) },
      },
    },
    /** The pre-information form of the answers as saved (issue 24 item 4): given by the server, then confirmed before payment. */
    loadingPreInformation: {
      tags: ['busy'],
      invoke: {
        id: 'loadPreInformation',
        src: 'loadPreInformation',
        input: ({ context }) => ({ ticket: context.ticket ?? '', product: context.product }),
        onDone: { target: 'preInformation', actions: assign({ preInformation: ({ event }) => event.output }) },
        onError: [
          { guard: 'ticketExpired', target: 'verifying', actions: assign({ ticket: null, reason: 'SMS_TICKET_INVALID', errors: {} }) },
          { target: 'summary', actions: assign({ reason: ({ event }) => reasonOf(event.error) }) },
        ],
      },
    },
    preInformation: {
      on: {
        'preInformation.confirm': [
          { guard: 'isPreInformationConfirmed', target: 'startingPurchase', actions: assign({ reason: null }) },
          { actions: assign({ reason: 'PRE_INFORMATION_UNCONFIRMED' }) },
        ],
        back: { target: 'summary', actions: assign({ reason: null }) },
      },
    },
    startingPurchase: {
      tags: ['busy'],
      invoke: {
        id: 'createPurchase',
        src: 'createPurchase',
        // the server buys what it holds for the verified phone, at its own price (docs/decisions/purchase.md)
        input: ({ context }) => ({ ticket: context.ticket ?? '', product: context.product, preInformationId: context.preInformation?.id ?? '' }),
        onDone: [
          // a payment of it waits for the bank in another tab (issue 21): its outcome is awaited, not paid twice
          { guard: 'isPaidElsewhere', target: 'otherPayment', actions: assign({ purchase: ({ event }) => event.output }) },
          { target: 'payment', actions: assign({ purchase: ({ event }) => event.output }) },
        ],
        onError: [
          { guard: 'ticketExpired', target: 'verifying', actions: assign({ ticket: null, reason: 'SMS_TICKET_INVALID', errors: {} }) },
          // the form given is no longer the answers' (another tab changed them): the new form, to be read again
          { guard: 'isPreInformationOutdated', target: 'loadingPreInformation', actions: assign({ reason: ({ event }) => reasonOf(event.error) }) },
          { target: 'summary', actions: assign({ reason: ({ event }) => reasonOf(event.error) }) },
        ],
      },
    },
    /** The card form for the first contribution, with the amount the server computed. */
    payment: {
      on: {
        'payment.done': { target: 'paid', actions: assign({ outcome: ({ event }) => event.status }) },
        // the card form was told a payment of it is under way elsewhere (or it was paid meanwhile)
        'payment.elsewhere': { target: 'otherPayment', actions: assign({ reason: null }) },
        back: [
          // opened from the result page: no answers here, back is the quick profile
          { guard: 'isRetry', target: 'quickProfile', actions: assign({ purchase: null, retry: false, reason: null }) },
          { target: 'summary', actions: assign({ purchase: null, reason: null }) },
        ],
      },
    },
    /** "a payment is already in progress": its outcome is awaited, then shown (or this tab pays, if it failed) */
    otherPayment: {
      tags: ['busy'],
      invoke: {
        id: 'watchPayment',
        src: 'watchPayment',
        input: ({ context }) => ({ id: context.purchase?.id ?? '' }),
        onDone: [
          { guard: 'otherPaymentSucceeded', target: 'paid', actions: assign({ outcome: 'success' }) },
          { target: 'payment', actions: assign({ reason: 'OTHER_PAYMENT_FAILED' }) },
        ],
        onError: { target: 'payment', actions: assign({ reason: ({ event }) => reasonOf(event.error) }) },
      },
    },
    paid: { type: 'final' },
  },
  output: ({ context }) => ({ purchaseId: context.purchase?.id ?? '', outcome: context.outcome ?? 'error' }),
})
