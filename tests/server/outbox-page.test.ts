import { eq } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { auditLog, outbox, rateCounter, role } from '../../src/server/db/schema.ts'
import { tcknCheckDigits } from '../../src/domain/tckn.ts'
import { createOutbox, enqueueMail, OUTBOX_RETENTION_MS, pruneOutbox } from '../../src/server/services/outbox.ts'
import { createLogger } from '../../src/server/services/logger.ts'
import { keyFrom } from '../../src/server/services/secrets.ts'
import { TEST_ADMIN } from '../support/constants.ts'
import { agent, createUser, jobTitleAndLocation } from '../support/fixtures.ts'
import { createTestApp, dbKinds, type TestApp } from '../support/test-app.ts'

/** Issue 25 item 3: the "Posta kutusu" calls (GET /outbox, POST /outbox/{id}/retry), the truthful welcome answer, pruning. */
const PASSWORD = 'Güçlü-Parola-2026!'

describe.each(dbKinds())('the outbox page on %s', (kind) => {
  let t: TestApp
  afterEach(async () => { await t?.close() })

  async function admin(mail: boolean) {
    t = await createTestApp(kind, {}, { mail, retryBaseMs: 60_000 })
    const a = agent(t.request)
    const res = await a.post('/auth/login', { username: TEST_ADMIN.username, password: TEST_ADMIN.password })
    return { a, companyId: (res.body.user as { companyId: string }).companyId }
  }
  const queue = (companyId: string, to: string) => enqueueMail(t.db, keyFrom(t.config.secretsKey), { to, companyId, subject: 'Hoş geldiniz', text: 'Geçici şifreniz: Gizli-123' })

  it('a mail that cannot go out is listed as failed with its attempts and last error, never its text; a retry queues it now', async () => {
    const { a, companyId } = await admin(false)
    const id = await queue(companyId, 'selin@example.com')
    await t.outbox.drain()
    const failed = await a.get('/outbox?status=failed')
    expect(failed.status, JSON.stringify(failed.body)).toBe(200)
    expect(failed.body.total).toBe(1)
    const [item] = failed.body.items as Array<Record<string, unknown>>
    expect(item).toMatchObject({ id, recipient: 'selin@example.com', subject: 'Hoş geldiniz', status: 'failed', attempts: 1, lastError: 'no mailer configured', sentAt: null })
    expect(JSON.stringify(failed.body)).not.toContain('Gizli-123')
    expect((await a.get('/outbox?status=sent')).body.total).toBe(0)
    expect((await a.get('/outbox?status=nope')).status).toBe(400)
    // the failure is a task for those who read the outbox
    expect((await a.get('/tasks')).body.failedMails).toBe(1)

    const before = Date.now()
    const retried = await a.post(`/outbox/${id}/retry`)
    expect(retried.status, JSON.stringify(retried.body)).toBe(200)
    const [row] = await t.db.select().from(outbox).where(eq(outbox.id, id))
    expect(row!.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now())
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before - 1000)
    // the worker tried again at once
    await expect.poll(async () => (await t.db.select().from(outbox).where(eq(outbox.id, id)))[0]!.attempts, { timeout: 15_000 }).toBe(2)
    expect((await t.db.select().from(auditLog).where(eq(auditLog.action, 'mail.retried'))).map((e) => e.target)).toEqual([id])
    expect((await a.post('/outbox/00000000-0000-4000-8000-000000000000/retry')).status).toBe(404)
  })

  it('a sent mail is listed as sent (recipient and subject kept, the text erased) and cannot be retried', async () => {
    const { a, companyId } = await admin(true)
    const id = await queue(companyId, 'ali@example.com')
    await expect.poll(() => t.mails.filter((m) => m.to.includes('ali@example.com')).length, { timeout: 15_000 }).toBe(1)
    await expect.poll(async () => (await a.get('/outbox?status=sent')).body.total, { timeout: 15_000 }).toBe(1)
    const [item] = (await a.get('/outbox?status=sent')).body.items as Array<Record<string, unknown>>
    expect(item).toMatchObject({ id, recipient: 'ali@example.com', subject: 'Hoş geldiniz', status: 'sent', attempts: 0, nextAttemptAt: null })
    expect(item!.sentAt).toEqual(expect.any(String))
    expect((await t.db.select().from(outbox).where(eq(outbox.id, id)))[0]!.payload).toEqual({})
    const again = await a.post(`/outbox/${id}/retry`, {}, { locale: 'en' })
    expect(again.status).toBe(409)
    expect(again.body).toMatchObject({ code: 'OUTBOX_ALREADY_SENT', message: 'This mail has already been sent' })
  })

  it('POST /user answers that the welcome mail is queued (its outbox id), not sent', async () => {
    const { a, companyId } = await admin(false)
    const refs = await jobTitleAndLocation(a, companyId)
    const roleId = (await t.db.select().from(role).where(eq(role.name, 'ROLE_USER')))[0]!.id
    const created = await a.post('/user', {
      personal: {
        username: 'selin.aksoy', firstName: 'Selin', lastName: 'Aksoy', gender: 'female', country: 'TR', nationalId: '123456789' + tcknCheckDigits('123456789'), passportNo: null,
        jobTitleId: refs.jobTitleId, workLocationId: refs.locationId, email: 'selin.aksoy@example.com', mobilePhone: '0532 123 45 67', birthDate: '1990-05-17',
        mainRole: roleId, defaultRole: roleId,
      },
      address: { status: 'create', addressid: refs.locationId, locationtype: 'x', locationname: 'x', countrycode: 'TR', citycode: null, districtcode: null, suburbcode: null, zipcode: null, addresstext: 'x' },
      groupRoles: { isAssigntoGroup: false, chosengroup: null, isAssigntoOtherGroup: false, selectedRoles: [], selectedMain: null },
    })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const welcome = created.body.welcomeMail as { id: string; status: string }
    expect(welcome).toEqual({ id: expect.any(String), status: 'pending' })
    await t.outbox.drain()
    const listed = (await a.get('/outbox')).body.items as Array<{ id: string; recipient: string; status: string }>
    expect(listed).toEqual([expect.objectContaining({ id: welcome.id, recipient: 'selin.aksoy@example.com', status: 'failed' })])
  })

  it('is refused without mailserver:read; retrying needs mailserver:update (ROLE_ADMIN reads only)', async () => {
    const { companyId } = await admin(false)
    const id = await queue(companyId, 'x@example.com')
    await createUser(t.db, { username: 'mehmet.demir', password: PASSWORD, roles: ['ROLE_USER'] })
    await createUser(t.db, { username: 'ayse.yilmaz', password: PASSWORD, roles: ['ROLE_ADMIN'] })
    const user = agent(t.request)
    await user.post('/auth/login', { username: 'mehmet.demir', password: PASSWORD })
    expect((await user.get('/outbox')).status).toBe(403)
    await t.outbox.drain()
    expect((await user.get('/tasks')).body.failedMails).toBe(0)
    const adm = agent(t.request)
    await adm.post('/auth/login', { username: 'ayse.yilmaz', password: PASSWORD })
    expect((await adm.get('/outbox')).status).toBe(200)
    expect((await adm.post(`/outbox/${id}/retry`)).status).toBe(403)
  })

  it('prunes sent mail after the retention period and rate counters whose window is long over; unsent mail stays', async () => {
    const { companyId } = await admin(false)
    const now = new Date()
    const old = new Date(now.getTime() - OUTBOX_RETENTION_MS - 60_000)
    const sentOld = await queue(companyId, 'a@example.com')
    const sentNew = await queue(companyId, 'b@example.com')
    const unsentOld = await queue(companyId, 'c@example.com')
    await t.db.update(outbox).set({ doneAt: old, payload: {} }).where(eq(outbox.id, sentOld))
    await t.db.update(outbox).set({ doneAt: new Date(now.getTime() - 86_400_000), payload: {} }).where(eq(outbox.id, sentNew))
    await t.db.update(outbox).set({ createdAt: old, nextAttemptAt: new Date(now.getTime() + 3_600_000) }).where(eq(outbox.id, unsentOld))
    await t.db.insert(rateCounter).values([
      { key: 'test:old', windowStart: new Date(now.getTime() - 2 * 86_400_000), count: 3 },
      { key: 'test:new', windowStart: new Date(now.getTime() - 60_000), count: 1 },
    ])
    const pruned = await pruneOutbox(t.db, now)
    expect(pruned.mails).toBe(1)
    const left = (await t.db.select().from(outbox)).map((r) => r.id)
    expect(left).not.toContain(sentOld)
    expect(left).toEqual(expect.arrayContaining([sentNew, unsentOld]))
    const keys = (await t.db.select().from(rateCounter)).map((r) => r.key)
    expect(keys).toContain('test:new')
    expect(keys).not.toContain('test:old')
  })
  it("prunes rate counters by the app's clock, which wrote them, not by the real one", async () => {
    await admin(false)
    const appNow = new Date(Date.now() - 400 * 86_400_000)
    const worker = createOutbox({ db: t.db, mailer: undefined, secretsKey: Buffer.alloc(32, 1), logger: createLogger('error'), clock: { now: () => appNow } })
    await t.db.insert(rateCounter).values([
      { key: 'test:app-current', windowStart: new Date(appNow.getTime() - 60_000), count: 4 },
      { key: 'test:app-old', windowStart: new Date(appNow.getTime() - 2 * 86_400_000), count: 2 },
    ])
    await worker.prune()
    const keys = (await t.db.select().from(rateCounter)).map((r) => r.key)
    expect(keys).toContain('test:app-current')
    expect(keys).not.toContain('test:app-old')
  })
})
