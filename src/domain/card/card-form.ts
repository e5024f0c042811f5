import {
  BANK_CODE_MAX, CURR_CODE_MAX, DEFAULT_AMOUNT, DEFAULT_INSTALLMENT, DEFAULT_TRX_TYPE, INSTALLMENT_MAX, INSTALLMENT_MIN,
  NAME_MAX_LENGTH, PROVISION_TRX_TYPES, THREE_D_TRX_TYPES, TRX_TYPE_CODES,
} from '../constants.ts'
import { isValidExpiry } from '../expiry.ts'
import { readAmount } from '../amount.ts'
import type { CardFormMessageCode } from '../messages.ts'
import { isValidPersonName } from '../names.ts'
import type { BinCheckResult } from './bin.ts'
import { cardDigits, detectCardBrand, isCompleteCardNumber } from './brands.ts'

/** The card payment form of spec 3.4 (all values as typed). */
export type CardFormValues = {
  number: string
  name: string
  cvc: string
  expiry: string
  bankcode: string
  currcode: string
  amount: string
  trxtype: string
  installment: string
  cardtype: string
  cardOwner: string
  paymentConcent?: boolean
  paymentDay?: string
}

export type CardFormField = 'number' | 'name' | 'cvc' | 'expiry' | 'bankcode' | 'currcode' | 'amount' | 'trxtype' | 'installment' | 'paymentDay'
export type CardFormErrors = Partial<Record<CardFormField, CardFormMessageCode>>

/** What "Formu Temizle" resets to (spec 4 and 9). */
export const CARD_FORM_DEFAULTS: Readonly<CardFormValues> = {
  number: '',
  name: '',
  cvc: '',
  expiry: '',
  bankcode: '',
  currcode: '',
  amount: DEFAULT_AMOUNT,
  trxtype: DEFAULT_TRX_TYPE,
  installment: DEFAULT_INSTALLMENT,
  cardtype: '',
  cardOwner: '',
}

export const PAYMENT_DAY_MIN = 1
/** A monthly payment day must exist in every month. */
export const PAYMENT_DAY_MAX = 28

/** Only P01 and S01 run the 3-D payment (spec 4). */
export function isThreeDTrxType(code: string): boolean {
  return (THREE_D_TRX_TYPES as readonly string[]).includes(code)
}

/** The gateway's `provision` header: true for P01 and P02 (spec 7.4). */
export function isProvisionTrxType(code: string): boolean {
  return (PROVISION_TRX_TYPES as readonly string[]).includes(code)
}

function intInRange(value: string, min: number, max: number): boolean {
  if (!/^\d{1,3}$/.test(value)) return false
  const n = Number(value)
  return n >= min && n <= max
}

function str(v: unknown): string {
  return typeof v === 'string' ? v : ''
}

/**
 * Every failing field of the card form with its message code (empty object when valid): required
 * fields, a complete Luhn-valid number of the detected brand, the BIN check result when one is
 * given, the name rule and its 40-character limit, the expiry date check, the CVC length of the
 * brand (4 for amex, else 3), bank and currency codes up to 10 characters, a positive amount such
 * as '1,250.50' up to PAYMENT_AMOUNT_MAX (readAmount), 1-24 installments, a known transaction type, and an optional payment day 1-28.
 */
export function validateCardForm(values: CardFormValues, now: Date = new Date(), options: { binCheck?: BinCheckResult | null } = {}): CardFormErrors {
  const errors: CardFormErrors = {}

  const number = str(values.number)
  const digits = cardDigits(number)
  if (digits === '') errors.number = 'number.required'
  else if (/[^\d\s-]/.test(number) || !isCompleteCardNumber(digits)) errors.number = 'number.invalid'
  else if (options.binCheck && !options.binCheck.accepted) errors.number = 'number.binRejected'

  const name = str(values.name).trim()
  if (name === '') errors.name = 'name.required'
  else if ([...name].length > NAME_MAX_LENGTH) errors.name = 'name.tooLong'
  else if (!isValidPersonName(name)) errors.name = 'name.invalid'

  const cvc = str(values.cvc).trim()
  if (cvc === '') errors.cvc = 'cvc.required'
  else if (!/^\d+$/.test(cvc) || cvc.length !== detectCardBrand(digits).cvcLength) errors.cvc = 'cvc.invalid'

  const expiry = str(values.expiry).trim()
  if (expiry === '') errors.expiry = 'expiry.required'
  else if (!isValidExpiry(expiry, now)) errors.expiry = 'expiry.invalid'

  const bankcode = str(values.bankcode).trim()
  if (bankcode === '') errors.bankcode = 'bankcode.required'
  else if (bankcode.length > BANK_CODE_MAX) errors.bankcode = 'bankcode.tooLong'

  const currcode = str(values.currcode).trim()
  if (currcode === '') errors.currcode = 'currcode.required'
  else if (currcode.length > CURR_CODE_MAX) errors.currcode = 'currcode.tooLong'

  const amount = readAmount(str(values.amount))
  if (!amount.ok) errors.amount = amount.code

  const installment = str(values.installment).trim()
  if (installment === '') errors.installment = 'installment.required'
  else if (!intInRange(installment, INSTALLMENT_MIN, INSTALLMENT_MAX)) errors.installment = 'installment.invalid'

  const trxtype = str(values.trxtype).trim()
  if (trxtype === '') errors.trxtype = 'trxtype.required'
  else if (!(TRX_TYPE_CODES as readonly string[]).includes(trxtype)) errors.trxtype = 'trxtype.invalid'

  const paymentDay = str(values.paymentDay).trim()
  if (paymentDay !== '' && !intInRange(paymentDay, PAYMENT_DAY_MIN, PAYMENT_DAY_MAX)) errors.paymentDay = 'paymentDay.invalid'

  return errors
}
