import { readFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { emptyDatabase, migrationsBefore, MIGRATIONS, type Engine, type Journal } from '../support/migration-db.ts'
import { dbKinds } from '../support/test-app.ts'

/**
 * The migrations on a database that did not start with them (issues 21 and 28, merged with
 * renumbered migrations: 0012_money-dedupe, 0013_money, 0014_authority): a fresh database takes
 * them all, and a database the earlier main left at 0011 (with what the earlier code let through:
 * several purchases of one application, several live payments of one purchase) migrates forward
 * without losing a row, so that the unique indexes of one purchase per application and one live
 * payment per purchase can be created.
 */
const LAST_OF_OLD_MAIN = '0011_assign'

/** The migrations folder as the earlier main had it: up to 0011, nothing after. */
const oldMainFolder = () => migrationsBefore((tag) => tag > LAST_OF_OLD_MAIN)

const journal = async () => JSON.parse(await readFile(join(MIGRATIONS, 'meta/_journal.json'), 'utf8')) as Journal
const indexes = async (e: Engine) => (await e.query<{ indexname: string }>(`SELECT indexname FROM pg_indexes WHERE schemaname = 'public'`)).map((r) => r.indexname)

for (const kind of dbKinds()) {
  describe(`migrations on ${kind}`, { timeout: 120_000 }, () => {
    let old: string
    beforeAll(async () => { old = await oldMainFolder() })
    afterAll(async () => rm(old, { recursive: true, force: true }))

    it('a fresh database takes every migration, the money and authority indexes and tables included', async () => {
      const e = await emptyDatabase(kind)
      try {
        await e.migrate(MIGRATIONS)
        const applied = await e.query<{ n: string }>('SELECT count(*)::text AS n FROM drizzle.__drizzle_migrations')
        expect(Number(applied[0]!.n)).toBe((await journal()).entries.length)
        expect(await indexes(e)).toEqual(expect.arrayContaining([
          'purchase_application_uq', 'payment_order_live_purchase_uq', 'payment_action_order_reason_uq', 'email_change_open_uq',
        ]))
        // migrating again changes nothing
        await e.migrate(MIGRATIONS)
        expect(Number((await e.query<{ n: string }>('SELECT count(*)::text AS n FROM drizzle.__drizzle_migrations'))[0]!.n)).toBe((await journal()).entries.length)
      } finally {
        await e.close()
      }
    })

    it('a database the earlier main left at 0011, with duplicate purchases and live payments, migrates forward and keeps every row', async () => {
      const e = await emptyDatabase(kind)
      try {
        await e.migrate(old)
        expect(await indexes(e)).not.toContain('purchase_application_uq')
        const app = '3f1c2a9e-5b7d-4e21-9a0c-1d2e3f405162'
        const other = '7a8b9c0d-1e2f-4a3b-8c4d-5e6f70819203'
        const p = (id: string, application: string, status: string, created: string, issued: string | null) =>
          `('${id}', 'tss', '+905321234567', '${application}', '{}'::jsonb, '1000.00', 'TRY', '${status}', ${status === 'issued' ? `'TSS-2026-${id.padEnd(10, '0').slice(0, 10)}'` : 'NULL'}, NULL, 'tr', '${created}', '${created}', ${issued ? `'${issued}'` : 'NULL'})`
        // what 5 parallel purchase calls left: one application, three purchases (one paid), and another application's purchase
        await e.query(`INSERT INTO purchase (id, product, phone, application_id, data, amount, currency, status, policy_number, order_id, locale, created_at, updated_at, issued_at) VALUES
          ${p('p1', app, 'awaitingPayment', '2026-03-01T09:00:00Z', null)},
          ${p('p2', app, 'issued', '2026-03-01T09:00:01Z', '2026-03-01T09:05:00Z')},
          ${p('p3', app, 'awaitingPayment', '2026-03-01T09:00:02Z', null)},
          ${p('q1', other, 'awaitingPayment', '2026-03-01T10:00:00Z', null)}`)
        // and two payments of one purchase both waiting for the bank
        const o = (orderId: string, purchaseId: string, status: string, created: string) =>
          `('${orderId}', 'posIP3D', '454360', '0004', '1000.00', 'TRY', 1, 'FRM', '${status}', 'http://127.0.0.1', 'x', '${purchaseId}', '${created}', '${created}')`
        await e.query(`INSERT INTO payment_order (order_id, gateway, bin6, last4, amount, currency, installment, trx_type, status, return_origin, receipt_hash, purchase_id, created_at, updated_at) VALUES
          ${o('ORD-1', 'q1', 'awaiting3ds', '2026-03-01T10:01:00Z')},
          ${o('ORD-2', 'q1', 'created', '2026-03-01T10:02:00Z')},
          ${o('ORD-3', 'q1', 'failed', '2026-03-01T10:00:30Z')}`)

        await e.migrate(MIGRATIONS)

        expect(Number((await e.query<{ n: string }>('SELECT count(*)::text AS n FROM drizzle.__drizzle_migrations'))[0]!.n)).toBe((await journal()).entries.length)
        expect(await indexes(e)).toEqual(expect.arrayContaining(['purchase_application_uq', 'payment_order_live_purchase_uq', 'email_change_open_uq']))
        // nothing deleted; the paid purchase keeps the application, the others an id of their own
        const purchases = await e.query<{ id: string; application_id: string; status: string; live_order_id: string | null }>('SELECT id, application_id, status, live_order_id FROM purchase ORDER BY id')
        expect(purchases.map((r) => r.id)).toEqual(['p1', 'p2', 'p3', 'q1'])
        expect(purchases.filter((r) => r.application_id === app).map((r) => r.id)).toEqual(['p2'])
        expect(new Set(purchases.map((r) => r.application_id)).size).toBe(4)
        expect(purchases.map((r) => r.status)).toEqual(['awaitingPayment', 'issued', 'awaitingPayment', 'awaitingPayment'])
        // the newest live payment stays live; the older one ended as timed out (a late approval of it is still accepted)
        const orders = await e.query<{ order_id: string; status: string; reason: string | null }>('SELECT order_id, status, reason FROM payment_order ORDER BY order_id')
        expect(orders).toEqual([
          { order_id: 'ORD-1', status: 'failed', reason: 'THREE_D_TIMEOUT' },
          { order_id: 'ORD-2', status: 'created', reason: null },
          { order_id: 'ORD-3', status: 'failed', reason: null },
        ])
        // and the indexes now hold: a second purchase of the application, a second live payment, are refused
        await expect(e.query(`INSERT INTO purchase (id, product, phone, application_id, data, amount, currency, status, locale, created_at, updated_at) VALUES ('p4', 'tss', '+905321234567', '${app}', '{}'::jsonb, '1.00', 'TRY', 'awaitingPayment', 'tr', now(), now())`)).rejects.toThrow(/purchase_application_uq/)
        await expect(e.query(`INSERT INTO payment_order (order_id, gateway, bin6, last4, amount, currency, installment, trx_type, status, return_origin, receipt_hash, purchase_id) VALUES ('ORD-4', 'posIP3D', '454360', '0004', '1.00', 'TRY', 1, 'FRM', 'awaiting3ds', 'x', 'x', 'q1')`)).rejects.toThrow(/payment_order_live_purchase_uq/)
      } finally {
        await e.close()
      }
    })
  })
}
