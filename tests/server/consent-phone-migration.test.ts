import { rm } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { emptyDatabase, migrationsBefore, MIGRATIONS } from '../support/migration-db.ts'
import { dbKinds } from '../support/test-app.ts'

/**
 * The custom migration `sales24b-consent-phone` (issue 24 item 10): consent records made before
 * `legal_permission.phone` get the phone of their sale (its open application, its purchase, a
 * pre-information form given to it, or a party that was the phone), so that the customer's consent
 * page shows them; a record no phone names stays without one.
 */
/** The migrations folder up to (without) the backfill. */
const beforeBackfill = () => migrationsBefore((tag) => tag.endsWith('sales24b-consent-phone'))

const A = '11111111-1111-4111-8111-111111111111'
const B = '22222222-2222-4222-8222-222222222222'
const C = '33333333-3333-4333-8333-333333333333'
const T = "'2026-03-02T09:00:00Z'"
const record = (id: string, saleId: string, party: string) => `INSERT INTO legal_permission (id, sale_id, process_step, party_id, name, status, scope, document_id, document_version, locale, text_sha256, channel, ip, request_id, at)
  VALUES ('${id}', '${saleId}', 'consents', '${party}', 'markconcent', 'ACCEPTED', 'SMS', 'TICARI-ILETI-v1', 1, 'tr', 'x', 'WEB', '127.0.0.1', 'r', ${T})`

for (const kind of dbKinds()) {
  describe(`consent records get their phone [${kind}]`, { timeout: 120_000 }, () => {
    it('from the open application, the purchase, the pre-information form or a phone party; none otherwise', async () => {
      const folder = await beforeBackfill()
      const e = await emptyDatabase(kind)
      try {
        await e.migrate(folder)
        await e.query(`INSERT INTO sales_application (id, phone, product, step, data, created_at, updated_at, expires_at) VALUES ('${A}', '+905321111111', 'tss', 'consents', '{}', ${T}, ${T}, ${T})`)
        await e.query(`INSERT INTO purchase (id, product, phone, application_id, data, amount, currency, status, locale, created_at, updated_at) VALUES ('p1', 'tss', '+905322222222', '${B}', '{}', '1.00', 'TRY', 'issued', 'tr', ${T}, ${T})`)
        await e.query(`INSERT INTO pre_information (application_id, phone, product, document_id, document_version, locale, text_sha256, text, amount, currency, given_at, ip, request_id) VALUES ('${C}', '+905323333333', 'tss', 'ONBILGI-TSS-v1', 1, 'tr', 'x', 'x', '1.00', 'TRY', ${T}, '127.0.0.1', 'r')`)
        await e.query(record('aaaaaaaa-0000-4000-8000-000000000001', A, '10000000146'))
        await e.query(record('aaaaaaaa-0000-4000-8000-000000000002', B, '10000000146'))
        await e.query(record('aaaaaaaa-0000-4000-8000-000000000003', C, '10000000146'))
        await e.query(record('aaaaaaaa-0000-4000-8000-000000000004', 'dddddddd-0000-4000-8000-000000000000', 'tel:+905324444444'))
        await e.query(record('aaaaaaaa-0000-4000-8000-000000000005', 'eeeeeeee-0000-4000-8000-000000000000', '10000000146'))
        await e.migrate(MIGRATIONS)
        const rows = await e.query('SELECT id, phone FROM legal_permission ORDER BY id')
        expect(rows.map((r) => r.phone)).toEqual(['+905321111111', '+905322222222', '+905323333333', '+905324444444', null])
      } finally {
        await e.close()
        await rm(folder, { recursive: true, force: true })
      }
    })
  })
}
