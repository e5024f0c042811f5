import { contributionProblem, isAdultSignatory, participantAgeProblem, type BesProduct } from './bes.ts'
import { normalizePersonValues, parseLira } from './customer-input.ts'
import { fundChoiceProblem, type FundShare } from './funds.ts'
import {
  custodianProfileSchema, personalProfileSchema, quickProfileSchema, type CustodianProfile, type PensionContract, type PersonalProfile,
} from './schemas/sales.ts'

/**
 * The checks of each step of the BES purchase (machines/bes-purchase), as field -> message code
 * (`required`, `invalid`, `tooLong`, `ageTooOld`, `minorNotAllowed`, `notAdult`, `belowMinimum`,
 * `fundsNotHundred`, ...). The browser words the codes; the spec 3.2 schemas decide the formats.
 */
export type FieldErrors = Record<string, string>

/** The text fields of a person form as typed ('' for nothing). */
export type PersonValues = Record<string, string>

type Issue = { path: PropertyKey[]; message: string; code?: string }

function issuesToErrors(issues: readonly Issue[]): FieldErrors {
  const errors: FieldErrors = {}
  for (const i of issues) {
    const field = String(i.path[0] ?? i.message.split('.')[0])
    // a field left empty is missing from the cleaned values: its type issue means "required" (issue 24 item 7: "Ad girmelisiniz")
    const code = i.message.includes('.') ? i.message.slice(i.message.lastIndexOf('.') + 1) : i.code === 'invalid_type' ? 'required' : 'invalid'
    // a missing field's "expected string" issue reads as required
    errors[field] ??= i.message.startsWith('Invalid') ? 'required' : code
  }
  return errors
}

/** Empty optional fields are left out; the text is tidied (`normalizePersonValues`: a pasted TCKN's spaces, names' spacing). */
export function cleanPerson(values: PersonValues): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [k, v] of Object.entries(normalizePersonValues(values))) {
    const t = v.trim()
    if (t !== '') out[k] = k === 'nationality' || k === 'idserialno' ? t.toUpperCase() : t
  }
  return out
}

export function quickProfileErrors(product: BesProduct, q: { gender: string; citycode: string; birthdate: string }, at: string): FieldErrors {
  const r = quickProfileSchema.safeParse({ gender: q.gender, citycode: q.citycode, birthdate: q.birthdate.trim() })
  const errors = r.success ? {} : issuesToErrors(r.error.issues)
  if (!errors.gender && q.gender !== 'male' && q.gender !== 'female') errors.gender = 'requiredSelection'
  if (!errors.birthdate) {
    const age = participantAgeProblem(product, q.birthdate, new Date(at))
    if (age) errors.birthdate = age === 'tooOld' ? 'ageTooOld' : age
  }
  return errors
}

/** The participant's profile: spec 3.2's personal profile, the plan's age rule, and the work details this product asks. */
export function participantErrors(product: BesProduct, values: PersonValues, at: string): FieldErrors {
  const r = personalProfileSchema.safeParse(cleanPerson(values))
  const errors = r.success ? {} : issuesToErrors(r.error.issues)
  for (const f of ['fathername', 'mothername', 'birthplace', 'idserialno', 'education', 'socialsecurity'] as const) {
    if (!values[f]?.trim() && !errors[f]) errors[f] = 'required'
  }
  if (!errors.birthdate && values.birthdate) {
    const age = participantAgeProblem(product, values.birthdate.trim(), new Date(at))
    if (age) errors.birthdate = age === 'tooOld' ? 'ageTooOld' : age
  }
  return errors
}

/** A custodian or a payer: spec 3.2's custodian/payer profile, and an adult. */
export function signatoryErrors(values: PersonValues, at: string): FieldErrors {
  const r = custodianProfileSchema.safeParse(cleanPerson(values))
  const errors = r.success ? {} : issuesToErrors(r.error.issues)
  if (!errors.birthdate && values.birthdate && !isAdultSignatory(values.birthdate.trim(), new Date(at))) errors.birthdate = 'notAdult'
  return errors
}

export type ContractValues = { currencyOfInvest: string; freqOfInvest: string; contributionAmount: string; fundChoice: FundShare[] }

/** The amount typed, as a Turkish reader writes it ('1.250,50') or with a decimal point (`parseLira`). */
export function parseContribution(text: string): number | null {
  return parseLira(text)
}

export function contractErrors(product: BesProduct, v: ContractValues): FieldErrors {
  const errors: FieldErrors = {}
  const amount = parseContribution(v.contributionAmount)
  if (!v.contributionAmount.trim()) errors.contributionAmount = 'required'
  else if (amount === null) errors.contributionAmount = 'invalid'
  const p = contributionProblem(product, { currencyOfInvest: v.currencyOfInvest, freqOfInvest: v.freqOfInvest, contributionAmount: amount ?? 0 })
  if (p === 'frequency') errors.freqOfInvest = 'requiredSelection'
  else if (p === 'currency') errors.currencyOfInvest = 'requiredSelection'
  else if (p && amount !== null) errors.contributionAmount = p === 'notMoney' ? 'invalid' : p
  const shares = v.fundChoice.filter((s) => s.share !== 0)
  const f = fundChoiceProblem(shares)
  if (f) errors.fundChoice = f === 'notHundred' || f === 'empty' ? 'fundsNotHundred' : 'fundsInvalid'
  return errors
}

export function toContract(v: ContractValues): PensionContract {
  return {
    currencyOfInvest: v.currencyOfInvest,
    freqOfInvest: v.freqOfInvest as PensionContract['freqOfInvest'],
    contributionAmount: parseContribution(v.contributionAmount) ?? 0,
    fundChoice: v.fundChoice.filter((s) => s.share !== 0),
  }
}

export const toParticipant = (values: PersonValues) => cleanPerson(values) as unknown as PersonalProfile
export const toSignatory = (values: PersonValues, product: BesProduct) => ({ ...cleanPerson(values), planchoice: product }) as unknown as CustodianProfile
