import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { launch, type Browser } from './browser.ts'
import { caughtMail, DEMO_PASSWORD, startE2eServer, type E2eServer } from './server.ts'
import { TEST_ADMIN } from '../support/constants.ts'
import { apiSession, createRoleHolder, pageApi as api, signInWithTemporary } from './staff.ts'

const AXE = resolve(import.meta.dirname, '../../node_modules/axe-core/axe.min.js')

type Group = { id: string; name: string; level: string; parentId: string | null; version: number }


const groups = async (page: Page) => (await api<{ items: Group[] }>(page, 'GET', '/group')).body.items
const parentName = async (page: Page, name: string) => {
  const all = await groups(page)
  const g = all.find((x) => x.name === name)!
  return all.find((x) => x.id === g.parentId)?.name ?? null
}
/** The seeded company's name (src/server/db/seed.ts). */
const COMPANY = 'Katılım Emeklilik ve Hayat A.Ş.'
const node = (page: Page, name: string) => page.getByRole('treeitem', { name: new RegExp(`^${name}\\s*,`) })
const status = (page: Page) => page.getByTestId('org-status')
const transform = (page: Page) => page.getByTestId('org-world').evaluate((el) => (el as HTMLElement).style.transform)

async function centre(page: Page, name: string) {
  const box = (await node(page, name).boundingBox())!
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 }
}

/** A mouse drag from one block to another, in small steps as a hand would. */
async function drag(page: Page, from: string, to: string, opts: { release?: boolean } = {}) {
  const a = await centre(page, from)
  const b = await centre(page, to)
  await page.mouse.move(a.x, a.y)
  await page.mouse.down()
  await page.mouse.move(a.x + 10, a.y + 10, { steps: 3 })
  await page.mouse.move(b.x, b.y, { steps: 12 })
  if (opts.release !== false) await page.mouse.up()
}

async function openTeam(page: Page) {
  await page.goto('/navbar/settings/team')
  await page.getByRole('heading', { level: 1, name: 'Ekip' }).waitFor()
  // the root is the company, by its name (issue 25 item 10)
  await node(page, COMPANY).waitFor()
}

describe('organisation builder: the Team page (real server, Chromium)', () => {
  let server: E2eServer
  let browser: Browser
  let page: Page
  beforeAll(async () => {
    server = await startE2eServer('org')
    browser = await launch({ baseUrl: server.url })
    page = await browser.context.newPage()
    page.on('dialog', (d) => void d.accept())
    await page.goto('/auth/login')
    await page.locator('input[name=username]').fill('ayse.yilmaz')
    await page.locator('input[name=password]').fill(DEMO_PASSWORD)
    await page.getByRole('button', { name: 'Giriş Yap' }).click()
    await page.waitForURL('**/navbar/settings/global-settings')
    // a small company: two management groups, a unit under each, a team under the first unit
    const make = async (name: string, level: string, parentId: string | null) =>
      (await api<Group>(page, 'POST', '/group', { name, level, parentId })).body.id
    const m1 = await make('Genel Müdürlük', 'management', null)
    const m2 = await make('Bölge Müdürlüğü', 'management', null)
    const u1 = await make('Satış', 'unit', m1)
    await make('Operasyon', 'unit', m2)
    await make('Ekip Alfa', 'team', u1)
  })
  afterAll(async () => {
    await browser?.close()
    await server?.stop()
  })

  it('a mouse drag onto a valid parent moves the group, and a reload shows it there', async () => {
    await openTeam(page)
    await drag(page, 'Ekip Alfa', 'Operasyon', { release: false })
    await expect.poll(() => node(page, 'Operasyon').getAttribute('data-target')).toBe('valid')
    await page.mouse.up()
    await expect.poll(() => status(page).textContent()).toBe('Ekip Alfa, Operasyon altına taşındı.')
    expect(await parentName(page, 'Ekip Alfa')).toBe('Operasyon')
    await page.reload()
    await node(page, 'Ekip Alfa').waitFor()
    // the compact chart stacks a unit's teams in a column under it, indented, one level deeper
    const team = (await node(page, 'Ekip Alfa').boundingBox())!
    const unit = (await node(page, 'Operasyon').boundingBox())!
    expect(team.x).toBeGreaterThan(unit.x)
    expect(team.y).toBeGreaterThan(unit.y + unit.height)
    expect(await node(page, 'Ekip Alfa').getAttribute('aria-level')).toBe('4')
  })

  it('a drag onto a parent of the wrong level says "Hatalı Seviye" and moves nothing', async () => {
    await openTeam(page)
    const before = await transform(page)
    await drag(page, 'Satış', 'Operasyon', { release: false })
    await expect.poll(() => node(page, 'Operasyon').getAttribute('data-target')).toBe('invalid')
    await page.mouse.up()
    await expect.poll(() => status(page).textContent()).toBe('Hatalı Seviye: hiçbir şey taşınmadı.')
    expect(await parentName(page, 'Satış')).toBe('Genel Müdürlük')
    expect(await transform(page)).toBe(before)
    // a team onto itself's own subtree is impossible too: a management group under its own unit
    await drag(page, 'Genel Müdürlük', 'Satış')
    await expect.poll(() => status(page).textContent()).toBe('Bir grup kendi alt grubunun altına taşınamaz: hiçbir şey taşınmadı.')
    expect(await parentName(page, 'Genel Müdürlük')).toBeNull()
  })

  it('Escape during a mouse drag cancels it: nothing moves', async () => {
    await openTeam(page)
    const parent = await parentName(page, 'Ekip Alfa')
    await drag(page, 'Ekip Alfa', 'Satış', { release: false })
    await expect.poll(() => node(page, 'Satış').getAttribute('data-target')).toBe('valid')
    await page.keyboard.press('Escape')
    await expect.poll(() => status(page).textContent()).toBe('Taşıma iptal edildi, hiçbir şey değişmedi.')
    await page.mouse.up()
    expect(await node(page, 'Satış').getAttribute('data-target')).toBeNull()
    expect(await parentName(page, 'Ekip Alfa')).toBe(parent)
  })

  it('undo puts the last move back', async () => {
    await openTeam(page)
    await drag(page, 'Ekip Alfa', 'Satış')
    await expect.poll(() => status(page).textContent()).toBe('Ekip Alfa, Satış altına taşındı.')
    await page.getByRole('button', { name: 'Son taşımayı geri al' }).click()
    await expect.poll(() => status(page).textContent()).toBe('Son taşıma geri alındı.')
    expect(await parentName(page, 'Ekip Alfa')).toBe('Operasyon')
    expect(await page.getByRole('button', { name: 'Son taşımayı geri al' }).isDisabled()).toBe(true)
  })

  it('the same move by keyboard only: focus, pick up, step through parents, drop; Escape cancels', async () => {
    await openTeam(page)
    // the toolbar's last button ("Ağacı yeniden yükle", always there), then Tab into the chart
    await page.getByRole('button', { name: 'Ağacı yeniden yükle' }).focus()
    await page.keyboard.press('Tab')
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(`${COMPANY}, Şirket`)
    // root > Bölge Müdürlüğü (first by name) > Operasyon > Ekip Alfa
    for (const key of ['ArrowDown', 'ArrowDown', 'ArrowDown']) await page.keyboard.press(key)
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Ekip Alfa, Ekip')
    await page.keyboard.press('Space')
    await expect.poll(() => status(page).textContent()).toMatch(/^Ekip Alfa alındı\./)
    let found = false
    const heard: string[] = []
    for (let i = 0; i < 8 && !found; i++) {
      const before = (await status(page).textContent()) ?? ''
      await page.keyboard.press('ArrowRight')
      await expect.poll(() => status(page).textContent()).not.toBe(before)
      heard.push((await status(page).textContent()) ?? '')
      found = heard.at(-1) === 'Hedef: Satış. Buraya bırakılabilir.'
    }
    if (!found) console.log(heard)
    expect(found).toBe(true)
    await page.keyboard.press('Enter')
    await expect.poll(() => status(page).textContent()).toBe('Ekip Alfa, Satış altına taşındı.')
    expect(await parentName(page, 'Ekip Alfa')).toBe('Satış')
    // focus stays on the moved group; pick it up again and cancel
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Ekip Alfa, Ekip')
    await page.keyboard.press('Enter')
    await page.keyboard.press('ArrowRight')
    await expect.poll(() => status(page).textContent()).toMatch(/^Hedef: /)
    await page.keyboard.press('Escape')
    await expect.poll(() => status(page).textContent()).toBe('Taşıma iptal edildi, hiçbir şey değişmedi.')
    expect(await parentName(page, 'Ekip Alfa')).toBe('Satış')
  })

  it('zoom in, zoom out, fit, wheel and panning change the transform', async () => {
    await openTeam(page)
    const fitted = await transform(page)
    const zoom = () => page.getByTestId('org-zoom').textContent().then((t) => Number.parseInt(t!, 10))
    const z0 = await zoom()
    await page.getByRole('button', { name: 'Yakınlaştır' }).click()
    await expect.poll(zoom).toBeGreaterThan(z0)
    expect(await transform(page)).not.toBe(fitted)
    await page.getByRole('button', { name: 'Uzaklaştır' }).click()
    await page.getByRole('button', { name: 'Uzaklaştır' }).click()
    await expect.poll(zoom).toBeLessThan(z0)
    await page.getByRole('button', { name: 'Sığdır' }).click()
    await expect.poll(() => transform(page)).toBe(fitted)
    // far out (below 20%) a block is one element whose label is its name and level: still named for a screen reader
    for (let i = 0; i < 30 && (await zoom()) >= 20; i++) await page.getByRole('button', { name: 'Uzaklaştır' }).click()
    await expect.poll(() => node(page, 'Ekip Alfa').getAttribute('aria-label')).toBe('Ekip Alfa, Ekip')
    expect(await node(page, 'Ekip Alfa').textContent()).toBe('')
    await page.getByRole('button', { name: 'Sığdır' }).click()
    await expect.poll(() => transform(page)).toBe(fitted)
    // the pointer works where a person sees the pane: scrolled into the window first (a banner above
    // the header, or a shorter window, may leave its lower edge below the fold)
    await page.getByTestId('org-viewport').scrollIntoViewIfNeeded()
    const box = (await page.getByTestId('org-viewport').boundingBox())!
    await page.mouse.move(box.x + box.width / 2, box.y + box.height - 20)
    await page.mouse.wheel(0, -300)
    await expect.poll(zoom).toBeGreaterThan(z0)
    // a drag on the background pans
    const zoomed = await transform(page)
    await page.mouse.move(box.x + 10, box.y + box.height - 10)
    await page.mouse.down()
    await page.mouse.move(box.x + 110, box.y + box.height - 60, { steps: 5 })
    await page.mouse.up()
    await expect.poll(() => transform(page)).not.toBe(zoomed)
  })

  it('create, edit, and a refused delete with the server\'s reason; an empty group deletes', async () => {
    await openTeam(page)
    await page.getByRole('button', { name: 'Yeni grup' }).click()
    const form = page.getByRole('form', { name: 'Yeni grup' })
    await form.getByRole('button', { name: 'Kaydet' }).click()
    await form.getByText('Grup adı ve grup tipi tanımlanmalıdır').first().waitFor()
    await form.locator('input[name=name]').fill('Ekip Beta')
    await form.locator('select[name=level]').selectOption('team')
    await form.locator('select[name=parentId]').selectOption({ label: 'Operasyon (Organizasyon birimi)' })
    await form.getByRole('button', { name: 'Kaydet' }).click()
    await node(page, 'Ekip Beta').waitFor()
    expect(await parentName(page, 'Ekip Beta')).toBe('Operasyon')

    const edit = page.getByRole('form', { name: 'Grubu düzenle' })
    await edit.locator('input[name=name]').fill('Ekip Gama')
    await edit.getByRole('button', { name: 'Kaydet' }).click()
    await node(page, 'Ekip Gama').waitFor()

    await node(page, 'Operasyon').click()
    await expect.poll(() => edit.locator('input[name=name]').inputValue()).toBe('Operasyon')
    // deletion asks first (a dialog of the org-builder machine); the server's refusal shows in it
    const confirm = page.getByRole('dialog', { name: 'Grup silinsin mi?' })
    await edit.getByRole('button', { name: 'Grubu sil' }).click()
    await confirm.getByText('"Operasyon" grubu kalıcı olarak silinecek.').waitFor()
    await confirm.getByRole('button', { name: 'Sil' }).click()
    await expect.poll(() => confirm.getByTestId('group-delete-error').textContent()).toMatch(/^Alt grubu, üyesi veya rolü olan bir grup silinemez: [1-9] alt grup$/)
    await confirm.getByRole('button', { name: 'Vazgeç' }).click()
    await confirm.waitFor({ state: 'hidden' })
    expect((await groups(page)).some((g) => g.name === 'Operasyon')).toBe(true)

    await node(page, 'Ekip Gama').click()
    await expect.poll(() => edit.locator('input[name=name]').inputValue()).toBe('Ekip Gama')
    // Escape (the dialog's cancel) keeps the group
    await edit.getByRole('button', { name: 'Grubu sil' }).click()
    await confirm.waitFor()
    await page.keyboard.press('Escape')
    await confirm.waitFor({ state: 'hidden' })
    expect(await node(page, 'Ekip Gama').count()).toBe(1)
    await edit.getByRole('button', { name: 'Grubu sil' }).click()
    await confirm.getByRole('button', { name: 'Sil' }).click()
    await expect.poll(() => node(page, 'Ekip Gama').count()).toBe(0)
    await expect.poll(() => status(page).textContent()).toBe('Grup silindi.')
    expect((await groups(page)).some((g) => g.name === 'Ekip Gama')).toBe(false)
  })

  it('the global search\'s link (?q=) selects that group, centred, with its form', async () => {
    await page.goto('/navbar/settings/team?q=Satış')
    await expect.poll(() => node(page, 'Satış').getAttribute('aria-selected')).toBe('true')
    await expect.poll(() => page.getByRole('form', { name: 'Grubu düzenle' }).locator('input[name=name]').inputValue()).toBe('Satış')
    expect(await page.getByTestId('org-zoom').textContent()).toBe('100%')
    const pane = (await page.getByTestId('org-viewport').boundingBox())!
    const c = await centre(page, 'Satış')
    expect(Math.abs(c.x - (pane.x + pane.width / 2))).toBeLessThan(2)
  })

  it('on a phone a finger drags a block onto a new parent (touch pointer events)', async () => {
    const phone = await launch({ baseUrl: server.url, viewport: { width: 390, height: 844 }, hasTouch: true })
    try {
      const p = await phone.context.newPage()
      await p.goto('/auth/login')
      await p.locator('input[name=username]').fill('ayse.yilmaz')
      await p.locator('input[name=password]').fill(DEMO_PASSWORD)
      await p.getByRole('button', { name: 'Giriş Yap' }).click()
      await p.waitForURL('**/navbar/settings/**')
      await openTeam(p)
      const from = await parentName(p, 'Ekip Alfa')
      const to = from === 'Satış' ? 'Operasyon' : 'Satış'
      const cdp = await phone.context.newCDPSession(p)
      // touches land where the finger is: the pane scrolled into the phone's window first
      await p.getByTestId('org-viewport').scrollIntoViewIfNeeded()
      const a = await centre(p, 'Ekip Alfa')
      const b = await centre(p, to)
      const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number, y: number) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] })
      await touch('touchStart', a.x, a.y)
      for (let i = 1; i <= 10; i++) await touch('touchMove', a.x + ((b.x - a.x) * i) / 10, a.y + ((b.y - a.y) * i) / 10)
      await touch('touchEnd', b.x, b.y)
      await expect.poll(() => status(p).textContent()).toBe(`Ekip Alfa, ${to} altına taşındı.`)
      expect(await parentName(p, 'Ekip Alfa')).toBe(to)
    } finally {
      await phone.close()
    }
  })

  it('axe-core finds no serious or critical violation on the chart, idle and while a block is picked up', async () => {
    await page.route('**/__axe.min.js', (route) => route.fulfill({ contentType: 'text/javascript', body: readFileSync(AXE, 'utf8') }))
    await openTeam(page)
    await page.addScriptTag({ url: '/__axe.min.js' })
    const scan = () => page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run(o: unknown): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe
      const r = await axe.run({ runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } })
      return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
    })
    expect(await scan()).toEqual([])
    await node(page, 'Ekip Alfa').focus()
    await page.keyboard.press('Space')
    await page.keyboard.press('ArrowRight')
    expect(await scan()).toEqual([])
    await page.keyboard.press('Escape')
  })

  it('a person who may read the team but not change it cannot start a drag, by mouse or keyboard, and is told why (issue 25 item 10)', async () => {
    const admin = await apiSession(server.url, TEST_ADMIN.username, TEST_ADMIN.password)
    const reader = await admin.call('POST', '/role', {
      rolename: 'ROLE_EKIP_OKUR', roleType: 'main', groupId: null, gdprLevel: 'PUBLIC', teamSize: null, isMainRole: true,
      permissions: [{ permtag: 'group', actions: ['read'] }, { permtag: 'profile', actions: ['read'] }],
    })
    expect(reader.status, JSON.stringify(reader.body)).toBe(201)
    const made = await createRoleHolder(admin, { username: 'okur.ekip', firstName: 'Okur', lastName: 'Ekip', nationalIdBase: '345678912' }, reader.body.id as string)
    expect(made.status, JSON.stringify(made.body)).toBe(201)
    await expect.poll(async () => (await caughtMail(server.url, 'okur.ekip@example.com')).length, { timeout: 15_000 }).toBe(1)
    const temporary = /Geçici şifreniz: (\S+)/.exec((await caughtMail(server.url, 'okur.ekip@example.com'))[0]!.text)![1]!
    const other = await launch({ baseUrl: server.url })
    try {
      const p = await other.context.newPage()
      await signInWithTemporary(p, 'okur.ekip', temporary, 'Ekip-Okur-Şifre-9!')
      await p.waitForURL((u) => !u.pathname.startsWith('/auth/'))
      await openTeam(p)
      const before = await node(p, 'Ekip Alfa').boundingBox()
      const cannot = 'Grupları taşıma yetkiniz yok: bir yöneticiden grup değiştirme yetkisi isteyin.'
      // the mouse: pressing and moving a block does not pick it up
      await drag(p, 'Ekip Alfa', 'Operasyon')
      await expect.poll(() => status(p).textContent()).toContain(cannot)
      expect(await p.locator('[data-target]').count()).toBe(0)
      expect(await node(p, 'Ekip Alfa').boundingBox()).toEqual(before)
      // the keyboard: Space on a block says the same
      await p.reload()
      await openTeam(p)
      await node(p, 'Ekip Alfa').focus()
      await p.keyboard.press('Space')
      await expect.poll(() => status(p).textContent()).toContain(cannot)
      await p.keyboard.press('ArrowRight')
      expect(await p.locator('[data-target]').count()).toBe(0)
    } finally {
      await other.close()
    }
  })
})
