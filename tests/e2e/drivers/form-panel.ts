import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import type { AnyEventObject } from 'xstate'
import { formPanelExpectations } from '../../machines/expectations/form-panel.ts'
import { formPanelModel, GROUP_A, GROUP_B, GROUP_NAMES } from '../../machines/models/form-panel.model.ts'
import { DEMO_PASSWORD, type E2eServer } from '../server.ts'
import { apiSession, signInOnce } from '../staff.ts'
import type { Driver } from './types.ts'

/**
 * The form-panel statechart beside the organisation chart (Team, signed in as ayse.yilmaz:
 * every group permission). Groups A and B ("Model Grup A", "Model Grup B", top-level units) are
 * made through the API before each path, empty (what a path created in them is deleted first);
 * choosing a group is a click on its block in the chart, "Yeni grup" is the page's button,
 * `saved` is a new group named and typed in the form and saved for real, `removed` is "Grubu sil"
 * confirmed (a real deletion), `close` is the form's "Kapat".
 */
const NEW_PREFIX = 'Model Yeni'
type Group = { id: string; name: string; parentId: string | null; version: number }
const ids = new WeakMap<Page, Map<string, string>>()
let serial = 0

/** One API session per server (signing in again for every path would use up the sign-in limit). */
const sessions = new WeakMap<E2eServer, Awaited<ReturnType<typeof apiSession>>>()

async function resetGroups(server: E2eServer): Promise<Map<string, string>> {
  let s = sessions.get(server)
  if (!s) { s = await apiSession(server.url, 'ayse.yilmaz', DEMO_PASSWORD); sessions.set(server, s) }
  const list = async () => (await s.call('GET', '/group')).body.items as Group[]
  // what earlier paths created: deleted leaves first
  for (;;) {
    const items = await list()
    const ours = new Set([...Object.values(GROUP_NAMES)])
    const mine = items.filter((g) => g.name.startsWith(NEW_PREFIX) || (g.parentId !== null && ours.has(items.find((p) => p.id === g.parentId)?.name ?? '')))
    const leaves = mine.filter((g) => !items.some((c) => c.parentId === g.id))
    if (leaves.length === 0) break
    for (const g of leaves) {
      const res = await s.call('DELETE', `/group/${g.id}?version=${g.version}`)
      expect(res.status, JSON.stringify(res.body)).toBe(200)
    }
  }
  const items = await list()
  const map = new Map<string, string>()
  for (const [key, name] of Object.entries(GROUP_NAMES)) {
    let found = items.find((g) => g.name === name)
    if (!found) {
      const made = await s.call('POST', '/group', { name, level: 'unit', parentId: null })
      expect(made.status, JSON.stringify(made.body)).toBe(201)
      found = made.body as unknown as Group
    }
    map.set(key, found.id)
  }
  return map
}

export const formPanelDriver: Driver = {
  id: 'formPanel',
  model: formPanelModel,
  expectations: formPanelExpectations,
  async open(page, _path, server) {
    ids.set(page, await resetGroups(server))
    await signInOnce(page, server, 'ayse.yilmaz')
    await page.goto('/navbar/settings/team')
    // the chart has drawn both groups
    for (const key of [GROUP_A, GROUP_B]) await page.locator(`[data-node-id="${ids.get(page)!.get(key)}"]`).waitFor()
    await page.waitForFunction(() => (window as unknown as { __e2eCoverage: Record<string, { value: unknown }> }).__e2eCoverage.formPanel?.value != null)
  },
  // the company's own block pressed while no group is chosen: the chart sends `close`, which a closed panel ignores
  async ignore(page, state, event) {
    if (state !== 'closed' || event.type !== 'close') return false
    await page.locator('[data-node-id="__company__"]').click()
    return true
  },
  async act(page, step) {
    const e = step.event as AnyEventObject & { id?: string }
    const panel = page.locator('form[aria-label="Yeni grup"], form[aria-label="Grubu düzenle"]')
    switch (e.type) {
      case 'open': await page.locator(`[data-node-id="${ids.get(page)!.get(e.id!)}"]`).click(); break
      case 'create': await page.getByRole('button', { name: 'Yeni grup', exact: true }).click(); break
      case 'saved': {
        const form = page.getByRole('form', { name: 'Yeni grup' })
        await form.getByLabel('Grup adı').fill(`${NEW_PREFIX} ${Date.now()}-${++serial}`)
        await form.getByLabel('Grup tipi').selectOption('team')
        await form.getByRole('button', { name: 'Kaydet', exact: true }).click()
        break
      }
      case 'removed':
        await panel.getByRole('button', { name: 'Grubu sil' }).click()
        await page.getByRole('dialog', { name: 'Grup silinsin mi?' }).getByRole('button', { name: 'Sil', exact: true }).click()
        break
      case 'close': await panel.getByRole('button', { name: 'Kapat', exact: true }).click(); break
      default: throw new Error(`form-panel driver: no browser action for ${e.type}`)
    }
  },
}
