import { and, eq, sql } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { consentsFor } from '../../src/domain/consents.ts'
import { SMS_RESEND_COOLDOWN_S } from '../../src/domain/sms.ts'
import { address, auditLog, legalPermission, outbox, paymentAction, role, staffSession, userRole } from '../../src/server/db/schema.ts'
import { enqueueMail } from '../../src/server/services/outbox.ts'
import { keyFrom } from '../../src/server/services/secrets.ts'
import { TEST_ADMIN } from '../support/constants.ts'
import { agent } from '../support/fixtures.ts'
import { TSS_DATA } from '../support/sales-data.ts'
import { auditRefusal } from '../support/refuse-audit.ts'
import { createTestApp, dbKinds, type TestApp } from '../support/test-app.ts'

/**
 * Issue 26 item 3: the writes that services made one transaction, each with its audit entry: a
 * consent recorded and a consent withdrawn, an outbox retry, a payment-action resolution, an
 * address created, changed and deleted, and a session locked, unlocked, switched to another role
 * and logged out. For each:
 * - the database refuses the audit entry (a trigger, the write's last statement) and nothing of
 *   the write remains; once the entry can be written the same request succeeds;
 * - parallel requests (on PostgreSQL: real connections in parallel) write it once, or each answer
 *   that succeeded has exactly its own row and its own audit entry: no duplicate, no half.
 * On both engines: transactions and parallel connections are what differs between them.
 */
const PHONE = '0532 123 45 67'
const N = 8

describe.each(dbKinds())('one-transaction writes with their audit entry on %s', (kind) => {
  let t: TestApp
  let admin: ReturnType<typeof agent>
  let companyId: string
  beforeEach(async () => {
    t = await createTestApp(kind, {}, { mail: false, retryBaseMs: 60_000 })
    admin = agent(t.request)
    const res = await admin.post('/auth/login', { username: TEST_ADMIN.username, password: TEST_ADMIN.password })
    expect(res.status).toBe(200)
    companyId = (res.body.user as { companyId: string }).companyId
  })
  afterEach(async () => {
    // the test database is reused by the next test: the refusal must not outlive this one
    await dropRefusal()
    await t.close()
  })

  const { refuse: refuseAudit, allow: allowAudit, drop: dropRefusal } = auditRefusal(() => t)
  const audits = async (action: string) => t.db.select().from(auditLog).where(eq(auditLog.action, action))

  async function verify(smsSource: string): Promise<string> {
    t.clock.advance(SMS_RESEND_COOLDOWN_S * 1000)
    const api = agent(t.request)
    expect((await api.post('/notification/sendsms', { gsmNumber: PHONE, smsSource })).status).toBe(200)
    const code = /(\d{6})/.exec(t.sms.at(-1)!.text)![1]!
    const verified = await api.post('/notification/verifysms', { gsmNumber: PHONE, code, smsSource })
    expect(verified.status).toBe(200)
    return String(verified.body.ticket)
  }

  /** A TSS application with its required consents; the commercial-message consent by e-mail not yet answered. */
  async function application() {
    const api = agent(t.request)
    const ticket = await verify('tss')
    const saved = await api.post('/digitalchannels/application', { ticket, product: 'tss', step: 'summary', data: TSS_DATA })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    const saleId = String(saved.body.id)
    const record = (body: Record<string, string>) => api.post('/digitalchannels/legalpermission', { ...body, ticket }, { saleId, processStep: 'consents' })
    for (const d of consentsFor('tss').filter((x) => x.requiredFor.includes('tss'))) {
      expect((await record({ name: d.name, status: d.kind === 'notice' ? 'READ' : 'ACCEPTED', documentId: d.documentId, scope: 'tss' })).status).toBe(201)
    }
    const email = { name: 'markconcent', status: 'ACCEPTED', documentId: 'TICARI-ILETI-v1', scope: 'EMAIL' }
    return { saleId, record: () => record(email) }
  }
  const emailRecords = (saleId: string) => t.db.select().from(legalPermission)
    .where(and(eq(legalPermission.saleId, saleId), eq(legalPermission.name, 'markconcent'), eq(legalPermission.scope, 'EMAIL')))

  it('a consent record: refused audit, no record; in parallel, each record has exactly its own audit entry', async () => {
    const { saleId, record } = await application()
    await refuseAudit('consent.accepted')
    expect((await record()).status).toBe(500)
    expect(await emailRecords(saleId)).toEqual([])
    await allowAudit()

    const answers = await Promise.all(Array.from({ length: N }, () => record()))
    const ok = answers.filter((a) => a.status === 201)
    expect(ok.length, JSON.stringify(answers.map((a) => a.body))).toBeGreaterThan(0)
    const rows = await emailRecords(saleId)
    expect(rows.map((r) => r.id).sort()).toEqual(ok.map((a) => String(a.body.id)).sort())
    const entries = (await audits('consent.accepted')).filter((e) => e.detail?.saleId === saleId && e.target === 'markconcent:EMAIL')
    expect(entries.map((e) => e.detail?.permissionId).sort()).toEqual(rows.map((r) => r.id).sort())
  })

  it('a consent withdrawal: refused audit, nothing withdrawn and the consent still withdrawable; in parallel, one record and one entry', async () => {
    const { saleId, record } = await application()
    const given = await record()
    expect(given.status).toBe(201)
    const ticket = await verify('consents')
    const api = agent(t.request)
    await refuseAudit('consent.withdrawn')
    expect((await api.post('/digitalchannels/consents/withdraw', { ticket, id: given.body.id })).status).toBe(500)
    expect((await emailRecords(saleId)).map((r) => r.status)).toEqual(['ACCEPTED'])
    await allowAudit()

    const answers = await Promise.all(Array.from({ length: N }, () => api.post('/digitalchannels/consents/withdraw', { ticket, id: given.body.id })))
    expect(answers.map((a) => a.status).sort()).toEqual([201, ...Array<number>(N - 1).fill(409)])
    const withdrawn = (await emailRecords(saleId)).filter((r) => r.status === 'WITHDRAWN')
    expect(withdrawn).toHaveLength(1)
    const entries = await audits('consent.withdrawn')
    expect(entries.map((e) => e.detail?.permissionId)).toEqual([withdrawn[0]!.id])
  })

  it('an outbox retry: refused audit, the mail stays where it was; parallel retries each leave their entry and one queued mail', async () => {
    const id = await enqueueMail(t.db, keyFrom(t.config.secretsKey), { to: 'selin@example.com', companyId, subject: 'Hoş geldiniz', text: 'Merhaba' })
    await t.outbox.drain()
    const [failed] = await t.db.select().from(outbox).where(eq(outbox.id, id))
    expect(failed!.attempts).toBe(1)
    expect(failed!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 30_000)

    await refuseAudit('mail.retried')
    expect((await admin.post(`/outbox/${id}/retry`)).status).toBe(500)
    expect((await t.db.select().from(outbox).where(eq(outbox.id, id)))[0]).toEqual(failed)
    expect(await audits('mail.retried')).toEqual([])
    await allowAudit()

    const answers = await Promise.all(Array.from({ length: N }, () => admin.post(`/outbox/${id}/retry`)))
    expect(answers.map((a) => a.status)).toEqual(Array<number>(N).fill(200))
    expect((await audits('mail.retried')).map((e) => e.target)).toEqual(Array<string>(N).fill(id))
    // still one mail (the worker may already have tried it again, and put it off anew)
    expect(await t.db.select({ id: outbox.id }).from(outbox)).toEqual([{ id }])
  })

  it('a payment-action resolution: refused audit, still open; in parallel, resolved once with one entry', async () => {
    const [action] = await t.db.insert(paymentAction).values({
      companyId, orderId: 'KEM20260301540061123', purchaseId: null, amount: '1250.00', currency: 'TRY', reason: 'ALREADY_PAID', paidBy: 'KEM20260301540061456', createdAt: new Date(),
    }).returning()
    await refuseAudit('payment.resolve')
    expect((await admin.post(`/payment/actions/${action!.id}/resolve`, { note: 'Bankada iade edildi' })).status).toBe(500)
    expect((await t.db.select().from(paymentAction).where(eq(paymentAction.id, action!.id)))[0]).toEqual(action)
    await allowAudit()

    const answers = await Promise.all(Array.from({ length: N }, (_, i) => admin.post(`/payment/actions/${action!.id}/resolve`, { note: `iade ${i}` })))
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array<number>(N - 1).fill(409)])
    const winner = answers.find((a) => a.status === 200)!
    const [row] = await t.db.select().from(paymentAction).where(eq(paymentAction.id, action!.id))
    expect(row).toMatchObject({ note: winner.body.note, resolvedBy: TEST_ADMIN.username })
    // the entry's target is the order id, readable (src/lib/redact.ts keeps spec 9's order ids, issue 25 item 7)
    const entries = await audits('payment.resolve')
    expect(entries).toHaveLength(1)
    expect(entries[0]!.target).toBe('KEM20260301540061123')
    expect(entries[0]!.detail).toMatchObject({ reason: 'ALREADY_PAID', amount: '1250.00', currency: 'TRY' })
  })

  it('an address: refused audit, no address created, changed or deleted; parallel changes at one version win once, with one entry', async () => {
    const type = ((await admin.get('/lookup/locationTypes')).body as unknown as Array<{ value: string }>)[0]!.value
    const q = `?entityname=company&entityid=${companyId}`
    const body = { locationtype: type, locationname: 'Genel Müdürlük', countrycode: 'DE', citycode: null, districtcode: null, suburbcode: null, zipcode: '10115', addresstext: 'Berlin' }
    await refuseAudit('address.created')
    expect((await admin.post('/party/address' + q, body)).status).toBe(500)
    expect(await t.db.select().from(address)).toEqual([])
    await allowAudit()
    const created = await admin.post('/party/address' + q, body)
    expect(created.status).toBe(201)
    const id = String(created.body.addressid)
    const [before] = await t.db.select().from(address).where(eq(address.id, id))

    await refuseAudit('address.updated')
    expect((await admin.put(`/party/address/${id}`, { ...body, version: 1, addresstext: 'München' })).status).toBe(500)
    expect((await t.db.select().from(address).where(eq(address.id, id)))[0]).toEqual(before)
    await allowAudit()
    await refuseAudit('address.deleted')
    expect((await admin.del(`/party/address/${id}?version=1`)).status).toBe(500)
    expect((await t.db.select().from(address).where(eq(address.id, id)))[0]).toEqual(before)
    await allowAudit()

    const answers = await Promise.all(Array.from({ length: N }, (_, i) => admin.put(`/party/address/${id}`, { ...body, version: 1, addresstext: `Berlin ${i}` })))
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array<number>(N - 1).fill(409)])
    const winner = answers.find((a) => a.status === 200)!
    const [after] = await t.db.select().from(address).where(eq(address.id, id))
    expect(after).toMatchObject({ version: 2, addressText: winner.body.addresstext })
    const entries = await audits('address.updated')
    expect(entries).toHaveLength(1)
    expect((entries[0]!.detail?.after as { addresstext: string }).addresstext).toBe(winner.body.addresstext)
  })

  it('a session locked, unlocked, switched and logged out: refused audit, the session as it was; the request then succeeds', async () => {
    const session = async () => (await t.db.select().from(staffSession)).filter((s) => !s.endedAt)
    const [open] = await session()
    expect(open).toBeDefined()

    await refuseAudit('auth.lock')
    expect((await admin.post('/auth/lockSession', { inactivetime: 60 })).status).toBe(500)
    expect((await session())[0]).toEqual(open)
    await allowAudit()
    expect((await admin.post('/auth/lockSession', { inactivetime: 60 })).status).toBe(200)
    const [locked] = await session()
    expect(locked).toMatchObject({ id: open!.id, inactiveSeconds: open!.inactiveSeconds + 60 })
    expect(locked!.lockedAt).not.toBeNull()

    // a refused unlock keeps the lock and the old token: the same cookie unlocks once the entry can be written
    await refuseAudit('auth.unlock')
    expect((await admin.post('/auth/unlockSession', { password: TEST_ADMIN.password })).status).toBe(500)
    expect((await session())[0]).toEqual(locked)
    await allowAudit()
    const unlocked = await admin.post('/auth/unlockSession', { password: TEST_ADMIN.password })
    expect(unlocked.status, JSON.stringify(unlocked.body)).toBe(200)
    const [now] = await session()
    expect(now).toMatchObject({ id: open!.id, lockedAt: null })
    expect(now!.tokenHash).not.toBe(locked!.tokenHash)
    expect((await audits('auth.unlock'))).toHaveLength(1)

    // a second role to switch to
    const [userRoleRow] = await t.db.select({ id: role.id }).from(role).where(and(eq(role.companyId, companyId), eq(role.name, 'ROLE_USER')))
    await t.db.insert(userRole).values({ userId: open!.userId, roleId: userRoleRow!.id })
    expect(now!.activeRole).not.toBe('ROLE_USER')
    await refuseAudit('auth.switchRole')
    expect((await admin.post('/auth/switchRole', { role: 'ROLE_USER' })).status).toBe(500)
    expect((await session())[0]).toEqual(now)
    await allowAudit()
    const switched = await admin.post('/auth/switchRole', { role: 'ROLE_USER' })
    expect(switched.status, JSON.stringify(switched.body)).toBe(200)
    expect((await session())[0]).toMatchObject({ id: open!.id, activeRole: 'ROLE_USER' })
    expect((await audits('auth.switchRole')).map((e) => e.detail?.to)).toEqual(['ROLE_USER'])
    const current = (await session())[0]

    await refuseAudit('auth.logout')
    expect((await admin.post('/auth/logout', {})).status).toBe(500)
    expect((await session())[0]).toEqual(current)
    expect((await admin.get('/auth/permissions')).status).toBe(200)
    await allowAudit()
    expect((await admin.post('/auth/logout', {})).status).toBe(200)
    expect(await session()).toEqual([])
    expect(await audits('auth.logout')).toHaveLength(1)
  })
})
