import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { launch, type Browser } from './browser.ts'
import { caughtSms, E2E_SMS_COOLDOWN_S } from './server.ts'
import { TEST_CARDS } from '../../src/server/services/gateway/bank-simulator.ts'
import { confirmPreInformation } from './drivers/purchase.ts'

const card = (scenario: string) => TEST_CARDS.find((c) => c.scenario === scenario)!.number

/** The card form of the first contribution, then the bank simulator's 3-D page. */
async function pay(page: Page, number: string) {
  await page.getByRole('button', { name: 'Onayla ve Öde' }).click()
  await confirmPreInformation(page)
  const form = page.getByTestId('payment-form')
  await form.waitFor()
  await form.locator('input[name=number]').pressSequentially(number, { delay: 5 })
  await form.locator('input[name=number]').blur()
  await form.locator('input[name=name]').fill('Ayşe Yılmaz')
  await form.locator('input[name=expiry]').fill('1230')
  await form.locator('input[name=cvc]').fill('123')
  await expect.poll(() => form.locator('input[name=bankcode]').inputValue(), { timeout: 15_000 }).not.toBe('')
  await page.getByRole('button', { name: 'Öde' }).click()
  const frame = page.frameLocator('iframe[name=ke-3d-frame]')
  await frame.getByTestId('otp-code').waitFor({ timeout: 15_000 })
  const otp = (await frame.getByTestId('otp-code').textContent())!
  await frame.locator('input[name=otp]').fill(otp)
  await frame.getByRole('button', { name: 'Onayla' }).click()
}

/** The private pension purchases (issue 15): /urunler/market/erkenbes and /urunler/market/pratikbes. */
const base = inject('baseUrl')
let seq = 0
/** A fresh Turkish mobile per test (the SMS limits count per number). */
const newPhone = () => `0539 ${String(Date.now() + seq++).slice(-7)}`

async function verifyPhone(page: Page, phone: string) {
  await page.locator('input[name=phone]').fill(phone)
  await page.getByRole('button', { name: 'Kod Gönder' }).click()
  await page.locator('input[name=code]').waitFor()
  let code = ''
  await expect.poll(async () => {
    const inbox = await caughtSms(base, phone)
    code = /(\d{6})/.exec(inbox[0]?.text ?? '')?.[1] ?? ''
    return code
  }, { timeout: 15_000 }).toMatch(/^\d{6}$/)
  await page.locator('input[name=code]').fill(code)
  await page.getByRole('button', { name: 'Doğrula' }).click()
}

async function quickProfile(page: Page, birthdate: string) {
  await expect.poll(() => page.locator('select[name=citycode] option').count(), { timeout: 15_000 }).toBe(82)
  // a tap while the page is still settling (its navigation after hydration) may not stick: as a
  // person would, tap again until the choice shows
  await expect.poll(async () => {
    await page.getByLabel('Kadın').click({ timeout: 5_000 }).catch(() => {})
    return page.getByLabel('Kadın').isChecked()
  }, { timeout: 20_000 }).toBe(true)
  await page.locator('select[name=citycode]').selectOption('34')
  await page.locator('input[name=birthdate]').fill(birthdate)
  await page.getByRole('button', { name: 'Devam Et' }).click()
}

type Person = Record<string, string>
const ADULT: Person = {
  firstname: 'Ayşe', lastname: 'Yılmaz', nationalId: '10000000146', birthdate: '1990-04-01', birthplace: 'Konya',
  fathername: 'Ali', mothername: 'Fatma', idserialno: 'A12B34567', email: 'ayse@example.com',
}
const WORK = { sector: 'private', education: 'bachelor', aversalary: '35000-70000', socialsecurity: '4a' }

async function fillPerson(page: Page, p: Person, selects: Record<string, string> = {}) {
  for (const [name, value] of Object.entries(p)) await page.locator(`input[name=${name}]`).fill(value)
  for (const [name, value] of Object.entries(selects)) await page.locator(`select[name=${name}]`).selectOption(value)
}

async function stepHeading(page: Page, name: string) {
  await page.getByRole('heading', { level: 2, name, exact: true }).waitFor()
}

/** The contract step: amount, and the fund editor refusing a total other than 100. */
async function contract(page: Page, amount: string) {
  await stepHeading(page, 'Sözleşme ve fonlar')
  await page.locator('input[name=contributionAmount]').fill(amount)
  await page.getByLabel('KEH payı (%)').fill('50')
  // the suggested distribution plus 10 more: the live total says so and the step refuses it
  await page.getByText('Toplam: %110').waitFor()
  await page.getByRole('button', { name: 'Devam Et' }).click()
  await page.getByText('Fon paylarının toplamı %100 olmalıdır').waitFor()
  await page.getByLabel('KEH payı (%)').fill('40')
  await page.getByText('Toplam: %100').waitFor()
  await page.getByRole('button', { name: 'Devam Et' }).click()
}

async function consents(page: Page) {
  await stepHeading(page, 'Onaylar')
  const boxes = page.locator('input[type=checkbox]')
  // explicit consents and declarations are separate and unticked
  for (const box of await boxes.all()) expect(await box.isChecked()).toBe(false)
  await page.getByRole('button', { name: 'Devam Et' }).click()
  await expect.poll(() => page.getByText('Devam etmek için bu onay gereklidir').count(), { timeout: 15_000 }).toBe(2)
  for (const name of ['gdprtextread', 'trxconcent']) await page.locator(`input[name=${name}]`).check()
  await page.getByRole('button', { name: 'Devam Et' }).click()
  await stepHeading(page, 'Özet')
}

describe('BES purchase pages', () => {
  let b: Browser
  beforeAll(async () => { b = await launch() })
  afterAll(async () => { await b.close() })

  it("the hero's call to action and every BES \"Satın Al\" open the BES purchase, not the general pension page", async () => {
    const page = await b.page('/')
    const cta = page.getByRole('link', { name: "Erken BES'e hemen katılın" })
    expect(await cta.getAttribute('href')).toBe('/urunler/market/erkenbes')
    await cta.click()
    await page.getByRole('heading', { level: 1, name: 'Erken BES satın al' }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/urunler/market/erkenbes')
    await page.goto('/urunler/market/pratikbes')
    await page.getByRole('heading', { level: 1, name: 'Pratik BES satın al' }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/urunler/market/pratikbes')
    await page.close()
  })

  it('early BES for an adult whose contribution someone else pays, paid by card: the contract is issued and its PDF downloadable', { timeout: 120_000 }, async () => {
    const page = await b.page('/urunler/market/erkenbes')
    await quickProfile(page, '1990-04-01')
    const phone = newPhone()
    await verifyPhone(page, phone)
    await stepHeading(page, 'Kişisel bilgiler')
    // the birth date of the quick profile is carried over; a missing name is refused
    expect(await page.locator('input[name=birthdate]').inputValue()).toBe('1990-04-01')
    await page.getByRole('button', { name: 'Devam Et' }).click()
    // each refusal names its field (issue 24 item 7)
    for (const text of ['Ad girmelisiniz', 'Soyad girmelisiniz', 'T.C. Kimlik No girmelisiniz', 'E-posta girmelisiniz', 'Baba adı girmelisiniz', 'Eğitim durumu seçmelisiniz']) {
      await expect.poll(() => page.getByText(text, { exact: true }).count(), { timeout: 15_000 }).toBe(1)
    }
    await fillPerson(page, ADULT, WORK)
    await page.getByLabel('Katkı payını başka biri ödeyecek').check()
    await page.getByRole('button', { name: 'Devam Et' }).click()

    await stepHeading(page, 'Ödeyen bilgileri')
    await fillPerson(page, { ...ADULT, firstname: 'Mehmet', nationalId: '10000000078', birthdate: '1960-02-02', userphone: '0533 111 22 33', email: 'mehmet@example.com' })
    await page.getByRole('button', { name: 'Devam Et' }).click()

    await contract(page, '99')
    await page.getByText('Bu plan için en az ₺100 katkı payı ödenmelidir').waitFor()
    await page.locator('input[name=contributionAmount]').fill('250')
    await page.getByRole('button', { name: 'Devam Et' }).click()
    await consents(page)
    const summary = page.locator('main')
    await summary.getByRole('region', { name: 'Katkı payını ödeyen' }).getByText('Mehmet Yılmaz').waitFor()
    expect(await summary.getByRole('region', { name: 'Katılımcı' }).getByText('Ayşe Yılmaz').count()).toBe(1)
    // the suggested distribution with KEH moved to 40 (the fund editor above)
    expect(await summary.getByText('KEK %30, KEA %30, KEH %40').count()).toBe(1)

    // the first contribution, charged with the amount the server computed, through the bank simulator
    await pay(page, card('success'))
    await page.waitForURL('**/result/success?purchase=*')
    const outcome = page.getByTestId('purchase-outcome')
    await expect.poll(() => outcome.getAttribute('data-state'), { timeout: 20_000 }).toBe('issued')
    expect(await page.getByTestId('outcome-amount').textContent()).toBe('₺250,00')
    expect(await page.getByTestId('policy-number').textContent()).toMatch(/^BES-\d{4}-\d{10}$/)
    // a pension is a contract with a participant, not a policy with an insured person
    expect(await outcome.getByRole('heading', { level: 1 }).textContent()).toBe('Ödemeniz alındı, bireysel emeklilik sözleşmeniz düzenlendi')
    expect(await outcome.getByText('Katılımcı', { exact: true }).count()).toBe(1)
    // the contract summary PDF
    const href = await page.getByTestId('policy-pdf').getAttribute('href')
    const pdf = await page.request.get(href!)
    expect(pdf.status()).toBe(200)
    expect(pdf.headers()['content-type']).toContain('application/pdf')
    await page.close()
  })

  it("a minor's early BES asks for the custodian, who must be an adult; a declined card leaves it unpaid", { timeout: 120_000 }, async () => {
    const page = await b.page('/urunler/market/erkenbes')
    await quickProfile(page, '2016-05-10')
    await verifyPhone(page, newPhone())
    await stepHeading(page, 'Kişisel bilgiler')
    await fillPerson(page, { ...ADULT, firstname: 'Can', birthdate: '2016-05-10' }, { education: 'none', socialsecurity: 'none' })
    await page.getByRole('button', { name: 'Devam Et' }).click()
    await stepHeading(page, 'Veli / vasi')
    await fillPerson(page, { ...ADULT, birthdate: '2010-01-01', userphone: '0533 111 22 44' })
    await page.locator('select[name=legalparent]').selectOption('mother')
    await page.getByRole('button', { name: 'Devam Et' }).click()
    await page.getByText('Veli/vasi ve katkı payı ödeyen 18 yaşını doldurmuş olmalıdır').waitFor()
    await page.locator('input[name=birthdate]').fill('1985-01-01')
    await page.getByRole('button', { name: 'Devam Et' }).click()
    await contract(page, '100')
    await consents(page)
    expect(await page.getByRole('region', { name: 'Veli / vasi' }).getByText('Ayşe Yılmaz').count()).toBe(1)
    // a declined card: the result page says so and the application stays to be resumed
    await pay(page, card('declined'))
    await page.waitForURL('**/result/error?purchase=*')
    await expect.poll(() => page.getByTestId('purchase-outcome').getAttribute('data-state'), { timeout: 20_000 }).toBe('unpaid')
    expect(await page.getByTestId('outcome-amount').textContent()).toBe('₺100,00')
    await page.close()
  })

  it('practical BES refuses a minor, needs 150 TL a month, and resumes after the same phone is verified again', { timeout: 180_000 }, async () => {
    const page = await b.page('/urunler/market/pratikbes')
    await quickProfile(page, '2016-05-10')
    await page.getByText("Pratik BES 18 yaşını doldurmuş katılımcılar içindir; 18 yaş altı için Erken BES'i seçiniz").waitFor()
    await page.locator('input[name=birthdate]').fill('1990-04-01')
    await page.getByRole('button', { name: 'Devam Et' }).click()
    const phone = newPhone()
    const sent = Date.now()
    await verifyPhone(page, phone)
    await stepHeading(page, 'Kişisel bilgiler')
    await fillPerson(page, ADULT, WORK)
    await page.getByRole('button', { name: 'Devam Et' }).click()
    await stepHeading(page, 'Sözleşme ve fonlar')
    // monthly only
    expect(await page.locator('select[name=freqOfInvest] option').allTextContents()).toEqual(['Aylık'])
    await page.locator('input[name=contributionAmount]').fill('100')
    await page.getByRole('button', { name: 'Devam Et' }).click()
    await page.getByText('Bu plan için en az ₺150 katkı payı ödenmelidir').waitFor()
    await page.close()

    // the customer leaves and comes back (after the SMS resend cooldown): the same phone verified again continues where they left, answers kept
    await new Promise((r) => setTimeout(r, Math.max(0, sent + (E2E_SMS_COOLDOWN_S + 1) * 1000 - Date.now())))
    const again = await b.page('/urunler/market/pratikbes')
    await quickProfile(again, '1990-04-01')
    await verifyPhone(again, phone)
    // on at the first step the saved application lacks (its profile was saved): the contract
    await stepHeading(again, 'Sözleşme ve fonlar')
    await again.getByText('Yarım kalan başvurunuz bulundu').waitFor()
    await again.getByRole('button', { name: 'Geri' }).click()
    await stepHeading(again, 'Kişisel bilgiler')
    expect(await again.locator('input[name=firstname]').inputValue()).toBe('Ayşe')
    expect(await again.locator('input[name=nationalId]').inputValue()).toBe('10000000146')
    await again.getByRole('button', { name: 'Devam Et' }).click()
    await stepHeading(again, 'Sözleşme ve fonlar')
    await again.close()
  })
})
