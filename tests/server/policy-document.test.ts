import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { quoteTss } from '../../src/domain/tariff.ts'
import { SEED_TARIFF } from '../../src/domain/tariff-version.ts'
import { purchase, tariffVersion } from '../../src/server/db/schema.ts'
import { issuePurchase, purchasePdf } from '../../src/server/services/purchase.ts'
import { policyDocumentPdf, withDocumentCode } from '../../src/server/services/policy-document.ts'
import { pdfText } from '../support/pdf-text.ts'
import { createTestApp, dbKinds, type TestApp } from '../support/test-app.ts'
import { ISSUED_PERSON, ISSUED_TSS_DATA } from '../support/sales-data.ts'

/**
 * Issue 24 item 5: the policy / contract document per product (what its customer and the
 * authorities need, travel in Turkish and English, the T.C. Kimlik No masked except on the BES
 * contract) and the verification code that `GET /digitalchannels/documents/verify/:code` checks,
 * rate-limited per client address.
 */
const ORIGIN = 'https://shop.example'
const ISSUED = new Date('2026-03-02T09:00:00Z') // 12:00 in Istanbul
const person = ISSUED_PERSON
const TSS_DATA = ISSUED_TSS_DATA
const TRAVEL_PLAN = {
  birthdate: '1988-11-03', gender: 'male', travelLocation: 'schengen', travelLength: 10, covid: true, coverageType: 'standard', startDate: '2026-04-01', endDate: '2026-04-10',
}
const BES_DATA = {
  personalProfile: person,
  pensionContract: { currencyOfInvest: 'TRY', freqOfInvest: 'monthly', contributionAmount: 1250.5, fundChoice: [{ code: 'KEK', share: 60 }, { code: 'KEA', share: 40 }] },
}
/** Turkish money notation: 1234.5 -> "₺1.234,50". */
const tl = (n: number) => {
  const [lira, kurus] = n.toFixed(2).split('.')
  return `₺${lira!.replace(/\B(?=(\d{3})+$)/g, '.')},${kurus}`
}
const tssAnnual = (() => {
  const q = quoteTss({ gender: 'female', citycode: '34', birthdate: '1990-05-17', birthCollateral: true }, ISSUED)
  return q.ok ? q.options.find((o) => o.visits === 10)!.annualTry : 0
})()

type Row = typeof purchase.$inferSelect
let seq = 0
function issuedRow(product: string, data: Record<string, unknown>, over: Partial<Row> = {}): Row {
  seq++
  return {
    id: `doc-test-${String(seq).padStart(15, '0')}`, product, phone: '+905321234567', applicationId: randomUUID(), data, amount: '1000.00', currency: 'TRY',
    status: 'issued', policyNumber: `TSS-2026-${String(seq).padStart(10, '0')}`, orderId: `ORD${seq}`, liveOrderId: null, liveSince: null, locale: 'tr',
    createdAt: ISSUED, updatedAt: ISSUED, issuedAt: ISSUED, preInformationId: null, tariffVersionId: null, documentCode: `7KQM4WZP3H${'XY'[seq % 2]}${'23456789'[seq % 8]}`, ...over,
  }
}
const flat = (s: string) => s.replace(/\n/g, ' ')

describe('policy and contract documents', () => {
  it('TSS: period from the day after issue for a year, plan, network, limits, premium parts adding up, exclusions, TCKN masked, code on every page', async () => {
    const row = issuedRow('tss', TSS_DATA, { amount: tssAnnual.toFixed(2), documentCode: 'ABCDEFGHJKMN' })
    const { text, pages } = await pdfText(await policyDocumentPdf(row, ORIGIN))
    const all = flat(text)
    expect(all).toContain('Tamamlayıcı Sağlık Sigortası Poliçesi')
    expect(all).toContain(row.policyNumber)
    expect(all).toContain('Ayşe Çağlar')
    expect(all).toContain('100******46')
    expect(all).not.toContain('10000000146')
    expect(all).toContain('Başlangıç 03.03.2026 saat 12:00')
    expect(all).toContain('Bitiş 03.03.2027 saat 12:00')
    expect(all).toContain('Yatarak + ayakta tedavi (yılda 10 vizite)')
    expect(all).toContain('Anlaşmalı kurum ağı')
    expect(all).toContain('Yılda 10 vizite; her vizitede SGK fark ücreti %100')
    expect(all).toContain('Var; 10 ay bekleme süresiyle')
    // the premium's parts, in Turkish notation, add up to the amount charged
    const parts = [...text.matchAll(/^(Yatarak tedavi primi|Ayakta tedavi ek primi|Doğum teminatı ek primi)\n(₺[\d.]+,\d{2})$/gm)].map((m) => Number(m[2]!.slice(1).replace(/\./g, '').replace(',', '.')))
    expect(parts).toHaveLength(3)
    expect(parts.every((p) => p > 0)).toBe(true)
    expect(Math.round(parts.reduce((a, b) => a + b, 0) * 100) / 100).toBe(tssAnnual)
    expect(all).toContain(`Yıllık toplam prim ${tl(tssAnnual)}`)
    expect(all).toContain('Başlıca teminat dışı haller')
    expect(all).toContain('Poliçenin size ulaştığı tarihten başlayarak 30 gün içinde cayabilirsiniz')
    expect(all).toContain('MERSİS no')
    expect(all).not.toMatch(/\d TL\b|\d TRY\b/)
    // the code and the address that checks it, on every page
    expect(pages).toBeGreaterThan(1)
    expect(text.match(/^Doğrulama kodu: ABCD-EFGH-JKMN$/gm)).toHaveLength(pages)
    expect(all).toContain('Bu belgenin geçerliliğini https://shop.example/dogrula/ABCDEFGHJKMN adresinden doğrulayabilirsiniz.')
    expect(text).toContain(`Sayfa ${pages}/${pages}`)
  })

  it('TSS in English and Russian: the same document in the language it was bought in', async () => {
    const en = flat((await pdfText(await policyDocumentPdf(issuedRow('tss', TSS_DATA, { amount: tssAnnual.toFixed(2), locale: 'en' }), ORIGIN))).text)
    expect(en).toContain('Complementary Health Insurance Policy')
    expect(en).toContain('Valid from 03/03/2026 12:00')
    expect(en).toContain(`Total yearly premium TRY\u00a0${tssAnnual.toLocaleString('en-US', { minimumFractionDigits: 2 })}`)
    expect(en).not.toContain('Poliçe')
    const ru = flat((await pdfText(await policyDocumentPdf(issuedRow('tss', TSS_DATA, { amount: tssAnnual.toFixed(2), locale: 'ru' }), ORIGIN))).text)
    expect(ru).toContain('Полис дополнительного медицинского страхования')
    expect(ru).toContain('Основные исключения')
  })

  it('travel: Turkish and English whatever the buyer\'s language, passport, birth date, dates, Schengen cover, 24/7 assistance, insurer', async () => {
    const foreigner = { ...person, firstname: 'Anna', lastname: 'Schmidt', nationality: 'DE', nationalId: 'C01X00T47', birthdate: '1988-11-03' }
    const row = issuedRow('seyahatsaglik', { personalProfile: foreigner, travelPlan: TRAVEL_PLAN }, { locale: 'ru', amount: '1234.50', documentCode: 'PQRSTUVWXYZ2' })
    const { text } = await pdfText(await policyDocumentPdf(row, ORIGIN))
    const all = flat(text)
    expect(all).toContain('Seyahat Sağlık Sigortası Poliçesi / Travel Health Insurance Policy')
    expect(all).toContain('Anna Schmidt')
    expect(all).toContain('Pasaport / kimlik no / Passport / ID no C01X00T47')
    expect(all).toContain('Doğum tarihi / Date of birth 03.11.1988')
    expect(all).toContain('Başlangıç / Valid from 01.04.2026')
    expect(all).toContain('Bitiş / Valid until 10.04.2026')
    expect(all).toContain('10 gün / 10 days')
    expect(all).toContain('Schengen ülkeleri ve Avrupa / Schengen states and Europe')
    expect(all).toContain('€30.000 / €30,000')
    expect(all).toContain('This policy is valid in all Schengen states for the entire stay and meets the minimum medical cover of €30,000 required for a Schengen visa.')
    expect(all).toContain('Schengen vizesi için istenen asgari €30.000 tedavi teminatını karşılar')
    expect(all).toContain('+90 850 222 0 566')
    expect(all).toContain('7/24 asistans / 24/7 assistance')
    expect(all).toContain('₺1.234,50 / TRY\u00a01,234.50')
    expect(all).toContain('Sigortacı / Insurer')
    expect(all).toContain('Katılım Emeklilik ve Hayat A.Ş.')
    expect(all).toContain('Doğrulama kodu / Verification code: PQRS-TUVW-XYZ2')
    expect(all).toContain('The validity of this document can be verified at https://shop.example/dogrula/PQRSTUVWXYZ2.')
    expect(all).not.toMatch(/[А-Яа-я]/)
    // a Turkish citizen's T.C. Kimlik No is masked
    const tr = flat((await pdfText(await policyDocumentPdf(issuedRow('seyahatsaglik', { personalProfile: person, travelPlan: TRAVEL_PLAN }), ORIGIN))).text)
    expect(tr).toContain('100******46')
    expect(tr).toContain('Turkish ID no')
    expect(tr).not.toContain('10000000146')
    expect(tr).not.toContain('Passport no')
    // a citizen who gave a passport number for the visa application: in full, in both languages
    const visa = flat((await pdfText(await policyDocumentPdf(issuedRow('seyahatsaglik', { personalProfile: { ...person, passportno: 'U12345678' }, travelPlan: TRAVEL_PLAN }), ORIGIN))).text)
    expect(visa).toContain('Pasaport no / Passport no U12345678')
    expect(visa).toContain('100******46')
  })

  it('BES: contract number, plan, effective date, contribution, funds with their shares and risk, state contribution, 60-day withdrawal, full TCKN', async () => {
    const row = issuedRow('erkenbes', BES_DATA, { amount: '1250.50', policyNumber: 'BES-2026-0000000042' })
    const all = flat((await pdfText(await policyDocumentPdf(row, ORIGIN))).text)
    expect(all).toContain('Bireysel Emeklilik Sözleşmesi')
    expect(all).toContain('Sözleşme no BES-2026-0000000042')
    expect(all).toContain('Erken BES (katılım esaslı emeklilik planı)')
    expect(all).toContain('Yürürlük tarihi 02.03.2026')
    expect(all).toContain('Ödeme dönemi Aylık')
    expect(all).toContain('Katkı payı tutarı ₺1.250,50')
    expect(all).toContain('Katılım Emeklilik Kira Sertifikaları Katılım Emeklilik Yatırım Fonu (KEK)')
    expect(all).toContain('2 · %60')
    expect(all).toContain('5 · %40')
    expect(all).toContain('%25 devlet katkısı')
    expect(all).toContain('60 gün içinde hiçbir gerekçe göstermeden cayabilirsiniz')
    // the contract's party is identified by the full number
    expect(all).toContain('T.C. Kimlik No 10000000146')
  })
})

for (const kind of dbKinds()) {
  describe(`document verification [${kind}]`, { timeout: 60_000 }, () => {
    let t: TestApp
    beforeEach(async () => { t = await createTestApp(kind, { publicOrigin: ORIGIN, trustProxy: 'all' }) })
    afterEach(async () => t.close())

    const check = (code: string, ip = '198.51.100.7', locale = 'tr') =>
      t.request(`/digitalchannels/documents/verify/${code}`, { headers: { 'x-forwarded-for': `${ip}, 10.0.0.1`, locale } })

    it('a code answers the document\'s key facts, masked; an unknown or malformed one a translated 404/400; an unpaid purchase\'s none', async () => {
      t.clock.set(new Date('2026-04-05T10:00:00Z'))
      const travel = issuedRow('seyahatsaglik', { personalProfile: person, travelPlan: TRAVEL_PLAN }, { policyNumber: 'SYS-2026-0000000001', documentCode: 'HJKM2345NPQR' })
      await t.db.insert(purchase).values(travel)
      const res = await check('hjkm-2345 npqr'.replace(' ', '-'))
      expect(res.status).toBe(200)
      expect(res.headers.get('cache-control')).toBe('no-store')
      expect(await res.json()).toEqual({
        code: 'HJKM2345NPQR', product: 'seyahatsaglik', kind: 'policy', number: 'SYS-2026-0000000001',
        holder: 'Ay** Ça****', nationalId: '100******46', issuedAt: ISSUED.toISOString(),
        startDate: '2026-04-01', endDate: '2026-04-10', status: 'inForce', region: 'schengen', coverEur: 30_000, meetsSchengenVisa: true,
      })
      const body = JSON.stringify(await (await check('HJKM2345NPQR')).json())
      expect(body).not.toContain('10000000146')
      expect(body).not.toContain('Ayşe')
      expect(body).not.toContain('ayse.caglar')
      // after the trip: ended
      t.clock.set(new Date('2026-04-11T10:00:00Z'))
      expect(await (await check('HJKM2345NPQR')).json()).toMatchObject({ status: 'ended' })

      const unknown = await check('HJKM2345NPQS')
      expect(unknown.status).toBe(404)
      expect(await unknown.json()).toMatchObject({ code: 'DOCUMENT_NOT_FOUND', message: 'Bu doğrulama koduyla düzenlenmiş bir poliçe ya da sözleşme bulunamadı' })
      expect((await check('%00%27')).status).toBe(400)
      for (const bad of ['HJKM2345NPQ', 'HJKM2345NPQO', 'x'.repeat(300), 'HJKM2345NPQR1', '%27%3B--']) {
        const r = await check(bad, '198.51.100.7', 'en')
        expect(r.status, bad).toBe(400)
        expect(await r.json()).toMatchObject({ code: 'DOCUMENT_CODE_INVALID', message: 'The verification code is not valid: enter the 12-character code printed on the document' })
      }
      // a purchase not (yet) paid has no document to check
      await t.db.insert(purchase).values(issuedRow('tss', TSS_DATA, { status: 'awaitingPayment', policyNumber: null, issuedAt: null, documentCode: 'TUVW2345XYZA' }))
      expect((await check('TUVW2345XYZA')).status).toBe(404)
      // a contract: from its issue day, no end
      await t.db.insert(purchase).values(issuedRow('pratikbes', BES_DATA, { documentCode: 'BCDE2345FGHJ' }))
      expect(await (await check('BCDE2345FGHJ')).json()).toMatchObject({ kind: 'contract', product: 'pratikbes', startDate: '2026-03-02', endDate: null, status: 'inForce', region: null })
    })

    it('a document shows the figures of the tariff version its purchase was priced with, not today\'s (issue 24: tariffs as data)', async () => {
      t.clock.set(new Date('2026-04-05T10:00:00Z'))
      // version 2 doubles the Schengen cover; a purchase recorded under it shows 60,000, one under version 1 (or none) 30,000
      const v2 = { ...SEED_TARIFF, travel: { ...SEED_TARIFF.travel, coverEur: { ...SEED_TARIFF.travel.coverEur, standard: 60_000 } } }
      const [row] = await t.db.insert(tariffVersion).values({ version: 2, effectiveFrom: '2026-03-01', figures: v2 as unknown as Record<string, unknown>, createdBy: 'test' }).returning({ id: tariffVersion.id })
      await t.db.insert(purchase).values(issuedRow('seyahatsaglik', { personalProfile: person, travelPlan: TRAVEL_PLAN }, { tariffVersionId: row!.id, documentCode: 'MNPQ2345RSTU' }))
      await t.db.insert(purchase).values(issuedRow('seyahatsaglik', { personalProfile: person, travelPlan: TRAVEL_PLAN }, { documentCode: 'MNPQ2345RSTV' }))
      expect(await (await check('MNPQ2345RSTU')).json()).toMatchObject({ coverEur: 60_000 })
      expect(await (await check('MNPQ2345RSTV')).json()).toMatchObject({ coverEur: 30_000 })
      const [priced] = await t.db.select().from(purchase).where(eq(purchase.documentCode, 'MNPQ2345RSTU'))
      const pdf = await purchasePdf(t.db, priced!, ORIGIN)
      expect(flat((await pdfText(pdf)).text)).toContain('€60.000 / €60,000')
    })

    it('lookups are limited per client address: the 31st in 10 minutes is refused (429, translated), another address is not, the window passes', async () => {
      // the counters' prune (the outbox worker, on the real clock) deletes windows older than a day: the test's clock is today's
      t.clock.set(new Date())
      await t.db.insert(purchase).values(issuedRow('tss', TSS_DATA, { documentCode: 'MNPQ2345RSTU' }))
      for (let i = 0; i < 30; i++) {
        const res = await check(i % 2 ? 'MNPQ2345RSTU' : 'MNPQ2345RSTV', '203.0.113.9')
        expect(res.status).toBe(i % 2 ? 200 : 404)
      }
      // the limit holds for a valid code too: enumeration cannot continue from this address
      const refused = await check('MNPQ2345RSTU', '203.0.113.9', 'ru')
      expect(refused.status).toBe(429)
      expect(await refused.json()).toMatchObject({ code: 'RATE_LIMITED', message: 'Слишком много запросов, пожалуйста, подождите' })
      expect((await check('MNPQ2345RSTU', '203.0.113.10')).status).toBe(200)
      t.clock.advance(10 * 60_000 + 1000)
      expect((await check('MNPQ2345RSTU', '203.0.113.9')).status).toBe(200)
    })

    it('a purchase gets its code when issued; one issued before codes existed gets one once, even asked twice at once', async () => {
      const row = issuedRow('tss', TSS_DATA, { status: 'awaitingPayment', policyNumber: null, issuedAt: null, documentCode: null })
      await t.db.insert(purchase).values(row)
      const issued = await t.db.transaction((tx) => issuePurchase(tx as unknown as typeof t.db, row.id, 'ORD-issue', ISSUED))
      expect(issued?.documentCode).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{12}$/)
      const { subject, text } = await pdfText(await policyDocumentPdf(issued!, ORIGIN))
      expect(subject).toBe(issued!.documentCode!.match(/.{4}/g)!.join('-'))
      expect(text).toContain(`${ORIGIN}/dogrula/${issued!.documentCode}`)
      expect((await check(issued!.documentCode!)).status).toBe(200)

      const old = issuedRow('seyahatsaglik', { personalProfile: person, travelPlan: TRAVEL_PLAN }, { documentCode: null })
      await t.db.insert(purchase).values(old)
      const [a, b] = await Promise.all([withDocumentCode(t.db, old), withDocumentCode(t.db, old)])
      expect(a.documentCode).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{12}$/)
      expect(b.documentCode).toBe(a.documentCode)
      const [stored] = await t.db.select().from(purchase).where(eq(purchase.id, old.id))
      expect(stored!.documentCode).toBe(a.documentCode)
    })
  })
}
