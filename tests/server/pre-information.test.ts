import { createHash } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { consentsFor } from '../../src/domain/consents.ts'
import { SMS_RESEND_COOLDOWN_S } from '../../src/domain/sms.ts'
import { quoteTss } from '../../src/domain/tariff.ts'
import { preInformation, purchase } from '../../src/server/db/schema.ts'
import { agent } from '../support/fixtures.ts'
import { createTestApp, dbKinds, type TestApp } from '../support/test-app.ts'
import { TSS_DATA, TSS_PERSON } from '../support/sales-data.ts'

/**
 * The pre-information form before payment (issue 24 item 4): given with the customer's own answers
 * and the server's price, recorded (version, language, hash, text, time), confirmed by the purchase
 * that names it, refused when missing or outdated, and mailed once through the outbox with its PDF.
 */
const PHONE = '0532 123 45 67'
const NOW = new Date('2026-03-02T09:00:00Z')
const sha = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex')

for (const kind of dbKinds()) {
  describe(`pre-information form before payment [${kind}]`, { timeout: 90_000 }, () => {
    let t: TestApp
    let api: ReturnType<typeof agent>
    beforeEach(async () => {
      t = await createTestApp(kind, {}, { mail: true })
      t.clock.set(NOW)
      api = agent(t.request)
    })
    afterEach(async () => t.close())

    async function ready(data: Record<string, unknown> = TSS_DATA, product = 'tss') {
      t.clock.advance(SMS_RESEND_COOLDOWN_S * 1000)
      await api.post('/notification/sendsms', { gsmNumber: PHONE, smsSource: product })
      const code = /(\d{6})/.exec(t.sms.at(-1)!.text)![1]!
      const ticket = String((await api.post('/notification/verifysms', { gsmNumber: PHONE, code, smsSource: product })).body.ticket)
      const saved = await api.post('/digitalchannels/application', { ticket, product, step: 'summary', data })
      expect(saved.status, JSON.stringify(saved.body)).toBe(200)
      for (const d of consentsFor(product as 'tss').filter((x) => x.requiredFor.includes(product as 'tss'))) {
        const r = await api.post('/digitalchannels/legalpermission', { name: d.name, status: d.kind === 'notice' ? 'READ' : 'ACCEPTED', documentId: d.documentId, scope: product, ticket },
          { saleId: String(saved.body.id), processStep: 'consents' })
        expect(r.status).toBe(201)
      }
      return { ticket, applicationId: String(saved.body.id) }
    }

    it('gives the form of the product with the customer\'s own answers and price, in tr, en and ru, and records each form given', async () => {
      const { ticket, applicationId } = await ready()
      const quote = quoteTss({ gender: 'female', citycode: '34', birthdate: '1990-05-17' }, NOW)
      const premium = quote.ok ? quote.options.find((o) => o.visits === 10)!.annualTry : -1
      const tr = await api.post('/digitalchannels/preinformation', { ticket, product: 'tss' })
      expect(tr.status).toBe(201)
      expect(tr.body).toMatchObject({ documentId: 'ONBILGI-TSS-v1', version: 1, locale: 'tr', title: 'Tamamlayıcı Sağlık Sigortası Ön Bilgilendirme Formu', amount: premium, currency: 'TRY' })
      const trText = JSON.stringify(tr.body.sections)
      expect(trText).toContain('Ad soyad: Ayşe Çağlar-Öztürk')
      // the TCKN masked, the dates in Turkish, the premium in Turkish lira format
      expect(trText).toContain('T.C. Kimlik No: 100******46')
      expect(trText).not.toContain('10000000146')
      expect(trText).toContain('Doğum tarihi: 17.05.1990')
      expect(trText).toContain('Ayakta tedavi: yılda 10 vizite')
      const [lira, kurus] = premium.toFixed(2).split('.')
      expect(trText).toContain(`Yıllık prim: ₺${lira!.replace(/\B(?=(\d{3})+$)/g, '.')},${kurus}`)
      expect(trText).toContain('Cayma ve iptal')
      const en = await api.post('/digitalchannels/preinformation', { ticket, product: 'tss' }, { locale: 'en' })
      expect(en.body.title).toBe('Complementary Health Insurance Pre-Information Form')
      expect(JSON.stringify(en.body.sections)).toContain('Date of birth: 17/05/1990')
      const ru = await api.post('/digitalchannels/preinformation', { ticket, product: 'tss' }, { locale: 'ru' })
      expect(JSON.stringify(ru.body.sections)).toContain('Дата рождения: 17.05.1990')
      // each form given is recorded: which document and version, the language, the exact text and its hash, when
      const rows = await t.db.select().from(preInformation).where(eq(preInformation.applicationId, applicationId))
      expect(rows.map((r) => r.locale).sort()).toEqual(['en', 'ru', 'tr'])
      const trRow = rows.find((r) => r.locale === 'tr')!
      expect(trRow).toMatchObject({ documentId: 'ONBILGI-TSS-v1', documentVersion: 1, textSha256: tr.body.textSha256, amount: premium.toFixed(2), confirmedAt: null })
      expect(sha(trRow.text)).toBe(trRow.textSha256)
      expect(trRow.text).toContain('Ayşe Çağlar-Öztürk')
      expect(trRow.givenAt.toISOString()).toBe(t.clock.now().toISOString())
      // the same form as a PDF
      const pdf = await t.request('/digitalchannels/preinformation/document', {
        method: 'POST', headers: { 'content-type': 'application/json', trxType: 'FRM' }, body: JSON.stringify({ ticket, product: 'tss', id: tr.body.id }),
      })
      expect(pdf.status).toBe(200)
      expect(pdf.headers.get('content-type')).toBe('application/pdf')
      expect(pdf.headers.get('content-disposition')).toContain('ONBILGI-TSS-v1.pdf')
      expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-')
    })

    it('a purchase without the form is refused (400, translated); with an outdated one 409; with the form given it confirms it once and mails it', async () => {
      const { ticket, applicationId } = await ready()
      const none = await api.post('/digitalchannels/purchase', { ticket, product: 'tss' }, { locale: 'en' })
      expect(none.status).toBe(400)
      expect(none.body).toMatchObject({ code: 'PRE_INFORMATION_REQUIRED', message: 'Please read and confirm the pre-information form before you pay' })
      const made = await api.post('/digitalchannels/purchase', { ticket, product: 'tss', preInformationId: '7d0b4c3e-2f7a-4a51-9d0e-4b1f0b8e2a11' })
      expect(made.body).toMatchObject({ code: 'PRE_INFORMATION_REQUIRED', message: 'Ödemeye geçmeden önce ön bilgilendirme formunu okuyup onaylamalısınız' })
      const given = await api.post('/digitalchannels/preinformation', { ticket, product: 'tss' })
      // the answers change after the form was given: the price and the form with them
      await api.post('/digitalchannels/application', { ticket, product: 'tss', step: 'summary', data: { ...TSS_DATA, outpatientVisits: 12 } })
      const outdated = await api.post('/digitalchannels/purchase', { ticket, product: 'tss', preInformationId: given.body.id }, { locale: 'ru' })
      expect(outdated.status).toBe(409)
      expect(outdated.body).toMatchObject({ code: 'PRE_INFORMATION_CHANGED', message: 'Форма предварительной информации обновлена, так как изменились ваши ответы или цена; прочитайте и подтвердите новую форму' })
      expect(await t.db.select().from(purchase)).toHaveLength(0)
      await t.outbox.drain()
      expect(t.mails).toHaveLength(0)
      // the form of the answers as they stand now
      const renewed = await api.post('/digitalchannels/preinformation', { ticket, product: 'tss' })
      t.clock.advance(30_000)
      const bought = await api.post('/digitalchannels/purchase', { ticket, product: 'tss', preInformationId: renewed.body.id })
      expect(bought.status, JSON.stringify(bought.body)).toBe(201)
      expect(bought.body.amount).toBe(renewed.body.amount)
      const [row] = await t.db.select().from(purchase)
      expect(row!.preInformationId).toBe(renewed.body.id)
      const [confirmed] = await t.db.select().from(preInformation).where(eq(preInformation.id, String(renewed.body.id)))
      expect(confirmed!.confirmedAt!.toISOString()).toBe(t.clock.now().toISOString())
      expect(confirmed!.applicationId).toBe(applicationId)
      // the copy goes by e-mail (the outbox): the form's text in the body, its PDF attached
      await t.outbox.drain()
      expect(t.mails).toHaveLength(1)
      expect(t.mails[0]).toMatchObject({ subject: 'Ön bilgilendirme formunuz' })
      expect(t.mails[0]!.to).toContain('ayse.caglar@example.com')
      expect(t.mails[0]!.text).toContain('Ayakta tedavi: yılda 12 vizite')
      expect(t.mails[0]!.text).toContain('100******46')
      expect(t.mails[0]!.attachments).toEqual([expect.objectContaining({ filename: 'ONBILGI-TSS-v1.pdf', contentType: 'application/pdf' })])
      // the same purchase again (another tab, a retry): the same confirmation, no second mail
      const again = await api.post('/digitalchannels/purchase', { ticket, product: 'tss', preInformationId: renewed.body.id })
      expect(again.status).toBe(200)
      await t.outbox.drain()
      expect(t.mails).toHaveLength(1)
    })

    it('parallel purchases with one form: one purchase, one confirmation, one mail', async () => {
      const { ticket } = await ready()
      const given = await api.post('/digitalchannels/preinformation', { ticket, product: 'tss' })
      const answers = await Promise.all(Array.from({ length: 6 }, () => api.post('/digitalchannels/purchase', { ticket, product: 'tss', preInformationId: given.body.id })))
      expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 200, 201])
      expect(new Set(answers.map((a) => a.body.id)).size).toBe(1)
      await t.outbox.drain()
      expect(t.mails.filter((m) => m.subject === 'Ön bilgilendirme formunuz')).toHaveLength(1)
    })

    it('BES: the contract\'s form names the contribution, funds and the 60-day withdrawal; a form of another phone\'s application is refused', async () => {
      const besData = {
        personalProfile: TSS_PERSON,
        pensionContract: { currencyOfInvest: 'TRY', freqOfInvest: 'monthly', contributionAmount: 1250.5, fundChoice: [{ code: 'KES', share: 100 }] },
      }
      const { ticket } = await ready(besData, 'pratikbes')
      const form = await api.post('/digitalchannels/preinformation', { ticket, product: 'pratikbes' })
      expect(form.status, JSON.stringify(form.body)).toBe(201)
      const text = JSON.stringify(form.body.sections)
      expect(form.body.title).toBe('Pratik BES Ön Bilgilendirme Formu')
      expect(text).toContain('Katkı payı: ₺1.250,50 (aylık)')
      expect(text).toContain('İlk katkı payı: ₺1.250,50')
      expect(text).toContain('60 gün içinde')
      // no application: 404; a forged ticket: 401
      expect((await api.post('/digitalchannels/preinformation', { ticket, product: 'tss' })).status).toBe(401)
      expect((await api.post('/digitalchannels/preinformation', { ticket: 'x.y', product: 'pratikbes' })).status).toBe(401)
      expect((await api.post('/digitalchannels/preinformation', { ticket, product: 'pratikbes', extra: 1 })).status).toBe(400)
    })
  })
}
