import { createHash } from 'node:crypto'
import { desc, eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { CONSENT_DOCUMENTS, consentDocument, consentsFor, missingConsents } from '../../src/domain/consents.ts'
import { auditLog, company, legalPermission } from '../../src/server/db/schema.ts'
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
    expect(missingConsents('tss', {})).toEqual(['gdprtextread', 'gdprconcent', 'infoconcent', 'trxconcent'])
    // commercial messages never block a purchase
    expect(missingConsents('erkenbes', { gdprtextread: { accepted: true }, infoconcent: { accepted: true }, trxconcent: { accepted: true } })).toEqual([])
    expect(consentsFor('tss').map((d) => d.name)).not.toContain('noworkconcent')
    expect(consentsFor('pratikbes').map((d) => d.name)).toContain('willconcent')
  })
})

for (const kind of dbKinds({ postgres: 'not needed: append-only inserts and validation, one request at a time' })) {
  describe(`POST digitalchannels/legalpermission (${kind})`, () => {
    let t: TestApp
    let api: ReturnType<typeof agent>
    beforeEach(async () => {
      t = await createTestApp(kind)
      api = agent(t.request)
    })
    afterEach(async () => t.close())

    const headers = { saleId: 'TSS-2026-000123', processStep: 'consents' }
    const record = (body: Record<string, unknown>, h: Record<string, string> = headers) =>
      api.post('/digitalchannels/legalpermission', { partyId: 'P-1', scope: 'tss', ...body }, h)

    it('records proof: text version and SHA-256 of the text shown, time, IP, channel, step and sale', async () => {
      t.clock.set(new Date('2026-03-02T10:00:00Z'))
      const res = await record({ name: 'gdprconcent', status: 'ACCEPTED', documentId: 'KVKK-ACIKRIZA-v1' }, { ...headers, locale: 'en', 'user-agent': 'TestBrowser/1' })
      expect(res.status).toBe(201)
      const doc = consentDocument('KVKK-ACIKRIZA-v1')!
      expect(res.body).toMatchObject({ name: 'gdprconcent', status: 'ACCEPTED', version: 1, locale: 'en', textSha256: sha(doc.text.en), recordedAt: '2026-03-02T10:00:00.000Z' })
      const [row] = await t.db.select().from(legalPermission)
      const [co] = await t.db.select().from(company).limit(1)
      expect(row).toMatchObject({
        companyId: co!.id, saleId: 'TSS-2026-000123', processStep: 'consents', partyId: 'P-1', scope: 'tss', channel: 'WEB',
        documentVersion: 1, textSha256: sha(doc.text.en), userAgent: 'TestBrowser/1',
      })
      expect(row!.ip).toBeTruthy()
      expect(row!.at.toISOString()).toBe('2026-03-02T10:00:00.000Z')
      const audits = await t.db.select().from(auditLog).where(eq(auditLog.action, 'consent.accepted'))
      expect(audits).toHaveLength(1)
    })

    it('hashes the Turkish text by default', async () => {
      const res = await record({ name: 'gdprtextread', status: 'READ', documentId: 'KVKK-AYDINLATMA-v1' })
      expect(res.body.textSha256).toBe(sha(consentDocument('KVKK-AYDINLATMA-v1')!.text.tr))
    })

    it('records a withdrawal as a new record; the newest is the state', async () => {
      await record({ name: 'markconcent', status: 'ACCEPTED', documentId: 'TICARI-ILETI-v1', scope: 'SMS' })
      t.clock.advance(60_000)
      const w = await record({ name: 'markconcent', status: 'WITHDRAWN', documentId: 'TICARI-ILETI-v1', scope: 'SMS' })
      expect(w.status).toBe(201)
      const rows = await t.db.select().from(legalPermission).orderBy(desc(legalPermission.at))
      expect(rows.map((r) => r.status)).toEqual(['WITHDRAWN', 'ACCEPTED'])
      expect(rows[0]!.scope).toBe('SMS')
    })

    it('refuses what is not proof: unknown or mismatched documents, a consented notice, a read consent, bad scope or headers', async () => {
      const bad = [
        await record({ name: 'gdprconcent', status: 'ACCEPTED', documentId: 'KVKK-ACIKRIZA-v9' }),
        await record({ name: 'markconcent', status: 'ACCEPTED', documentId: 'KVKK-ACIKRIZA-v1' }),
        await record({ name: 'gdprtextread', status: 'ACCEPTED', documentId: 'KVKK-AYDINLATMA-v1' }),
        await record({ name: 'gdprconcent', status: 'READ', documentId: 'KVKK-ACIKRIZA-v1' }),
        await record({ name: 'gdprconcent', status: 'MAYBE', documentId: 'KVKK-ACIKRIZA-v1' }),
        await record({ name: 'markconcent', status: 'ACCEPTED', documentId: 'TICARI-ILETI-v1', scope: 'FAX' }),
        await record({ name: 'gdprconcent', status: 'ACCEPTED', documentId: 'KVKK-ACIKRIZA-v1', scope: 'SMS' }),
        await record({ name: 'gdprconcent', status: 'ACCEPTED', documentId: 'KVKK-ACIKRIZA-v1' }, { processStep: 'x' }),
        await record({ name: 'gdprconcent', status: 'ACCEPTED', documentId: 'KVKK-ACIKRIZA-v1' }, { ...headers, saleId: 'a b' }),
        await record({ name: 'gdprconcent', status: 'ACCEPTED', documentId: 'KVKK-ACIKRIZA-v1' }, { ...headers, companyId: '00000000-0000-4000-8000-000000000000' }),
        await record({ name: 'gdprconcent', status: 'ACCEPTED', documentId: 'KVKK-ACIKRIZA-v1', extra: true }),
      ]
      for (const [i, res] of bad.entries()) {
        expect(res.status, `case ${i}`).toBe(400)
        expect(res.body.code, `case ${i}`).toBe('VALIDATION')
      }
      expect(await t.db.select().from(legalPermission)).toHaveLength(0)
    })
  })
}
