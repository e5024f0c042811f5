import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { tcknCheckDigits } from '../../src/domain/tckn.ts'
import { TEST_ADMIN } from '../support/constants.ts'
import { launch, type Browser } from './browser.ts'
import { caughtMail, startE2eServer, type E2eServer } from './server.ts'
import { seriousViolations, serveAxe, signIn } from './staff.ts'

/**
 * Issue 25 item 2 in Chromium: a new install (an empty database the server migrates and seeds at
 * its start, no demo data) from the superadmin's first sign-in to a created user. The company has
 * no address and no job title: the wizard says so under both fields and adds them in place.
 */
const tckn = (nine: string) => nine + tcknCheckDigits(nine)
const selectedLabel = (page: Page, name: string) => page.locator(`select[name=${name}]`).evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.textContent ?? '')

describe('the first user on a fresh install (issue 25 item 2), real server, Chromium', () => {
  let server: E2eServer
  let browser: Browser
  beforeAll(async () => {
    server = await startE2eServer('fresh-install', { DEMO_DATA: 'false' }, { fresh: true })
    browser = await launch({ baseUrl: server.url })
  }, 300_000)
  afterAll(async () => {
    await browser?.close()
    await server?.stop()
  })

  it('the wizard names the missing job title and work location, adds both in place, and creates the first user', async () => {
    const page = await browser.context.newPage()
    await serveAxe(page)
    await signIn(page, TEST_ADMIN.username, TEST_ADMIN.password)
    await page.waitForURL((u) => !u.pathname.startsWith('/auth/'))

    await page.goto('/navbar/settings/users/new')
    await page.getByRole('heading', { level: 2, name: 'Kişisel Bilgiler' }).waitFor()
    const titleNotice = page.getByText('Şirkette henüz unvan yok. Kullanıcı oluşturmak için önce bir unvan ekleyin.')
    const placeNotice = page.getByText('Şirkette henüz adres yok. Çalışma yeri şirketin adreslerinden seçilir: önce bir adres ekleyin.')
    await titleNotice.waitFor()
    await placeNotice.waitFor()
    // the notices are the selects' descriptions; the lists offer only "Seçiniz"
    expect(await page.getByRole('combobox', { name: 'Unvan' }).getAttribute('aria-describedby')).toBe(await titleNotice.getAttribute('id'))
    expect(await page.locator('select[name=jobTitleId] option').allTextContents()).toEqual(['Seçiniz'])
    expect(await page.locator('select[name=workLocationId] option').allTextContents()).toEqual(['Seçiniz'])
    expect(await seriousViolations(page)).toEqual([])

    // what the admin typed first stays through the additions
    await page.locator('input[name=username]').fill('zeynep.kaya')
    await page.locator('input[name=firstName]').fill('Zeynep')
    await page.locator('input[name=lastName]').fill('Kaya')
    await page.locator('select[name=gender]').selectOption('female')
    await page.locator('input[name=nationalId]').fill(tckn('234567891'))

    // a job title in place; "Vazgeç" first adds nothing
    await page.getByRole('button', { name: 'Yeni unvan ekle' }).click()
    let dialog = page.getByRole('dialog', { name: 'Yeni unvan ekle' })
    await dialog.locator('input[name=title]').waitFor()
    await dialog.getByRole('button', { name: 'Vazgeç' }).click()
    await dialog.waitFor({ state: 'hidden' })
    await titleNotice.waitFor()
    await page.getByRole('button', { name: 'Yeni unvan ekle' }).click()
    dialog = page.getByRole('dialog', { name: 'Yeni unvan ekle' })
    await dialog.locator('input[name=title]').fill('Sigorta Uzmanı')
    await dialog.locator('select[name=experienceLevel] option').nth(1).waitFor({ state: 'attached' })
    await dialog.locator('select[name=experienceLevel]').selectOption({ index: 1 })
    await dialog.locator('input[name=colorCode]').first().check()
    expect(await seriousViolations(page)).toEqual([])
    const titleSent = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/v1/company/jobtitle'))
    await dialog.getByRole('button', { name: 'Kaydet' }).click()
    expect((await titleSent).postDataJSON()).toMatchObject({ title: 'Sigorta Uzmanı' })
    await dialog.waitFor({ state: 'hidden' })
    await expect.poll(() => selectedLabel(page, 'jobTitleId')).toBe('Sigorta Uzmanı')
    await titleNotice.waitFor({ state: 'detached' })
    // the focus is on the field that now holds it
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLSelectElement | null)?.name)).toBe('jobTitleId')

    // a work location in place: a Turkish address needs its province and district
    await page.getByRole('button', { name: 'Yeni çalışma yeri ekle' }).click()
    dialog = page.getByRole('dialog', { name: 'Yeni çalışma yeri ekle' })
    await dialog.locator('select[name=locationtype] option').nth(1).waitFor({ state: 'attached' })
    await dialog.locator('select[name=locationtype]').selectOption({ index: 1 })
    await dialog.locator('input[name=locationname]').fill('Genel Müdürlük')
    await dialog.locator('textarea[name=addresstext]').fill('Büyükdere Caddesi 1')
    await dialog.getByRole('button', { name: 'Kaydet' }).click()
    await dialog.getByText('Formda düzeltilmesi gereken').waitFor()
    await dialog.locator('select[name=citycode] option[value="34"]').waitFor({ state: 'attached' })
    await dialog.locator('select[name=citycode]').selectOption('34')
    await dialog.locator('select[name=districtcode] option', { hasText: 'Kadıköy' }).waitFor({ state: 'attached' })
    await dialog.locator('select[name=districtcode]').selectOption({ label: 'Kadıköy' })
    const placeSent = page.waitForRequest((r) => r.method() === 'POST' && r.url().includes('/api/v1/party/address'))
    await dialog.getByRole('button', { name: 'Kaydet' }).click()
    expect((await placeSent).postDataJSON()).toMatchObject({ locationname: 'Genel Müdürlük', countrycode: 'TR', citycode: '34', addresstext: 'Büyükdere Caddesi 1' })
    await dialog.waitFor({ state: 'hidden' })
    await expect.poll(() => selectedLabel(page, 'workLocationId')).toBe('Genel Müdürlük')
    await placeNotice.waitFor({ state: 'detached' })
    expect(await page.locator('input[name=username]').inputValue()).toBe('zeynep.kaya')

    await page.locator('input[name=email]').fill('zeynep.kaya@example.com')
    await page.locator('input[name=mobilePhone]').fill('0532 765 43 21')
    await page.locator('input[name=birthDate]').fill('1988-02-29')
    await page.locator('select[name=mainRole]').selectOption({ label: 'ROLE_ADMIN' })
    await page.locator('select[name=defaultRole]').selectOption({ label: 'ROLE_ADMIN' })
    await page.getByRole('button', { name: 'İleri' }).click()

    // step 2 offers the new location as an address too
    await page.getByRole('heading', { level: 2, name: 'Adres Bilgileri' }).waitFor()
    await page.locator('select[name=addressid]').selectOption({ label: 'Genel Müdürlük' })
    expect(await page.locator('input[name=addresstext]').inputValue()).toBe('Büyükdere Caddesi 1')
    await page.getByRole('button', { name: 'İleri' }).click()

    // step 3: no group yet, said so; the question cannot be answered yes
    await page.getByRole('heading', { level: 2, name: 'Grup ve Roller' }).waitFor()
    await page.getByText('Şirkette henüz grup yok; gruplar Ekip sayfasında oluşturulur. Kullanıcı gruba sonra da atanabilir.').waitFor()
    expect(await page.locator('input[name=isAssigntoGroup]').isDisabled()).toBe(true)
    await page.getByRole('button', { name: 'İleri' }).click()

    await page.getByRole('heading', { level: 2, name: 'Önizleme' }).waitFor()
    const sent = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/v1/user'))
    await page.getByRole('button', { name: 'Kullanıcıyı Oluştur' }).click()
    const body = (await sent).postDataJSON() as { personal: Record<string, string> }
    const titleId = ((await (await titleSent).response())!.json() as Promise<{ jobtitleid: string }>)
    expect(body.personal).toMatchObject({ username: 'zeynep.kaya', jobTitleId: (await titleId).jobtitleid })
    expect(body.personal.workLocationId).toMatch(/^[0-9a-f-]{36}$/)
    await page.getByRole('heading', { name: 'Kullanıcı oluşturuldu' }).waitFor()
    // the page tells the truth: the mail is queued, not sent; where to follow it (issue 25 item 3)
    await page.getByText('Geçici şifresini içeren e-posta gönderim kuyruğuna alındı; henüz gönderilmedi.').waitFor()
    expect(await page.getByRole('link', { name: 'Posta kutusu' }).getAttribute('href')).toBe('/navbar/settings/company/outbox')
    expect(await page.getByText(/e-posta ile gönderildi/).count()).toBe(0)
    await expect.poll(async () => (await caughtMail(server.url, 'zeynep.kaya@example.com')).length, { timeout: 20_000 }).toBe(1)
    await page.close()
  }, 180_000)
})
