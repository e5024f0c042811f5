import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launch, type Browser } from './browser.ts'
import { caughtSms, devSmsTicket, startE2eServer, type E2eServer } from './server.ts'
import { seriousViolations, serveAxe } from './staff.ts'

/**
 * Issue 24 item 10 in Chromium: the customer's consent page. A TSS application of a phone records
 * its consents through the sales API (as the purchase page does); the customer opens /izinlerim
 * from the site's footer, verifies that phone with the SMS code, sees each consent's title,
 * version, date, channel and state, withdraws the health-data consent after one more question, and
 * finds it withdrawn after a reload and a new verification; in English the page and the titles are
 * English; a phone with no application sees none; axe finds nothing serious.
 */
const PHONE = '0532 123 45 67'
const E164 = '+905321234567'

describe('the customer\'s consent page (issue 24 item 10), real server, Chromium', () => {
  let server: E2eServer
  let browser: Browser
  let saleId: string
  const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${server.url}/api/v1${path}`, { method: 'POST', headers: { 'content-type': 'application/json', trxType: 'FRM', ...headers }, body: JSON.stringify(body) })
    return { status: res.status, body: await res.json() as Record<string, unknown> }
  }
  beforeAll(async () => {
    server = await startE2eServer('my-consents', { SMS_RESEND_COOLDOWN_S: '2' })
    browser = await launch({ baseUrl: server.url })
    const ticket = await devSmsTicket(server.url, E164, 'tss')
    const app = await post('/digitalchannels/application', {
      ticket, product: 'tss', step: 'consents',
      data: {
        quickProfile: { gender: 'female', citycode: '34', birthdate: '1990-05-17' }, outpatientVisits: 10,
        personalProfile: { firstname: 'Ayşe', lastname: 'Çağlar', nationalId: '10000000146', nationality: 'TR', birthdate: '1990-05-17', email: 'ayse.caglar@example.com', userphone: '05321234567' },
      },
    })
    expect(app.status, JSON.stringify(app.body)).toBe(200)
    saleId = String(app.body.id)
    const record = async (name: string, status: string, documentId: string, scope = 'tss') =>
      expect((await post('/digitalchannels/legalpermission', { name, status, documentId, scope, ticket }, { saleId, processStep: 'consents' })).status).toBe(201)
    await record('gdprtextread', 'READ', 'KVKK-AYDINLATMA-v1')
    await record('gdprconcent', 'ACCEPTED', 'KVKK-ACIKRIZA-v1')
    await record('markconcent', 'ACCEPTED', 'TICARI-ILETI-v1', 'EMAIL')
    await record('trxconcent', 'ACCEPTED', 'SOZLESME-ONAY-v1')
  }, 120_000)
  afterAll(async () => {
    await browser?.close()
    await server?.stop()
  })

  async function verify(page: Page, phone: string) {
    const before = (await caughtSms(server.url, phone)).length
    await page.getByRole('heading', { name: 'Cep telefonunuzu doğrulayalım' }).waitFor()
    await page.getByLabel('Cep telefonu').fill(phone)
    await page.getByRole('button', { name: 'Kod Gönder' }).click()
    let inbox: Array<{ text: string }> = []
    await expect.poll(async () => (inbox = await caughtSms(server.url, phone)).length, { timeout: 15_000 }).toBeGreaterThan(before)
    await page.locator('input[name=code]').fill(/(\d{6})/.exec(inbox[0]!.text)![1]!)
    await page.getByRole('button', { name: 'Doğrula' }).click()
  }

  it('shows the consents of the verified phone and withdraws the health-data consent, recorded on the server', async () => {
    await browser.context.clearCookies()
    const page = await browser.context.newPage()
    await serveAxe(page)
    const sent: Array<{ path: string; body: unknown }> = []
    page.on('request', (r) => { if (r.url().includes('/digitalchannels/consents')) sent.push({ path: new URL(r.url()).pathname, body: r.postDataJSON() }) })
    await page.goto('/kvkk-aydinlatma-metni')
    await page.getByRole('contentinfo').getByRole('link', { name: 'İzinlerim' }).click()
    await page.waitForURL('**/izinlerim')
    await page.getByRole('heading', { level: 1, name: 'İzinlerim' }).waitFor()
    // nothing before the phone is verified
    expect(await page.getByText('Açık Rıza Beyanı').count()).toBe(0)
    await verify(page, E164)
    await page.getByRole('heading', { level: 2, name: 'Tamamlayıcı Sağlık Sigortası başvurusu' }).waitFor()
    expect(sent[0]).toMatchObject({ path: '/api/v1/digitalchannels/consents', body: { ticket: expect.any(String) } })
    expect(Object.keys(sent[0]!.body as object)).toEqual(['ticket'])
    const card = (title: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: title, exact: true }) })
    const health = card('Açık Rıza Beyanı')
    await expect.poll(() => health.innerText()).toContain('Verildi')
    const healthText = await health.innerText()
    expect(healthText).toContain('KVKK-ACIKRIZA-v1')
    expect(healthText).toContain('sürüm 1')
    expect(healthText).toContain('İnternet sitesi')
    // the date in Turkish (the test's day, in Istanbul's time)
    const today = new Intl.DateTimeFormat('tr', { dateStyle: 'long', timeZone: 'Europe/Istanbul' }).format(new Date())
    expect(healthText).toContain(today)
    expect(await card('Ticari Elektronik İleti İzni (E-posta)').innerText()).toContain('Verildi')
    // a notice and the declarations: shown, never withdrawable
    for (const title of ['Kişisel Verilerin Korunması Hakkında Aydınlatma Metni', 'Sözleşme Onayı']) {
      await card(title).waitFor()
      expect(await card(title).getByRole('button').count(), title).toBe(0)
    }
    expect(await card('Kişisel Verilerin Korunması Hakkında Aydınlatma Metni').innerText()).toContain('Okundu')
    expect(await page.getByRole('button', { name: /^İzni geri al/ }).count()).toBe(2)
    // the text itself and its hash
    await health.getByText('Metni göster').click()
    await expect.poll(() => health.innerText()).toContain('Sağlık verilerim dahil özel nitelikli kişisel verilerimin')
    expect(await health.innerText()).toMatch(/[0-9a-f]{64}/)
    expect(await seriousViolations(page)).toEqual([])
    // withdraw: asked once more, with what it means, focus on the answer
    await health.getByRole('button', { name: 'İzni geri al: Açık Rıza Beyanı' }).click()
    await health.getByText('Bu izni geri almak istediğinize emin misiniz?').waitFor()
    expect(await health.innerText()).toContain('ödenmemiş bir başvuru bu rıza yeniden verilmeden tamamlanamaz')
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Evet, geri al')
    expect(await seriousViolations(page)).toEqual([])
    await page.keyboard.press('Enter')
    await page.getByText('İzniniz geri alındı. Kayıt, verdiğiniz izinle aynı kanıtlarla saklandı.').waitFor()
    const withdrawCall = sent.find((s) => s.path.endsWith('/consents/withdraw'))!
    const listed = (await post('/digitalchannels/consents', { ticket: (withdrawCall.body as { ticket: string }).ticket })).body.sales as Array<{ consents: Array<{ name: string; id: string; status: string; givenAt: string | null }> }>
    const now = listed[0]!.consents.find((c) => c.name === 'gdprconcent')!
    expect(now.status).toBe('WITHDRAWN')
    expect(withdrawCall.body).toEqual({ ticket: (withdrawCall.body as { ticket: string }).ticket, id: expect.stringMatching(/^[0-9a-f-]{36}$/) })
    expect((withdrawCall.body as { id: string }).id).not.toBe(now.id)
    await expect.poll(() => health.innerText()).toContain('Geri alındı')
    expect(await health.innerText()).toContain('Verildiği tarih')
    expect(await health.getByRole('button').count()).toBe(0)
    // a reload forgets the verification: the phone again, and the server's record shows
    await page.waitForTimeout(2_500)
    await page.reload()
    await verify(page, E164)
    await expect.poll(() => card('Açık Rıza Beyanı').innerText()).toContain('Geri alındı')
    expect(await page.getByRole('button', { name: /^İzni geri al/ }).count()).toBe(1)
    // on a phone nothing is wider than the screen (the texts and hashes open)
    await page.setViewportSize({ width: 375, height: 800 })
    for (const summary of await page.getByText('Metni göster').all()) await summary.click()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    await page.close()
  })

  it('in English the page and the texts are English; a phone with no application sees none', async () => {
    await browser.context.clearCookies()
    const page = await browser.context.newPage()
    await page.goto('/izinlerim')
    await page.getByRole('heading', { level: 1, name: 'İzinlerim' }).waitFor()
    await page.getByRole('combobox', { name: 'Dil' }).selectOption('en')
    await page.getByRole('heading', { level: 1, name: 'My consents' }).waitFor()
    const other = '+905337654321'
    await page.getByLabel('Mobile phone').fill(other)
    await page.getByRole('button', { name: 'Send code' }).click()
    let inbox: Array<{ text: string }> = []
    await expect.poll(async () => (inbox = await caughtSms(server.url, other)).length, { timeout: 15_000 }).toBeGreaterThan(0)
    await page.locator('input[name=code]').fill(/(\d{6})/.exec(inbox[0]!.text)![1]!)
    await page.getByRole('button', { name: 'Verify' }).click()
    await page.getByText('No consent was given with this phone number.').waitFor()
    await page.close()
  })
})
