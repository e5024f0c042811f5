import { eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { consentDocument } from '../../src/domain/consents.ts'
import { maskIp, maskPartyId } from '../../src/domain/masking.ts'
import { auditLog, company, legalPermission } from '../../src/server/db/schema.ts'
import { TEST_ADMIN } from '../support/constants.ts'
import { agent, createUser } from '../support/fixtures.ts'
import { createTestApp, dbKinds, type TestApp } from '../support/test-app.ts'

/**
 * Issue 25 item 8: consent records for staff with consent:read. The records are the sales flows'
 * (tests/server/legal-permission.test.ts proves how they are written); here they are inserted as
 * those flows store them, and read back through GET /consent and GET /consent/csv.
 */
const PASSWORD = 'Güçlü-Parola-2026!'
const SALE_A = '11111111-1111-4111-8111-111111111111'
const SALE_B = '22222222-2222-4222-8222-222222222222'

describe('masking', () => {
  it('keeps 3 + 2 characters of an ID, the country code and 2 digits of a phone, and drops the last octet of an address', () => {
    expect(maskPartyId('10000000146')).toBe('100******46')
    expect(maskPartyId('tel:+905321234567')).toBe('tel:+90********67')
    expect(maskPartyId('AB12')).toBe('****')
    expect(maskIp('203.0.113.42')).toBe('203.0.113.*')
    expect(maskIp('::ffff:10.1.2.3')).toBe('10.1.2.*')
    expect(maskIp('2001:db8:85a3:0:0:8a2e:370:7334')).toBe('2001:db8:85a3:*')
  })
})

describe.each(dbKinds())('consent records for staff on %s', (kind) => {
  let t: TestApp
  let a: ReturnType<typeof agent>
  let companyId: string
  beforeEach(async () => {
    t = await createTestApp(kind)
    a = agent(t.request)
    const res = await a.post('/auth/login', { username: TEST_ADMIN.username, password: TEST_ADMIN.password })
    companyId = (res.body.user as { companyId: string }).companyId
    const [other] = await t.db.insert(company).values({ name: 'Başka A.Ş.', email: 'x@example.com', defaultCurrency: 'TRY', language: 'tr', timeZone: 'Europe/Istanbul' }).returning()
    const base = {
      companyId, processStep: 'consents', scope: 'tss', channel: 'WEB', locale: 'tr', userAgent: 'TestBrowser/1', requestId: 'req-1', ip: '203.0.113.42',
    }
    const doc = (id: string) => ({ documentId: id, documentVersion: consentDocument(id)!.version, name: consentDocument(id)!.name, textSha256: 'a'.repeat(64) })
    await t.db.insert(legalPermission).values([
      { ...base, ...doc('KVKK-AYDINLATMA-v1'), saleId: SALE_A, partyId: '10000000146', status: 'READ', at: new Date('2026-03-02T09:00:00Z') },
      { ...base, ...doc('KVKK-ACIKRIZA-v1'), saleId: SALE_A, partyId: '10000000146', status: 'ACCEPTED', at: new Date('2026-03-02T09:01:00Z') },
      { ...base, ...doc('TICARI-ILETI-v1'), saleId: SALE_A, partyId: '10000000146', status: 'ACCEPTED', scope: 'SMS', at: new Date('2026-03-02T09:02:00Z') },
      { ...base, ...doc('TICARI-ILETI-v1'), saleId: SALE_A, partyId: '10000000146', status: 'WITHDRAWN', scope: 'SMS', at: new Date('2026-03-05T12:00:00Z') },
      { ...base, ...doc('KVKK-AYDINLATMA-v1'), saleId: SALE_B, partyId: 'tel:+905337654321', status: 'READ', locale: 'en', at: new Date('2026-03-04T10:00:00Z') },
      // another company's record is never shown
      { ...base, ...doc('KVKK-AYDINLATMA-v1'), companyId: other!.id, saleId: SALE_A, partyId: '10000000146', status: 'READ', at: new Date('2026-03-06T10:00:00Z') },
    ])
  })
  afterEach(async () => { await t.close() })

  it('lists the company\'s records newest first with document title, version, hash, status, channel and the person and address masked', async () => {
    const res = await a.get('/consent')
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.total).toBe(5)
    const items = res.body.items as Array<Record<string, unknown>>
    expect(items.map((i) => i.status)).toEqual(['WITHDRAWN', 'READ', 'ACCEPTED', 'ACCEPTED', 'READ'])
    expect(items[0]).toMatchObject({
      saleId: SALE_A, party: '100******46', name: 'markconcent', title: 'Ticari Elektronik İleti İzni', documentId: 'TICARI-ILETI-v1', version: 1,
      textSha256: 'a'.repeat(64), status: 'WITHDRAWN', scope: 'SMS', channel: 'WEB', processStep: 'consents', ip: '203.0.113.*', at: '2026-03-05T12:00:00.000Z',
    })
    expect(items[1]).toMatchObject({ saleId: SALE_B, party: 'tel:+90********21', locale: 'en' })
    // nothing in the answer carries the whole ID, phone or address
    expect(JSON.stringify(res.body)).not.toMatch(/10000000146|905337654321|203\.0\.113\.42|TestBrowser/)
    // the title in the reader's language
    expect(((await a.get('/consent', { locale: 'en' })).body.items as Array<{ title: string }>)[0]!.title).toBe('Consent to Commercial Electronic Messages')
  })

  it('filters by application, person (the whole ID), document, status, channel and period; bad filters are a translated 400', async () => {
    const total = async (query: string) => ((await a.get(`/consent?${query}`)).body.total as number)
    expect(await total(`saleId=${SALE_B}`)).toBe(1)
    expect(await total('partyId=10000000146')).toBe(4)
    expect(await total(`partyId=${encodeURIComponent('tel:+905337654321')}`)).toBe(1)
    // a masked or partial number finds nothing: staff cannot probe digit by digit
    expect((await a.get('/consent?partyId=100')).status).toBe(400)
    expect(await total('name=markconcent')).toBe(2)
    expect(await total('status=WITHDRAWN')).toBe(1)
    expect(await total('channel=WEB')).toBe(5)
    expect(await total('from=2026-03-03&to=2026-03-05')).toBe(1)
    expect(await total('sort=at')).toBe(5)
    expect(((await a.get('/consent?sort=at')).body.items as Array<{ at: string }>)[0]!.at).toBe('2026-03-02T09:00:00.000Z')
    const bad = await a.get('/consent?status=MAYBE', { locale: 'en' })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toBe('The data sent is not valid')
    expect((await a.get('/consent?saleId=nope')).status).toBe(400)
  })

  it('exports the filtered records as CSV through the shared writer: translated columns, the company\'s time zone, masked data, an audit entry', async () => {
    const res = await a.get('/consent/csv?partyId=10000000146', { locale: 'en' })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="consents.csv"')
    // (the byte-order mark is the shared writer's, tested with it; the text decoder drops it here)
    const text = (res.body as unknown as string).replace(/^\uFEFF/, '')
    const lines = text.trim().split('\r\n')
    expect(lines[0]).toBe('"Time (Europe/Istanbul)","Application","Person (masked)","Document","Document ID","Version","SHA-256 of the text","Language","Status","Scope","Channel","Step","IP (masked)"')
    expect(lines).toHaveLength(5)
    expect(lines[1]).toBe(`"2026-03-05 15:00:00","${SALE_A}","100******46","Consent to Commercial Electronic Messages","TICARI-ILETI-v1","1","${'a'.repeat(64)}","tr","Withdrawn","SMS","WEB","consents","203.0.113.*"`)
    expect(text).not.toContain('10000000146')
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.action, 'consent.exported'))
    expect(audits).toHaveLength(1)
    expect(audits[0]!.detail).toMatchObject({ rows: 4, filters: { partyId: '10000000146' } })
  })

  it('is refused without consent:read (ROLE_USER) and without a session', async () => {
    await createUser(t.db, { username: 'mehmet.demir', password: PASSWORD, roles: ['ROLE_USER'] })
    const u = agent(t.request)
    expect((await u.post('/auth/login', { username: 'mehmet.demir', password: PASSWORD })).status).toBe(200)
    const list = await u.get('/consent')
    expect(list.status).toBe(403)
    expect((await u.get('/consent/csv')).status).toBe(403)
    expect((await agent(t.request).get('/consent')).status).toBe(401)
  })
})
