import { and, eq, lt } from 'drizzle-orm'
import type { GatewayConfig } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import { bankSimTransaction } from '../../db/schema.ts'
import { nestPayGateway } from './nestpay.ts'
import type { CardGateway } from './port.ts'

/**
 * The built-in 3-D Secure bank simulator: a TEST bank mounted in this server at
 * `{apiBase}/banksim`. It speaks the NestPay 3D Pay protocol (same fields, same ver3 hash with its
 * own store key), so the payment routes run exactly the code a real bank needs.
 */
export const BANK_SIM_CLIENT_ID = 'KE-TEST-BANK'
export const BANK_SIM_MERCHANT = 'Katılım Emeklilik (test üye işyeri)'

export type BankSimScenario = 'success' | 'authFailed' | 'declined' | 'noAnswer'

/**
 * The published test cards (README "Test cards", docs/decisions/card-acceptance.md): Luhn-valid;
 * the first six are commercial credit cards (the test form's spec 5 rule takes them, purchases
 * too), the `personal` ones are consumer credit cards that only purchases take.
 */
export const TEST_CARDS: readonly { number: string; brand: string; scenario: BankSimScenario; outcome: string; personal?: true }[] = [
  { number: '4036660000001231', brand: 'Visa', scenario: 'success', outcome: 'payment succeeds' },
  { number: '5100540000001233', brand: 'Mastercard', scenario: 'success', outcome: 'payment succeeds' },
  { number: '374423000001232', brand: 'American Express', scenario: 'success', outcome: 'payment succeeds (4-digit CID)' },
  { number: '4165120000001239', brand: 'Visa', scenario: 'authFailed', outcome: '3-D authentication fails (mdStatus 0)' },
  { number: '4119240000001232', brand: 'Visa', scenario: 'declined', outcome: '3-D passes, the issuer declines (ProcReturnCode 05)' },
  { number: '4043500000001230', brand: 'Visa', scenario: 'noAnswer', outcome: 'the bank page never answers; the payment times out' },
  { number: '4543600000001233', brand: 'Visa', scenario: 'success', outcome: 'a personal credit card: a purchase succeeds; the test form refuses it (spec 5)', personal: true },
  { number: '5406670000001239', brand: 'Mastercard', scenario: 'success', outcome: 'a personal credit card: a purchase succeeds; the test form refuses it (spec 5)', personal: true },
  { number: '9792040000001239', brand: 'Troy', scenario: 'success', outcome: 'a personal Troy credit card: a purchase succeeds', personal: true },
]

/** A debit (bank) card: the test form and purchases refuse it (a purchase says to use a credit card). */
export const TEST_DEBIT_CARD = '4016220000001238'

/** Any other card succeeds with the right one-time code (the merchant's card rules apply before the bank's page). */
export function scenarioOf(pan: string): BankSimScenario {
  return TEST_CARDS.find((c) => c.number === pan)?.scenario ?? 'success'
}

export function bankSimulatorGateway(config: { apiBase: string; gateway: GatewayConfig }): CardGateway {
  return nestPayGateway({
    clientId: BANK_SIM_CLIENT_ID,
    storeKey: config.gateway.bankSimStoreKey,
    url: `${config.apiBase}/banksim/3d`,
    storeType: '3d_pay',
  }, 'banksim')
}

/** The configured gateway (PAYMENT_GATEWAY). */
export function gatewayFor(config: { apiBase: string; gateway: GatewayConfig }): CardGateway {
  const np = config.gateway.nestpay
  if (config.gateway.kind === 'nestpay' && np) return nestPayGateway(np)
  return bankSimulatorGateway(config)
}

/** A transaction of the test bank: the 3D page's card, amount and code, and where the answer goes. */
export type BankSimTxn = typeof bankSimTransaction.$inferSelect

/** A 3D page opened: the transaction the bank keeps (first 6 and last 4 digits only). */
export async function openBankSimTxn(db: Db, values: typeof bankSimTransaction.$inferInsert): Promise<BankSimTxn> {
  const [t] = await db.insert(bankSimTransaction).values(values).returning()
  return t!
}

export async function bankSimTxn(db: Db, id: string): Promise<BankSimTxn | undefined> {
  const [t] = await db.select().from(bankSimTransaction).where(eq(bankSimTransaction.id, id)).limit(1)
  return t
}

/** Ends a pending transaction; false when it had already ended (a second press, another tab). */
export async function concludeBankSimTxn(db: Db, id: string): Promise<boolean> {
  const [done] = await db.update(bankSimTransaction).set({ status: 'done' })
    .where(and(eq(bankSimTransaction.id, id), eq(bankSimTransaction.status, 'pending'))).returning({ id: bankSimTransaction.id })
  return !!done
}

/** A wrong code counted while attempts are left (of `maxAttempts`): the transaction after it, else undefined (the last attempt). */
export async function countBankSimAttempt(db: Db, t: BankSimTxn, maxAttempts: number): Promise<BankSimTxn | undefined> {
  const [counted] = await db.update(bankSimTransaction).set({ attempts: t.attempts + 1 })
    .where(and(eq(bankSimTransaction.id, t.id), eq(bankSimTransaction.status, 'pending'), lt(bankSimTransaction.attempts, maxAttempts - 1))).returning()
  return counted
}
