import { createHash } from 'node:crypto'
import { desc, eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { CONSENT_DOCUMENTS, consentDocument, consentsFor, missingConsents } from '../../src/domain/consents.ts'
import { auditLog, company, legalPermission } from '../../src/server/db/schema.ts'
import { SMS_RESEND_COOLDOWN_S } from '../../src/domain/sms.ts'
import { agent } from '../support/fixtures.ts'
import { createTestApp, dbKinds, type TestApp } from '../support/test-app.ts'

const sha = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex')

describe('consent texts (src/domain/consents.ts)', () => {
  it('exist in tr, en and ru with unique document ids and versions', () => {
    const ids = CONSENT_DOCUMENTS.map((d) => d.documentId)
    expect(new Set(ids).size).toBe(ids.length)
    for (const d of CONSENT_DOCUMENTS) {
      for (const l of ['tr', 'en', 'ru'] as const) {
        expect(d.text[l].length, `${d.documentId} ${l}`).toBeGreaterThan(40)
        expect(d.title[l].length).toBeGreaterThan(3)
      }
      expect(d.documentId).toMatch(new RegExp(`-v${d.version}$`))
    }
  })

  it('the KVKK notice is read, not consented; explicit consents are separate and start unaccepted', () => {
    const tss = consentsFor('tss')
    expect(tss.find((d) => d.name === 'gdprtextread')!.kind).toBe('notice')
    expect(tss.filter((d) => d.kind === 'consent').map((d) => d.name)).toEqual(['gdprconcent', 'markconcent'])
    // nothing chosen: every required one is missing (nothing pre-ticked)
    expect(missingConsents('tss', {})).toEqual(['gdprtextread', 'gdprconcent', 'trxconcent'])
    // the pre-contract form is accepted on its own step, not asked again here; its text stays for old records
    for (const p of ['erkenbes', 'pratikbes', 'tss', 'seyahatsaglik'] as const) expect(consentsFor(p).map((d) => d.name)).not.toContain('infoconcent')
    expect(consentDocument('ON-BILGILENDIRME-v1')?.name).toBe('infoconcent')
    // commercial messages never block a purchase
    expect(missingConsents('erkenbes', { gdprtextread: { accepted: true }, trxconcent: { accepted: true } })).toEqual([])
    expect(consentsFor('tss').map((d) => d.name)).not.toContain('noworkconcent')
    expect(consentsFor('pratikbes').map((d) => d.name)).toContain('willconcent')
  })
})

const person = {
  firstname: 'Ayşe', lastname: 'Çağlar', nationalId: '10000000146', nationality: 'TR', birthdate: '1990-05-17', email: 'ayse.caglar@example.com', userphone: '05321234567',
}
const TSS_DATA = {
  quickProfile: { gender: 'female', citycode: '34', birthdate: '1990-05-17' },
  outpatientVisits: 10,
  personalProfile: person,
  healthPolicy: { questions: [{ id: 'chronic', answer: false }, { id: 'surgery', answer: false }, { id: 'medication', answer: false }], isotherpolicy: false, birthCollateral: true, healthdeclarationconcent: true },
}

// who may record or withdraw a consent is an authority rule (issue 28 item 3): on PGlite and PostgreSQL
for (const kind of dbKinds()) {
  describe(`POST digitalchannels/legalpermission (${kind})`, () => {
    let t: TestApp
    let api: ReturnType<typeof agent>
    beforeEach(async () => {
      t = await createTestApp(kind)
      api = agent(t.request)
    })
    afterEach(async () => t.close())

    /** The phone verified by SMS: its ticket (for `product`). */
    async function verify(phone: string, product = 'tss'): Promise<string> {
      t.clock.advance(SMS_RESEND_COOLDOWN_S * 1000)
      expect((await api.post('/notification/sendsms', { gsmNumber: phone, smsSource: product })).status).toBe(200)
      const code = /(\d{6})/.exec(t.sms.at(-1)!.text)![1]!
      return String((await api.post('/notification/verifysms', { gsmNumber: phone, code, smsSource: product })).body.ticket)
    }
    /** A customer: their ticket and their open application's id (the sale). */
    async function customer(phone: string, data: Record<string, unknown> = TSS_DATA, product = 'tss') {
      const ticket = await verify(phone, product)
      const saved = await api.post('/digitalchannels/application', { ticket, product, step: 'consents', data })
      expect(saved.status, JSON.stringify(saved.body)).toBe(200)
      return { ticket, saleId: String(saved.body.id) }
    }
    const record = (who: { ticket: string; saleId: string }, body: Record<string, unknown>, h: Record<string, string> = {}) =>
      api.post('/digitalchannels/legalpermission', { scope: 'tss', ticket: who.ticket, ...body }, { saleId: who.saleId, processStep: 'consents', ...h })

    it('records proof for the applicant: text version and SHA-256 of the text shown, time, IP, channel, step, sale and the application\'s person', async () => {
      t.clock.set(new Date('2026-03-02T09:58:00Z'))
      const ayse = await customer('0532 123 45 67')
      t.clock.set(new Date('2026-03-02T10:00:00Z'))
      const res = await record(ayse, { name: 'gdprconcent', status: 'ACCEPTED', documentId: 'KVKK-ACIKRIZA-v1' }, { locale: 'en', 'user-agent': 'TestBrowser/1' })
      expect(res.status, JSON.stringify(res.body)).toBe(201)
      const doc = consentDocument('KVKK-ACIKRIZA-v1')!
      expect(res.body).toMatchObject({ name: 'gdprconcent', status: 'ACCEPTED', version: 1, locale: 'en', textSha256: sha(doc.text.en), partyId: '10000000146', recordedAt: '2026-03-02T10:00:00.000Z' })
      const [row] = await t.db.select().from(legalPermission)
      const [co] = await t.db.select().from(company).limit(1)
      expect(row).toMatchObject({
        companyId: co!.id, saleId: ayse.saleId, processStep: 'consents', partyId: '10000000146', scope: 'tss', channel: 'WEB',
        documentVersion: 1, textSha256: sha(doc.text.en), userAgent: 'TestBrowser/1',
      })
      expect(row!.ip).toBeTruthy()
      expect(row!.at.toISOString()).toBe('2026-03-02T10:00:00.000Z')
      const audits = await t.db.select().from(auditLog).where(eq(auditLog.action, 'consent.accepted'))
      expect(audits).toHaveLength(1)
      expect(audits[0]!.actor).toBe('10000000146')
    })

    it('a BES application is not asked the health-data consent: recording it there is refused (issue 24 item 9)', async () => {
      expect(consentsFor('erkenbes').map((d) => d.name)).not.toContain('gdprconcent')
      expect(consentsFor('pratikbes').map((d) => d.name)).not.toContain('gdprconcent')
      const bes = await customer('0532 111 22 33', { quickProfile: TSS_DATA.quickProfile }, 'pratikbes')
      const res = await record(bes, { name: 'gdprconcent', status: 'ACCEPTED', documentId: 'KVKK-ACIKRIZA-v1', scope: 'pratikbes' })
      expect(res.status).toBe(400)
      expect(res.body.issues).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'documentId', code: 'notAsked' })]))
      expect(await t.db.select().from(legalPermission)).toEqual([])
      // what the product asks is recorded as before
      expect((await record(bes, { name: 'gdprtextread', status: 'READ', documentId: 'KVKK-AYDINLATMA-v1', scope: 'pratikbes' })).status).toBe(201)
    })

    it('hashes the Turkish text by default; before the profile step the party is the verified phone', async () => {
      const early = await customer('0532 765 43 21', { quickProfile: TSS_DATA.quickProfile })
      const res = await record(early, { name: 'gdprtextread', status: 'READ', documentId: 'KVKK-AYDINLATMA-v1' })
      expect(res.body).toMatchObject({ textSha256: sha(consentDocument('KVKK-AYDINLATMA-v1')!.text.tr), partyId: 'tel:+905327654321' })
    })

    it('records a withdrawal as a new record; the newest is the state', async () => {
      const ayse = await customer('0532 123 45 67')
      await record(ayse, { name: 'markconcent', status: 'ACCEPTED', documentId: 'TICARI-ILETI-v1', scope: 'SMS' })
      t.clock.advance(60_000)
      const w = await record(ayse, { name: 'markconcent', status: 'WITHDRAWN', documentId: 'TICARI-ILETI-v1', scope: 'SMS' })
      expect(w.status).toBe(201)
      const rows = await t.db.select().from(legalPermission).orderBy(desc(legalPermission.at))
      expect(rows.map((r) => r.status)).toEqual(['WITHDRAWN', 'ACCEPTED'])
      expect(rows[0]!.scope).toBe('SMS')
    })

    it('a third party cannot record or withdraw another customer\'s consent, nor invent a sale, nor name the party (issue 28 item 3)', async () => {
      const ayse = await customer('0532 123 45 67')
      expect((await record(ayse, { name: 'gdprconcent', status: 'ACCEPTED', documentId: 'KVKK-ACIKRIZA-v1' })).status).toBe(201)
      const stranger = await customer('0533 999 88 77')
      const attempts = [
        // the stranger's own valid ticket, on ayşe's sale
        await record({ ticket: stranger.ticket, saleId: ayse.saleId }, { name: 'gdprconcent', status: 'WITHDRAWN', documentId: 'KVKK-ACIKRIZA-v1' }, { locale: 'en' }),
        // a made-up sale
        await record({ ticket: stranger.ticket, saleId: 'TSS-2026-000123' }, { name: 'gdprconcent', status: 'WITHDRAWN', documentId: 'KVKK-ACIKRIZA-v1' }),
        await record({ ticket: stranger.ticket, saleId: '00000000-0000-4000-8000-000000000000' }, { name: 'gdprconcent', status: 'WITHDRAWN', documentId: 'KVKK-ACIKRIZA-v1' }),
        // ayşe's sale with a ticket for another product of her own phone
        await record({ ticket: await verify('0532 123 45 67', 'seyahatsaglik'), saleId: ayse.saleId }, { name: 'gdprconcent', status: 'WITHDRAWN', documentId: 'KVKK-ACIKRIZA-v1' }),
      ]
      for (const [i, res] of attempts.entries()) {
        expect(res.status, `attempt ${i}`).toBe(404)
        expect(res.body.code, `attempt ${i}`).toBe('APPLICATION_NOT_FOUND')
      }
      expect(attempts[0]!.body.message).toBe('No unfinished application was found for this number')
      // no ticket, a forged one
      expect((await api.post('/digitalchannels/legalpermission', { name: 'gdprconcent', status: 'WITHDRAWN', documentId: 'KVKK-ACIKRIZA-v1', scope: 'tss' },
        { saleId: ayse.saleId, processStep: 'consents' })).status).toBe(400)
      expect((await record({ ticket: 'eyJwIjoiKzkwNTMyMTIzNDU2NyJ9.forged', saleId: ayse.saleId }, { name: 'gdprconcent', status: 'WITHDRAWN', documentId: 'KVKK-ACIKRIZA-v1' })).body)
        .toMatchObject({ code: 'SMS_TICKET_INVALID' })
      // the party is the application's person: another name, or markup, is refused
      for (const partyId of ['<img src=x onerror=alert(1)>', '12345678901']) {
        const res = await record(ayse, { name: 'gdprconcent', status: 'WITHDRAWN', documentId: 'KVKK-ACIKRIZA-v1', partyId })
        expect(res.status, partyId).toBe(400)
        expect(res.body).toMatchObject({ code: 'VALIDATION', issues: [{ path: 'partyId', code: 'notApplicant' }] })
      }
      // ayşe's consent stands, and an expired application takes no more records
      const rows = await t.db.select().from(legalPermission)
      expect(rows.map((r) => [r.saleId, r.status, r.partyId])).toEqual([[ayse.saleId, 'ACCEPTED', '10000000146']])
      t.clock.advance(73 * 3_600_000)
      expect((await record(await customer('0534 111 22 33'), { name: 'gdprconcent', status: 'ACCEPTED', documentId: 'KVKK-ACIKRIZA-v1' })).status).toBe(201)
      expect((await record(ayse, { name: 'gdprconcent', status: 'WITHDRAWN', documentId: 'KVKK-ACIKRIZA-v1' })).status).not.toBe(201)
    })

    it('refuses what is not proof: unknown or mismatched documents, a consented notice, a read consent, bad scope or headers', async () => {
      const ayse = await customer('0532 123 45 67')
      const headers = { saleId: ayse.saleId, processStep: 'consents' }
      const bad = [
        await record(ayse, { name: 'gdprconcent', status: 'ACCEPTED', documentId: 'KVKK-ACIKRIZA-v9' }),
        await record(ayse, { name: 'markconcent', status: 'ACCEPTED', documentId: 'KVKK-ACIKRIZA-v1' }),
        await record(ayse, { name: 'gdprtextread', status: 'ACCEPTED', documentId: 'KVKK-AYDINLATMA-v1' }),
        await record(ayse, { name: 'gdprconcent', status: 'READ', documentId: 'KVKK-ACIKRIZA-v1' }),
        await record(ayse, { name: 'gdprconcent', status: 'MAYBE', documentId: 'KVKK-ACIKRIZA-v1' }),
        await record(ayse, { name: 'markconcent', status: 'ACCEPTED', documentId: 'TICARI-ILETI-v1', scope: 'FAX' }),
        await record(ayse, { name: 'gdprconcent', status: 'ACCEPTED', documentId: 'KVKK-ACIKRIZA-v1', scope: 'SMS' }),
        await record(ayse, { name: 'gdprconcent', status: 'ACCEPTED', documentId: 'KVKK-ACIKRIZA-v1' }, { processStep: '', saleId: ayse.saleId }),
        await record(ayse, { name: 'gdprconcent', status: 'ACCEPTED', documentId: 'KVKK-ACIKRIZA-v1' }, { ...headers, saleId: 'a b' }),
        await record(ayse, { name: 'gdprconcent', status: 'ACCEPTED', documentId: 'KVKK-ACIKRIZA-v1' }, { ...headers, companyId: '00000000-0000-4000-8000-000000000000' }),
        await record(ayse, { name: 'gdprconcent', status: 'ACCEPTED', documentId: 'KVKK-ACIKRIZA-v1', extra: true }),
      ]
      for (const [i, res] of bad.entries()) {
        expect(res.status, `case ${i}`).toBe(400)
        expect(res.body.code, `case ${i}`).toBe('VALIDATION')
      }
      expect(await t.db.select().from(legalPermission)).toHaveLength(0)
    })
  })
}
