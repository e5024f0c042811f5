import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launch, type Browser } from './browser.ts'
import { confirmPreInformation, submitCard, verifyWithCaughtCode } from './drivers/purchase.ts'
import { caughtSms } from './server.ts'
import { TEST_CARDS } from '../../src/server/services/gateway/bank-simulator.ts'

/**
 * Back, Forward and reload keep the customer in the purchase (issue 24 item 1), on the real server
 * in Chromium: each step is a history entry of its own (Back is the previous step, Forward returns),
 * a reload within the verification's validity returns to the same step with no new SMS (the requests
 * to notification/sendsms and the SMS catcher's messages are counted), the proof is an HttpOnly
 * cookie the page cannot read, and a tampered one makes the page ask for the phone again.
 */
const phoneNo = () => `0537 ${String(Date.now()).slice(-3)} ${String(Math.floor(Math.random() * 90) + 10)} ${String(Math.floor(Math.random() * 90) + 10)}`
const isoIn = (days: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Istanbul' }).format(new Date(Date.now() + days * 86_400_000))

const PRODUCTS = [
  {
    product: 'tss', cookie: 'ke_verified_tss',
    path: '/urunler/market/tss?gender=male&citycode=34&birthdate=1996-01-15&visits=10',
    second: { testId: 'step-healthPolicy', heading: 'Sağlık beyanı ve poliçe bilgileri' },
  },
  {
    product: 'seyahatsaglik', cookie: 'ke_verified_seyahatsaglik',
    path: `/urunler/market/seyahatsaglik?${new URLSearchParams({ birthdate: '1990-05-17', gender: 'female', travelLocation: 'schengen', coverageType: 'standard', covid: 'false', startDate: isoIn(10), endDate: isoIn(19) })}`,
    second: { testId: 'step-consents', heading: 'Onaylar' },
  },
] as const

/** The heading of the step on screen (the page's h1 is the product's title). */
async function stepHeading(page: Page, testId: string): Promise<string | null> {
  const step = page.getByTestId(testId)
  await step.waitFor({ timeout: 20_000 })
  return step.locator('h2').first().textContent()
}

describe('purchase steps as browser history entries; reload returns to the step (issue 24 item 1)', () => {
  const base = inject('baseUrl')
  let b: Browser
  beforeAll(async () => { b = await launch() })
  afterAll(async () => b?.close())

  for (const p of PRODUCTS) {
    it(`${p.product}: Back, Forward, reload without a new SMS, a tampered proof asks for the phone again`, async () => {
      const page = await b.page(p.path)
      // the browser's own "leave site?" on reload is answered by going on (the leave guard asks it mid-flow)
      page.on('dialog', (d) => void d.accept())
      const sends: string[] = []
      page.on('request', (r) => { if (r.url().includes('/notification/sendsms')) sends.push(r.url()) })
      const phone = phoneNo()
      await verifyWithCaughtCode(page, base, phone)
      expect(await stepHeading(page, 'step-profile')).toBe('Kişisel bilgiler')
      // the profile's place in the tab's history (Chromium's Navigation API)
      const profileEntry = await page.evaluate(() => (window as unknown as { navigation: { currentEntry: { index: number } } }).navigation.currentEntry.index)
      // the proof is an HttpOnly cookie: the page's script cannot read it, and nothing is in the tab's storage
      const cookies = await b.context.cookies(`${base}/api/v1/digitalchannels/verification`)
      const proof = cookies.find((c) => c.name === p.cookie)!
      expect(proof).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/v1/digitalchannels' })
      expect(proof.expires * 1000 - Date.now()).toBeGreaterThan(29 * 60_000)
      expect(await page.evaluate(() => document.cookie)).not.toContain('ke_verified')
      expect(await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }))).not.toContain(proof.value)

      const form = page.getByTestId('step-profile')
      await form.locator('input[name=firstname]').fill('Ayşe')
      await form.locator('input[name=lastname]').fill('Çağlar')
      await form.locator('input[name=nationalId]').fill('10000000146')
      await form.locator('input[name=birthdate]').fill('1990-05-17')
      await form.locator('input[name=email]').fill(`gecmis.${Date.now()}@example.com`)
      await form.getByRole('button', { name: 'Devam' }).click()
      expect(await stepHeading(page, p.second.testId)).toBe(p.second.heading)

      // Back: the previous step, its answers kept (the machine's own back, not a new page)
      await page.goBack()
      expect(await stepHeading(page, 'step-profile')).toBe('Kişisel bilgiler')
      expect(await page.getByTestId('step-profile').locator('input[name=firstname]').inputValue()).toBe('Ayşe')
      expect(new URL(page.url()).pathname).toBe(p.path.split('?')[0])
      // Forward: the step left again
      await page.goForward()
      expect(await stepHeading(page, p.second.testId)).toBe(p.second.heading)

      // reload: the same step, the same verified phone, no new SMS asked or sent
      await page.reload()
      expect(await stepHeading(page, p.second.testId)).toBe(p.second.heading)
      await page.waitForTimeout(500)
      expect(sends).toHaveLength(1)
      expect(await caughtSms(base, phone)).toHaveLength(1)
      // Back from the reloaded step still goes to the profile, with the saved answers
      await page.goBack()
      expect(await stepHeading(page, 'step-profile')).toBe('Kişisel bilgiler')
      expect(await page.getByTestId('step-profile').locator('input[name=lastname]').inputValue()).toBe('Çağlar')
      await page.goForward()
      expect(await stepHeading(page, p.second.testId)).toBe(p.second.heading)

      // a tampered proof: the server refuses it, the page says so and asks for the phone again
      const [payload, mac] = proof.value.split('.')
      const data = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>
      const forged = `${Buffer.from(JSON.stringify({ ...data, p: '+905329999999' })).toString('base64url')}.${mac}`
      await b.context.addCookies([{ ...proof, value: forged }])
      const refused = page.waitForResponse((r) => r.url().endsWith('/digitalchannels/verification'))
      const entries = await page.evaluate(() => history.length)
      await page.reload()
      const answer = await refused
      expect(answer.status()).toBe(401)
      expect((await answer.json()).code).toBe('SMS_PROOF_INVALID')
      await expect.poll(() => page.getByRole('alert').first().textContent(), { timeout: 15_000 })
        .toBe('Telefon doğrulamanız geçerli değil ya da süresi doldu; lütfen numaranızı yeniden doğrulayınız')
      await page.locator('input[name=phone]').waitFor()
      expect(sends).toHaveLength(1)
      // and the refused cookie is gone
      expect((await b.context.cookies(`${base}/api/v1/digitalchannels/verification`)).some((c) => c.name === p.cookie)).toBe(false)
      // the reload landed on another step than its entry's: the entry now names the phone step (its
      // address no step), no entry was added on top, and one Back is the entry before (the profile's
      // place), not the step the reload left (issue 23)
      expect(await page.evaluate(() => history.length)).toBe(entries)
      expect(await page.evaluate(() => (history.state as Record<string, unknown>).purchaseStep)).toBe('sms')
      expect(new URL(page.url()).searchParams.has('step')).toBe(false)
      await page.goBack()
      await expect.poll(() => page.evaluate(() => (window as unknown as { navigation: { currentEntry: { index: number } } }).navigation.currentEntry.index)).toBe(profileEntry)
      expect(new URL(page.url()).pathname).toBe(p.path.split('?')[0])
      // (the machine's own back from the phone step: the quote)
      await expect.poll(() => page.getByTestId(`purchase-${p.product}`).getAttribute('data-step')).toBe('quote')
      await page.close()
    }, 180_000)
  }

  it('during 3-D Secure the browser Back is the card form\'s own back (the summary), not the home page; a reload there comes back to it', async () => {
    const page = await b.page(PRODUCTS[1].path)
    page.on('dialog', (d) => void d.accept())
    const phone = phoneNo()
    await verifyWithCaughtCode(page, base, phone)
    const form = page.getByTestId('step-profile')
    await form.waitFor({ timeout: 20_000 })
    for (const [name, value] of [['firstname', 'Ayşe'], ['lastname', 'Çağlar'], ['nationalId', '10000000146'], ['birthdate', '1990-05-17'], ['email', `ucd.${Date.now()}@example.com`]]) {
      await form.locator(`input[name=${name}]`).fill(value!)
    }
    await form.getByRole('button', { name: 'Devam' }).click()
    const consents = page.getByTestId('step-consents')
    await consents.waitFor()
    for (const name of ['gdprtextread', 'gdprconcent', 'trxconcent']) await consents.locator(`input[name=${name}]`).check()
    await consents.getByRole('button', { name: 'Devam' }).click()
    expect(await stepHeading(page, 'step-summary')).toBe('Özet')
    await page.getByTestId('step-summary').getByRole('button', { name: 'Onayla ve ödemeye geç' }).click()
    await confirmPreInformation(page)
    await submitCard(page, TEST_CARDS.find((c) => c.scenario === 'success')!.number)
    await page.frameLocator('iframe[name=ke-3d-frame]').getByTestId('otp-code').waitFor({ timeout: 20_000 })
    // the bank's 3-D page is open: Back stays in the purchase, one step back from the card form (the summary)
    await page.goBack()
    expect(new URL(page.url()).pathname).toBe('/urunler/market/seyahatsaglik')
    expect(await stepHeading(page, 'step-summary')).toBe('Özet')
    // Back again is one more step back (the consents), although the entry behind names the summary the card form's back skipped to
    await page.goBack()
    expect(await stepHeading(page, 'step-consents')).toBe('Onaylar')
    await page.goForward()
    expect(await stepHeading(page, 'step-summary')).toBe('Özet')
    // reload on the summary: the summary again, no new SMS
    await page.reload()
    expect(await stepHeading(page, 'step-summary')).toBe('Özet')
    expect(await caughtSms(base, phone)).toHaveLength(1)
    await page.close()
  }, 180_000)
})
