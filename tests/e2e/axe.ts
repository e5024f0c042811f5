import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import type { Page } from 'playwright-core'

const AXE = resolve(import.meta.dirname, '../../node_modules/axe-core/axe.min.js')

/** Serves axe-core from the page's own origin (the CSP allows scripts from there only). */
export async function serveAxe(page: Page) {
  await page.route('**/__axe.min.js', (route) => route.fulfill({ contentType: 'text/javascript', body: readFileSync(AXE, 'utf8') }))
}

/** The page's serious and critical axe-core violations (WCAG 2.1 A and AA, best practice), as "rule: targets". */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ url: '/__axe.min.js' })
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(o: unknown): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe
    const r = await axe.run({ runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } })
    return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
  })
}
