import { readFile } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launch, type Browser } from './browser.ts'
import { caughtSms, startE2eServer, type E2eServer } from './server.ts'
import { seriousViolations, serveAxe, signIn } from './staff.ts'

/**
 * Issue 25 item 8 in Chromium: consent records for staff with consent:read. A customer records
 * and withdraws consents through the sales API (SMS ticket, application); an admin reads them
 * masked, filters them and downloads the CSV; a ROLE_USER sees neither the card nor the page.
 */
const NATIONAL_ID = '10000000146'

describe('consent records for staff (issue 25 item 8), real server, Chromium', () => {
  let server: E2eServer
  let browser: Browser
  let saleId: string
  beforeAll(async () => {
    server = await startE2eServer('consent-records')
    browser = await launch({ baseUrl: server.url })
    const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
      const res = await fetch(`${server.url}/api/v1${path}`, {
        method: 'POST', headers: { 'content-type': 'application/json', trxType: 'FRM', ...headers }, body: JSON.stringify(body),
      })
      return { status: res.status, body: await res.json() as Record<string, unknown> }
    }
    const phone = '0532 123 45 67'
    expect((await post('/notification/sendsms', { gsmNumber: phone, content: 'otp', smsSource: 'tss' })).status).toBe(200)
    const code = /(\d{6})/.exec((await caughtSms(server.url, phone)).at(-1)!.text)![1]!
    const ticket = String((await post('/notification/verifysms', { gsmNumber: phone, code, smsSource: 'tss' })).body.ticket)
    const app = await post('/digitalchannels/application', {
      ticket, product: 'tss', step: 'consents',
      data: {
        quickProfile: { gender: 'female', citycode: '34', birthdate: '1990-05-17' }, outpatientVisits: 10,
        personalProfile: { firstname: 'Ayşe', lastname: 'Çağlar', nationalId: NATIONAL_ID, nationality: 'TR', birthdate: '1990-05-17', email: 'ayse.caglar@example.com', userphone: '05321234567' },
      },
    })
    expect(app.status, JSON.stringify(app.body)).toBe(200)
    saleId = String(app.body.id)
    const record = (body: Record<string, unknown>) => post('/digitalchannels/legalpermission', { scope: 'tss', ticket, ...body }, { saleId, processStep: 'consents' })
    expect((await record({ name: 'gdprtextread', status: 'READ', documentId: 'KVKK-AYDINLATMA-v1' })).status).toBe(201)
    expect((await record({ name: 'markconcent', status: 'ACCEPTED', documentId: 'TICARI-ILETI-v1', scope: 'SMS' })).status).toBe(201)
    expect((await record({ name: 'markconcent', status: 'WITHDRAWN', documentId: 'TICARI-ILETI-v1', scope: 'SMS' })).status).toBe(201)
  }, 120_000)
  afterAll(async () => {
    await browser?.close()
    await server?.stop()
  })

  it('an admin reads the records masked, filters them and downloads the CSV', async () => {
    await browser.context.clearCookies()
    const page = await browser.context.newPage()
    await serveAxe(page)
    await signIn(page, 'ayse.yilmaz')
    await page.waitForURL((u) => !u.pathname.startsWith('/auth/'))
    await page.goto('/navbar/settings/global-settings')
    await page.getByRole('link', { name: /Rıza kayıtları/ }).click()
    await page.waitForURL('**/navbar/settings/consents')
    await page.getByRole('heading', { level: 1, name: 'Rıza kayıtları' }).waitFor()
    const rows = page.locator('table tbody tr')
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(3)
    // newest first: the withdrawal, its acceptance, the notice read
    const first = await rows.nth(0).textContent()
    expect(first).toContain('Ticari Elektronik İleti İzni')
    expect(first).toContain('TICARI-ILETI-v1')
    expect(first).toContain('sürüm 1')
    expect(first).toContain('Geri alındı')
    expect(first).toContain('100******46')
    expect(first).toContain('SMS')
    expect(first).toContain('İnternet sitesi')
    expect(await rows.nth(2).textContent()).toContain('Okundu')
    expect(await page.locator('table').textContent()).not.toContain(NATIONAL_ID)
    expect(await seriousViolations(page)).toEqual([])

    // filters: status, then the person by the whole number
    await page.getByLabel('Durum').selectOption({ label: 'Geri alındı' })
    await page.waitForURL(/status=WITHDRAWN/)
    await expect.poll(() => rows.count()).toBe(1)
    await page.getByLabel('Durum').selectOption({ label: 'Tümü' })
    await expect.poll(() => rows.count()).toBe(3)
    const listed = page.waitForRequest((r) => r.url().includes('/api/v1/consent?') && r.url().includes('partyId=10000000145'))
    await page.getByLabel('Kişi (tam T.C. Kimlik No)').fill('10000000145')
    await page.getByLabel('Kişi (tam T.C. Kimlik No)').press('Enter')
    await listed
    await page.getByText('Sonuç bulunamadı').waitFor()
    expect(await rows.count()).toBe(0)
    await page.getByLabel('Kişi (tam T.C. Kimlik No)').fill(NATIONAL_ID)
    await page.getByLabel('Kişi (tam T.C. Kimlik No)').press('Enter')
    await expect.poll(() => rows.count()).toBe(3)
    await page.getByLabel('Belge').selectOption({ label: 'Kişisel Verilerin Korunması Hakkında Aydınlatma Metni' })
    await expect.poll(() => rows.count()).toBe(1)

    // the CSV holds what the filters show, masked
    const download = page.waitForEvent('download')
    await page.getByRole('button', { name: 'CSV olarak indir' }).click()
    const file = await download
    expect(file.suggestedFilename()).toBe('consents.csv')
    const csv = (await readFile((await file.path())!, 'utf8')).replace(/^\uFEFF/, '').trim().split('\r\n')
    expect(csv[0]).toMatch(/^"Zaman \(Europe\/Istanbul\)","Başvuru","Kişi \(maskeli\)","Belge"/)
    expect(csv).toHaveLength(2)
    expect(csv[1]).toContain(`"${saleId}","100******46","Kişisel Verilerin Korunması Hakkında Aydınlatma Metni","KVKK-AYDINLATMA-v1","1"`)
    expect(csv[1]).toContain('"Okundu"')
    await page.close()
  })

  it('a ROLE_USER sees no consent card and the page says it is not allowed; the server answers 403', async () => {
    await browser.context.clearCookies()
    const page = await browser.context.newPage()
    await signIn(page, 'mehmet.demir')
    await page.waitForURL((u) => !u.pathname.startsWith('/auth/'))
    await page.goto('/navbar/settings/global-settings')
    await page.getByRole('heading', { level: 1, name: 'Şirket Ayarları' }).waitFor()
    expect(await page.getByRole('link', { name: /Rıza kayıtları/ }).count()).toBe(0)
    const answer = page.waitForResponse((r) => r.url().includes('/api/v1/consent'), { timeout: 3_000 }).then((r) => r.status()).catch(() => null)
    await page.goto('/navbar/settings/consents')
    await page.getByText('Bu sayfayı görüntüleme yetkiniz yok.').waitFor()
    // the page does not even ask
    expect(await answer).toBeNull()
    const status = await page.evaluate(async () => (await fetch('/api/v1/consent', { headers: { trxType: 'FRM' }, credentials: 'same-origin' })).status)
    expect([401, 403]).toContain(status)
    await page.close()
  })
})
