import { readFile } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launch, type Browser } from './browser.ts'
import { DEMO_PASSWORD, startE2eServer, type E2eServer } from './server.ts'
import { apiSession, seriousViolations, serveAxe, signIn } from './staff.ts'

/**
 * Issue 25 item 7 in Chromium: the audit log read by a person. Ayşe Yılmaz removes Mehmet Demir and
 * creates and deletes a job title through the API; the audit log says so in sentences (Turkish, then
 * English after switching the language), links the names, opens an entry's drawer with the changed
 * fields (keyboard, focus back), filters on the server (the request's query checked), downloads the
 * CSV with the same filters, and Mehmet's page lists his events. axe on the page and the drawer.
 */
describe('the readable audit log (issue 25 item 7), real server, Chromium', () => {
  let server: E2eServer
  let browser: Browser
  let mehmetId: string
  let titleId: string
  beforeAll(async () => {
    server = await startE2eServer('audit-log')
    browser = await launch({ baseUrl: server.url })
    const ayse = await apiSession(server.url, 'ayse.yilmaz', DEMO_PASSWORD)
    const users = await ayse.call('GET', '/user?q=mehmet.demir')
    mehmetId = (users.body.items as Array<{ id: string; username: string }>).find((u) => u.username === 'mehmet.demir')!.id
    const level = ((await ayse.call('GET', '/lookup/experiencelevels')).body as unknown as Array<{ value: string }>)[0]!.value
    const title = await ayse.call('POST', '/company/jobtitle', { title: 'Denetçi', experienceLevel: level, colorCode: '#1f4e79' })
    expect(title.status, JSON.stringify(title.body)).toBe(201)
    titleId = String(title.body.jobtitleid)
    const gone = await ayse.call('DELETE', `/company/jobtitle/${titleId}?version=1`)
    expect(gone.status, JSON.stringify(gone.body)).toBe(200)
    // a role whose permissions change: one added, one removed (the drawer shows them by name)
    const base = { roleType: 'main', groupId: null, gdprLevel: 'INTERNAL', teamSize: 5, isMainRole: false, rolename: 'ROLE_DENETIM' }
    const made = await ayse.call('POST', '/role', { ...base, permissions: [{ permtag: 'company', actions: ['read', 'update'] }] })
    expect(made.status, JSON.stringify(made.body)).toBe(201)
    const changed = await ayse.call('PUT', `/role/${String(made.body.id)}`, { ...base, version: made.body.version, currentPassword: DEMO_PASSWORD, permissions: [{ permtag: 'company', actions: ['read'] }, { permtag: 'dashboard', actions: ['read'] }] })
    expect(changed.status, JSON.stringify(changed.body)).toBe(200)
    // Mehmet signs in once before he is removed: an entry by him (the person filter's "Yapan")
    await apiSession(server.url, 'mehmet.demir', DEMO_PASSWORD)
    const removed = await ayse.call('POST', `/user/${mehmetId}/status`, { status: 'removed' })
    expect(removed.status, JSON.stringify(removed.body)).toBe(200)
  }, 120_000)
  afterAll(async () => {
    await browser?.close()
    await server?.stop()
  })

  it('says what happened in sentences with links, in Turkish and in English; the drawer shows the changed fields', async () => {
    await browser.context.clearCookies()
    const page = await browser.context.newPage()
    await serveAxe(page)
    await signIn(page, 'ayse.yilmaz')
    await page.waitForURL((u) => !u.pathname.startsWith('/auth/'))
    await page.goto('/navbar/settings/audit')
    await page.getByRole('heading', { level: 1, name: 'Denetim kaydı' }).waitFor()
    const table = page.locator('table').first()
    await table.getByText("Ayşe Yılmaz, Mehmet Demir'i sistemden uzaklaştırdı").waitFor({ timeout: 15_000 })
    expect(await table.textContent()).toContain('Ayşe Yılmaz, Denetçi (silindi) unvanını sildi')
    expect(await table.textContent()).toContain('Ayşe Yılmaz, Denetçi (silindi) unvanını ekledi')
    expect(await table.textContent()).toContain('Kullanıcı durumu değişti')
    // the names are links to their pages; a deleted role is no link
    const row = page.locator('tbody tr', { hasText: "Mehmet Demir'i sistemden uzaklaştırdı" })
    expect(await row.getByRole('link', { name: 'Mehmet Demir' }).getAttribute('href')).toBe(`/navbar/settings/users/${mehmetId}`)
    expect(await row.getByRole('link', { name: 'Ayşe Yılmaz' }).count()).toBe(1)
    expect(await page.locator('tbody tr', { hasText: 'unvanını sildi' }).first().getByRole('link', { name: /Denetçi/ }).count()).toBe(0)
    expect(await seriousViolations(page)).toEqual([])

    // the drawer, by keyboard: opens on Enter, shows the change by name, closes on Escape, focus back on its button
    const details = row.getByRole('button', { name: /^Ayrıntılar: Ayşe Yılmaz, Mehmet Demir'i sistemden uzaklaştırdı/ })
    await details.focus()
    await page.keyboard.press('Enter')
    const drawer = page.getByRole('dialog', { name: 'Kullanıcı durumu değişti' })
    await drawer.waitFor()
    const changes = await drawer.locator('table tbody tr').allTextContents()
    expect(changes).toEqual(['DurumEtkinSistemden uzaklaştırıldı'])
    expect(await drawer.locator('table').textContent()).not.toMatch(/removed|status|[0-9a-f]{8}-[0-9a-f]{4}-/)
    expect(await drawer.textContent()).toContain('Mehmet Demir')
    expect(await seriousViolations(page)).toEqual([])
    await page.keyboard.press('Escape')
    await drawer.waitFor({ state: 'hidden' })
    expect(await details.evaluate((el) => el === document.activeElement)).toBe(true)

    // a role's permission change: what was added and what removed, by name, never the raw ids
    const roleRow = page.locator('tbody tr', { hasText: 'ROLE_DENETIM rolünü değiştirdi' })
    await roleRow.getByRole('button', { name: /^Ayrıntılar:/ }).click()
    const roleDrawer = page.getByRole('dialog', { name: 'Rol değişti' })
    await roleDrawer.waitFor()
    expect(await roleDrawer.locator('[data-diff-side="added"] li').allTextContents()).toEqual(['+ Gösterge paneli: Görüntüleme'])
    expect(await roleDrawer.locator('[data-diff-side="removed"] li').allTextContents()).toEqual(['− Şirket bilgileri: Değiştirme'])
    expect(await roleDrawer.textContent()).toContain('Eklenen yetkiler')
    expect(await roleDrawer.textContent()).toContain('Kaldırılan yetkiler')
    expect(await roleDrawer.textContent()).not.toMatch(/company:update|dashboard:read/)
    expect(await seriousViolations(page)).toEqual([])
    await page.keyboard.press('Escape')
    await roleDrawer.waitFor({ state: 'hidden' })

    // English: the same entries read in English
    const reread = page.waitForRequest((r) => r.url().includes('/api/v1/audit?') && r.headers()['locale'] === 'en')
    await page.getByRole('banner').getByLabel('Dil').selectOption('en')
    await reread
    await table.getByText('Ayşe Yılmaz removed Mehmet Demir from the system').waitFor()
    expect(await table.textContent()).toContain('Ayşe Yılmaz deleted the job title Denetçi (deleted)')
    await page.getByRole('banner').getByLabel('Language').selectOption('tr')
    await table.getByText("Ayşe Yılmaz, Mehmet Demir'i sistemden uzaklaştırdı").waitFor()
    await page.close()
  })

  it('filters on the server by action, target and dates, and downloads the CSV of what the filters show', async () => {
    await browser.context.clearCookies()
    const page = await browser.context.newPage()
    await signIn(page, 'ayse.yilmaz')
    await page.waitForURL((u) => !u.pathname.startsWith('/auth/'))
    await page.goto('/navbar/settings/audit')
    const rows = page.locator('table tbody tr')
    await page.getByText("Ayşe Yılmaz, Mehmet Demir'i sistemden uzaklaştırdı").waitFor({ timeout: 15_000 })
    // the action, chosen by its name
    const byAction = page.waitForRequest((r) => r.url().includes('/api/v1/audit?') && new URL(r.url()).searchParams.get('action') === 'jobtitle.deleted')
    await page.getByLabel('İşlem').selectOption({ label: 'Unvan silindi' })
    await byAction
    await page.waitForURL(/action=jobtitle\.deleted/)
    await expect.poll(() => rows.count()).toBe(1)
    expect(await rows.first().textContent()).toContain('Denetçi (silindi) unvanını sildi')
    await page.getByLabel('İşlem').selectOption({ label: 'Tümü' })
    // the target by name
    const byTarget = page.waitForRequest((r) => r.url().includes('/api/v1/audit?') && new URL(r.url()).searchParams.get('target') === 'Mehmet Demir')
    await page.getByLabel('Kaynak (ad ya da kullanıcı adı)').fill('Mehmet Demir')
    await page.getByLabel('Kaynak (ad ya da kullanıcı adı)').press('Enter')
    await byTarget
    await expect.poll(async () => (await rows.allTextContents()).every((t) => t.includes('Mehmet Demir'))).toBe(true)
    expect(await rows.count()).toBeGreaterThan(0)
    // dates: a period that ends before today shows nothing; the last day counts whole (to = the next day)
    const today = await page.evaluate(() => new Date().toISOString().slice(0, 10))
    const byDate = page.waitForRequest((r) => {
      const q = new URL(r.url()).searchParams
      return r.url().includes('/api/v1/audit?') && q.get('from') === '2020-01-01' && q.get('to') === '2020-01-03'
    })
    await page.getByLabel('Başlangıç').fill('2020-01-01')
    await page.getByLabel('Bitiş').fill('2020-01-02')
    await byDate
    await page.getByText('Sonuç bulunamadı').waitFor()
    await page.getByLabel('Başlangıç').fill(today)
    await page.getByLabel('Bitiş').fill(today)
    await expect.poll(() => rows.count()).toBeGreaterThan(0)
    const shown = await rows.count()

    // the CSV: the same filters, translated columns, the sentences
    const download = page.waitForEvent('download')
    const asked = page.waitForRequest((r) => r.url().includes('/api/v1/audit/csv?'))
    await page.getByRole('button', { name: 'CSV olarak indir' }).click()
    const query = new URL((await asked).url()).searchParams
    expect(query.get('target')).toBe('Mehmet Demir')
    expect(query.get('from')).toBe(today)
    const file = await download
    expect(file.suggestedFilename()).toBe('audit-log.csv')
    const csv = (await readFile((await file.path())!, 'utf8')).replace(/^\uFEFF/, '').trim().split('\r\n')
    expect(csv[0]).toBe('"Zaman (Europe/Istanbul)","Olay","Kim","İşlem","Kaynak","Değişiklikler","IP adresi","İstek kimliği"')
    expect(csv).toHaveLength(shown + 1)
    expect(csv.some((l) => l.includes(`"Ayşe Yılmaz, Mehmet Demir'i sistemden uzaklaştırdı","Ayşe Yılmaz (ayse.yilmaz)","Kullanıcı durumu değişti","Mehmet Demir","Durum: Etkin → Sistemden uzaklaştırıldı"`))).toBe(true)
    await page.close()
  })

  it("a user's page lists their events, as actor and as target, and links to the filtered log", async () => {
    await browser.context.clearCookies()
    const page = await browser.context.newPage()
    await serveAxe(page)
    await signIn(page, 'ayse.yilmaz')
    await page.waitForURL((u) => !u.pathname.startsWith('/auth/'))
    const ayse = await apiSession(server.url, 'ayse.yilmaz', DEMO_PASSWORD)
    const ayseId = (((await ayse.call('GET', '/user?q=ayse.yilmaz')).body.items as Array<{ id: string; username: string }>).find((u) => u.username === 'ayse.yilmaz'))!.id
    const asked = page.waitForRequest((r) => r.url().includes('/api/v1/audit?') && new URL(r.url()).searchParams.get('user') === ayseId)
    await page.goto(`/navbar/settings/users/${ayseId}`)
    await asked
    const events = page.getByRole('region', { name: 'Olaylar' })
    // as actor (her removal of Mehmet, the role) and as target (her own sign-ins)
    await events.getByText("Ayşe Yılmaz, Mehmet Demir'i sistemden uzaklaştırdı").waitFor({ timeout: 15_000 })
    expect(await events.textContent()).toContain('Ayşe Yılmaz oturum açtı')
    expect(await seriousViolations(page)).toEqual([])
    await events.getByRole('link', { name: 'Tümünü denetim kaydında aç' }).click()
    await page.waitForURL(new RegExp(`/navbar/settings/audit\\?.*user=${ayseId}`))
    // the person picker names her
    await expect.poll(() => page.getByRole('combobox', { name: 'Kişi', exact: true }).inputValue()).toBe('Ayşe Yılmaz (ayse.yilmaz)')
    await page.close()
  })

  it('the person filter: type part of a name, pick with the keyboard, only that person\'s entries, kept in the URL across a reload; Yapan', async () => {
    await browser.context.clearCookies()
    const page = await browser.context.newPage()
    await serveAxe(page)
    await signIn(page, 'ayse.yilmaz')
    await page.waitForURL((u) => !u.pathname.startsWith('/auth/'))
    const ayse = await apiSession(server.url, 'ayse.yilmaz', DEMO_PASSWORD)
    // what the server holds about Mehmet: by him or about him, and about him only
    const expected = async (query: string) => ((await ayse.call('GET', `/audit?${query}&size=20`)).body.items as Array<{ text: string }>).map((e) => e.text)
    const all = await expected(`user=${mehmetId}`)
    const byHim = await expected(`user=${mehmetId}&as=actor`)
    expect(all.length).toBeGreaterThan(0)
    expect(byHim).toEqual(['Mehmet Demir oturum açtı'])
    expect(all).toContain("Ayşe Yılmaz, Mehmet Demir'i sistemden uzaklaştırdı")
    await page.goto('/navbar/settings/audit')
    const rows = page.locator('table tbody tr')
    await page.getByText("Ayşe Yılmaz, Mehmet Demir'i sistemden uzaklaştırdı").waitFor({ timeout: 15_000 })
    const field = page.getByRole('combobox', { name: 'Kişi', exact: true })
    expect(await field.getAttribute('aria-describedby')).toBeTruthy()
    await field.focus()
    const searched = page.waitForRequest((r) => r.url().includes('/api/v1/audit/people?'))
    await field.pressSequentially('Demi', { delay: 40 })
    expect(new URL((await searched).url()).searchParams.get('q')).toBe('Demi')
    const list = page.getByRole('listbox', { name: 'Bulunan kişiler' })
    await list.getByRole('option', { name: 'Mehmet Demir (mehmet.demir)' }).waitFor()
    expect(await seriousViolations(page)).toEqual([])
    // the arrows move the highlight (aria-activedescendant) until Mehmet; Enter picks him
    const options = await list.getByRole('option').allTextContents()
    const at = options.indexOf('Mehmet Demir (mehmet.demir)')
    for (let i = 0; i <= at; i++) await field.press('ArrowDown')
    const active = await field.getAttribute('aria-activedescendant')
    expect(await page.locator(`[id="${active}"]`).textContent()).toBe('Mehmet Demir (mehmet.demir)')
    const filtered = page.waitForRequest((r) => r.url().includes('/api/v1/audit?') && new URL(r.url()).searchParams.get('user') === mehmetId)
    await field.press('Enter')
    await filtered
    await page.waitForURL(new RegExp(`[?&]user=${mehmetId}`))
    expect(await field.inputValue()).toBe('Mehmet Demir (mehmet.demir)')
    expect(await field.getAttribute('aria-expanded')).toBe('false')
    // only his entries: what the server says about him, row for row
    await expect.poll(async () => (await rows.locator('td:nth-child(2)').allTextContents()).map((t) => t.trim())).toEqual(all)
    expect(await seriousViolations(page)).toEqual([])
    // a reload (or the link shared) keeps the person and the list
    await page.reload()
    await expect.poll(() => field.inputValue()).toBe('Mehmet Demir (mehmet.demir)')
    await expect.poll(async () => (await rows.locator('td:nth-child(2)').allTextContents()).map((t) => t.trim())).toEqual(all)
    // what he did only
    await page.getByLabel('Kişi olarak').selectOption({ label: 'Yapan' })
    await page.waitForURL(/[?&]as=actor/)
    await expect.poll(async () => (await rows.locator('td:nth-child(2)').allTextContents()).map((t) => t.trim())).toEqual(byHim)
    // cleared: everyone again, and the URL forgets him
    await page.getByRole('button', { name: 'Kişi seçimini kaldır' }).click()
    await page.waitForURL((u) => !u.searchParams.has('user') && !u.searchParams.has('as'))
    await expect.poll(async () => (await rows.locator('td:nth-child(2)').allTextContents()).some((t) => !all.includes(t.trim()))).toBe(true)
    expect(await field.inputValue()).toBe('')
    await page.close()
  })

  it('item 11: at 1280 px the inputs of one form row have one height and one top; leaving with unsaved changes shows one dialog, nothing empty behind it', async () => {
    await browser.context.clearCookies()
    const page = await browser.context.newPage()
    await page.setViewportSize({ width: 1280, height: 900 })
    await signIn(page, 'ayse.yilmaz')
    await page.waitForURL((u) => !u.pathname.startsWith('/auth/'))
    const ayse = await apiSession(server.url, 'ayse.yilmaz', DEMO_PASSWORD)
    const elifId = ((await ayse.call('GET', '/user?q=elif.kaya')).body.items as Array<{ id: string; username: string }>).find((u) => u.username === 'elif.kaya')!.id
    for (const path of [`/navbar/settings/users/${elifId}`, '/navbar/settings/users/new']) {
      await page.goto(path)
      await page.getByLabel(/^(Soyad|Kullanıcı adı)$/).first().waitFor()
      // the controls of each row (the same label top): one height, one top, whatever hint a neighbour has below
      const rows = await page.evaluate(() => {
        const controls = [...document.querySelectorAll('main input:not([type=checkbox]):not([type=radio]):not([type=file]):not([type=hidden]):not([type=search]), main select')] as HTMLInputElement[]
        const byRow = new Map<number, Array<{ top: number; height: number }>>()
        for (const el of controls) {
          const label = el.labels?.[0]
          const r = el.getBoundingClientRect()
          if (!label || !r.width) continue
          const key = Math.round(label.getBoundingClientRect().top)
          byRow.set(key, [...(byRow.get(key) ?? []), { top: Math.round(r.top), height: Math.round(r.height) }])
        }
        return [...byRow.values()].filter((row) => row.length > 1)
      })
      expect(rows.length, path).toBeGreaterThan(1)
      for (const row of rows) {
        expect(new Set(row.map((c) => c.height)).size, `${path} ${JSON.stringify(row)}`).toBe(1)
        expect(new Set(row.map((c) => c.top)).size, `${path} ${JSON.stringify(row)}`).toBe(1)
      }
    }
    // the user page with two forms changed (details and a role being added): one question, no second dialog behind it
    await page.goto(`/navbar/settings/users/${elifId}`)
    await page.getByLabel('Soyad').fill('Kaya-Yılmaz')
    await page.getByRole('link', { name: 'Kullanıcı listesine dön' }).click()
    await page.getByRole('dialog', { name: 'Kaydedilmemiş değişiklikler var' }).waitFor()
    const open = await page.evaluate(() => [...document.querySelectorAll('dialog')].filter((d) => d.open).map((d) => (d.textContent ?? '').trim()))
    expect(open).toEqual(['Kaydedilmemiş değişiklikler varSayfadan çıkarsanız değişiklikleriniz kaybolur.Sayfada kalDeğişiklikleri at ve çık'])
    await page.getByRole('button', { name: 'Sayfada kal' }).click()
    await page.getByRole('dialog').waitFor({ state: 'hidden' })
    expect(await page.evaluate(() => [...document.querySelectorAll('dialog')].filter((d) => d.open).length)).toBe(0)
    await page.close()
  })
})
