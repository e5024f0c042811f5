import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { launch, type Browser } from './browser.ts'
import { DEMO_PASSWORD, startE2eServer, type E2eServer } from './server.ts'

/**
 * Issue 25 item 10: with 29 groups (long names, as a real company's) the org chart opens with every
 * block label legible, 12 px or more on screen (a fit pane drew them at 9.8 px and cut them:
 * "Bölge 1 Birim 1 İ..."), and a name the block cuts is reachable in full: the block's tooltip
 * (title) and its accessible name.
 */

type Group = { id: string; name: string; level: string; parentId: string | null; version: number }

function api<T>(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  return page.evaluate(async ({ method, path, body }) => {
    const res = await fetch(`/api/v1${path}`, {
      method,
      headers: {
        'content-type': 'application/json', trxType: 'FRM', locale: 'tr',
        companyId: localStorage.getItem('companyId') ?? '', sessionId: localStorage.getItem('sessionId') ?? '', role_name: localStorage.getItem('activeRole') ?? '',
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    return { status: res.status, body: await res.json() }
  }, { method, path, body }) as Promise<{ status: number; body: T }>
}

/** Every drawn block with what the eye gets: its labels' size on screen (computed size x the chart's scale), cut or not, its tooltip. */
function drawnBlocks(page: Page) {
  return page.getByTestId('org-viewport').evaluate((pane) => {
    const world = pane.querySelector<HTMLElement>('[data-testid="org-world"]')!
    const scale = new DOMMatrix(getComputedStyle(world).transform).a
    const box = pane.getBoundingClientRect()
    return [...pane.querySelectorAll<HTMLElement>('[role="treeitem"]')].map((el) => {
      const r = el.getBoundingClientRect()
      const labels = [...el.querySelectorAll<HTMLElement>(':scope > span')].filter((s) => !s.classList.contains('visually-hidden') && s.getAttribute('aria-hidden') !== 'true')
      return {
        id: el.dataset.nodeId!, level: el.dataset.level!, title: el.getAttribute('title'), text: el.textContent ?? '',
        inPane: r.bottom > box.top && r.top < box.bottom && r.right > box.left && r.left < box.right,
        labels: labels.map((s) => ({ text: s.textContent ?? '', px: Number.parseFloat(getComputedStyle(s).fontSize) * scale, cut: s.scrollWidth > s.clientWidth + 1 })),
      }
    })
  })
}

describe('org chart labels at 29 groups (issue 25 item 10, Chromium)', () => {
  let server: E2eServer
  let browser: Browser
  let page: Page
  const names: string[] = []
  beforeAll(async () => {
    server = await startE2eServer('org-labels')
    browser = await launch({ baseUrl: server.url })
    page = await browser.context.newPage()
    await page.goto('/auth/login')
    await page.locator('input[name=username]').fill('ayse.yilmaz')
    await page.locator('input[name=password]').fill(DEMO_PASSWORD)
    await page.getByRole('button', { name: 'Giriş Yap' }).click()
    await page.waitForURL('**/navbar/settings/global-settings')
    const make = async (name: string, level: string, parentId: string | null) => {
      const res = await api<Group>(page, 'POST', '/group', { name, level, parentId })
      expect(res.status).toBe(201)
      names.push(name)
      return res.body.id
    }
    // three regions of two units of three teams, and two management groups of their own: 29 groups
    for (let r = 1; r <= 3; r++) {
      const region = await make(`Bölge ${r} Müdürlüğü`, 'management', null)
      for (let u = 1; u <= 2; u++) {
        const unit = await make(`Bölge ${r} Birim ${u} Operasyon`, 'unit', region)
        for (let t = 1; t <= 3; t++) await make(`Bölge ${r} Birim ${u} İnsan Kaynakları Ekibi ${t}`, 'team', unit)
      }
    }
    await make('İç Denetim Müdürlüğü', 'management', null)
    await make('Hukuk Müdürlüğü', 'management', null)
  }, 120_000)
  afterAll(async () => {
    await browser?.close()
    await server?.stop()
  })

  it('opens with every label of the blocks in view at 12 px or more, and every cut name in full in its tooltip and accessible name', async () => {
    const all = (await api<{ items: Group[] }>(page, 'GET', '/group')).body.items
    expect(all.length).toBe(29)
    await page.goto('/navbar/settings/team')
    await page.getByRole('heading', { level: 1, name: 'Ekip' }).waitFor()
    await page.locator('[data-level="team"]').first().waitFor()
    // the first view has settled (the pane measured, the first view applied)
    await expect.poll(async () => (await drawnBlocks(page)).filter((b) => b.inPane).length).toBeGreaterThan(15)
    const blocks = (await drawnBlocks(page)).filter((b) => b.inPane)
    for (const b of blocks) {
      expect(b.labels.length, `${b.text}: a label is shown`).toBeGreaterThan(0)
      for (const l of b.labels) expect(l.px, `"${l.text}" in ${b.level} is ${l.px.toFixed(1)} px on screen`).toBeGreaterThanOrEqual(12)
    }
    // every level's blocks are in view, so each kind of label was measured
    expect(new Set(blocks.map((b) => b.level))).toEqual(new Set(['company', 'management', 'unit', 'team']))

    // a team's long name does not fit its block: the eye sees it cut, the tooltip and the accessible name carry it whole
    const cut = blocks.filter((b) => b.labels.some((l) => l.cut))
    expect(cut.length).toBeGreaterThan(0)
    for (const b of blocks) {
      const name = b.labels[0]!.text
      expect(names.includes(name) || b.level === 'company', `${name} is a group's full name`).toBe(true)
      expect(b.title).toMatch(new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}, `))
    }
    // a cut name's block: its accessible name (what a screen reader says) is the whole name and the level
    const esc = (x: string) => x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    for (const b of cut) {
      const name = b.labels[0]!.text
      const block = page.getByRole('treeitem', { name: new RegExp(`^${esc(name)}\\s*,\\s*${b.level === 'team' ? 'Ekip' : '.+'}$`) })
      expect(await block.count(), `${name} by its accessible name`).toBe(1)
      expect(await block.getAttribute('data-node-id')).toBe(b.id)
    }
    expect(cut.some((b) => b.level === 'team' && b.labels[0]!.text.startsWith('Bölge 1 Birim 1 İnsan Kaynakları Ekibi'))).toBe(true)
  })

  it('keeps them legible while the keyboard walks down the chart: the pane follows the focus', async () => {
    await page.locator('[data-node-id]').first().focus()
    // Home, then down into the first region and its first unit and team: each block focused is in view, legible
    await page.keyboard.press('Home')
    for (const key of ['ArrowDown', 'ArrowDown', 'ArrowDown']) {
      await page.keyboard.press(key)
      const focused = await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.nodeId ?? null)
      expect(focused).not.toBeNull()
    }
    const focusedName = await page.evaluate(() => document.activeElement?.getAttribute('title'))
    expect(focusedName).toBe('Bölge 1 Birim 1 İnsan Kaynakları Ekibi 1, Ekip')
    const blocks = await drawnBlocks(page)
    const focused = blocks.find((b) => b.title === focusedName)!
    expect(focused.inPane).toBe(true)
    for (const l of focused.labels) expect(l.px).toBeGreaterThanOrEqual(12)
  })
})
