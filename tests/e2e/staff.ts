import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { expect } from 'vitest'
import type { Page } from 'playwright-core'
import { DEMO_PASSWORD } from './server.ts'

const AXE = resolve(import.meta.dirname, '../../node_modules/axe-core/axe.min.js')

/** Signs a staff member in through the login form (the demo staff share DEMO_PASSWORD). */
export async function signIn(page: Page, username: string, password = DEMO_PASSWORD) {
  await page.goto('/auth/login')
  await page.locator('input[name=username]').fill(username)
  await page.locator('input[name=password]').fill(password)
  await page.getByRole('button', { name: 'Giriş Yap' }).click()
}

/**
 * Runs axe-core on each path (after its h1 shows and nothing reads "Yükleniyor…") and answers the
 * serious and critical violations by path. The page's CSP allows scripts from its own origin only:
 * axe is served there for the test.
 */
export async function axeViolations(page: Page, paths: readonly string[]): Promise<Record<string, string[]>> {
  await page.route('**/__axe.min.js', (route) => route.fulfill({ contentType: 'text/javascript', body: readFileSync(AXE, 'utf8') }))
  const found: Record<string, string[]> = {}
  for (const path of paths) {
    await page.goto(path)
    await page.locator('h1').first().waitFor()
    await expect.poll(() => page.getByText('Yükleniyor…').count()).toBe(0)
    await page.addScriptTag({ url: '/__axe.min.js' })
    const violations = await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run(o: unknown): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe
      const r = await axe.run({ runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } })
      return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
    })
    if (violations.length) found[path] = violations
  }
  return found
}
