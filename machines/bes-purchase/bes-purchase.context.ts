import { needsCustodian, type BesProduct } from '../../src/domain/bes.ts'
import type { ContractValues, FieldErrors, PersonValues } from '../../src/domain/bes-forms.ts'
import type { ConsentChoice, ConsentName } from '../../src/domain/consents.ts'
import type { ApplicationData, SavedApplication } from '../../src/domain/schemas/application.ts'
import type { CustodianProfile, PensionContract, PersonalProfile, QuickProfile } from '../../src/domain/schemas/sales.ts'
import type { PreInformation, PurchaseOutcome, PurchaseSummary } from '../shared/purchase.ts'
import type { BesHistoryStep } from './bes-history.ts'

/** The BES purchase's context, events and the pure helpers its guards and actions use (machines/bes-purchase/bes-purchase.machine.ts). */
export type BesPurchaseInput = { product: BesProduct }
export type BesStep = 'profile' | 'custodian' | 'payer' | 'contract' | 'consents'
export type ConsentChoices = Partial<Record<ConsentName, ConsentChoice>>

export type BesPurchaseContext = {
  product: BesProduct
  quick: QuickProfile | null
  phone: string | null
  ticket: string | null
  /** A saved application was found after the SMS check and its answers were put back. */
  resumed: boolean
  /** The step a resumed application continued at (its notice shows there), null before a resume. */
  resumedAt: ResumeStep | null
  /** The server's id of the saved application (the consents' saleId and partyId). */
  applicationId: string | null
  profile: PersonalProfile | null
  custodian: CustodianProfile | null
  payer: CustodianProfile | null
  /** The participant is under 18 (from the profile's birth date on the day it was given). */
  minor: boolean
  /** Someone other than the participant (or the custodian) pays. */
  payerIsOther: boolean
  contract: PensionContract | null
  consents: ConsentChoices
  /** Field -> message code of the step on screen. */
  errors: FieldErrors
  /** The step being saved. */
  saving: BesStep | null
  /** Reason code of the last failed call (never text). */
  reason: string | null
  /** The server's purchase (its id and the amount it computed). */
  purchase: PurchaseSummary | null
  /** The card payment's outcome, for the result page. */
  outcome: PurchaseOutcome | null
  /** The payment step was opened for an existing purchase (the result page's "Tekrar dene", issue 21). */
  retry: boolean
  /** The pre-information form the server gave before payment (issue 24 item 4): shown, confirmed, named by the purchase. */
  preInformation: PreInformation | null
  /** The step a reloaded page returns to (its history entry's), until the verification and the application are read back (issue 24 item 1). */
  restoreTo: BesHistoryStep | null
}

export type BesPurchaseEvent =
  | { type: 'quick.submit'; at: string; gender: string; citycode: string; birthdate: string }
  | { type: 'profile.submit'; values: PersonValues; payerIsOther: boolean; at: string }
  | { type: 'custodian.submit'; values: PersonValues; relation: string; at: string }
  | { type: 'payer.submit'; values: PersonValues; at: string }
  | { type: 'contract.submit'; values: ContractValues }
  | { type: 'consents.submit'; choices: ConsentChoices }
  | { type: 'summary.confirm' }
  | { type: 'preInformation.confirm'; accepted: boolean }
  | { type: 'payment.done'; status: PurchaseOutcome }
  | { type: 'payment.elsewhere' }
  | { type: 'payment.retry'; purchase: PurchaseSummary }
  | { type: 'back' }
  | { type: 'retry' }
  /** The page was reloaded (or come back to with Forward) at a step after the verification: that step again, without a new SMS (issue 24 item 1). */
  | { type: 'restore'; step: BesHistoryStep }

export type SaveInput = { ticket: string; product: BesProduct; step: BesStep; data: ApplicationData }

export const CUSTODIAN_RELATIONS = ['mother', 'father', 'guardian'] as const

/** What the server keeps of the application: the answers given so far. */
export function applicationData(c: BesPurchaseContext): ApplicationData {
  return {
    ...(c.quick ? { quickProfile: c.quick } : {}),
    ...(c.profile ? { personalProfile: c.profile } : {}),
    ...(c.minor && c.custodian ? { custodianProfile: c.custodian } : {}),
    ...(c.payerIsOther && c.payer ? { payerProfile: c.payer } : {}),
    ...(c.contract ? { pensionContract: c.contract } : {}),
  }
}

export type Ev<T extends BesPurchaseEvent['type']> = Extract<BesPurchaseEvent, { type: T }>
export const has = (errors: FieldErrors) => Object.keys(errors).length > 0
/** The participant's mobile is the phone the SMS proved, whatever the form sent. */
export const withPhone = (c: BesPurchaseContext, values: PersonValues): PersonValues => ({ ...values, userphone: c.phone ?? values.userphone ?? '' })

export const savedOf = (event: unknown) => (event as { output: SavedApplication }).output

/** Whether the saved participant needed a custodian when the application was last saved. */
export function minorWhenSaved(saved: SavedApplication): boolean {
  const birthdate = saved.data.personalProfile?.birthdate
  return !!birthdate && needsCustodian(birthdate, new Date(saved.updatedAt))
}

export type ResumeStep = 'consents' | 'custodian' | 'contract' | 'personal'

/** Where a saved application goes on: the first section it lacks. */
export function resumeStepOf(saved: SavedApplication): ResumeStep {
  const d = saved.data
  if (d.pensionContract) return 'consents'
  if (!d.personalProfile) return 'personal'
  return !d.custodianProfile && minorWhenSaved(saved) ? 'custodian' : 'contract'
}

/** A saved application's sections back into the form (the participant's age as of its last save; the quick profile typed stays). */
export function answersOfSaved(context: BesPurchaseContext, saved: SavedApplication): Partial<BesPurchaseContext> {
  const d = saved.data
  return {
    applicationId: saved.id,
    quick: context.quick ?? d.quickProfile ?? null,
    profile: d.personalProfile ?? null,
    custodian: d.custodianProfile ?? null,
    payer: d.payerProfile ?? null,
    payerIsOther: !!d.payerProfile,
    contract: d.pensionContract ?? null,
    minor: minorWhenSaved(saved),
  }
}
