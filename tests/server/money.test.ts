import { eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { consentsFor } from '../../src/domain/consents.ts'
import { orderDateOf, ORDER_ID_PATTERN } from '../../src/domain/card/order-id.ts'
import { SMS_RESEND_COOLDOWN_S } from '../../src/domain/sms.ts'
import { quoteTravel, quoteTss } from '../../src/domain/tariff.ts'
import { loadConfig } from '../../src/server/config.ts'
import { paymentAction, paymentOrder, purchase, salesApplication } from '../../src/server/db/schema.ts'
import { BANK_SIM_CLIENT_ID, TEST_CARDS, TEST_DEBIT_CARD } from '../../src/server/services/gateway/bank-simulator.ts'
import { signParams } from '../../src/server/services/gateway/hash.ts'
import { purchaseLinkKey } from '../../src/server/services/purchase.ts'
import { TEST_ADMIN } from '../support/constants.ts'
import { agent, createUser } from '../support/fixtures.ts'
import { createTestApp, dbKinds, type TestApp } from '../support/test-app.ts'
import { withForm } from './pre-information-form.ts'

/**
 * Issue 21: the sale's money path. One purchase per application and one live payment per purchase
 * (parallel requests), paying and issuing in one transaction with repair by re-delivered callbacks
 * and the sweep, late approvals never dropped, the price from the insured person, personal credit
 * cards, server-issued order ids, the failure's reason, and who sees a purchase's details.
 */
const ORIGIN = 'http://shop.localhost'
const STORE_KEY = 'money|store-key'
const GOOD = TEST_CARDS.find((c) => c.scenario === 'success' && !c.personal)!.number
const PERSONAL_VISA = TEST_CARDS.find((c) => c.personal && c.brand === 'Visa')!.number
const PERSONAL_MC = TEST_CARDS.find((c) => c.personal && c.brand === 'Mastercard')!.number
const PERSONAL_TROY = TEST_CARDS.find((c) => c.personal && c.brand === 'Troy')!.number
const TIMEOUT_MS = 60_000
const PASSWORD = 'Güçlü-Parola-2026!'
let phoneSeq = 0

const person = (birthdate = '1990-05-17') => ({
  firstname: 'Ayşe', lastname: 'Çağlar', nationalId: '10000000146', nationality: 'TR', birthdate, email: 'ayse.caglar@example.com', userphone: '05321234567',
})
const HEALTH = { questions: [{ id: 'chronic', answer: false }, { id: 'surgery', answer: false }, { id: 'medication', answer: false }], isotherpolicy: false, birthCollateral: true, healthdeclarationconcent: true }
const tss = (quoteBirth: string, profileBirth: string, gender = 'female') => ({
  quickProfile: { gender, citycode: '34', birthdate: quoteBirth }, outpatientVisits: 10, personalProfile: person(profileBirth), healthPolicy: HEALTH,
})
const PLAN = (birthdate: string) => ({
  birthdate, gender: 'female', travelLocation: 'schengen', travelLength: 10, covid: true, coverageType: 'standard', startDate: '2026-04-01', endDate: '2026-04-10',
})
const NOW = new Date('2026-03-02T09:00:00Z')

for (const kind of dbKinds()) {
  describe(`the sale's money path (issue 21) [${kind}]`, { timeout: 120_000 }, () => {
    let t: TestApp
    let api: ReturnType<typeof agent>
    beforeEach(async () => {
      const base = loadConfig({ NODE_ENV: 'test' })
      t = await createTestApp(kind, { publicOrigin: ORIGIN, trustProxy: 1, gateway: { ...base.gateway, bankSimStoreKey: STORE_KEY, timeoutMs: TIMEOUT_MS } }, { mail: true })
      api = agent(t.request)
    })
    afterEach(async () => t.close())

    /** A fresh phone verified for the product: its SMS ticket. */
    async function verify(product: string, phone = `0532 ${String(100 + (phoneSeq++ % 900))} 45 67`): Promise<string> {
      t.clock.advance(SMS_RESEND_COOLDOWN_S * 1000)
      expect((await api.post('/notification/sendsms', { gsmNumber: phone, smsSource: product })).status).toBe(200)
      const code = /(\d{6})/.exec(t.sms.at(-1)!.text)![1]!
      const res = await api.post('/notification/verifysms', { gsmNumber: phone, code, smsSource: product })
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      return String(res.body.ticket)
    }

    async function save(ticket: string, product: string, data: Record<string, unknown>, step = 'payment') {
      return api.post('/digitalchannels/application', { ticket, product, step, data })
    }

    /** The product's required consents, recorded with the verified phone's proof for its own application (issue 28). */
    async function consent(product: 'tss' | 'seyahatsaglik' | 'erkenbes' | 'pratikbes', saleId: string, ticket: string) {
      for (const d of consentsFor(product).filter((x) => x.requiredFor.includes(product))) {
        const res = await api.post('/digitalchannels/legalpermission',
          { name: d.name, status: d.kind === 'notice' ? 'READ' : 'ACCEPTED', documentId: d.documentId, scope: product, ticket },
          { saleId, processStep: 'consents' })
        expect(res.status, JSON.stringify(res.body)).toBe(201)
      }
    }

    /** An application saved at the payment step with its consents: the ticket, ready to buy. */
    async function ready(product: 'tss' | 'seyahatsaglik' | 'erkenbes' | 'pratikbes', data: Record<string, unknown>) {
      const ticket = await verify(product)
      const saved = await save(ticket, product, data)
      expect(saved.status, JSON.stringify(saved.body)).toBe(200)
      await consent(product, String(saved.body.id), ticket)
      return { ticket, applicationId: String(saved.body.id) }
    }

    async function bought(product: 'tss' | 'seyahatsaglik' = 'tss', data: Record<string, unknown> = tss('1990-05-17', '1990-05-17')) {
      const r = await ready(product, data)
      const created = await api.post('/digitalchannels/purchase', await withForm(api.post, r.ticket, product))
      expect(created.status, JSON.stringify(created.body)).toBe(201)
      return { ...r, id: String(created.body.id), amount: Number(created.body.amount) }
    }

    /** The card payment as the browser sends it (spec 7.4 body; orderId null: the server issues it). */
    function pay(purchaseId: string | null, card = GOOD, over: Record<string, unknown> = {}, ip = '10.9.0.1') {
      const body = {
        servicingBank: '0062', payway: 'CC', orderId: null, amount: 1.5, currency: 'TRY', ccNumber: card, expireDate: '1230',
        cvv: card.startsWith('37') ? '1234' : '123', customerName: 'Ayşe Çağlar', installment: 1, inquiryValue: null, span: null,
        OkUrl: `${ORIGIN}/result/success`, FailUrl: `${ORIGIN}/result/error`, ...over,
      }
      const headers: Record<string, string> = { 'content-type': 'application/json', trxType: 'FRM', provision: 'false', companyId: '', 'x-forwarded-for': ip }
      if (purchaseId !== null) headers.purchaseId = purchaseId
      return t.request('/moneyio/collection/posIP3D/Gateway', { method: 'POST', headers, body: JSON.stringify(body) })
    }

    async function started(purchaseId: string | null, card = GOOD) {
      const res = await pay(purchaseId, card)
      expect(res.status, await res.clone().text()).toBe(200)
      return (await res.json()) as { orderId: string; receipt: string; html: string }
    }

    /** The bank's signed callback: approved, declined by the issuer, 3-D failed, or cancelled by the cardholder. */
    async function bank(orderId: string, answer: 'approved' | 'declined' | 'threeDFailed' | 'cancelled') {
      const [o] = await t.db.select().from(paymentOrder).where(eq(paymentOrder.orderId, orderId))
      const f: Record<string, string> = {
        clientid: BANK_SIM_CLIENT_ID, oid: orderId, amount: o!.amount, currency: '949',
        mdStatus: answer === 'approved' || answer === 'declined' ? '1' : '0',
        mdErrorMsg: answer === 'cancelled' ? 'Cancelled by cardholder' : answer === 'threeDFailed' ? 'Not authenticated' : 'Authenticated',
        Response: answer === 'approved' ? 'Approved' : 'Declined', ProcReturnCode: answer === 'approved' ? '00' : answer === 'declined' ? '05' : '99',
        ErrMsg: '', rnd: `r${Math.random()}`, hashAlgorithm: 'ver3',
      }
      f.HASH = signParams(f, STORE_KEY)
      return t.app.request(answer === 'approved' ? '/result/success' : '/result/error', {
        method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(f).toString(),
      })
    }

    const orderOf = async (orderId: string) => (await t.db.select().from(paymentOrder).where(eq(paymentOrder.orderId, orderId)))[0]!
    const purchaseRow = async (id: string) => (await t.db.select().from(purchase).where(eq(purchase.id, id)))[0]!
    /** The policy mails sent (the outbox's job, queued with the policy, turns into the mail). */
    const policyMails = async () => {
      await t.outbox.drain()
      return t.mails.filter((m) => m.subject === 'Poliçe / sözleşme özetiniz').length
    }

    // ---- 1. one purchase per application, one live payment per purchase ----

    it('1: five parallel purchases of one application give back one purchase', async () => {
      const { ticket, applicationId } = await ready('tss', tss('1990-05-17', '1990-05-17'))
      const body = await withForm(api.post, ticket, 'tss')
      const answers = await Promise.all(Array.from({ length: 5 }, () => api.post('/digitalchannels/purchase', body)))
      expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 201])
      expect(new Set(answers.map((a) => a.body.id)).size).toBe(1)
      expect(await t.db.select().from(purchase).where(eq(purchase.applicationId, applicationId))).toHaveLength(1)
    })

    it('1: five parallel payments of one purchase start one; the others are told a payment is in progress', async () => {
      const { id } = await bought()
      const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => pay(id, GOOD, {}, `10.9.1.${i}`)))
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409])
      for (const refused of answers.filter((a) => a.status === 409)) {
        expect(await refused.json()).toEqual({ code: 'PAYMENT_IN_PROGRESS', message: 'Bu satın alma için bir ödeme zaten sürüyor; sonucu bekleniyor' })
      }
      expect(await t.db.select().from(paymentOrder).where(eq(paymentOrder.purchaseId, id))).toHaveLength(1)
      // and the purchase says so to whoever asks (the second tab's page)
      expect((await api.get(`/digitalchannels/purchase/${id}`)).body).toMatchObject({ status: 'awaitingPayment', paymentInProgress: true, lastFailure: null })
    })

    it('1: while the first payment waits for 3-D Secure a second one is refused (en too); after its limit or a failure a new one starts', async () => {
      const { id } = await bought()
      const first = await started(id)
      const second = await pay(id, PERSONAL_VISA, {}, '10.9.2.1')
      expect(second.status).toBe(409)
      const en = await t.request('/moneyio/collection/posIP3D/Gateway', {
        method: 'POST', headers: { 'content-type': 'application/json', trxType: 'FRM', provision: 'false', companyId: '', purchaseId: id, locale: 'en' },
        body: JSON.stringify({ servicingBank: '0062', payway: 'CC', orderId: null, amount: 1, currency: 'TRY', ccNumber: GOOD, expireDate: '1230', cvv: '123', customerName: 'A B', installment: 1, inquiryValue: null, span: null, OkUrl: `${ORIGIN}/result/success`, FailUrl: `${ORIGIN}/result/error` }),
      })
      expect(await en.json()).toMatchObject({ code: 'PAYMENT_IN_PROGRESS', message: 'A payment of this purchase is already in progress; its result is awaited' })
      // the bank never answered: past its limit the first ends timed out and a new payment starts
      t.clock.advance(TIMEOUT_MS + 1)
      const third = await started(id)
      expect(await orderOf(first.orderId)).toMatchObject({ status: 'failed', reason: 'THREE_D_TIMEOUT' })
      // a declined payment frees the purchase at once
      expect((await bank(third.orderId, 'declined')).status).toBe(200)
      const fourth = await started(id)
      expect(fourth.orderId).not.toBe(third.orderId)
    })

    // ---- 2. paid means issued, atomically; anything half-done is repaired ----

    it('2: the approval, the policy, the closed application and the mail commit together: a failed write leaves nothing half-done, the re-delivered approval issues it', async () => {
      const { id, applicationId } = await bought()
      const { orderId } = await started(id)
      // the mail's queue refuses writes for a moment (a failing statement between "paid" and "mail queued")
      await t.db.execute(`CREATE FUNCTION refuse_outbox() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'outbox unavailable'; END $$`)
      await t.db.execute('CREATE TRIGGER refuse_outbox BEFORE INSERT ON outbox FOR EACH ROW EXECUTE FUNCTION refuse_outbox()')
      const failed = await bank(orderId, 'approved')
      expect(failed.status).toBe(500)
      expect(await orderOf(orderId)).toMatchObject({ status: 'awaiting3ds' })
      expect(await purchaseRow(id)).toMatchObject({ status: 'awaitingPayment', policyNumber: null })
      expect(await t.db.select().from(salesApplication).where(eq(salesApplication.id, applicationId))).toHaveLength(1)
      await t.db.execute('DROP TRIGGER refuse_outbox ON outbox')
      // the bank delivers its approval again: everything at once
      expect((await bank(orderId, 'approved')).status).toBe(200)
      expect(await orderOf(orderId)).toMatchObject({ status: 'succeeded' })
      expect(await purchaseRow(id)).toMatchObject({ status: 'issued', orderId })
      expect(await t.db.select().from(salesApplication).where(eq(salesApplication.id, applicationId))).toEqual([])
      expect(await policyMails()).toBe(1)
    })

    it('2: a re-delivered approval repairs a purchase left unissued (older code, a crash) instead of answering 409; replays change nothing', async () => {
      const { id } = await bought()
      const { orderId } = await started(id)
      // what the earlier code could leave: the order succeeded, the purchase still payable
      await t.db.update(paymentOrder).set({ status: 'succeeded' }).where(eq(paymentOrder.orderId, orderId))
      // a purchase with a succeeded order takes no new payment
      const again = await pay(id, PERSONAL_VISA, {}, '10.9.3.1')
      expect(again.status).toBe(409)
      expect((await again.json()).code).toBe('PURCHASE_ALREADY_PAID')
      const redelivered = await bank(orderId, 'approved')
      expect(redelivered.status).toBe(200)
      expect(await redelivered.text()).toContain('"status":"success"')
      const issued = await purchaseRow(id)
      expect(issued).toMatchObject({ status: 'issued', orderId })
      for (let i = 0; i < 3; i++) expect((await bank(orderId, 'approved')).status).toBe(200)
      expect(await purchaseRow(id)).toMatchObject({ policyNumber: issued.policyNumber })
      expect(await policyMails()).toBe(1)
      // a decline arriving after the approval changes nothing (409, logged)
      expect((await bank(orderId, 'declined')).status).toBe(409)
      expect(await orderOf(orderId)).toMatchObject({ status: 'succeeded' })
    })

    it('2: the sweep issues a purchase whose order succeeded and ends payments past their limit', async () => {
      const a = await bought()
      const b = await bought()
      const paidA = await started(a.id)
      const liveB = await started(b.id)
      await t.db.update(paymentOrder).set({ status: 'succeeded' }).where(eq(paymentOrder.orderId, paidA.orderId))
      expect(await t.sweep()).toEqual({ expired: 0, issued: 1, actions: 0 })
      expect(await purchaseRow(a.id)).toMatchObject({ status: 'issued', orderId: paidA.orderId })
      expect(await purchaseRow(b.id)).toMatchObject({ status: 'awaitingPayment', liveOrderId: liveB.orderId })
      t.clock.advance(TIMEOUT_MS + 1)
      expect(await t.sweep()).toEqual({ expired: 1, issued: 0, actions: 0 })
      expect(await orderOf(liveB.orderId)).toMatchObject({ status: 'failed', reason: 'THREE_D_TIMEOUT' })
      expect(await purchaseRow(b.id)).toMatchObject({ liveOrderId: null })
      expect(await t.sweep()).toEqual({ expired: 0, issued: 0, actions: 0 })
    })

    // ---- 3. a bank approval is never dropped ----

    it('3: an approval after our 3-D limit issues the purchase when it is still unpaid', async () => {
      const { id } = await bought()
      const { orderId, receipt } = await started(id)
      t.clock.advance(TIMEOUT_MS + 1)
      expect(await (await t.request(`/moneyio/collection/posIP3D/order/${orderId}?receipt=${receipt}`)).json()).toMatchObject({ status: 'failed', reason: 'THREE_D_TIMEOUT' })
      const late = await bank(orderId, 'approved')
      expect(late.status).toBe(200)
      expect(await late.text()).toContain('"status":"success"')
      expect(await orderOf(orderId)).toMatchObject({ status: 'succeeded', reason: null })
      expect(await purchaseRow(id)).toMatchObject({ status: 'issued', orderId })
      expect(t.logs.some((l) => l.includes('payment approved after it had failed'))).toBe(true)
    })

    it('3: an approval for a purchase another order paid is recorded for reversal, logged as an error and listed for staff', async () => {
      const { id, amount } = await bought()
      const first = await started(id)
      t.clock.advance(TIMEOUT_MS + 1)
      const second = await started(id)
      expect((await bank(second.orderId, 'approved')).status).toBe(200)
      // the bank approves the first one too, late: money taken twice
      const late = await bank(first.orderId, 'approved')
      expect(late.status).toBe(200)
      expect(await orderOf(first.orderId)).toMatchObject({ status: 'succeeded' })
      expect(await purchaseRow(id)).toMatchObject({ status: 'issued', orderId: second.orderId })
      const actions = await t.db.select().from(paymentAction)
      expect(actions).toMatchObject([{ orderId: first.orderId, purchaseId: id, amount: amount.toFixed(2), currency: 'TRY', reason: 'ALREADY_PAID', paidBy: second.orderId, resolvedAt: null }])
      const errorLine = t.logs.find((l) => l.includes('"msg":"payment needs action"'))
      expect(errorLine).toContain('"level":"error"')
      expect(errorLine).toContain(id)
      // once, however often the bank repeats it; the sweep finds nothing more to record
      await bank(first.orderId, 'approved')
      expect(await t.db.select().from(paymentAction)).toHaveLength(1)
      expect(await t.sweep()).toEqual({ expired: 0, issued: 0, actions: 0 })

      // staff: superadmin and admin see it (payment:read); a plain user does not; nobody unsigned
      await createUser(t.db, { username: 'yonetici', password: PASSWORD, roles: ['ROLE_ADMIN'] })
      await createUser(t.db, { username: 'personel', password: PASSWORD, roles: ['ROLE_USER'] })
      const signIn = async (username: string, password: string) => {
        const a = agent(t.request)
        expect((await a.post('/auth/login', { username, password, rememberMe: false })).status).toBe(200)
        return a
      }
      const sa = await signIn(TEST_ADMIN.username, TEST_ADMIN.password)
      const list = await sa.get('/payment/actions?status=open')
      expect(list.status).toBe(200)
      expect(list.body).toMatchObject({ total: 1, items: [{ orderId: first.orderId, purchaseId: id, amount: amount.toFixed(2), currency: 'TRY', reason: 'ALREADY_PAID', paidBy: second.orderId, resolvedAt: null }] })
      const admin = await signIn('yonetici', PASSWORD)
      expect((await admin.get('/payment/actions')).body).toMatchObject({ total: 1 })
      expect((await (await signIn('personel', PASSWORD)).get('/payment/actions')).status).toBe(403)
      expect((await agent(t.request).get('/payment/actions')).status).toBe(401)
      // recording the reversal takes it off the open list, once
      const actionId = String((list.body.items as Array<{ id: string }>)[0]!.id)
      expect((await admin.post(`/payment/actions/${actionId}/resolve`, { note: '' })).status).toBe(400)
      const [r1, r2] = await Promise.all([
        admin.post(`/payment/actions/${actionId}/resolve`, { note: 'Bankada iade edildi, ref 4711' }),
        sa.post(`/payment/actions/${actionId}/resolve`, { note: 'iade' }),
      ])
      expect([r1.status, r2.status].sort()).toEqual([200, 409])
      expect((await sa.get('/payment/actions?status=open')).body).toMatchObject({ total: 0 })
      expect((await sa.get('/payment/actions?status=resolved')).body).toMatchObject({ total: 1, items: [{ resolvedBy: expect.stringMatching(/^(yonetici|admin)$/) }] })
    })

    // ---- 4. the price and eligibility come from the insured person ----

    it('4: a quote for a 2000-born person bought for a 1960-born one is repriced at the save and charged the insured person\'s price', async () => {
      const ticket = await verify('tss')
      const quoteOnly = await save(ticket, 'tss', { quickProfile: { gender: 'female', citycode: '34', birthdate: '2000-05-17' }, outpatientVisits: 10 }, 'profile')
      const young = quoteTss({ gender: 'female', citycode: '34', birthdate: '2000-05-17' }, NOW)
      const old = quoteTss({ gender: 'female', citycode: '34', birthdate: '1960-05-17', birthCollateral: true }, NOW)
      const youngPrice = young.ok ? young.options.find((o) => o.visits === 10)!.annualTry : 0
      const oldPrice = old.ok ? old.options.find((o) => o.visits === 10)!.annualTry : 0
      expect(oldPrice).toBeGreaterThan(youngPrice * 1.5)
      expect(quoteOnly.body.price).toEqual({ amount: youngPrice, currency: 'TRY' })
      const withProfile = await save(ticket, 'tss', tss('2000-05-17', '1960-05-17'))
      expect(withProfile.body.price).toEqual({ amount: oldPrice, currency: 'TRY' })
      await consent('tss', String(withProfile.body.id), ticket)
      const created = await api.post('/digitalchannels/purchase', await withForm(api.post, ticket, 'tss'))
      expect(created.body).toMatchObject({ amount: oldPrice })
      const { orderId } = await started(String(created.body.id))
      expect(await orderOf(orderId)).toMatchObject({ amount: oldPrice.toFixed(2) })
      // birth cover was ticked, but a woman of 65 cannot have it: not charged (old) and not on the policy
      expect(old.ok && old.birthCollateral).toBe(false)
    })

    it('4: travel is priced from the profile\'s birth date too', async () => {
      const ticket = await verify('seyahatsaglik')
      const young = quoteTravel({ ...PLAN('2000-05-17'), travelLocation: 'schengen', coverageType: 'standard' }, NOW)
      const old = quoteTravel({ ...PLAN('1955-05-17'), travelLocation: 'schengen', coverageType: 'standard' }, NOW)
      expect(young.ok && old.ok && old.premiumTry > young.premiumTry).toBe(true)
      const saved = await save(ticket, 'seyahatsaglik', { travelPlan: PLAN('2000-05-17'), personalProfile: person('1955-05-17') })
      expect(saved.body.price).toEqual({ amount: old.ok ? old.premiumTry : 0, currency: 'TRY' })
    })

    it('4: a person outside the product\'s ages is refused with the product\'s rule, at the save and at the purchase', async () => {
      const ticket = await verify('tss')
      const refused = await save(ticket, 'tss', tss('1990-05-17', '1950-01-01'))
      expect(refused.status).toBe(400)
      expect(refused.body).toEqual({
        code: 'TSS_AGE_WINDOW',
        message: 'Tamamlayıcı Sağlık Sigortası 15 günlükten 69 yaşına kadar olan kişilere yapılabilir; sigortalının doğum tarihi bu aralıkta değil',
        issues: [{ path: 'personalProfile.birthdate', code: 'birthdate.tssAge' }],
      })
      const en = await api.post('/digitalchannels/application', { ticket, product: 'tss', step: 'payment', data: tss('1990-05-17', '1950-01-01') }, { locale: 'en' })
      expect(en.body.message).toContain('from 15 days old up to the age of 69')
      // an application saved before this rule (straight into the table) cannot be bought either
      const saved = await save(ticket, 'tss', tss('1990-05-17', '1990-05-17'))
      await consent('tss', String(saved.body.id), ticket)
      await t.db.update(salesApplication).set({ data: tss('1990-05-17', '1950-01-01') }).where(eq(salesApplication.id, String(saved.body.id)))
      const bought = await api.post('/digitalchannels/purchase', await withForm(api.post, ticket, 'tss'), { locale: 'ru' })
      expect(bought.status).toBe(400)
      expect(bought.body).toMatchObject({ code: 'TSS_AGE_WINDOW', message: expect.stringContaining('от 15 дней до 69 лет') })
      // travel: up to 100; practical BES: adults only
      const travel = await save(await verify('seyahatsaglik'), 'seyahatsaglik', { travelPlan: PLAN('1990-05-17'), personalProfile: person('1920-01-01') })
      expect(travel.body).toMatchObject({ code: 'TRAVEL_AGE_WINDOW' })
      const bes = await save(await verify('pratikbes'), 'pratikbes', { personalProfile: person('2012-01-01') }, 'contract')
      expect(bes.body).toMatchObject({ code: 'BES_ADULT_ONLY', issues: [{ path: 'personalProfile.birthdate', code: 'birthdate.adultOnly' }] })
    })

    // ---- 5. ordinary credit cards pay ----

    it('5: personal Visa, Mastercard and Troy credit cards pay a purchase; a debit card is refused saying why; the test form keeps its commercial-only rule', async () => {
      for (const card of [PERSONAL_VISA, PERSONAL_MC, PERSONAL_TROY]) {
        const { id } = await bought()
        const res = await pay(id, card)
        expect(res.status, `${card}: ${await res.clone().text()}`).toBe(200)
      }
      const { id } = await bought()
      const debit = await pay(id, TEST_DEBIT_CARD)
      expect(debit.status).toBe(422)
      expect(await debit.json()).toEqual({ code: 'CARD_DEBIT', message: 'Banka kartı ile ödeme alınamıyor; lütfen bir kredi kartı kullanın.' })
      // spec 5 on the test form: commercial credit cards only
      for (const card of [PERSONAL_VISA, PERSONAL_MC]) {
        const res = await pay(null, card)
        expect(res.status).toBe(422)
        expect((await res.json()).code).toBe('CARD_REJECTED')
      }
      expect((await pay(null, TEST_DEBIT_CARD)).status).toBe(422)
      expect((await pay(null, GOOD)).status).toBe(200)
    })

    // ---- 6. the server chooses the order id ----

    it('6: the server issues the order id in spec 9\'s format; the browser may not choose one; 40 payments of one BIN never collide', async () => {
      const refused = await pay(null, GOOD, { orderId: `KEM${orderDateOf(NOW)}${GOOD.slice(0, 6)}123` })
      expect(refused.status).toBe(400)
      expect((await refused.json()).issues).toEqual([expect.objectContaining({ path: 'orderId' })])
      const ids: string[] = []
      for (let i = 0; i < 40; i++) {
        const res = await pay(null, GOOD, {}, `10.9.6.${i}`)
        expect(res.status).toBe(200)
        ids.push(((await res.json()) as { orderId: string }).orderId)
      }
      expect(new Set(ids).size).toBe(40)
      for (const id of ids) {
        expect(id).toMatch(ORDER_ID_PATTERN)
        expect(id.slice(0, 17)).toBe(`KEM${orderDateOf(NOW)}${GOOD.slice(0, 6)}`)
      }
    })

    it('6: the last free suffixes of a BIN\'s day are found; when all 900 are used the answer says so', async () => {
      const prefix = `KEM${orderDateOf(NOW)}${GOOD.slice(0, 6)}`
      const base = { companyId: null, gateway: 'banksim', bin6: GOOD.slice(0, 6), last4: GOOD.slice(-4), amount: '1.00', currency: 'TRY', installment: 1, trxType: 'S01', status: 'failed', returnOrigin: ORIGIN, receiptHash: 'x' }
      await t.db.insert(paymentOrder).values(Array.from({ length: 898 }, (_, i) => ({ ...base, orderId: `${prefix}${i + 100}` })))
      const got = await Promise.all([pay(null, GOOD, {}, '10.9.7.1'), pay(null, GOOD, {}, '10.9.7.2')])
      expect(got.map((r) => r.status)).toEqual([200, 200])
      expect(new Set(await Promise.all(got.map(async (r) => ((await r.json()) as { orderId: string }).orderId)))).toEqual(new Set([`${prefix}998`, `${prefix}999`]))
      const full = await pay(null, GOOD, {}, '10.9.7.3')
      expect(full.status).toBe(409)
      expect((await full.json()).code).toBe('ORDER_IDS_EXHAUSTED')
    })

    // ---- 7. a failed payment says why ----

    it('7: the purchase tells why its last payment failed: declined, 3-D failed, cancelled by the customer, timed out', async () => {
      const { id } = await bought()
      const reasons: string[] = []
      for (const answer of ['declined', 'threeDFailed', 'cancelled'] as const) {
        t.clock.advance(1_000)
        const { orderId } = await started(id)
        await bank(orderId, answer)
        reasons.push(String((await api.get(`/digitalchannels/purchase/${id}`)).body.lastFailure))
      }
      t.clock.advance(1_000)
      await started(id)
      t.clock.advance(TIMEOUT_MS + 1)
      const timedOut = await api.get(`/digitalchannels/purchase/${id}`)
      reasons.push(String(timedOut.body.lastFailure))
      expect(reasons).toEqual(['DECLINED', 'THREE_D_FAILED', 'CANCELLED', 'THREE_D_TIMEOUT'])
      expect(timedOut.body.paymentInProgress).toBe(false)
    })

    // ---- 8. the result link is not the only key ----

    it('8: a bare result link shows a summary without personal data; the verified phone (HttpOnly cookie) or the mailed link (which expires) shows the details and the PDF', async () => {
      const { id } = await bought()
      const { orderId } = await started(id)
      await bank(orderId, 'approved')
      const stranger = agent(t.request)
      const bare = await stranger.get(`/digitalchannels/purchase/${id}`)
      expect(bare.status).toBe(200)
      expect(bare.body).toMatchObject({ id, status: 'issued', access: 'summary', insuredName: null, email: null, policyNumber: null, orderId: null })
      expect(JSON.stringify(bare.body)).not.toMatch(/Ayşe|Çağlar|10000000146|example\.com|0532/)
      const pdf = await t.request(`/digitalchannels/purchase/${id}/document`)
      expect(pdf.status).toBe(403)
      expect((await pdf.json()).code).toBe('PURCHASE_ACCESS_REQUIRED')
      // the buyer's own browser
      const mine = await api.get(`/digitalchannels/purchase/${id}`)
      expect(mine.body).toMatchObject({ access: 'full', insuredName: 'Ayşe Çağlar', email: 'ayse.caglar@example.com', orderId })
      expect((await api.get(`/digitalchannels/purchase/${id}/document`)).headers.get('content-type')).toBe('application/pdf')
      // the mail's link
      await t.outbox.drain()
      const mail = t.mails.find((m) => m.to.includes('ayse.caglar@example.com') && m.subject === 'Poliçe / sözleşme özetiniz')!
      const link = new URL(/https?:\/\/\S+\/result\/\S+/.exec(mail.text)![0])
      expect(link.origin + link.pathname).toBe(`${ORIGIN}/result/tss-success`)
      expect(link.searchParams.get('purchase')).toBe(id)
      const key = link.searchParams.get('key')!
      expect((await stranger.get(`/digitalchannels/purchase/${id}?key=${key}`)).body).toMatchObject({ access: 'full', insuredName: 'Ayşe Çağlar' })
      expect((await t.request(`/digitalchannels/purchase/${id}/document?key=${key}`)).status).toBe(200)
      // a key is for its purchase only, and for 30 days
      const other = await bought()
      expect((await stranger.get(`/digitalchannels/purchase/${other.id}?key=${key}`)).body).toMatchObject({ access: 'summary' })
      expect((await stranger.get(`/digitalchannels/purchase/${id}?key=${purchaseLinkKey(t.config.secretsKey, id, new Date(t.clock.now().getTime() - 1))}`)).body).toMatchObject({ access: 'summary' })
      t.clock.advance(31 * 86_400_000)
      expect((await stranger.get(`/digitalchannels/purchase/${id}?key=${key}`)).body).toMatchObject({ access: 'summary' })
      expect((await t.request(`/digitalchannels/purchase/${id}/document?key=${key}`)).status).toBe(403)
      // junk keys are a 400, not a 5xx
      expect((await stranger.get(`/digitalchannels/purchase/${id}?key=%00`)).status).toBe(400)
    })

    it('8: the purchase cookie is HttpOnly, SameSite=Strict and sent to the purchase calls only; another phone\'s ticket shows the summary', async () => {
      const { ticket } = await ready('tss', tss('1990-05-17', '1990-05-17'))
      const created = await api.post('/digitalchannels/purchase', await withForm(api.post, ticket, 'tss'))
      const line = created.setCookies.find((c) => c.startsWith('ke_purchase='))!
      expect(line).toMatch(/HttpOnly/i)
      expect(line).toMatch(/SameSite=Strict/i)
      expect(line).toContain(`Path=${t.config.apiBase}/digitalchannels/purchase`)
      // as long as the ticket (30 minutes from the verification)
      const maxAge = Number(/Max-Age=(\d+)/.exec(line)![1])
      expect(maxAge).toBeGreaterThan(0)
      expect(maxAge).toBeLessThanOrEqual(1800)
      const otherPhone = agent(t.request)
      const other = await ready('tss', tss('1990-05-17', '1990-05-17'))
      await otherPhone.post('/digitalchannels/purchase', await withForm(otherPhone.post, other.ticket, 'tss'))
      expect((await otherPhone.get(`/digitalchannels/purchase/${String(created.body.id)}`)).body).toMatchObject({ access: 'summary' })
    })
  })
}
