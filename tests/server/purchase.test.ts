import { eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { consentsFor } from '../../src/domain/consents.ts'
import { SMS_RESEND_COOLDOWN_S } from '../../src/domain/sms.ts'
import { quoteTravel, quoteTss } from '../../src/domain/tariff.ts'
import { loadConfig } from '../../src/server/config.ts'
import { outbox, paymentOrder, purchase } from '../../src/server/db/schema.ts'
import { BANK_SIM_CLIENT_ID, TEST_CARDS } from '../../src/server/services/gateway/bank-simulator.ts'
import { signParams } from '../../src/server/services/gateway/hash.ts'
import { agent } from '../support/fixtures.ts'
import { pdfText as pdfTextOf } from '../support/pdf-text.ts'
import { withForm } from './pre-information-form.ts'
import { createTestApp, dbKinds, type TestApp } from '../support/test-app.ts'
import { ISSUED_PERSON, ISSUED_TSS_DATA } from '../support/sales-data.ts'

const ORIGIN = 'http://shop.localhost'
const STORE_KEY = 'purchase|store-key'
const PHONE = '0532 123 45 67'
const GOOD = TEST_CARDS.find((c) => c.scenario === 'success')!.number
const DECLINED = TEST_CARDS.find((c) => c.scenario === 'declined')!.number
let seq = 100

const person = ISSUED_PERSON
const TSS_DATA = ISSUED_TSS_DATA
const TRAVEL_DATA = {
  personalProfile: person,
  travelPlan: {
    birthdate: '1990-05-17', gender: 'female', travelLocation: 'schengen', travelLength: 10, covid: true, coverageType: 'standard',
    startDate: '2026-04-01', endDate: '2026-04-10',
  },
}
const NOW = new Date('2026-03-02T09:00:00Z')

/** The text drawn in a PDF (tests/support/pdf-text.ts), as one string. */
async function pdfText(bytes: Uint8Array): Promise<string> {
  return (await pdfTextOf(bytes)).text
}

for (const kind of dbKinds()) {
  // each test runs a whole purchase (SMS, payment, PDF): generous on a shared 2-core machine
  describe(`purchases: server price, card payment, policy, PDF [${kind}]`, { timeout: 120_000 }, () => {
    let t: TestApp
    let api: ReturnType<typeof agent>
    beforeEach(async () => {
      const base = loadConfig({ NODE_ENV: 'test' })
      t = await createTestApp(kind, { publicOrigin: ORIGIN, gateway: { ...base.gateway, bankSimStoreKey: STORE_KEY, timeoutMs: 60_000 } }, { mail: true })
      api = agent(t.request)
    })
    afterEach(async () => t.close())

    async function verify(product = 'tss'): Promise<string> {
      t.clock.advance(SMS_RESEND_COOLDOWN_S * 1000)
      await api.post('/notification/sendsms', { gsmNumber: PHONE, smsSource: product })
      const code = /(\d{6})/.exec(t.sms.at(-1)!.text)![1]!
      const res = await api.post('/notification/verifysms', { gsmNumber: PHONE, code, smsSource: product })
      return String(res.body.ticket)
    }

    /** An application saved at the payment step, with the product's required consents recorded. */
    async function readyApplication(product: 'tss' | 'seyahatsaglik' | 'erkenbes' | 'pratikbes', data: Record<string, unknown>, consents = true) {
      const ticket = await verify(product)
      const saved = await api.post('/digitalchannels/application', { ticket, product, step: 'payment', data })
      expect(saved.status, JSON.stringify(saved.body)).toBe(200)
      if (consents) {
        for (const d of consentsFor(product).filter((x) => x.requiredFor.includes(product))) {
          const res = await api.post('/digitalchannels/legalpermission',
            { name: d.name, status: d.kind === 'notice' ? 'READ' : 'ACCEPTED', documentId: d.documentId, scope: product, ticket },
            { saleId: String(saved.body.id), processStep: 'consents' })
          expect(res.status).toBe(201)
        }
      }
      return { ticket, applicationId: String(saved.body.id) }
    }

    function payment(purchaseId: string | null, card: string, amount = 1.5) {
      const body = {
        servicingBank: '0062', payway: 'CC', orderId: null, amount, currency: 'USD',
        ccNumber: card, expireDate: '1230', cvv: '123', customerName: 'Ayşe Çağlar', installment: 1,
        inquiryValue: null, span: null, OkUrl: `${ORIGIN}/result/success`, FailUrl: `${ORIGIN}/result/error`,
      }
      const headers: Record<string, string> = { 'content-type': 'application/json', trxType: 'FRM', provision: 'false', companyId: '' }
      if (purchaseId !== null) headers.purchaseId = purchaseId
      return t.request('/moneyio/collection/posIP3D/Gateway', { method: 'POST', headers, body: JSON.stringify(body) })
    }

    /** The PDF as the buyer's browser gets it: with the purchase cookie (the verified phone's ticket) the purchase call set. */
    function document(id: string) {
      return t.request(`/digitalchannels/purchase/${id}/document`, { headers: { cookie: [...api.jar].map(([k, v]) => `${k}=${v}`).join('; ') } })
    }

    /** The bank's signed callback for an order, approved or declined. */
    async function bankAnswers(orderId: string, approved: boolean) {
      const [o] = await t.db.select().from(paymentOrder).where(eq(paymentOrder.orderId, orderId))
      const f: Record<string, string> = {
        clientid: BANK_SIM_CLIENT_ID, oid: orderId, amount: o!.amount, currency: '949', mdStatus: '1', Response: approved ? 'Approved' : 'Declined',
        ProcReturnCode: approved ? '00' : '05', ErrMsg: approved ? '' : 'Declined', rnd: `r${seq}`, hashAlgorithm: 'ver3',
      }
      f.HASH = signParams(f, STORE_KEY)
      return t.app.request(approved ? '/result/success' : '/result/error', {
        method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(f).toString(),
      })
    }

    it('prices the application on the server and charges that amount, whatever the client sends', async () => {
      const { ticket } = await readyApplication('tss', TSS_DATA)
      const created = await api.post('/digitalchannels/purchase', await withForm(api.post, ticket, 'tss'))
      expect(created.status, JSON.stringify(created.body)).toBe(201)
      const expected = quoteTss({ gender: 'female', citycode: '34', birthdate: '1990-05-17', birthCollateral: true }, NOW)
      const annual = expected.ok ? expected.options.find((o) => o.visits === 10)!.annualTry : 0
      expect(annual).toBeGreaterThan(1000)
      expect(created.body).toMatchObject({ product: 'tss', status: 'awaitingPayment', amount: annual, currency: 'TRY', policyNumber: null })
      expect(String(created.body.id)).toMatch(/^[A-Za-z0-9_-]{24}$/)
      // an amount in the purchase request is refused, not believed
      expect((await api.post('/digitalchannels/purchase', { ticket, product: 'tss', amount: 1 })).status).toBe(400)
      // the card payment says 1.50 USD: the order charges the purchase's TRY amount
      const res = await payment(String(created.body.id), GOOD, 1.5)
      expect(res.status).toBe(200)
      const { orderId } = await res.json() as { orderId: string }
      const [o] = await t.db.select().from(paymentOrder).where(eq(paymentOrder.orderId, orderId))
      expect(o).toMatchObject({ amount: annual.toFixed(2), currency: 'TRY', purchaseId: created.body.id })
    })

    it('a successful payment issues the policy once, closes the application and mails the PDF', async () => {
      const { ticket } = await readyApplication('tss', TSS_DATA)
      const created = await api.post('/digitalchannels/purchase', await withForm(api.post, ticket, 'tss'))
      const id = String(created.body.id)
      const { orderId } = await (await payment(id, GOOD)).json() as { orderId: string }
      expect((await bankAnswers(orderId, true)).status).toBe(200)
      const result = await api.get(`/digitalchannels/purchase/${id}`)
      expect(result.status).toBe(200)
      expect(result.body).toMatchObject({ id, status: 'issued', orderId, insuredName: 'Ayşe Çağlar', email: 'ayse.caglar@example.com' })
      expect(String(result.body.policyNumber)).toMatch(/^TSS-2026-\d{10}$/)
      expect(result.headers.get('cache-control')).toBe('no-store')
      // nothing left to resume; a second payment of the same purchase is refused
      const again = await verify()
      expect((await api.post('/digitalchannels/application/resume', { ticket: again, product: 'tss' })).status).toBe(404)
      const second = await payment(id, GOOD)
      expect(second.status).toBe(409)
      expect(await second.json()).toMatchObject({ code: 'PURCHASE_ALREADY_PAID' })
      // a replayed callback issues nothing new
      await bankAnswers(orderId, true)
      expect((await t.db.select().from(purchase)).map((p) => p.policyNumber)).toEqual([result.body.policyNumber])
      // the summary goes by e-mail with the PDF attached
      await t.outbox.drain()
      const mail = t.mails.find((m) => m.to.includes('ayse.caglar@example.com') && m.subject === 'Poliçe / sözleşme özetiniz')!
      expect(mail.subject).toBe('Poliçe / sözleşme özetiniz')
      expect(mail.text).toContain(String(result.body.policyNumber))
      // the amount paid, written as every amount is in Turkish
      const [lira, kurus] = Number(created.body.amount).toFixed(2).split('.')
      expect(mail.text).toContain(`₺${lira!.replace(/\B(?=(\d{3})+$)/g, '.')},${kurus} tutarındaki ödemeniz alındı`)
      expect(mail.attachments).toEqual([expect.objectContaining({ filename: `${result.body.policyNumber}.pdf`, contentType: 'application/pdf' })])
    })

    it('the PDF carries the policy number, the name with its Turkish letters and the amount', async () => {
      const { ticket } = await readyApplication('seyahatsaglik', TRAVEL_DATA)
      const id = String((await api.post('/digitalchannels/purchase', await withForm(api.post, ticket, 'seyahatsaglik'))).body.id)
      expect((await document(id)).status).toBe(409)
      const { orderId } = await (await payment(id, GOOD)).json() as { orderId: string }
      await bankAnswers(orderId, true)
      const res = await document(id)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe('application/pdf')
      const bytes = new Uint8Array(await res.arrayBuffer())
      const text = await pdfText(bytes)
      const view = (await api.get(`/digitalchannels/purchase/${id}`)).body
      expect(String(view.policyNumber)).toMatch(/^SYS-2026-\d{10}$/)
      expect(text).toContain(String(view.policyNumber))
      expect(text).toContain('Ayşe Çağlar')
      expect(text).toContain('Seyahat Sağlık Sigortası')
      expect(text.replace(/\n/g, ' ')).toContain('Schengen vizesi için istenen asgari €30.000 tedavi teminatını karşılar')
      const premium = quoteTravel({ ...TRAVEL_DATA.travelPlan, travelLocation: 'schengen', coverageType: 'standard' }, NOW)
      // the amount in Turkish notation (the purchase was made in Turkish): "₺1.234,50"
      if (!premium.ok) throw new Error('no premium')
      const [lira, kurus] = premium.premiumTry.toFixed(2).split('.')
      expect(text).toContain(`₺${lira!.replace(/\B(?=(\d{3})+$)/g, '.')},${kurus}`)
      expect(text).toContain('€30.000') // the medical cover of the standard plan
      expect(text).not.toMatch(/\d TL\b|\d TRY\b|\d EUR\b/)
    })

    it('a failed payment leaves the purchase payable and the application resumable', async () => {
      const { ticket, applicationId } = await readyApplication('tss', TSS_DATA)
      const id = String((await api.post('/digitalchannels/purchase', await withForm(api.post, ticket, 'tss'))).body.id)
      const { orderId } = await (await payment(id, DECLINED)).json() as { orderId: string }
      await bankAnswers(orderId, false)
      expect((await api.get(`/digitalchannels/purchase/${id}`)).body).toMatchObject({ status: 'awaitingPayment', policyNumber: null })
      t.clock.advance(3_600_000)
      const resumed = await api.post('/digitalchannels/application/resume', { ticket: await verify(), product: 'tss' })
      expect(resumed.status).toBe(200)
      expect(resumed.body).toMatchObject({ id: applicationId, step: 'payment', data: TSS_DATA })
      // paying again with a good card issues the policy
      const { orderId: second } = await (await payment(id, GOOD)).json() as { orderId: string }
      await bankAnswers(second, true)
      // an hour on, the purchase cookie (the ticket of 30 minutes) has expired: the summary says issued, the record names the order
      expect((await api.get(`/digitalchannels/purchase/${id}`)).body).toMatchObject({ status: 'issued', access: 'summary' })
      expect((await t.db.select().from(purchase).where(eq(purchase.id, id)))[0]).toMatchObject({ status: 'issued', orderId: second })
      await t.outbox.drain()
      expect(await t.db.select().from(outbox).where(eq(outbox.kind, 'purchaseDocument'))).toEqual([])
    })

    it('refuses incomplete applications, missing consents, unknown ids and bad input with 4xx in the request language', async () => {
      // required consents not recorded for the sale
      const { ticket } = await readyApplication('tss', TSS_DATA, false)
      const noConsent = await api.post('/digitalchannels/purchase', await withForm(api.post, ticket, 'tss'), { locale: 'en' })
      expect(noConsent.status).toBe(400)
      expect(noConsent.body).toMatchObject({ code: 'CONSENT_REQUIRED', message: 'Please give the required consents to continue' })
      // a section missing: the health policy
      const partial = await verify()
      await api.post('/digitalchannels/application', { ticket: partial, product: 'tss', step: 'healthPolicy', data: { ...TSS_DATA, healthPolicy: undefined } })
      const incomplete = await api.post('/digitalchannels/purchase', await withForm(api.post, partial, 'tss'))
      expect(incomplete.status).toBe(400)
      expect(incomplete.body.code).toBe('VALIDATION')
      // no application for the product at all
      expect((await api.post('/digitalchannels/purchase', { ticket: await verify('seyahatsaglik'), product: 'seyahatsaglik' })).status).toBe(404)
      // no or a forged ticket, malformed bodies
      expect((await api.post('/digitalchannels/purchase', { ticket: 'x.y', product: 'tss' })).status).toBe(401)
      for (const body of [{}, { ticket, product: 'car' }, { ticket: 5, product: 'tss' }, 'text']) {
        const res = await api.post('/digitalchannels/purchase', body)
        expect(res.status, JSON.stringify(body)).toBe(400)
      }
      // unknown or malformed purchase ids, for the result, the PDF and a payment
      for (const id of ['AAAAAAAAAAAAAAAAAAAAAAAA', 'short', '%00', '../../etc']) {
        expect((await api.get(`/digitalchannels/purchase/${encodeURIComponent(id)}`, { locale: 'ru' })).body).toMatchObject({ code: 'PURCHASE_NOT_FOUND', message: 'Покупка не найдена' })
        expect((await t.request(`/digitalchannels/purchase/${encodeURIComponent(id)}/document`)).status).toBe(404)
        expect((await payment(id, GOOD)).status).toBe(404)
      }
    })

    it('caps the purchases one phone starts in an hour (429 with Retry-After); the same application gives back its purchase', async () => {
      const { ticket } = await readyApplication('tss', TSS_DATA)
      const first = await api.post('/digitalchannels/purchase', await withForm(api.post, ticket, 'tss'))
      expect(first.status).toBe(201)
      for (let i = 1; i < 20; i++) {
        const again = await api.post('/digitalchannels/purchase', await withForm(api.post, ticket, 'tss'))
        expect(again.status).toBe(200)
        expect(again.body.id).toBe(first.body.id)
      }
      const capped = await api.post('/digitalchannels/purchase', await withForm(api.post, ticket, 'tss'))
      expect(capped.status).toBe(429)
      expect(capped.headers.get('retry-after')).toBe('3600')
    })

    // BES (docs/decisions/bes-purchase.md): the first contribution is the amount; the plan's rules decide what can be bought
    const CONTRACT = { currencyOfInvest: 'TRY', freqOfInvest: 'quarterly', contributionAmount: 450, fundChoice: [{ code: 'KES', share: 70 }, { code: 'KEA', share: 30 }] }
    const CHILD = { ...person, firstname: 'Can', birthdate: '2016-05-10', legalparent: 'mother' }
    const PARENT = { ...person, firstname: 'Fatma', birthdate: '1985-01-01', userphone: '05331112233', planchoice: 'erkenbes' }

    it("BES: a minor's early BES is charged its first contribution, and the contract PDF names the funds, the custodian and the payer", async () => {
      const { ticket } = await readyApplication('erkenbes', { personalProfile: CHILD, custodianProfile: PARENT, payerProfile: { ...PARENT, firstname: 'Ali' }, pensionContract: CONTRACT })
      const created = await api.post('/digitalchannels/purchase', await withForm(api.post, ticket, 'erkenbes'))
      expect(created.status, JSON.stringify(created.body)).toBe(201)
      expect(created.body).toMatchObject({ product: 'erkenbes', amount: 450, currency: 'TRY' })
      const id = String(created.body.id)
      const { orderId } = await (await payment(id, GOOD)).json() as { orderId: string }
      expect((await bankAnswers(orderId, true)).status).toBe(200)
      expect(String((await api.get(`/digitalchannels/purchase/${id}`)).body.policyNumber)).toMatch(/^BES-2026-\d{10}$/)
      const text = await pdfText(new Uint8Array(await (await document(id)).arrayBuffer()))
      for (const line of ['Ödeme dönemi 3 aylık', 'Katılım Emeklilik Standart Katılım Emeklilik Yatırım Fonu (KES) 3 · %70', 'Fatma Çağlar', 'Ali Çağlar']) expect(text.replace(/\n/g, ' ')).toContain(line)
    })

    it('BES: below the plan minimum, a frequency the plan does not offer, or shares not summing to 100 cannot be bought', async () => {
      // 3 months of early BES need 300 TL; practical BES is paid monthly only
      const { ticket } = await readyApplication('erkenbes', { personalProfile: person, pensionContract: { ...CONTRACT, contributionAmount: 299.99 } })
      expect((await api.post('/digitalchannels/purchase', await withForm(api.post, ticket, 'erkenbes'))).body.issues).toEqual([{ path: 'pensionContract', code: 'purchase.NOT_PRICEABLE' }])
      const practical = await readyApplication('pratikbes', { personalProfile: person, pensionContract: { ...CONTRACT, contributionAmount: 5000 } })
      expect((await api.post('/digitalchannels/purchase', await withForm(api.post, practical.ticket, 'pratikbes'))).status).toBe(400)
      // the saved application itself refuses a distribution of 90%
      const bad = await api.post('/digitalchannels/application', { ticket: practical.ticket, product: 'pratikbes', step: 'contract',
        data: { personalProfile: person, pensionContract: { ...CONTRACT, freqOfInvest: 'monthly', fundChoice: [{ code: 'KES', share: 90 }] } } })
      expect(bad.status).toBe(400)
    })
  })
}
