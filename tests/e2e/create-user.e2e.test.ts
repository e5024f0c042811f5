import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { tcknCheckDigits } from '../../src/domain/tckn.ts'
import { TEST_ADMIN } from '../support/constants.ts'
import { launch, type Browser } from './browser.ts'
import { caughtMail, startE2eServer, type E2eServer } from './server.ts'
import { addWizardOptions, apiSession, signIn, signInWithTemporary } from './staff.ts'

const AXE = resolve(import.meta.dirname, '../../node_modules/axe-core/axe.min.js')
const NEW_PASSWORD = 'Yepyeni-Şifre-Q7!'
const tckn = (nine: string) => nine + tcknCheckDigits(nine)
/** A valid-to date two months from now (the rule: after today). */
const VALID_TO = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10)

/** No serious or critical axe-core violation on the page as it is now. */
async function axe(page: Page): Promise<string[]> {
  await page.addScriptTag({ url: '/__axe.min.js' })
  return page.evaluate(async () => {
    const a = (window as unknown as { axe: { run(o: unknown): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe
    const r = await a.run({ runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } })
    return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
  })
}

const stepHeading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name }).waitFor()
const current = (page: Page) => page.locator('[aria-current=step]').textContent()
const next = (page: Page) => page.getByRole('button', { name: 'İleri' }).click()
/** Picks a cascading address select's first choice once its options have come (each waits for the one before). */
async function pickFirst(page: Page, name: string) {
  const select = page.locator(`select[name=${name}]`)
  await expect.poll(() => select.locator('option').count(), { timeout: 15_000 }).toBeGreaterThan(1)
  await select.selectOption({ index: 1 })
}

async function fillPersonal(page: Page, p: { username: string; email: string; nationalId: string }) {
  await page.locator('input[name=username]').fill(p.username)
  await page.locator('input[name=firstName]').fill('Selin')
  await page.locator('input[name=lastName]').fill('Aksoy')
  await page.locator('select[name=gender]').selectOption('female')
  await page.locator('input[name=nationalId]').fill(p.nationalId)
  await page.locator('select[name=jobTitleId]').selectOption({ label: 'Uzman' })
  await page.locator('select[name=workLocationId]').selectOption({ label: 'Genel Müdürlük' })
  await page.locator('input[name=email]').fill(p.email)
  await page.locator('input[name=mobilePhone]').fill('0532 123 45 67')
  await page.locator('input[name=birthDate]').fill('1990-05-17')
  await page.locator('select[name=mainRole]').selectOption({ label: 'ROLE_USER' })
  await page.locator('select[name=defaultRole]').selectOption({ label: 'ROLE_USER' })
}

describe('create user: the 3-step wizard (real server, Chromium)', () => {
  let server: E2eServer
  let browser: Browser
  beforeAll(async () => {
    server = await startE2eServer('create-user')
    browser = await launch({ baseUrl: server.url })
    // the company's job title and location the wizard offers (the demo data has none)
    expect(await addWizardOptions(await apiSession(server.url, TEST_ADMIN.username, TEST_ADMIN.password))).toEqual({ title: 201, location: 201 })
  }, 120_000)
  afterAll(async () => {
    await browser?.close()
    await server?.stop()
  })

  it('item 6 (issue 25): the draft survives a reload (values and step), goes once created or cancelled; a corrected field loses its error', async () => {
    const page = await browser.context.newPage()
    await signIn(page, TEST_ADMIN.username, TEST_ADMIN.password)
    await page.waitForURL((u) => !u.pathname.startsWith('/auth/'))
    await page.goto('/navbar/settings/users/new')
    await stepHeading(page, 'Kişisel Bilgiler')
    await page.getByText('Girdikleriniz bu sekmede saklanır; sayfayı yenileseniz de kaybolmaz.', { exact: false }).waitFor()
    const stored = () => page.evaluate(() => sessionStorage.getItem('ke-create-user-draft'))

    // an error under a field goes once that field is corrected; the others stay
    await next(page)
    const count = async () => Number((await page.getByText(/Formda düzeltilmesi gereken \d+ alan var\./).textContent())!.match(/\d+/)![0])
    const before = await count()
    expect(await page.locator('input[name=username]').getAttribute('aria-invalid')).toBe('true')
    expect(await page.locator('input[name=email]').getAttribute('aria-invalid')).toBe('true')
    await page.locator('input[name=username]').fill('deniz.kara')
    await expect.poll(() => page.locator('input[name=username]').getAttribute('aria-invalid')).not.toBe('true')
    expect(await count()).toBe(before - 1)
    expect(await page.locator('input[name=email]').getAttribute('aria-invalid')).toBe('true')

    // two steps typed, then a reload: the step and the values are back
    await fillPersonal(page, { username: 'deniz.kara', email: 'deniz.kara@example.com', nationalId: tckn('323456789') })
    await page.locator('input[name=firstName]').fill('Deniz')
    await page.locator('input[name=lastName]').fill('Kara-Yıldız')
    await next(page)
    await stepHeading(page, 'Adres Bilgileri')
    await page.locator('select[name=locationtype]').selectOption({ index: 1 })
    await page.locator('input[name=locationname]').fill('Yazlık')
    await page.locator('input[name=addresstext]').fill('Sahil Yolu 7')
    expect(await stored()).toContain('"step":"address"')
    expect(await stored()).not.toMatch(/password|şifre/i)
    await page.reload()
    await stepHeading(page, 'Adres Bilgileri')
    expect(await current(page)).toContain('Adres Bilgileri')
    expect(await page.locator('input[name=locationname]').inputValue()).toBe('Yazlık')
    expect(await page.locator('input[name=addresstext]').inputValue()).toBe('Sahil Yolu 7')
    await page.getByRole('button', { name: 'Geri' }).click()
    await stepHeading(page, 'Kişisel Bilgiler')
    expect(await page.locator('input[name=username]').inputValue()).toBe('deniz.kara')
    expect(await page.locator('input[name=lastName]').inputValue()).toBe('Kara-Yıldız')
    expect(await page.locator('input[name=email]').inputValue()).toBe('deniz.kara@example.com')
    expect(await page.locator('select[name=jobTitleId] option:checked').textContent()).toBe('Uzman')

    // finish: the user is created and the draft is gone
    await next(page)
    await stepHeading(page, 'Adres Bilgileri')
    await pickFirst(page, 'citycode')
    await pickFirst(page, 'districtcode')
    await page.locator('input[name=zipcode]').fill('34000')
    await next(page)
    await stepHeading(page, 'Grup ve Roller')
    await next(page)
    await stepHeading(page, 'Önizleme')
    await page.reload()
    await stepHeading(page, 'Önizleme')
    await page.getByText('deniz.kara@example.com').waitFor()
    await page.getByRole('button', { name: 'Kullanıcıyı Oluştur' }).click()
    await page.getByRole('heading', { name: 'Kullanıcı oluşturuldu' }).waitFor()
    expect(await stored()).toBeNull()
    await page.reload()
    await page.getByRole('heading', { level: 1, name: 'Yeni Kullanıcı' }).waitFor()
    await stepHeading(page, 'Kişisel Bilgiler')
    expect(await page.locator('input[name=username]').inputValue()).toBe('')

    // "Vazgeç": the list opens, nothing is created and the draft is gone
    await page.locator('input[name=username]').fill('vazgecilen')
    await page.reload()
    await stepHeading(page, 'Kişisel Bilgiler')
    expect(await page.locator('input[name=username]').inputValue()).toBe('vazgecilen')
    await page.getByRole('button', { name: 'Vazgeç', exact: true }).click()
    await page.waitForURL((u) => u.pathname === '/navbar/settings/users')
    expect(await stored()).toBeNull()
    await page.goto('/navbar/settings/users/new')
    await stepHeading(page, 'Kişisel Bilgiler')
    expect(await page.locator('input[name=username]').inputValue()).toBe('')
    const admin = await apiSession(server.url, TEST_ADMIN.username, TEST_ADMIN.password)
    expect((await admin.call('GET', '/user?q=vazgecilen')).body.total).toBe(0)
    expect((await admin.call('GET', '/user?q=deniz.kara')).body.total).toBe(1)
    await page.close()
    // the next test signs in through the form
    await browser.context.clearCookies()
  })

  it('creates a user through the three steps (the valid-to message first), refuses a duplicate username on step 1, and the new user signs in with the mailed temporary password', async () => {
    const page = await browser.context.newPage()
    await page.route('**/__axe.min.js', (route) => route.fulfill({ contentType: 'text/javascript', body: readFileSync(AXE, 'utf8') }))
    await signIn(page, TEST_ADMIN.username, TEST_ADMIN.password)
    await page.waitForURL((u) => !u.pathname.startsWith('/auth/'))
    await page.goto('/navbar/settings/users/new')
    await page.getByRole('heading', { level: 1, name: 'Yeni Kullanıcı' }).waitFor()
    await stepHeading(page, 'Kişisel Bilgiler')
    const violations: Record<string, string[]> = {}
    violations.personal = await axe(page)
    expect(await current(page)).toContain('Kişisel Bilgiler')

    // step 1 validates before moving on
    await next(page)
    await page.getByText('Formda düzeltilmesi gereken').waitFor()
    expect(await page.locator('input[name=username]').getAttribute('aria-invalid')).toBe('true')
    await fillPersonal(page, { username: 'selin.aksoy', email: 'selin.aksoy@example.com', nationalId: tckn('123456789') })
    await next(page)

    // step 2: a new address in Türkiye with the cascade (a suburb fills the zip code)
    await stepHeading(page, 'Adres Bilgileri')
    expect(await current(page)).toContain('Adres Bilgileri')
    expect(await page.locator('select[name=addressid]').inputValue()).toBe('create-new')
    expect(await page.locator('input[name=status]').inputValue()).toBe('create')
    violations.address = await axe(page)
    await page.locator('select[name=locationtype]').selectOption({ index: 1 })
    await page.locator('input[name=locationname]').fill('Ev')
    await pickFirst(page, 'citycode')
    await pickFirst(page, 'districtcode')
    await pickFirst(page, 'suburbcode')
    await expect.poll(() => page.locator('input[name=zipcode]').inputValue()).toMatch(/^\d{5}$/)
    await page.locator('input[name=addresstext]').fill('Bağdat Caddesi 1')
    // back and next keep what was typed
    await page.getByRole('button', { name: 'Geri' }).click()
    await stepHeading(page, 'Kişisel Bilgiler')
    expect(await page.locator('input[name=username]').inputValue()).toBe('selin.aksoy')
    await next(page)
    await stepHeading(page, 'Adres Bilgileri')
    expect(await page.locator('input[name=locationname]').inputValue()).toBe('Ev')
    await next(page)

    // step 3: an other-group role without a valid-to date is refused with the spec's message
    await stepHeading(page, 'Grup ve Roller')
    violations.groupRoles = await axe(page)
    await page.locator('input[name=isAssigntoOtherGroup]').check()
    await page.locator('input[name=selectedRoles]').first().waitFor()
    await page.getByRole('checkbox', { name: 'ROLE_ADMIN' }).check()
    await next(page)
    await page.getByText('Atama Geçerlilik Tarihini Belirleyin !').waitFor()
    expect(await current(page)).toContain('Grup ve Roller')
    await page.locator('input[name=selectedValid]').fill(VALID_TO)
    await next(page)

    // review, then a double click creates one user
    await stepHeading(page, 'Önizleme')
    violations.review = await axe(page)
    await page.getByText('selin.aksoy@example.com').waitFor()
    await page.getByRole('button', { name: 'Kullanıcıyı Oluştur' }).dblclick()
    await page.getByRole('heading', { name: 'Kullanıcı oluşturuldu' }).waitFor()
    violations.created = await axe(page)
    expect(violations).toEqual({ personal: [], address: [], groupRoles: [], review: [], created: [] })
    const admin = await apiSession(server.url, TEST_ADMIN.username, TEST_ADMIN.password)
    const found = await admin.call('GET', '/user?q=selin.aksoy')
    expect(found.body.total).toBe(1)

    // a duplicate username goes back to step 1 with the field error
    await page.goto('/navbar/settings/users/new')
    await stepHeading(page, 'Kişisel Bilgiler')
    await fillPersonal(page, { username: 'selin.aksoy', email: 'baska@example.com', nationalId: tckn('223456789') })
    await next(page)
    await stepHeading(page, 'Adres Bilgileri')
    await page.locator('select[name=addressid]').selectOption({ label: 'Genel Müdürlük' })
    expect(await page.locator('input[name=addresstext]').inputValue()).toBe('Berlin')
    await next(page)
    await stepHeading(page, 'Grup ve Roller')
    await next(page)
    await stepHeading(page, 'Önizleme')
    await page.getByRole('button', { name: 'Kullanıcıyı Oluştur' }).click()
    await stepHeading(page, 'Kişisel Bilgiler')
    await page.getByText('Bu değer başka bir kayıtta kullanılıyor').waitFor()
    expect(await page.locator('input[name=username]').getAttribute('aria-invalid')).toBe('true')
    expect(await page.locator('input[name=email]').inputValue()).toBe('baska@example.com')
    await page.close()

    // the new user signs in with the temporary password from the mail and must change it
    await expect.poll(async () => (await caughtMail(server.url, 'selin.aksoy@example.com')).length, { timeout: 15_000 }).toBe(1)
    const [mail] = await caughtMail(server.url, 'selin.aksoy@example.com')
    const temporary = /Geçici şifreniz: (\S+)/.exec(mail!.text)![1]!
    const other = await launch({ baseUrl: server.url })
    try {
      const p = await other.context.newPage()
      await signInWithTemporary(p, 'selin.aksoy', temporary, NEW_PASSWORD)
      await p.waitForURL('**/navbar/**')
    } finally {
      await other.close()
    }
  }, 240_000)
})
