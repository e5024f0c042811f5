import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launch, type Browser } from './browser.ts'
import { issuedDocument, MALFORMED_CODE, UNKNOWN_CODE, type IssuedDocument } from './drivers/document-check.ts'
import { caughtMail, startE2eServer, type E2eServer } from './server.ts'
import { seriousViolations, serveAxe } from './staff.ts'

/**
 * Issue 24 item 5 in Chromium: a travel policy bought and paid on the real server; its mail gives
 * the verification code; `/dogrula/<code>` shows the policy's key facts with the person masked (in
 * Turkish, then in English), a code typed in the page's form (lower case, spaces) opens its check,
 * an unknown and a malformed code each get their own translated message and never a 5xx, and once
 * this address has asked too often the page says so (429) instead of answering.
 */
describe('the public document check /dogrula (issue 24 item 5), real server, Chromium', () => {
  let server: E2eServer
  let browser: Browser
  let doc: IssuedDocument
  /** Every answer of the check route the page got (none may be a 5xx). */
  const statuses: number[] = []

  beforeAll(async () => {
    server = await startE2eServer('document-check')
    browser = await launch({ baseUrl: server.url })
  }, 180_000)
  afterAll(async () => {
    await browser?.close()
    await server?.stop()
  })

  async function open(path: string): Promise<Page> {
    // the policy is bought once, in the first test that needs it (its helpers poll with expect)
    doc = await issuedDocument(server)
    const page = await browser.context.newPage()
    page.on('response', (r) => { if (r.url().includes('/documents/verify/')) statuses.push(r.status()) })
    await page.goto(path)
    return page
  }

  it('a valid code shows the policy\'s key facts, the person masked; axe finds nothing serious', { timeout: 120_000 }, async () => {
    doc = await issuedDocument(server)
    const mail = (await caughtMail(server.url, doc.email)).find((m) => m.text.includes(doc.code))!
    const number = /(SYS-\d{4}-\d{10}) numaralı/.exec(mail.text)![1]!
    expect(mail.text).toContain(`/dogrula/${doc.code.replace(/-/g, '')}`)
    const page = await browser.context.newPage()
    page.on('response', (r) => { if (r.url().includes('/documents/verify/')) statuses.push(r.status()) })
    await serveAxe(page)
    await page.goto(`/dogrula/${doc.code}`)
    // the trip starts in 5 days: a valid policy whose cover has not started yet
    await page.getByRole('heading', { name: 'Geçerli poliçe: teminat henüz başlamadı' }).waitFor()
    const result = page.locator('[data-state="found"]')
    const text = await result.innerText()
    expect(await page.getByTestId('document-number').innerText()).toBe(number)
    expect(await page.getByTestId('document-holder').innerText()).toBe('Ay** Ça****')
    expect(await page.getByTestId('document-id').innerText()).toBe('100******46')
    for (const fact of ['Seyahat Sağlık Sigortası', 'Schengen ülkeleri ve Avrupa', '€30.000', 'Asgari €30.000 teminat şartını karşılar', doc.code]) expect(text).toContain(fact)
    expect(text).toMatch(/Başlangıç\s+\d{1,2} \S+ 20\d\d/)
    expect(text).not.toContain('10000000146')
    expect(text).not.toContain('Ayşe')
    expect(await page.title()).toContain('Belge doğrulama')
    expect(await seriousViolations(page)).toEqual([])
    await page.close()
  })

  it('a code typed in the form, in lower case with spaces, opens its check', async () => {
    const page = await open(`/dogrula/${UNKNOWN_CODE}`)
    await page.getByRole('heading', { name: 'Bu kodla düzenlenmiş bir belge bulunamadı' }).waitFor()
    await page.getByLabel('Doğrulama kodu').fill(` ${doc.code.toLowerCase().replace(/-/g, ' ')} `)
    await page.keyboard.press('Enter')
    await page.getByRole('heading', { name: 'Geçerli poliçe: teminat henüz başlamadı' }).waitFor()
    expect(new URL(page.url()).pathname).toMatch(/^\/dogrula\//)
    expect(await page.getByTestId('document-holder').innerText()).toBe('Ay** Ça****')
    await page.close()
  })

  it('an unknown code and a malformed one each say so, translated; never a 5xx', async () => {
    const page = await open(`/dogrula/${UNKNOWN_CODE}`)
    await page.getByRole('heading', { name: 'Bu kodla düzenlenmiş bir belge bulunamadı' }).waitFor()
    expect(await page.locator('[data-state="found"]').count()).toBe(0)
    await page.getByLabel('Doğrulama kodu').fill(MALFORMED_CODE)
    await page.getByRole('button', { name: 'Sorgula' }).click()
    await page.getByRole('heading', { name: 'Bu bir doğrulama kodu değil' }).waitFor()
    expect(await page.locator('[data-state="notFound"]').innerText()).toContain('0, 1, I, L ve O kullanılmaz')
    // in English
    await page.getByRole('combobox', { name: 'Dil' }).selectOption('en')
    await page.getByRole('heading', { name: 'This is not a verification code' }).waitFor()
    await page.goto(`/dogrula/${doc.code}`)
    await page.getByRole('heading', { name: 'Valid policy: cover has not started yet' }).waitFor()
    const text = await page.locator('[data-state="found"]').innerText()
    expect(text).toContain('Meets the minimum cover of €30,000')
    expect(text).toContain('Schengen countries and Europe')
    await page.goto(`/dogrula/${UNKNOWN_CODE}`)
    await page.getByRole('heading', { name: 'No document has been issued with this code' }).waitFor()
    await page.getByRole('combobox', { name: 'Language' }).selectOption('tr')
    await page.close()
    expect(statuses.length).toBeGreaterThan(4)
    expect(statuses.filter((s) => s >= 500)).toEqual([])
  })

  it('an address that asked too often is refused (429) and the page says so; codes cannot be enumerated', async () => {
    // the page's address (loopback) uses up its lookups: 30 in 10 minutes
    let refused = 0
    for (let i = 0; i < 40 && !refused; i++) {
      const res = await fetch(`${server.url}/api/v1/digitalchannels/documents/verify/${UNKNOWN_CODE}`)
      expect(res.status).toBeLessThan(500)
      if (res.status === 429) refused = i + 1
    }
    expect(refused).toBeGreaterThan(0)
    expect(refused).toBeLessThanOrEqual(31)
    const page = await open(`/dogrula/${doc.code}`)
    await page.getByRole('heading', { name: 'Belge sorgulanamadı' }).waitFor()
    expect(await page.locator('[data-state="failed"]').innerText()).toContain('Bu adresten çok fazla sorgu yapıldı. Lütfen birkaç dakika sonra tekrar deneyiniz.')
    expect(await page.getByRole('button', { name: 'Tekrar dene' }).isEnabled()).toBe(true)
    expect(await page.locator('[data-state="found"]').count()).toBe(0)
    expect(statuses.at(-1)).toBe(429)
    await page.close()
  })
})
