import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launch, type Browser } from './browser.ts'
import { besQuickProfile, verifyWithCaughtCode } from './drivers/purchase.ts'
import { buyTssQuote } from './drivers/tss-purchase.ts'
import { watch } from './purchase-opening.watch.ts'

/**
 * Issue 23 goal 1 for a reload at a later purchase step (issue 24 item 1 keeps a history entry per
 * step): the entry's address names its step (`?step=`), the server answers it with the page's opening
 * screen (src/domain/purchase-address.ts, scripts/prerender.ts), which is what the page renders first
 * while it restores the step; so the reloaded page hydrates in place: no hydration error (React
 * #418), no replaced markup, CLS <= 0.02 on the phone (375 x 740, touch, the CPU 4x slower
 * from the reload on). Health (begun at the plain address, the quote bought on the page) and early BES.
 */
const PHONE = { width: 375, height: 740 }
let seq = 0
const newPhone = () => `0539 ${String(Date.now() + seq++).slice(-7)}`

/** The reload, its HTML from the server, and what the reloaded page did until `ready` shows and the network is quiet. */
async function reloadMeasured(page: Page, seen: Awaited<ReturnType<typeof watch>>, ready: () => Promise<unknown>) {
  await seen.throttle()
  const response = await page.reload({ waitUntil: 'commit' })
  const html = await response!.text()
  await ready()
  await page.waitForLoadState('networkidle')
  await page.waitForTimeout(500)
  return { html, ...(await seen.measured()) }
}

describe('a reload at a later purchase step: the opening screen from the server, hydrated in place (issue 23)', () => {
  let b: Browser
  beforeAll(async () => { b = await launch({ viewport: PHONE, hasTouch: true }) })
  afterAll(async () => { await b.close() })

  it('tss, begun at the plain address: a reload at the health declaration hydrates the server\'s opening screen', { timeout: 180_000 }, async () => {
    const page = await b.context.newPage()
    page.on('dialog', (d) => void d.accept())
    const seen = await watch(page, { later: true })
    await page.goto('/urunler/market/tss')
    await buyTssQuote(page)
    await page.waitForURL(/visits=10/)
    await verifyWithCaughtCode(page, b.baseUrl, newPhone())
    const form = page.getByTestId('step-profile')
    await form.waitFor({ timeout: 20_000 })
    // the phone step's entry names no step; the profile's does
    expect(new URL(page.url()).searchParams.get('step')).toBe('profile')
    for (const [name, value] of [['firstname', 'Ayşe'], ['lastname', 'Çağlar'], ['nationalId', '10000000146'], ['birthdate', '1990-05-17'], ['email', `yeniden.${Date.now()}@example.com`]]) {
      await form.locator(`input[name=${name}]`).fill(value!)
    }
    await form.getByRole('button', { name: 'Devam' }).click()
    const health = page.getByTestId('step-healthPolicy')
    await health.waitFor({ timeout: 20_000 })
    const url = new URL(page.url())
    expect(url.searchParams.get('step')).toBe('healthPolicy')
    expect(url.searchParams.get('visits')).toBe('10')

    const { html, cls, shifts, replaced } = await reloadMeasured(page, seen, () => health.waitFor({ timeout: 60_000 }))
    expect(html).toContain('<div id="root" data-prerendered="tr" data-screen="opening">')
    expect(html).not.toContain('Teklif Al')
    expect(seen.errors()).toEqual([])
    expect(replaced, 'the prerendered markup was replaced').toBe(0)
    expect(cls, `CLS; shifts: ${shifts.join('; ')}`).toBeLessThanOrEqual(0.02)
    expect(await health.locator('h2').first().textContent()).toBe('Sağlık beyanı ve poliçe bilgileri')
    expect(await page.getByTestId('purchase-tss').getAttribute('data-step')).toBe('healthPolicy')
    // the reload added no entry: Back is the profile, with its answers
    await page.goBack()
    await form.waitFor({ timeout: 20_000 })
    expect(await form.locator('input[name=lastname]').inputValue()).toBe('Çağlar')
    expect(new URL(page.url()).searchParams.get('step')).toBe('profile')

    // the address alone (a new tab of the same browser, no history entry): the step it names, hydrated in place too
    const other = await b.context.newPage()
    const again = await watch(other)
    const response = await other.goto(url.pathname + url.search)
    expect(await response!.text()).toContain('data-screen="opening"')
    await other.getByTestId('step-healthPolicy').waitFor({ timeout: 60_000 })
    await other.waitForLoadState('networkidle')
    expect(again.errors()).toEqual([])
    expect((await again.measured()).replaced).toBe(0)
    await other.close()
    await page.close()
  })

  it('early BES: a reload at the contract hydrates the server\'s opening screen', { timeout: 180_000 }, async () => {
    const page = await b.context.newPage()
    page.on('dialog', (d) => void d.accept())
    const seen = await watch(page, { later: true })
    await page.goto('/urunler/market/erkenbes')
    const stepName = () => page.locator('#bes-step').textContent()
    await besQuickProfile(page)
    await expect.poll(stepName, { timeout: 20_000 }).toBe('Telefon doğrulama')
    expect(new URL(page.url()).searchParams.has('step')).toBe(false)
    await verifyWithCaughtCode(page, b.baseUrl, newPhone())
    await expect.poll(stepName, { timeout: 20_000 }).toBe('Kişisel bilgiler')
    const person: Record<string, string> = {
      firstname: 'Ayşe', lastname: 'Çağlar-Öztürk', nationalId: '10000000146', birthdate: '1990-04-01', birthplace: 'Konya',
      fathername: 'Ali', mothername: 'Fatma', idserialno: 'A12B34567', email: 'ayse.yeniden@example.com', profession: 'Mühendis', jobtitle: 'Uzman',
    }
    for (const [name, value] of Object.entries(person)) await page.locator(`input[name=${name}]`).fill(value)
    for (const [name, value] of Object.entries({ sector: 'private', education: 'bachelor', aversalary: '35000-70000', socialsecurity: '4a' })) await page.locator(`select[name=${name}]`).selectOption(value)
    await page.getByRole('button', { name: 'Devam Et' }).click()
    await expect.poll(stepName, { timeout: 20_000 }).toBe('Sözleşme ve fonlar')
    expect(new URL(page.url()).search).toBe('?step=contract')
    const entries = await page.evaluate(() => history.length)

    const { html, cls, shifts, replaced } = await reloadMeasured(page, seen, () => expect.poll(stepName, { timeout: 60_000 }).toBe('Sözleşme ve fonlar'))
    expect(html).toContain('<div id="root" data-prerendered="tr" data-screen="opening">')
    // the opening screen: the title and the steps, "Yükleniyor…", not the quick profile's form
    expect(html).toContain('Erken BES satın al')
    expect(html).not.toContain('name="citycode"')
    expect(seen.errors()).toEqual([])
    expect(replaced, 'the prerendered markup was replaced').toBe(0)
    expect(cls, `CLS; shifts: ${shifts.join('; ')}`).toBeLessThanOrEqual(0.02)
    expect(await page.locator('select[name=fundDistribution], table, input').count()).toBeGreaterThan(0)
    expect(await page.evaluate(() => history.length)).toBe(entries)
    // Back: the personal step (its answers from the saved application)
    await page.goBack()
    await expect.poll(stepName, { timeout: 20_000 }).toBe('Kişisel bilgiler')
    expect(await page.locator('input[name=lastname]').inputValue()).toBe('Çağlar-Öztürk')
    await page.close()
  })

  /**
   * A `?step=` address opened on another device (no proof cookie, no history entry): the phone step as a
   * first visit has it, with no message (the customer never verified there); a proof that is there but
   * refused (forged, expired) still says why (issue 23; docs/decisions/purchase-history.md).
   */
  const STEP_ADDRESSES = [
    { product: 'tss', url: '/urunler/market/tss?gender=female&citycode=%2234%22&birthdate=1990-01-01&visits=8&step=consents', phoneStep: 'sms' },
    { product: 'erkenbes', url: '/urunler/market/erkenbes?step=contract', phoneStep: 'sms' },
  ]
  for (const { product, url } of STEP_ADDRESSES) {
    it(`${product}: a ?step= address in a fresh browser (no proof): the phone step without an error; a refused proof: with its message`, { timeout: 120_000 }, async () => {
      const fresh = await launch({ viewport: PHONE, hasTouch: true })
      try {
        const page = await fresh.context.newPage()
        const seen = await watch(page, { later: true })
        const answers: Array<{ status: number; code: string }> = []
        page.on('response', (r) => { if (r.url().endsWith('/digitalchannels/verification')) void r.json().then((b: { code?: string }) => answers.push({ status: r.status(), code: b.code ?? '' }), () => {}) })
        await page.goto(url)
        await page.getByLabel('Cep telefonu').waitFor({ timeout: 60_000 })
        await expect.poll(() => answers.length, { timeout: 20_000 }).toBe(1)
        await page.waitForLoadState('networkidle')
        expect(await page.getByRole('heading', { level: 2, name: 'Cep telefonunuzu doğrulayalım' }).isVisible()).toBe(true)
        const text = (await page.locator('main').textContent())!
        expect(text).not.toContain('Telefon doğrulamanız geçerli değil')
        expect(text).not.toContain('Bu cihazda doğrulanmış')
        expect(await page.locator('main [role=alert]').count()).toBe(0)
        expect(answers[0]).toEqual({ status: 401, code: 'SMS_PROOF_MISSING' })
        expect(seen.errors()).toEqual([])

        // a proof that is there but refused (forged, or past its time): the message, as before
        const host = new URL(fresh.baseUrl).hostname
        await fresh.context.addCookies([{ name: `ke_verified_${product}`, value: 'eyJwIjoiKzkwNTMyMDAwMDAwMCJ9.forged', domain: host, path: '/api/v1/digitalchannels', httpOnly: true, sameSite: 'Strict' }])
        await page.goto(url)
        await page.getByText('Telefon doğrulamanız geçerli değil ya da süresi doldu; lütfen numaranızı yeniden doğrulayınız').waitFor({ timeout: 60_000 })
        expect(answers.at(-1)).toEqual({ status: 401, code: 'SMS_PROOF_INVALID' })
        expect(await page.getByLabel('Cep telefonu').isVisible()).toBe(true)
        await page.close()
      } finally {
        await fresh.close()
      }
    })
  }
})
