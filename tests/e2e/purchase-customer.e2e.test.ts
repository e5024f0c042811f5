import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launch, type Browser } from './browser.ts'
import { caughtSms } from './server.ts'

/**
 * Buying the way Turkish customers expect (issue 24), in Chromium against the real server: texts in
 * the reader's language, health questions the customer answers, maternity cover wherever the quote
 * was taken, forgiving input, consents per product.
 */
const phoneNo = () => `0538 ${String(Date.now()).slice(-3)} ${String(Math.floor(Math.random() * 90) + 10)} ${String(Math.floor(Math.random() * 90) + 10)}`

async function smsCode(base: string, phone: string, count = 1): Promise<string> {
  let inbox: Array<{ text: string }> = []
  await expect.poll(async () => (inbox = await caughtSms(base, phone)).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(count)
  return /(\d{6})/.exec(inbox[0]!.text)![1]!
}

/** The SMS step in any language: the phone, its code (or a wrong one), submitted with the forms' own buttons. */
async function sendCode(page: Page, phone: string) {
  await page.locator('input[name=phone]').fill(phone)
  await page.locator('form:has(input[name=phone]) button[type=submit]').click()
  await page.locator('input[name=code]').waitFor()
}
async function submitCode(page: Page, code: string) {
  await page.locator('input[name=code]').fill(code)
  await page.locator('form:has(input[name=code]) button[type=submit]').click()
}

describe('buying the way Turkish customers expect (issue 24)', () => {
  const base = inject('baseUrl')
  const browsers: Browser[] = []
  afterAll(async () => { for (const b of browsers) await b.close() })
  const open = async (locale: string) => {
    const b = await launch({ locale })
    browsers.push(b)
    return b
  }

  it.each([
    ['tr-TR', 'Hatalı doğrulama kodu girildi !!! Kalan deneme hakkı: 4'],
    ['en-US', 'Incorrect random number generated !!! Attempts left: 4'],
    ['ru-RU', 'Введён неверный код подтверждения !!! Осталось попыток: 4'],
  ])('item 6: a wrong SMS code is told in the reader\'s language (%s): the spec\'s English text for English only', async (locale, text) => {
    const b = await open(locale)
    const page = await b.page('/urunler/market/tss?gender=female&citycode=06&birthdate=1990-05-17&visits=8')
    const phone = phoneNo()
    await sendCode(page, phone)
    const code = await smsCode(base, phone)
    await submitCode(page, code === '000000' ? '111111' : '000000')
    await expect.poll(() => page.getByRole('alert').first().textContent()).toBe(text)
    await page.close()
  })
})
