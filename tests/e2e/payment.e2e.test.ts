import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import pg from 'pg'
import { createServer, type Server as HttpServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isLuhnValid } from '../../src/domain/card/brands.ts'
import { TEST_CARDS } from '../../src/server/services/gateway/bank-simulator.ts'
import { asciiDigits } from '../../src/lib/redact.ts'
import { signParams, verifyParams } from '../../src/server/services/gateway/hash.ts'
import { launch, type Browser } from './browser.ts'
import { DEMO_PASSWORD, startE2eServer, type E2eServer } from './server.ts'
import { apiSession } from './staff.ts'

const card = (scenario: string) => TEST_CARDS.find((c) => c.scenario === scenario)!.number
const DEBIT = '4016220000001238'

/**
 * Digit runs of 13-19 that pass Luhn; the spec's order ids (KEM + date + BIN + 3 digits) aside, and
 * runs inside a lowercase hex word (the receipt's SHA-256 once held '…dadb203067231193859f…').
 */
function luhnRuns(text: string): string[] {
  return [...text.matchAll(/(?<![\dMa-f])\d{13,19}(?![\da-f])/g)].map((m) => m[0]).filter(isLuhnValid)
}

/**
 * Text with every digit in ASCII and every separator a card number may be written with removed
 * (spaces, tabs, newlines, dots, slashes, underscores, dashes, ...), so that a card number in any
 * notation shows up as its plain digits.
 */
function squeezed(text: string): string {
  return asciiDigits(text).replace(/[\s\p{Pd}\p{Cc}\p{Cf}._/\\\u00B7\u2022\u3002\uFF0E\uFF0F\uFF3C\uFF3F]+/gu, '')
}

/** A CVC-named key followed by a 3- or 4-digit value (JSON, form or free text). */
const CVC_VALUE = /\b(?:cvc2?|cvv2?|security_?code)\W{0,4}\d{3,4}\b/i

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = []
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = join(dir, e.name)
    if (e.isDirectory()) out.push(...await filesUnder(p))
    else out.push(p)
  }
  return out
}

/**
 * Every row of every table of a PostgreSQL database, as text (the PostgreSQL run's scan); not
 * drizzle's migration journal (schema `drizzle`: the migrations' hashes and creation times in
 * milliseconds, 13-digit runs that may pass Luhn, and never a request's data).
 */
async function databaseText(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const tables = await client.query<{ s: string; t: string }>("SELECT schemaname AS s, tablename AS t FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema', 'drizzle')")
    const parts: string[] = []
    for (const { s, t } of tables.rows) {
      const rows = await client.query<{ row: string }>(`SELECT r::text AS row FROM "${s}"."${t}" r`)
      parts.push(...rows.rows.map((r) => r.row))
    }
    return parts.join('\n')
  } finally {
    await client.end()
  }
}

/** Opens `/` as a person does: the first pointer move loads the form's code. */
async function openHome(b: Browser): Promise<Page> {
  const page = await b.page('/')
  const form = page.getByTestId('payment-form')
  // a move before hydration finds no listener yet, as for a person: they move again
  for (let i = 0; i < 40 && (await form.count()) === 0; i++) {
    await page.mouse.move(20 + i, 20 + i)
    await page.waitForTimeout(250)
  }
  await form.waitFor()
  return page
}

async function fill(page: Page, number: string, cvc = '123') {
  const form = page.getByTestId('payment-form')
  await form.locator('input[name=number]').pressSequentially(number, { delay: 5 })
  await form.locator('input[name=number]').blur()
  await form.locator('input[name=name]').fill('Ayşe Yılmaz')
  await form.locator('input[name=expiry]').fill('1230')
  await form.locator('input[name=cvc]').fill(cvc)
  await form.locator('input[name=currcode]').fill('TRY')
  await expect.poll(() => form.locator('input[name=bankcode]').inputValue()).not.toBe('')
}

async function bankPage(page: Page) {
  const frame = page.frameLocator('iframe[name=ke-3d-frame]')
  await frame.getByTestId('otp-code').waitFor({ timeout: 15_000 })
  return frame
}

/** Fills the form with a card, presses "3D Test Et" and waits for the test bank's page. */
async function atBank(page: Page, number: string) {
  await fill(page, number)
  await page.getByRole('button', { name: '3D Test Et' }).click()
  return bankPage(page)
}

/** The result page the payment ended on, with the outcome the server recorded. */
async function endsOn(page: Page, path: 'success' | 'error', state: 'succeeded' | 'failed') {
  await page.waitForURL(`**/result/${path}`)
  await expect.poll(() => page.getByTestId('payment-outcome').getAttribute('data-state')).toBe(state)
}

describe('card payment test form', () => {
  let server: E2eServer
  let b: Browser
  let dataDir: string
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'ke-pay-db-'))
    server = await startE2eServer('payment', { PAYMENT_3DS_TIMEOUT_MS: '4000', DATA_DIR: dataDir })
    b = await launch({ baseUrl: server.url })
  }, 120_000)
  afterAll(async () => {
    await b?.close()
    // on PostgreSQL, the database as text (every row of every table), read before the server drops it
    const pgText = server?.databaseUrl ? await databaseText(server.databaseUrl) : null
    await server?.stop()
    // SECURITY.md: no card number, nor any Luhn-valid 13-19 digit run, in the server's log
    const log = await readFile(server.log, 'utf8')
    for (const c of [...TEST_CARDS.map((t) => t.number), DEBIT]) expect(log).not.toContain(c)
    expect(luhnRuns(log)).toEqual([])
    // ... in any notation (spaces, dots, dashes, full-width digits, ...), and no CVC
    for (const c of [...TEST_CARDS.map((t) => t.number), DEBIT]) expect(squeezed(log)).not.toContain(c)
    expect(log).not.toMatch(CVC_VALUE)
    // ... nor in the database: every file of the PGlite data folder, read raw (on PostgreSQL: every row)
    let scanned = 0
    const sources: Array<[string, () => Promise<string>]> = pgText !== null
      ? [['database rows', async () => pgText]]
      : (await filesUnder(dataDir)).map((file) => [file, async () => (await readFile(file)).toString('latin1')])
    for (const [file, read] of sources) {
      const text = await read()
      scanned += text.length
      for (const c of [...TEST_CARDS.map((t) => t.number), DEBIT]) {
        expect(text.includes(c), file).toBe(false)
        expect(squeezed(text).includes(c), file).toBe(false)
      }
      expect(luhnRuns(text), file).toEqual([])
      expect(text, file).not.toMatch(CVC_VALUE)
    }
    expect(scanned).toBeGreaterThan(1_000_000)
    await rm(dataDir, { recursive: true, force: true })
  })

  it('shows every required-field message and blocks the submission', async () => {
    const page = await openHome(b)
    const form = page.getByTestId('payment-form')
    await form.waitFor()
    await form.locator('input[name=amount]').fill('')
    await form.locator('input[name=currcode]').fill('')
    await page.getByRole('button', { name: '3D Test Et' }).click()
    for (const text of ['Kredi kartı numarası girmelisiniz', 'Kredi kartı üzerinde yazan ad-soyadı girmelisiniz', 'Kartınızın arka yüzündeki kod girmelisiniz',
      'Kredi kartınızın geçerlilik tarihini girmelisiniz', 'Banka Kodu girmelisiniz', 'Para birimi girmelisiniz', 'İşlem tutarı girmelisiniz']) {
      await expect.poll(() => form.getByText(text, { exact: true }).count(), { message: text }).toBe(1)
    }
    expect(await page.getByTestId('threed-dialog').isVisible()).toBe(false)
    await page.close()
  })

  it('refuses a debit card on blur, masks by brand and resets to the defaults', async () => {
    const page = await openHome(b)
    const form = page.getByTestId('payment-form')
    await form.waitFor()
    await form.locator('input[name=number]').pressSequentially(DEBIT)
    expect(await form.locator('input[name=number]').inputValue()).toBe('4016 2200 0000 1238')
    await form.locator('input[name=number]').blur()
    await form.getByText('Girdiğiniz kredi kartı numarası geçerli değil').waitFor()
    await form.locator('input[name=number]').fill('')
    await form.locator('input[name=number]').pressSequentially(card('success').replace(/^4036660000001231$/, '374423000001232'))
    expect(await form.locator('input[name=number]').inputValue()).toBe('3744 230000 01232')
    expect(await page.getByTestId('cvc-label').textContent()).toBe('CID')
    expect(await page.getByTestId('card-preview').getAttribute('data-color')).toBe('green')
    await form.locator('input[name=name]').fill('Ali Veli')
    await form.locator('select[name=trxtype]').selectOption('S01')
    await page.getByRole('button', { name: 'Formu Temizle' }).click()
    await expect.poll(() => form.locator('input[name=number]').inputValue()).toBe('')
    expect(await form.locator('input[name=name]').inputValue()).toBe('')
    expect(await form.locator('input[name=amount]').inputValue()).toBe('1')
    expect(await form.locator('select[name=trxtype]').inputValue()).toBe('P01')
    expect(await form.locator('input[name=installment]').inputValue()).toBe('1')
    await page.close()
  })

  it('says T01 is not connected and sends nothing', async () => {
    const page = await openHome(b)
    await page.getByTestId('payment-form').waitFor()
    await fill(page, card('success'))
    let calls = 0
    page.on('request', (r) => { if (r.url().includes('posIP3D')) calls++ })
    await page.locator('select[name=trxtype]').selectOption('T01')
    await page.getByRole('button', { name: '3D Test Et' }).click()
    await page.getByTestId('not-connected').waitFor()
    expect(calls).toBe(0)
    await page.close()
  })

  it('pays with the success card; the modal cannot be closed; a foreign close3DBox is ignored', async () => {
    const page = await openHome(b)
    await page.getByTestId('payment-form').waitFor()
    await fill(page, card('success'))
    const started = Date.now()
    await page.getByRole('button', { name: '3D Test Et' }).click()
    const frame = await bankPage(page)
    console.log(`"3D Test Et" to bank page painted: ${Date.now() - started} ms`)
    await page.keyboard.press('Escape')
    await page.mouse.click(5, 5)
    expect(await page.getByTestId('threed-dialog').isVisible()).toBe(true)
    // a foreign frame posts close3DBox: ignored
    await page.evaluate(() => {
      const f = document.createElement('iframe')
      f.srcdoc = '<script>parent.postMessage({type:"close3DBox",orderId:"KEM20260302403666123",status:"success"},"*")</script>'
      document.body.append(f)
    })
    await page.evaluate(() => window.postMessage({ type: 'close3DBox', orderId: 'KEM20260302403666123', status: 'success' }, '*'))
    await page.waitForTimeout(300)
    expect(await page.getByTestId('threed-dialog').isVisible()).toBe(true)
    expect(await frame.getByTestId('card').textContent()).toBe('4036 66** **** 1231')
    const otp = (await frame.getByTestId('otp-code').textContent())!
    await frame.locator('input[name=otp]').fill(otp)
    await frame.getByRole('button', { name: 'Onayla' }).click()
    await page.waitForURL('**/result/success')
    const outcome = page.getByTestId('payment-outcome')
    await expect.poll(() => outcome.getAttribute('data-state')).toBe('succeeded')
    expect(await page.getByTestId('outcome-card').textContent()).toBe('4036 66** **** 1231')
    // in the active locale (issue 10 item 20): Turkish digits, the currency code as typed
    expect(await page.getByTestId('outcome-amount').textContent()).toBe('₺1,00')
    await page.close()
  })

  // the reasons in the customer's words (issue 21)
  for (const [scenario, reason] of [['authFailed', '3D Secure doğrulaması başarısız oldu'], ['declined', 'Kartınızı veren banka ödemeyi onaylamadı.']] as const) {
    it(`ends failed for the ${scenario} test card`, async () => {
      const page = await openHome(b)
      await page.getByTestId('payment-form').waitFor()
      await fill(page, card(scenario))
      await page.getByRole('button', { name: '3D Test Et' }).click()
      const frame = await bankPage(page)
      await frame.locator('input[name=otp]').fill((await frame.getByTestId('otp-code').textContent())!)
      await frame.getByRole('button', { name: 'Onayla' }).click()
      await page.waitForURL('**/result/error')
      await expect.poll(() => page.getByTestId('payment-outcome').getAttribute('data-state')).toBe('failed')
      await page.getByText(reason).waitFor()
      await page.close()
    })
  }

  it('cancelling on the bank page ends failed, read as a cancellation (issue 21)', async () => {
    const page = await openHome(b)
    await page.getByTestId('payment-form').waitFor()
    await fill(page, '5100540000001233')
    await page.getByRole('button', { name: '3D Test Et' }).click()
    const frame = await bankPage(page)
    await frame.getByRole('button', { name: 'İptal' }).click()
    await page.waitForURL('**/result/error')
    await expect.poll(() => page.getByTestId('payment-outcome').getAttribute('data-state')).toBe('failed')
    await page.getByText('Ödemeyi bankanın 3D Secure sayfasında siz iptal ettiniz').waitFor()
    expect(await page.getByText('3D Secure doğrulaması başarısız').count()).toBe(0)
    await page.close()
  })

  it('times out when the bank page never answers, and the order ends failed', async () => {
    const page = await openHome(b)
    await page.getByTestId('payment-form').waitFor()
    await fill(page, card('noAnswer'))
    await page.getByRole('button', { name: '3D Test Et' }).click()
    await page.getByTestId('threed-dialog').waitFor()
    await page.waitForURL('**/result/error', { timeout: 15_000 })
    await expect.poll(() => page.getByTestId('payment-outcome').getAttribute('data-state'), { timeout: 10_000 }).toBe('failed')
    await page.getByTestId('payment-outcome').getByText('Banka sayfası zamanında yanıt vermediği için ödeme zaman aşımına uğradı; kartınızdan tutar çekilmedi.').waitFor()
    await page.close()
  }, 40_000)
  it('reads the amount unambiguously: shows what it will charge, refuses what it cannot read (issue 10 item 8)', async () => {
    const page = await openHome(b)
    const form = page.getByTestId('payment-form')
    const amount = form.locator('input[name=amount]')
    await form.locator('input[name=currcode]').fill('TRY')
    // typed key by key, the thousands comma appears after '1250'; the customer's own comma stays
    await amount.fill('')
    await amount.pressSequentially('1250,50')
    expect(await amount.inputValue()).toBe('1,250,50')
    await form.getByText('Kuruşları nokta ile ayırın; virgül binlik ayırıcıdır (örnek: 1,250.50).', { exact: true }).waitFor()
    // pasted: kept exactly as it came
    for (const [typed, message] of [
      ['1250,50', 'Kuruşları nokta ile ayırın; virgül binlik ayırıcıdır (örnek: 1,250.50).'],
      ['1.250,50', 'Kuruşları nokta ile ayırın; virgül binlik ayırıcıdır (örnek: 1,250.50).'],
      ['1e9', 'Girilen işlem tutarını kontrol ediniz.'],
      ['-5', 'Girilen işlem tutarını kontrol ediniz.'],
      ['abc', 'Girilen işlem tutarını kontrol ediniz.'],
      ['100000.01', 'Bir test ödemesi en fazla 100,000.00 tutarında olabilir.'],
    ] as const) {
      await amount.fill(typed)
      expect(await amount.inputValue(), typed).toBe(typed === '100000.01' ? '100,000.01' : typed) // never changed silently
      await form.getByText(message, { exact: true }).waitFor()
      expect(await page.getByTestId('amount-charged').count(), typed).toBe(0)
    }
    await amount.fill('')
    await amount.pressSequentially('1250.5')
    expect(await amount.inputValue()).toBe('1,250.5')
    await expect.poll(() => page.getByTestId('amount-charged').textContent()).toBe('Çekilecek tutar: ₺1.250,50')
    await amount.blur()
    await expect.poll(() => amount.inputValue()).toBe('1,250.50')
    await page.close()
  })

  it('lets a wrong one-time code be retried in the frame (issue 10 item 9)', async () => {
    const page = await openHome(b)
    const frame = await atBank(page, card('success'))
    const otp = (await frame.getByTestId('otp-code').textContent())!
    await frame.locator('input[name=otp]').fill(otp === '111111' ? '222222' : '111111')
    await frame.getByRole('button', { name: 'Onayla' }).click()
    await frame.getByText('Şifre hatalı, tekrar deneyiniz.').waitFor()
    // the retry page posts to the right address
    await frame.locator('input[name=otp]').fill((await frame.getByTestId('otp-code').textContent())!)
    await frame.getByRole('button', { name: 'Onayla' }).click()
    await endsOn(page, 'success', 'succeeded')
    await page.close()
  })

  it('fails the payment after three wrong one-time codes (issue 10 item 9)', async () => {
    const page = await openHome(b)
    const frame = await atBank(page, card('success'))
    const bad = (await frame.getByTestId('otp-code').textContent()) === '111111' ? '222222' : '111111'
    for (let i = 0; i < 3; i++) {
      if (i > 0) await frame.getByText('Şifre hatalı, tekrar deneyiniz.').waitFor()
      await frame.locator('input[name=otp]').fill(bad)
      await frame.getByRole('button', { name: 'Onayla' }).click()
    }
    await endsOn(page, 'error', 'failed')
    await page.close()
  })

  it('clears the BIN refusal when a corrected card passes its check on blur (issue 10 item 10)', async () => {
    const page = await openHome(b)
    const form = page.getByTestId('payment-form')
    const number = form.locator('input[name=number]')
    await number.pressSequentially(DEBIT)
    await number.blur()
    await form.getByText('Girdiğiniz kredi kartı numarası geçerli değil').waitFor()
    await number.fill('')
    await number.pressSequentially(card('success'))
    await number.blur()
    await expect.poll(() => form.locator('input[name=bankcode]').inputValue()).toBe('0062')
    expect(await form.getByText('Girdiğiniz kredi kartı numarası geçerli değil').count()).toBe(0)
    await page.close()
  })

  it('moves focus to the first invalid field and scrolls it into view (issue 10 item 12)', async () => {
    const page = await openHome(b)
    await page.setViewportSize({ width: 375, height: 640 })
    const submit = page.getByRole('button', { name: '3D Test Et' })
    await submit.scrollIntoViewIfNeeded()
    await submit.click()
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('number')
    await expect.poll(() => page.locator('input[name=number]').evaluate((el) => {
      const r = el.getBoundingClientRect()
      return r.top >= 0 && r.bottom <= innerHeight
    })).toBe(true)
    // with only the amount wrong, the amount is the one focused
    await fill(page, card('success'))
    await page.locator('input[name=amount]').fill('1250,50')
    await page.locator('input[name=number]').focus()
    await submit.click()
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('amount')
    await page.close()
  })

  it('the card form shows its own texts in the visitor\'s language from its first frame, loaded with it on intent (issue 23: the card catalog part)', async () => {
    const cases = [['tr', 'Kart numarası', 'Kredi kartı numarası girmelisiniz'], ['en', 'Card number', 'You must enter the credit card number'], ['ru', 'Номер карты', 'Введите номер кредитной карты']] as const
    for (const [locale, label, required] of cases) {
      const page = await b.context.newPage()
      await page.addInitScript((l) => {
        localStorage.setItem('locale', l)
        // the labels the form has in the DOM change that first adds it (before any paint)
        new MutationObserver((_, observer) => {
          const form = document.querySelector('[data-testid=payment-form]')
          if (!form) return
          ;(window as unknown as { firstLabels: string[] }).firstLabels = [...form.querySelectorAll('label')].map((l) => l.textContent ?? '')
          observer.disconnect()
        }).observe(document, { childList: true, subtree: true })
      }, locale)
      await page.goto(server.url + '/')
      for (let i = 0; i < 40 && (await page.getByTestId('payment-form').count()) === 0; i++) {
        await page.mouse.move(20 + i, 20 + i)
        await page.waitForTimeout(250)
      }
      const first = await page.evaluate(() => (window as unknown as { firstLabels?: string[] }).firstLabels)
      expect(first?.[0], locale).toBe(label)
      expect(await page.getByTestId('payment-form').locator('label').first().textContent()).toBe(label)
      // a message of the form's own (views/payment/card-form-texts.ts)
      await page.getByTestId('submit').click()
      await expect.poll(() => page.getByTestId('payment-form').locator('[data-error-for]').first().textContent()).toBe(required)
      await page.close()
    }
  })

  it('the currency field starts with the currency of spec 9 for the language, or the company choice (issues 10 item 13, 12)', async () => {
    const currencyOn = async (locale: string) => {
      const page = await b.context.newPage()
      await page.addInitScript((l) => localStorage.setItem('locale', l), locale)
      await page.goto(server.url + '/')
      for (let i = 0; i < 40 && (await page.getByTestId('payment-form').count()) === 0; i++) {
        await page.mouse.move(20 + i, 20 + i)
        await page.waitForTimeout(250)
      }
      const field = page.getByTestId('payment-form').locator('input[name=currcode]')
      const shown = { value: await field.inputValue(), hint: await field.getAttribute('placeholder') }
      await page.close()
      return shown
    }
    expect(await currencyOn('tr')).toEqual({ value: 'TRY', hint: 'örn. TRY' })
    expect(await currencyOn('en')).toEqual({ value: 'USD', hint: 'e.g. USD' })
    // the company chooses euros for everyone (Preferences), then goes back to the language rule
    const admin = await apiSession(server.url, 'ayse.yilmaz', DEMO_PASSWORD)
    const prefs = async () => ((await admin.call('GET', `/company/settings/${admin.companyId}?category=preferences`)).body.preferences as Record<string, unknown>)
    const put = async (defaultCurrency: string) => {
      const saved = await admin.call('PUT', '/company/settings/preferences', { ...(await prefs()), defaults: undefined, defaultCurrency })
      expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    }
    await put('EUR')
    try {
      expect((await currencyOn('en')).value).toBe('EUR')
      expect((await currencyOn('tr')).value).toBe('EUR')
    } finally {
      await put('LANGUAGE')
    }
    // "Formu Temizle" returns to it; emptied, the field says it is required
    const page = await openHome(b)
    const form = page.getByTestId('payment-form')
    await form.locator('input[name=currcode]').fill('usd')
    await page.getByRole('button', { name: 'Formu Temizle' }).click()
    await expect.poll(() => form.locator('input[name=currcode]').inputValue()).toBe('TRY')
    await page.close()
  })

  it('asks for the bank code of a Troy 9792 card its table does not know (issue 10 item 15)', async () => {
    const page = await openHome(b)
    const form = page.getByTestId('payment-form')
    await form.locator('input[name=number]').pressSequentially('9792999999999994')
    await form.locator('input[name=number]').blur()
    await page.getByTestId('bankcode-manual').waitFor()
    expect(await page.getByTestId('bankcode-manual').textContent()).toContain('4 haneli EFT kodunu')
    expect(await form.getByText('Girdiğiniz kredi kartı numarası geçerli değil').count()).toBe(0)
    // a card whose bank the table knows fills it instead
    await form.locator('input[name=number]').fill('')
    await form.locator('input[name=number]').pressSequentially(card('success'))
    await form.locator('input[name=number]').blur()
    await expect.poll(() => form.locator('input[name=bankcode]').inputValue()).toBe('0062')
    expect(await page.getByTestId('bankcode-manual').count()).toBe(0)
    await page.close()
  })

  it('tells on return what happened to a payment left during the 3-D step (issue 10 item 16)', async () => {
    const page = await openHome(b)
    await atBank(page, card('success'))
    await page.reload()
    const notice = page.getByTestId('last-payment')
    await notice.waitFor({ timeout: 15_000 })
    // still waiting for the bank, or (this server's limit is 4 s) already concluded by the timeout
    const status = await notice.getAttribute('data-status')
    expect(['awaiting3ds', 'failed']).toContain(status)
    expect(await notice.textContent()).toContain(status === 'failed' ? 'Banka sayfası zamanında yanıt vermediği için' : '3D doğrulama adımında yarıda kaldı')
    await page.close()
  })
})

/**
 * PAYMENT_GATEWAY=nestpay against a fake NestPay bank on another loopback origin (issue 10 item 14):
 * the 3-D frame is cross-origin, so the page must not read its location; the spinner goes away
 * on the frame's load event, and the bank's signed callback concludes the payment.
 */
describe('card payment with a cross-origin NestPay bank', () => {
  const STORE_KEY = 'fake-bank-store-key'
  const CLIENT_ID = '190100000'
  let bank: HttpServer
  let bankOrigin: string
  let server: E2eServer
  let b: Browser
  const received: Record<string, string>[] = []

  beforeAll(async () => {
    bank = createServer((req, res) => {
      let body = ''
      req.on('data', (c: Buffer) => { body += c.toString() })
      req.on('end', () => {
        const p = Object.fromEntries(new URLSearchParams(body))
        received.push(p)
        if (req.method !== 'POST' || req.url !== '/fim/est3Dgate' || !verifyParams(p, STORE_KEY)) {
          res.writeHead(400, { 'content-type': 'text/plain' }).end('bad request')
          return
        }
        const back: Record<string, string> = {
          clientid: CLIENT_ID, oid: p.oid!, amount: p.amount!, currency: p.currency!, mdStatus: '1', Response: 'Approved',
          ProcReturnCode: '00', ErrMsg: '', rnd: String(Date.now()), hashAlgorithm: 'ver3',
        }
        back.HASH = signParams(back, STORE_KEY)
        const inputs = Object.entries(back).map(([k, v]) => `<input type="hidden" name="${k}" value="${v.replace(/"/g, '&quot;')}">`).join('')
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        res.end(`<!doctype html><html><body><h1 data-testid="fake-bank">FAKE NESTPAY 3D</h1><form method="post" action="${p.okUrl}">${inputs}<button>Onayla</button></form></body></html>`)
      })
    })
    await new Promise<void>((ok) => bank.listen(0, '127.0.0.1', ok))
    bankOrigin = `http://127.0.0.1:${(bank.address() as AddressInfo).port}`
    server = await startE2eServer('payment-nestpay', {
      PAYMENT_GATEWAY: 'nestpay', NESTPAY_CLIENT_ID: CLIENT_ID, NESTPAY_STORE_KEY: STORE_KEY, NESTPAY_3D_URL: `${bankOrigin}/fim/est3Dgate`,
      PAYMENT_3DS_TIMEOUT_MS: '60000',
    })
    b = await launch({ baseUrl: server.url })
  }, 120_000)
  afterAll(async () => {
    await b?.close()
    await server?.stop()
    await new Promise((ok) => bank?.close(ok))
  })

  it('hides the spinner once the cross-origin bank page loads, and concludes on its signed callback', async () => {
    const page = await openHome(b)
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    await fill(page, card('success'))
    await page.getByRole('button', { name: '3D Test Et' }).click()
    const frame = page.frameLocator('iframe[name=ke-3d-frame]')
    await frame.getByTestId('fake-bank').waitFor({ timeout: 15_000 })
    expect(new URL(page.frames().find((f) => f.name() === 'ke-3d-frame')!.url()).origin).toBe(bankOrigin)
    // the spinner goes within seconds, far before the 60 s limit
    await expect.poll(() => page.getByTestId('threed-dialog').getByText('Banka sayfası yükleniyor…').count(), { timeout: 5_000 }).toBe(0)
    expect(received.at(-1)).toMatchObject({ clientid: CLIENT_ID, amount: '1.00', currency: '949' })
    await frame.getByRole('button', { name: 'Onayla' }).click()
    await endsOn(page, 'success', 'succeeded')
    expect(errors).toEqual([])
    await page.close()
  })
})
