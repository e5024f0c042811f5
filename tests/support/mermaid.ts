/**
 * Renders Mermaid diagrams with the Mermaid package itself (node_modules/mermaid) in headless
 * Chromium: what GitHub and a tester's viewer do with docs/diagrams/*.md. A diagram that does not
 * render, or renders a state the machine does not have, is a failure of the generator.
 */
import { resolve } from 'node:path'
import { chromium, type Browser } from 'playwright-core'

const MERMAID = resolve(import.meta.dirname, '../../node_modules/mermaid/dist/mermaid.min.js')

export type Rendered = { name: string; error: string | null; svg: string; labels: string[]; nodes: number; edges: number }

/** The ```mermaid block of a Markdown file. */
export function mermaidBlock(markdown: string): string {
  const m = /```mermaid\n([\s\S]*?)```/.exec(markdown)
  if (!m) throw new Error('no mermaid block')
  return m[1]!
}

export async function renderAll(diagrams: Array<{ name: string; text: string }>, chrome = process.env.CHROME_PATH || '/usr/bin/chromium'): Promise<Rendered[]> {
  let browser: Browser | null = null
  try {
    browser = await chromium.launch({ executablePath: chrome, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] })
    const page = await browser.newPage()
    await page.setContent('<!doctype html><html><body><div id="out"></div></body></html>')
    await page.addScriptTag({ path: MERMAID })
    await page.evaluate(() => (window as unknown as { mermaid: { initialize(o: object): void } }).mermaid.initialize({ startOnLoad: false, securityLevel: 'strict' }))
    const out: Rendered[] = []
    for (const [i, d] of diagrams.entries()) {
      out.push(await page.evaluate(async ([name, text, id]) => {
        const mermaid = (window as unknown as { mermaid: { parse(t: string): Promise<unknown>; render(id: string, t: string): Promise<{ svg: string }> } }).mermaid
        try {
          await mermaid.parse(text)
          const { svg } = await mermaid.render(id, text)
          // parsed as HTML: the labels' XHTML (an unclosed <br> in a state's description lines) is not
          // well-formed XML, and an XML parse would stop at it and drop every later state
          const doc = new DOMParser().parseFromString(svg, 'text/html')
          // every text the picture shows (state names, descriptions, edge labels, notes)
          const labels = [...doc.querySelectorAll('text, foreignObject, span, p')].map((g) => (g.textContent ?? '').trim()).filter(Boolean)
          const nodes = doc.querySelectorAll('g.node').length
          const edges = doc.querySelectorAll('path.transition, .edgePaths path, path[id^="edge"]').length
          const error = /Syntax error in text/.test(doc.documentElement.textContent ?? '') ? 'mermaid drew its error image' : null
          return { name, error, svg, labels: [...new Set(labels)], nodes, edges }
        } catch (e) {
          return { name, error: String((e as Error).message ?? e), svg: '', labels: [], nodes: 0, edges: 0 }
        }
      }, [d.name, d.text, `d${i}`] as const))
    }
    return out
  } finally {
    await browser?.close()
  }
}
