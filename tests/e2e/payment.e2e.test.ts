import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isLuhnValid } from '../../src/domain/card/brands.ts'
import { TEST_CARDS } from '../../src/server/services/gateway/bank-simulator.ts'
import { launch, type Browser } from './browser.ts'
import { startE2eServer, type E2eServer } from './server.ts'

const card = (scenario: string) => TEST_CARDS.find((c) => c.scenario === scenario)!.number
const DEBIT = '4016220000001238'

/** Digit runs of 13-19 that pass Luhn; the spec's order ids (KEM + date + BIN + 3 digits) aside. */
function luhnRuns(text: string): string[] {
  return [...text.matchAll(/(?<![\dM])\d{13,19}(?!\d)/g)].map((m) => m[0]).filter(isLuhnValid)
}

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = []
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = join(dir, e.name)
    if (e.isDirectory()) out.push(...await filesUnder(p))
    else out.push(p)
  }
  return out
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
    await server?.stop()
    // SECURITY.md: no card number, nor any Luhn-valid 13-19 digit run, in the server's log
    const log = await readFile(server.log, 'utf8')
    for (const c of [...TEST_CARDS.map((t) => t.number), DEBIT]) expect(log).not.toContain(c)
    expect(luhnRuns(log)).toEqual([])
    // ... nor in the database: every file of the PGlite data folder, read raw
    let scanned = 0
    for (const file of await filesUnder(dataDir)) {
      const text = (await readFile(file)).toString('latin1')
      scanned += text.length
      for (const c of [...TEST_CARDS.map((t) => t.number), DEBIT]) expect(text.includes(c), file).toBe(false)
      expect(luhnRuns(text), file).toEqual([])
    }
    expect(scanned).toBeGreaterThan(1_000_000)
    await rm(dataDir, { recursive: true, force: true })
  })

  it('shows every required-field message and blocks the submission', async () => {
    const page = await openHome(b)
    const form = page.getByTestId('payment-form')
    await form.waitFor()
    await form.locator('input[name=amount]').fill('')
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
    expect(await page.getByTestId('outcome-amount').textContent()).toBe('1,00\u00a0TRY')
    await page.close()
  })

  for (const [scenario, reason] of [['authFailed', '3D doğrulama başarısız oldu.'], ['declined', 'Kartınızı veren banka işlemi onaylamadı.']] as const) {
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

  it('cancelling on the bank page ends failed', async () => {
    const page = await openHome(b)
    await page.getByTestId('payment-form').waitFor()
    await fill(page, '5100540000001233')
    await page.getByRole('button', { name: '3D Test Et' }).click()
    const frame = await bankPage(page)
    await frame.getByRole('button', { name: 'İptal' }).click()
    await page.waitForURL('**/result/error')
    await expect.poll(() => page.getByTestId('payment-outcome').getAttribute('data-state')).toBe('failed')
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
    await page.getByTestId('payment-outcome').getByText('Banka sayfası zamanında yanıt vermedi; işlem tamamlanamadı.').waitFor()
    await page.close()
  }, 40_000)
})
