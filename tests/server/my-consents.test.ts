import { createHash } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { consentDocument, consentsFor } from '../../src/domain/consents.ts'
import { SMS_RESEND_COOLDOWN_S } from '../../src/domain/sms.ts'
import { auditLog, legalPermission } from '../../src/server/db/schema.ts'
import { agent } from '../support/fixtures.ts'
import { createTestApp, dbKinds, type TestApp } from '../support/test-app.ts'
import { TSS_DATA } from '../support/sales-data.ts'

/**
 * The customer's consent page (issue 24 item 10, KVKK art. 11): a phone verified by SMS for the
 * page sees the consents given from it, per application, with the document's title, version, date
 * and channel, and withdraws an explicit consent. The withdrawal is a record of its own with the
 * same proof; nothing is reachable without the phone's own verification.
 */
const PHONE = '0532 123 45 67'
const OTHER = '0533 765 43 21'
const NOW = new Date('2026-03-02T09:00:00Z')
const sha = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex')

for (const kind of dbKinds()) {
  describe(`the customer's consent page [${kind}]`, { timeout: 90_000 }, () => {
    let t: TestApp
    let api: ReturnType<typeof agent>
    beforeEach(async () => {
      t = await createTestApp(kind)
      t.clock.set(NOW)
      api = agent(t.request)
    })
    afterEach(async () => t.close())

    async function verify(phone: string, smsSource: string): Promise<string> {
      t.clock.advance(SMS_RESEND_COOLDOWN_S * 1000)
      expect((await api.post('/notification/sendsms', { gsmNumber: phone, smsSource })).status).toBe(200)
      const code = /(\d{6})/.exec(t.sms.at(-1)!.text)![1]!
      const verified = await api.post('/notification/verifysms', { gsmNumber: phone, code, smsSource })
      expect(verified.status).toBe(200)
      return String(verified.body.ticket)
    }

    /** A TSS application of `phone` with its consents: the required ones, commercial messages by SMS and e-mail given, by call refused. */
    async function applied(phone = PHONE) {
      const ticket = await verify(phone, 'tss')
      const saved = await api.post('/digitalchannels/application', { ticket, product: 'tss', step: 'summary', data: TSS_DATA })
      expect(saved.status, JSON.stringify(saved.body)).toBe(200)
      const saleId = String(saved.body.id)
      const record = async (name: string, status: string, documentId: string, scope: string) => {
        const r = await api.post('/digitalchannels/legalpermission', { name, status, documentId, scope, ticket }, { saleId, processStep: 'consents' })
        expect(r.status, JSON.stringify(r.body)).toBe(201)
        return String(r.body.id)
      }
      for (const d of consentsFor('tss').filter((x) => x.requiredFor.includes('tss'))) await record(d.name, d.kind === 'notice' ? 'READ' : 'ACCEPTED', d.documentId, 'tss')
      const ids = {
        sms: await record('markconcent', 'ACCEPTED', 'TICARI-ILETI-v1', 'SMS'),
        email: await record('markconcent', 'ACCEPTED', 'TICARI-ILETI-v1', 'EMAIL'),
        call: await record('markconcent', 'REJECTED', 'TICARI-ILETI-v1', 'CALL'),
      }
      return { ticket, saleId, ids }
    }

    it('shows the verified phone\'s consents of each application: title, version, date, channel, state, and which can be withdrawn', async () => {
      const { saleId } = await applied()
      t.clock.advance(60_000)
      const ticket = await verify(PHONE, 'consents')
      const list = await api.post('/digitalchannels/consents', { ticket })
      expect(list.status).toBe(200)
      expect(list.headers.get('cache-control')).toBe('no-store')
      const sales = list.body.sales as Array<{ saleId: string; product: string; policyNumber: string | null; consents: Array<Record<string, unknown>> }>
      expect(sales).toHaveLength(1)
      expect(sales[0]).toMatchObject({ saleId, product: 'tss', policyNumber: null, startedAt: expect.any(String) })
      const byKey = new Map(sales[0]!.consents.map((x) => [`${String(x.name)}:${String(x.scope)}`, x]))
      expect([...byKey.keys()]).toEqual(['gdprtextread:tss', 'gdprconcent:tss', 'markconcent:SMS', 'markconcent:EMAIL', 'markconcent:CALL', 'trxconcent:tss'])
      expect(byKey.get('gdprconcent:tss')).toMatchObject({
        title: 'Açık Rıza Beyanı', documentId: 'KVKK-ACIKRIZA-v1', version: 1, status: 'ACCEPTED', channel: 'WEB', withdrawable: true, locale: 'tr',
        textSha256: sha(consentDocument('KVKK-ACIKRIZA-v1')!.text.tr), text: consentDocument('KVKK-ACIKRIZA-v1')!.text.tr,
      })
      expect(new Date(String(byKey.get('gdprconcent:tss')!.at)).getTime()).toBeLessThan(t.clock.now().getTime())
      expect(byKey.get('markconcent:SMS')).toMatchObject({ title: 'Ticari Elektronik İleti İzni', status: 'ACCEPTED', withdrawable: true })
      // a notice read, a declaration, a refused consent: shown, never withdrawable
      expect(byKey.get('gdprtextread:tss')).toMatchObject({ status: 'READ', withdrawable: false })
      expect(byKey.get('trxconcent:tss')).toMatchObject({ status: 'ACCEPTED', withdrawable: false, title: 'Sözleşme Onayı' })
      expect(byKey.get('markconcent:CALL')).toMatchObject({ status: 'REJECTED', withdrawable: false })
      // in the reader's language
      const en = await api.post('/digitalchannels/consents', { ticket }, { locale: 'en' })
      expect(JSON.stringify(en.body)).toContain('Consent to Commercial Electronic Messages')
      // another phone sees none of it
      const other = await verify(OTHER, 'consents')
      expect((await api.post('/digitalchannels/consents', { ticket: other })).body).toMatchObject({ sales: [] })
    })

    it('a withdrawal is its own record with the same proof; it is shown, blocks a purchase that needs it, and is refused twice, for a declaration and for a refused consent', async () => {
      const { ticket: tssTicket, saleId, ids } = await applied()
      const given = (await t.db.select().from(legalPermission).where(eq(legalPermission.saleId, saleId))).find((r) => r.name === 'gdprconcent')!
      t.clock.advance(120_000)
      const ticket = await verify(PHONE, 'consents')
      const list = await api.post('/digitalchannels/consents', { ticket })
      const consents = (list.body.sales as Array<{ consents: Array<{ id: string; name: string; scope: string }> }>)[0]!.consents
      const health = consents.find((x) => x.name === 'gdprconcent')!
      expect(health.id).toBe(given.id)
      const withdrawn = await api.post('/digitalchannels/consents/withdraw', { ticket, id: health.id }, { locale: 'en', 'user-agent': 'consent-page-test' })
      expect(withdrawn.status, JSON.stringify(withdrawn.body)).toBe(201)
      expect(withdrawn.body).toMatchObject({ name: 'gdprconcent', status: 'WITHDRAWN', withdrawable: false, givenAt: given.at.toISOString(), at: t.clock.now().toISOString(), title: 'Explicit Consent' })
      // the consent's record is untouched; the withdrawal is a new one with the proof of the text the reader was shown
      const rows = await t.db.select().from(legalPermission).where(and(eq(legalPermission.saleId, saleId), eq(legalPermission.name, 'gdprconcent')))
      expect(rows).toHaveLength(2)
      expect(rows.find((r) => r.id === given.id)).toEqual(given)
      const record = rows.find((r) => r.id !== given.id)!
      expect(record).toMatchObject({
        status: 'WITHDRAWN', scope: 'tss', partyId: '10000000146', documentId: 'KVKK-ACIKRIZA-v1', documentVersion: 1, locale: 'en',
        textSha256: sha(consentDocument('KVKK-ACIKRIZA-v1')!.text.en), channel: 'WEB', processStep: 'consentPage', phone: '+905321234567',
        userAgent: 'consent-page-test', companyId: given.companyId,
      })
      expect(record.at.toISOString()).toBe(t.clock.now().toISOString())
      expect(record.requestId).toBeTruthy()
      const audited = await t.db.select().from(auditLog).where(eq(auditLog.action, 'consent.withdrawn'))
      expect(audited).toHaveLength(1)
      // the list shows it withdrawn, with when it had been given
      const after = await api.post('/digitalchannels/consents', { ticket })
      const now = (after.body.sales as Array<{ consents: Array<Record<string, unknown>> }>)[0]!.consents.find((x) => x.name === 'gdprconcent')!
      expect(now).toMatchObject({ id: record.id, status: 'WITHDRAWN', givenAt: given.at.toISOString(), withdrawable: false })
      // the application cannot be bought without the health-data consent any more
      const bought = await api.post('/digitalchannels/purchase', { ticket: tssTicket, product: 'tss' })
      expect(bought.status).toBe(400)
      expect(bought.body).toMatchObject({ code: 'CONSENT_REQUIRED', issues: [{ path: 'gdprconcent', code: 'required' }] })
      // twice: refused in the reader's language
      const again = await api.post('/digitalchannels/consents/withdraw', { ticket, id: health.id }, { locale: 'ru' })
      expect(again.status).toBe(409)
      expect(again.body).toMatchObject({ code: 'CONSENT_ALREADY_WITHDRAWN', message: 'Вы уже отозвали это согласие' })
      expect((await api.post('/digitalchannels/consents/withdraw', { ticket, id: record.id })).body).toMatchObject({ code: 'CONSENT_ALREADY_WITHDRAWN' })
      // a declaration the contract rests on, and a consent that was refused
      const declaration = consents.find((x) => x.name === 'trxconcent')!
      const refusedDeclaration = await api.post('/digitalchannels/consents/withdraw', { ticket, id: declaration.id })
      expect(refusedDeclaration.status).toBe(409)
      expect(refusedDeclaration.body).toMatchObject({ code: 'CONSENT_NOT_WITHDRAWABLE', message: expect.stringContaining('geri alınamaz') })
      const notGiven = await api.post('/digitalchannels/consents/withdraw', { ticket, id: ids.call })
      expect(notGiven.status).toBe(409)
      expect(notGiven.body).toMatchObject({ code: 'CONSENT_NOT_GIVEN', message: 'Bu izin verilmemiş; geri alınacak bir şey yok' })
      expect(await t.db.select().from(legalPermission).where(eq(legalPermission.status, 'WITHDRAWN'))).toHaveLength(1)
    })

    it('only the phone that gave it: another phone\'s verification, a purchase ticket, a forged ticket or a malformed id reach nothing', async () => {
      const { ticket: tssTicket, ids } = await applied()
      const other = await verify(OTHER, 'consents')
      const foreign = await api.post('/digitalchannels/consents/withdraw', { ticket: other, id: ids.sms }, { locale: 'en' })
      expect(foreign.status).toBe(404)
      expect(foreign.body).toMatchObject({ code: 'CONSENT_NOT_FOUND', message: 'No such consent was given with this phone number' })
      // the phone's own ticket for a product is not the consent page's
      expect((await api.post('/digitalchannels/consents', { ticket: tssTicket })).status).toBe(401)
      expect((await api.post('/digitalchannels/consents/withdraw', { ticket: tssTicket, id: ids.sms })).status).toBe(401)
      const forged = await api.post('/digitalchannels/consents', { ticket: 'x.y' }, { locale: 'en' })
      expect(forged.status).toBe(401)
      expect(forged.body).toMatchObject({ code: 'SMS_TICKET_INVALID', message: 'Your phone verification has expired; please verify your number again' })
      const malformed = await api.post('/digitalchannels/consents/withdraw', { ticket: other, id: '1' }, { locale: 'en' })
      expect(malformed.status).toBe(400)
      expect(malformed.body).toMatchObject({ code: 'VALIDATION', message: 'The data sent is not valid', issues: [{ path: 'id' }] })
      expect((await api.post('/digitalchannels/consents', { ticket: other, phone: PHONE })).status).toBe(400)
      expect((await api.post('/digitalchannels/consents', {})).status).toBe(400)
      // after the ticket's 30 minutes: verify again
      t.clock.advance(31 * 60_000)
      expect((await api.post('/digitalchannels/consents', { ticket: other })).status).toBe(401)
      expect(await t.db.select().from(legalPermission).where(eq(legalPermission.status, 'WITHDRAWN'))).toHaveLength(0)
    })

    it('parallel withdrawals of one consent record it once', async () => {
      const { ids } = await applied()
      const ticket = await verify(PHONE, 'consents')
      const answers = await Promise.all(Array.from({ length: 8 }, () => api.post('/digitalchannels/consents/withdraw', { ticket, id: ids.email })))
      expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409])
      expect(answers.filter((a) => a.status === 409).every((a) => a.body.code === 'CONSENT_ALREADY_WITHDRAWN')).toBe(true)
      expect(await t.db.select().from(legalPermission).where(eq(legalPermission.status, 'WITHDRAWN'))).toHaveLength(1)
    })
  })
}
