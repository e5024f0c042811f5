import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { BANK_SIM_KEY_PURPOSE, deriveKey, type ServerConfig } from '../config.ts'
import type { Db } from '../db/client.ts'
import { serverKey } from '../db/schema.ts'

/** The key stored under `name`, created (32 random bytes) by the first process that asks. */
export async function storedKey(db: Db, name: string): Promise<string> {
  await db.insert(serverKey).values({ name, value: randomBytes(32).toString('base64url') }).onConflictDoNothing()
  const [row] = await db.select({ value: serverKey.value }).from(serverKey).where(eq(serverKey.name, name)).limit(1)
  if (!row) throw new Error(`server key ${name} could not be stored`)
  return row.value
}

/**
 * Issue 9 items 12 and 13. In production, SECRETS_KEY and ENVELOPE_KEY that the environment does
 * not set are generated once and kept in the database (table server_key), never printed, so
 * `npm start` works on a fresh machine without running on the built-in development keys, and
 * every server process on the database uses the same ones. The bank simulator's store key is
 * derived from the secrets key unless BANK_SIM_STORE_KEY sets it, so it survives restarts and is
 * shared too: a payment waiting on 3-D Secure completes after a restart.
 */
export async function withServerKeys(config: ServerConfig, db: Db): Promise<ServerConfig> {
  if (config.env !== 'production') return { ...config }
  const secretsKey = config.configuredKeys.secretsKey ? config.secretsKey : await storedKey(db, 'secrets')
  const envelopeKey = config.configuredKeys.envelopeKey ? config.envelopeKey : await storedKey(db, 'envelope')
  const bankSimStoreKey = config.configuredKeys.bankSimStoreKey ? config.gateway.bankSimStoreKey : deriveKey(secretsKey, BANK_SIM_KEY_PURPOSE)
  return { ...config, secretsKey, envelopeKey, gateway: { ...config.gateway, bankSimStoreKey } }
}
