import { readFileSync } from 'node:fs'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { tcknCheckDigits } from '../../src/domain/tckn.ts'
import { seriousViolations as axeViolations, serveAxe } from './staff.ts'
import { launch, type Browser } from './browser.ts'
import { caughtMail, DEMO_PASSWORD, startE2eServer, type E2eServer } from './server.ts'

/** Issue 14 in Chromium: the user list, details, photo with crop, status (sessions end), CSV, axe. */
async function signIn(page: Page, username: string) {
  await page.goto('/auth/login')
  await page.locator('input[name=username]').fill(username)
  await page.locator('input[name=password]').fill(DEMO_PASSWORD)
  await page.getByRole('button', { name: 'Giriş Yap' }).click()
}

/** The API outside the browser, with a session cookie. */
async function api<T>(base: string, method: string, path: string, body?: unknown, cookie = ''): Promise<{ status: number; body: T; cookie: string }> {
  const res = await fetch(`${base}/api/v1${path}`, {
    method,
    headers: { 'content-type': 'application/json', trxType: 'FRM', ...(cookie ? { cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await res.text()
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T, cookie: res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ') }
}

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name }).waitFor()
const rows = (page: Page) => page.getByRole('main').locator('tbody tr')

describe('users: list, details, photo, status (real server, Chromium)', () => {
  let server: E2eServer
  let admin: Browser
  let victim: Browser
  let jobTitleId: string
  let locationId: string
  beforeAll(async () => {
    server = await startE2eServer('users')
    admin = await launch({ baseUrl: server.url })
    victim = await launch({ baseUrl: server.url })
    // a job title and a work location for the details form
    const login = await api<{ user: { companyId: string } }>(server.url, 'POST', '/auth/login', { username: 'ayse.yilmaz', password: DEMO_PASSWORD })
    const cookie = login.cookie
    const companyId = login.body.user.companyId
    const level = (await api<Array<{ value: string }>>(server.url, 'GET', '/lookup/experiencelevels')).body[0]!.value
    jobTitleId = (await api<{ jobtitleid: string }>(server.url, 'POST', '/company/jobtitle', { title: 'Uzman', experienceLevel: level, colorCode: '#1f4e79' }, cookie)).body.jobtitleid
    const type = (await api<Array<{ value: string }>>(server.url, 'GET', '/lookup/locationTypes')).body[0]!.value
    locationId = (await api<{ addressid: string }>(server.url, 'POST', `/party/address?entityname=company&entityid=${companyId}`, {
      locationtype: type, locationname: 'Genel Müdürlük', countrycode: 'DE', citycode: null, districtcode: null, suburbcode: null, zipcode: '10115', addresstext: 'Berlin',
    }, cookie)).body.addressid
    await api(server.url, 'POST', '/auth/logout', {}, cookie)
    const page = await admin.context.newPage()
    await signIn(page, 'ayse.yilmaz')
    await page.waitForURL('**/navbar/settings/global-settings')
    await page.close()
  })
  afterAll(async () => {
    await admin?.close()
    await victim?.close()
    await server?.stop()
  })

  it('finds a user in the list by search and by filter', async () => {
    const page = await admin.page('/navbar/settings/users')
    await heading(page, 'Kullanıcı')
    await page.getByText(/kayıttan 1 - \d+ arası gösteriliyor/).waitFor()
    await page.getByRole('searchbox', { name: 'Ara' }).fill('arslan')
    await expect.poll(() => rows(page).count()).toBe(1)
    await rows(page).getByRole('link', { name: 'Zeynep Arslan' }).waitFor()
    await page.waitForURL(/q=arslan/)
    await page.getByRole('combobox', { name: 'Durum', exact: true }).selectOption('suspended')
    await page.getByText('Sonuç bulunamadı').waitFor()
    await page.getByRole('combobox', { name: 'Durum', exact: true }).selectOption('active')
    await rows(page).getByRole('link', { name: 'Zeynep Arslan' }).waitFor()
    await page.getByRole('searchbox', { name: 'Ara' }).fill('')
    await page.getByRole('combobox', { name: 'Rol', exact: true }).selectOption({ label: 'ROLE_ADMIN' })
    await expect.poll(async () => (await rows(page).locator('td:nth-child(3)').allTextContents()).join(',')).toBe('ayse.yilmaz')
    await page.close()
  })

  it('edits a user\'s details; a taken e-mail comes back on its field; a new one waits for its owner\'s confirmation (issue 28)', async () => {
    const page = await admin.page('/navbar/settings/users?q=zeynep')
    await rows(page).getByRole('link', { name: 'Zeynep Arslan' }).click()
    await heading(page, 'Kullanıcı ayrıntıları')
    const form = page.getByRole('form', { name: 'Kullanıcı bilgileri' })
    await form.locator('[name=gender]').selectOption('female')
    await form.locator('[name=country]').selectOption('TR')
    await form.locator('[name=nationalId]').fill('100000001' + tcknCheckDigits('100000001'))
    await form.locator('[name=email]').fill('mehmet.demir@example.com')
    await form.locator('[name=mobilePhone]').fill('0532 123 45 67')
    await form.locator('[name=birthDate]').fill('1990-05-17')
    await form.locator('[name=jobTitleId]').selectOption(jobTitleId)
    await form.locator('[name=workLocationId]').selectOption(locationId)
    await form.getByRole('button', { name: 'Kaydet' }).click()
    await form.getByText('Bu değer başka bir kayıtta kullanılıyor').waitFor()
    await form.locator('[name=email]').fill('zeynep.arslan@ornek.com.tr')
    await form.getByRole('button', { name: 'Kaydet' }).click()
    await form.getByText('Değişiklikler kaydedildi.').waitFor()
    // the other details are saved; the address stays until the new one confirms, and the form says so
    await expect.poll(() => form.locator('[name=email]').inputValue()).toBe('zeynep.arslan@example.com')
    await form.locator('[data-pending-email]').filter({ hasText: 'Onay bekleyen yeni adres: zeynep.arslan@ornek.com.tr' }).waitFor()
    // the old address is told, the new one gets the link
    await expect.poll(async () => (await caughtMail(server.url, 'zeynep.arslan@example.com')).map((m) => m.subject)).toContain('E-posta adresinizi değiştirme isteği')
    let mail = ''
    await expect.poll(async () => (mail = (await caughtMail(server.url, 'zeynep.arslan@ornek.com.tr')).find((m) => m.subject === 'Yeni e-posta adresinizi onaylayın')?.text ?? '')).not.toBe('')
    const link = /(\/auth\/email-change#confirm=[A-Za-z0-9_-]{43})/.exec(mail)![1]!
    // the new address's owner opens the link (another browser, signed out) and presses the button
    const owner = await launch({ baseUrl: server.url })
    const confirmPage = await owner.context.newPage()
    await confirmPage.goto(link)
    await confirmPage.getByRole('heading', { level: 1, name: 'Yeni e-posta adresinizi onaylayın' }).waitFor()
    // the token left the address bar
    expect(new URL(confirmPage.url()).hash).toBe('')
    await confirmPage.getByRole('button', { name: 'E-posta adresimi onayla' }).click()
    await confirmPage.getByText('E-posta adresiniz değiştirildi: zeynep.arslan@ornek.com.tr.').waitFor()
    await owner.close()
    await page.reload()
    await heading(page, 'Kullanıcı ayrıntıları')
    await expect.poll(() => page.locator('form [name=email]').inputValue()).toBe('zeynep.arslan@ornek.com.tr')
    expect(await page.locator('form [name=mobilePhone]').inputValue()).toBe('+905321234567')
    await page.close()
  })

  it('uploads a photo cropped with the keyboard: shown in details, list and (own) staff header', async () => {
    const png = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#2a7f62' } }).png().toBuffer()
    const page = await admin.page('/navbar/settings/users?q=zeynep')
    await rows(page).getByRole('link', { name: 'Zeynep Arslan' }).click()
    await heading(page, 'Kullanıcı ayrıntıları')
    await page.locator('input[name=photo]').setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: png })
    const canvas = page.getByRole('img', { name: 'Kırpılacak kare alanın önizlemesi' })
    await canvas.waitFor()
    expect(await canvas.getAttribute('data-cx')).toBe('200')
    await canvas.focus()
    await page.keyboard.press('ArrowRight')
    await page.keyboard.press('ArrowRight')
    expect(await canvas.getAttribute('data-cx')).toBe('240')
    await page.keyboard.press('+')
    expect(await canvas.getAttribute('data-zoom')).toBe('1.10')
    await page.keyboard.press('-')
    expect(await canvas.getAttribute('data-zoom')).toBe('1.00')
    await page.getByRole('button', { name: 'Fotoğrafı kaydet' }).click()
    await page.getByText('Fotoğraf kaydedildi.').waitFor()
    const shown = page.getByRole('main').locator('img[src*="/images/user/"]').first()
    await shown.waitFor()
    await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(256)
    await page.goto('/navbar/settings/users?q=zeynep')
    await rows(page).locator('img[src*="/photo?v="]').waitFor()
    // the user's own photo, from the profile page, in the header
    await page.goto('/navbar/profile')
    await heading(page, 'Profil')
    expect(await page.getByTestId('own-photo').count()).toBe(0)
    await page.locator('input[name=photo]').setInputFiles({ name: 'ben.png', mimeType: 'image/png', buffer: png })
    await page.getByRole('button', { name: 'Fotoğrafı kaydet' }).click()
    await page.getByText('Fotoğraf kaydedildi.').waitFor()
    await page.getByTestId('own-photo').waitFor()
    await page.close()
  })

  it('suspending a signed-in user sends their tab to sign-in; a bulk change activates them again', async () => {
    const theirs = await victim.context.newPage()
    await signIn(theirs, 'mehmet.demir')
    await theirs.waitForURL('**/navbar/home/main')
    const page = await admin.page('/navbar/settings/users?q=mehmet')
    await rows(page).getByRole('link', { name: 'Mehmet Demir' }).click()
    await heading(page, 'Kullanıcı ayrıntıları')
    await page.getByRole('button', { name: 'Sistemden uzaklaştır' }).click()
    const dialog = page.getByRole('dialog', { name: 'Durum değişikliği' })
    await dialog.getByText('Mehmet Demir sistemden uzaklaştırılsın mı?', { exact: false }).waitFor()
    await dialog.getByRole('button', { name: 'Sistemden uzaklaştır' }).click()
    await page.getByText('Kullanıcı sistemden uzaklaştırıldı!').waitFor()
    // their next request is refused and the tab goes to sign-in
    await theirs.getByRole('navigation', { name: 'Yönetim menüsü' }).getByRole('link', { name: 'Profil' }).click()
    await theirs.waitForURL('**/auth/login**')
    // bulk: select them in the list and activate them again
    await page.goto('/navbar/settings/users?q=mehmet')
    await page.getByRole('checkbox', { name: 'mehmet.demir kullanıcısını seç' }).check()
    await page.getByText('1 kullanıcı seçildi').waitFor()
    await page.getByRole('combobox', { name: 'Yeni durum' }).selectOption('active')
    await page.getByRole('button', { name: 'Durumu değiştir' }).click()
    const confirm = page.getByRole('dialog', { name: 'Toplu durum değişikliği' })
    await confirm.getByText('1 kullanıcının durumu “Etkin” olarak değiştirilsin mi?').waitFor()
    await confirm.getByRole('button', { name: 'Onayla' }).click()
    await page.getByRole('listitem').filter({ hasText: 'mehmet.demir: Kullanıcı yeniden etkinleştirildi !' }).waitFor()
    await signIn(theirs, 'mehmet.demir')
    await theirs.waitForURL('**/navbar/home/main')
    await theirs.close()
    await page.close()
  })

  it('downloads the filtered list as CSV with a BOM and the Turkish letters intact', async () => {
    const page = await admin.page('/navbar/settings/users?q=%C3%A7elik')
    await rows(page).getByRole('link', { name: 'Burak Çelik' }).waitFor()
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'CSV olarak indir' }).click()])
    expect(download.suggestedFilename()).toBe('users.csv')
    const bytes = readFileSync((await download.path())!)
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const lines = bytes.subarray(3).toString('utf8').trim().split('\r\n')
    expect(lines[0]).toBe('"Kullanıcı adı","Ad","Soyad","E-posta","Durum","Kilitli","Grup","Roller","Oluşturulma (Europe/Istanbul)"')
    expect(lines.slice(1).map((l) => l.split(',').slice(0, 3).join(','))).toEqual(['"burak.celik","Burak","Çelik"'])
    await page.close()
  })

  it('axe-core finds no serious or critical violation on the list, details and profile', async () => {
    const page = await admin.context.newPage()
    await serveAxe(page)
    const found: Record<string, string[]> = {}
    const scan = async (label: string) => {
      await expect.poll(() => page.getByText('Yükleniyor…').count()).toBe(0)
      const violations = await axeViolations(page)
      if (violations.length) found[label] = violations
    }
    await page.goto('/navbar/settings/users')
    await rows(page).first().waitFor()
    await scan('list')
    await rows(page).getByRole('link', { name: 'Zeynep Arslan' }).click()
    await heading(page, 'Kullanıcı ayrıntıları')
    await page.locator('form [name=firstName]').waitFor()
    await page.locator('input[name=photo]').setInputFiles({ name: 'p.png', mimeType: 'image/png', buffer: await sharp({ create: { width: 50, height: 50, channels: 3, background: 'red' } }).png().toBuffer() })
    await page.getByRole('img', { name: 'Kırpılacak kare alanın önizlemesi' }).waitFor()
    await scan('details with the crop open')
    await page.goto('/navbar/profile')
    await page.locator('form [name=firstName]').waitFor()
    await scan('profile')
    expect(found).toEqual({})
    await page.close()
  })
})
