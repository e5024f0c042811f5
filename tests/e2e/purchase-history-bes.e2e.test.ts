import type { Page, Request } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launch, type Browser } from './browser.ts'
import { caughtSms } from './server.ts'
import { besQuickProfile as quickProfile, confirmPreInformation, submitCard, verifyWithCaughtCode } from './drivers/purchase.ts'
import { TEST_CARDS } from '../../src/server/services/gateway/bank-simulator.ts'

/**
 * Back, Forward and reload keep the customer in the BES purchase (issue 24 item 1), on the real
 * server in Chromium (the health and travel cases are purchase-history.e2e.test.ts): each step is a
 * history entry (Back from the contract is the profile with its answers), a reload on the consents
 * returns there with no new SMS (the requests to notification/sendsms counted, the SMS catcher's
 * messages counted, the reload's request body the product alone), and a forged or another product's
 * proof is refused: the page says so and asks for the phone again.
 */
const base = inject('baseUrl')
let seq = 0
const newPhone = () => `0538 ${String(Date.now() + seq++).slice(-7)}`
const API = '/api/v1'

const ADULT: Record<string, string> = {
  firstname: 'Ayşe', lastname: 'Çağlar-Öztürk', nationalId: '10000000146', birthdate: '1990-04-01', birthplace: 'Konya',
  fathername: 'Ali', mothername: 'Fatma', idserialno: 'A12B34567', email: 'ayse.bes@example.com', profession: 'Mühendis', jobtitle: 'Uzman',
}
const WORK = { sector: 'private', education: 'bachelor', aversalary: '35000-70000', socialsecurity: '4a' }

/** The heading of the step on screen (h2; the page's h1 is the plan's title). */
async function stepIs(page: Page, name: string) {
  await expect.poll(() => page.locator('#bes-step').textContent(), { timeout: 20_000 }).toBe(name)
}


/** The early BES page verified and at its contract step (an adult paying for themselves); the SMS requests counted. */
async function atContract(b: Browser, phone: string) {
  const page = await b.page('/urunler/market/erkenbes')
  // the browser's own "leave site?" on reload is answered by going on (the leave guard asks it mid-flow)
  page.on('dialog', (d) => void d.accept())
  const sends: Request[] = []
  const verifications: Request[] = []
  page.on('request', (r) => {
    if (r.url().includes('/notification/sendsms')) sends.push(r)
    if (r.url().endsWith(`${API}/digitalchannels/verification`)) verifications.push(r)
  })
  await quickProfile(page)
  await stepIs(page, 'Telefon doğrulama')
  await verifyWithCaughtCode(page, base, phone)
  await stepIs(page, 'Kişisel bilgiler')
  for (const [name, value] of Object.entries(ADULT)) await page.locator(`input[name=${name}]`).fill(value)
  for (const [name, value] of Object.entries(WORK)) await page.locator(`select[name=${name}]`).selectOption(value)
  await page.getByRole('button', { name: 'Devam Et' }).click()
  await stepIs(page, 'Sözleşme ve fonlar')
  return { page, sends, verifications }
}

const proofOf = async (b: Browser, product: string) =>
  (await b.context.cookies(`${base}${API}/digitalchannels/verification`)).find((c) => c.name === `ke_verified_${product}`)

describe('BES purchase steps as browser history entries; reload returns to the step (issue 24 item 1)', () => {
  let b: Browser
  beforeAll(async () => { b = await launch() })
  afterAll(async () => b?.close())

  it('Back from the contract is the profile with its answers; Forward returns; reload on the consents returns there without a new SMS', async () => {
    const phone = newPhone()
    const { page, sends, verifications } = await atContract(b, phone)
    // the proof is an HttpOnly cookie the page cannot read; nothing of it in the tab's storage
    const proof = (await proofOf(b, 'erkenbes'))!
    expect(proof).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: `${API}/digitalchannels` })
    expect(await page.evaluate(() => document.cookie)).not.toContain('ke_verified')
    expect(await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }))).not.toContain(proof.value)

    // Back: the profile, its answers kept, still this page (not the page before the purchase)
    await page.goBack()
    await stepIs(page, 'Kişisel bilgiler')
    expect(new URL(page.url()).pathname).toBe('/urunler/market/erkenbes')
    expect(await page.locator('input[name=firstname]').inputValue()).toBe('Ayşe')
    expect(await page.locator('input[name=lastname]').inputValue()).toBe('Çağlar-Öztürk')
    expect(await page.locator('select[name=sector]').inputValue()).toBe('private')
    // Forward: the contract again
    await page.goForward()
    await stepIs(page, 'Sözleşme ve fonlar')

    await page.locator('input[name=contributionAmount]').fill('250')
    await page.getByRole('button', { name: 'Devam Et' }).click()
    await stepIs(page, 'Onaylar')
    // the page's own "Geri" goes through the browser's history too: the contract with its amount, then Forward to the consents
    await page.getByRole('button', { name: 'Geri', exact: true }).click()
    await stepIs(page, 'Sözleşme ve fonlar')
    expect(await page.locator('input[name=contributionAmount]').inputValue()).toBe('250')
    await page.goForward()
    await stepIs(page, 'Onaylar')

    // (Forward reopens the page at the entry's step as a reload does: each read the verification back, no SMS)
    const before = verifications.length
    // reload on the consents: the consents again, the same verified phone, no SMS asked or sent
    await page.reload()
    await stepIs(page, 'Onaylar')
    await page.locator('input[name=gdprtextread]').waitFor()
    expect(sends).toHaveLength(1)
    expect(await caughtSms(base, phone)).toHaveLength(1)
    // the reload asked for its verification by the product alone: the proof is the cookie, no ticket or phone of the page's
    expect(verifications).toHaveLength(before + 1)
    for (const r of verifications) expect(r.postDataJSON()).toEqual({ product: 'erkenbes' })
    // no notice of a "found" application: the customer never left
    expect(await page.getByText('Yarım kalan başvurunuz bulundu').count()).toBe(0)
    // Back from the reloaded step: the contract with the saved answers
    await page.goBack()
    await stepIs(page, 'Sözleşme ve fonlar')
    expect(await page.locator('input[name=contributionAmount]').inputValue()).toBe('250')
    // and on to the summary from there: the application goes on under the restored verification
    await page.goForward()
    await stepIs(page, 'Onaylar')
    for (const name of ['gdprtextread', 'trxconcent']) await page.locator(`input[name=${name}]`).check()
    await page.getByRole('button', { name: 'Devam Et' }).click()
    await stepIs(page, 'Özet')
    expect(await page.getByText('Çağlar-Öztürk').count()).toBeGreaterThan(0)
    expect(sends).toHaveLength(1)
    await page.close()
  }, 180_000)

  it('during 3-D Secure the browser Back stays in the purchase (the summary, not the page before it); a reload there returns to it without a new SMS', async () => {
    const phone = newPhone()
    const { page, sends } = await atContract(b, phone)
    await page.locator('input[name=contributionAmount]').fill('250')
    await page.getByRole('button', { name: 'Devam Et' }).click()
    await stepIs(page, 'Onaylar')
    for (const name of ['gdprtextread', 'trxconcent']) await page.locator(`input[name=${name}]`).check()
    await page.getByRole('button', { name: 'Devam Et' }).click()
    await stepIs(page, 'Özet')
    await page.getByRole('button', { name: 'Onayla ve Öde' }).click()
    await confirmPreInformation(page)
    await submitCard(page, TEST_CARDS.find((c) => c.scenario === 'success')!.number)
    await page.frameLocator('iframe[name=ke-3d-frame]').getByTestId('otp-code').waitFor({ timeout: 20_000 })
    // the bank's 3-D page is open: Back is the card form's own back, the summary, on this page
    await page.goBack()
    expect(new URL(page.url()).pathname).toBe('/urunler/market/erkenbes')
    await stepIs(page, 'Özet')
    expect(await page.getByText('Çağlar-Öztürk').count()).toBeGreaterThan(0)
    // reload there: the summary again under the same verification, no SMS asked or sent
    await page.reload()
    await stepIs(page, 'Özet')
    expect(sends).toHaveLength(1)
    expect(await caughtSms(base, phone)).toHaveLength(1)
    await page.close()
  }, 180_000)

  for (const kind of ['forged', 'other product'] as const) {
    it(`${kind === 'forged' ? 'a forged' : "another product's"} proof is refused: the page says so and asks for the phone again`, async () => {
      const phone = newPhone()
      const { page, sends } = await atContract(b, phone)
      const proof = (await proofOf(b, 'erkenbes'))!
      let value: string
      if (kind === 'forged') {
        // another phone in the signed part, the signature kept
        const [payload, mac] = proof.value.split('.')
        const data = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>
        value = `${Buffer.from(JSON.stringify({ ...data, p: '+905329999999' })).toString('base64url')}.${mac}`
      } else {
        // a genuine proof of the same phone, for practical BES: not early BES's
        const other = `0538 ${String(Date.now() + seq++).slice(-7)}`
        const sent = await page.request.post(`${base}${API}/notification/sendsms`, { headers: { trxType: 'FRM' }, data: { gsmNumber: other, smsSource: 'pratikbes' } })
        expect(sent.status(), await sent.text()).toBe(200)
        let inbox: Array<{ text: string }> = []
        await expect.poll(async () => (inbox = await caughtSms(base, other)).length, { timeout: 15_000 }).toBe(1)
        const verified = await page.request.post(`${base}${API}/notification/verifysms`, { headers: { trxType: 'FRM' }, data: { gsmNumber: other, code: /(\d{6})/.exec(inbox[0]!.text)![1]!, smsSource: 'pratikbes' } })
        expect(verified.status(), await verified.text()).toBe(200)
        value = (await proofOf(b, 'pratikbes'))!.value
      }
      await b.context.addCookies([{ ...proof, value }])
      const refused = page.waitForResponse((r) => r.url().endsWith(`${API}/digitalchannels/verification`))
      await page.reload()
      const answer = await refused
      expect(answer.status()).toBe(401)
      expect((await answer.json()).code).toBe('SMS_PROOF_INVALID')
      await expect.poll(() => page.getByRole('alert').first().textContent(), { timeout: 15_000 })
        .toBe('Telefon doğrulamanız geçerli değil ya da süresi doldu; lütfen numaranızı yeniden doğrulayınız')
      await stepIs(page, 'Telefon doğrulama')
      await page.locator('input[name=phone]').waitFor()
      // nothing of the application is shown to an unproven phone
      expect(await page.locator('input[name=contributionAmount]').count()).toBe(0)
      expect(sends).toHaveLength(1)
      // the refused cookie is gone
      expect(await proofOf(b, 'erkenbes')).toBeUndefined()
      await page.close()
    }, 180_000)
  }
})
