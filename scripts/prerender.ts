/**
 * Prerenders the public pages (PAGES) after `vite build` (the last step of `npm run build`):
 * builds src/web/entry-server.tsx for Node (Vite SSR, into dist/server), renders each page in Turkish
 * into dist/client/index.html, adds the stylesheets and module preloads of the page's route chunks
 * (so the HTML paints styled before any JavaScript runs) and writes dist/client/prerendered/.
 * and its index pages.json. The server answers those paths with these files, whatever their query;
 * the browser hydrates them (src/web/main.tsx).
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { build } from 'vite'
import { firstScreenOf, type FirstScreen } from '../src/domain/purchase-address.ts'
import { addressQuoteTaken } from '../src/domain/purchase-quote.ts'

type Chunk = { file: string; imports?: string[]; css?: string[] }
type Manifest = Record<string, Chunk>

const ROOT = resolve(import.meta.dirname, '..')
const CLIENT = join(ROOT, 'dist/client')
const SERVER = join(ROOT, 'dist/server')

const SITE = 'src/web/routes/_site.tsx'
const page = (path: string, route: string) => ({
  path,
  out: path === '/' ? 'index.html' : `${path.slice(1)}.html`,
  routes: [SITE, `src/web/routes/_site/${route}.tsx`],
  url: path,
  key: path,
  screen: 'page' as FirstScreen,
})

/**
 * A purchase page's opening screen (src/domain/purchase-address.ts): the page as it opens with a
 * quote or a purchase to retry in its address, or reloaded at a later step its address names, before
 * it hands that on to its statechart. The server answers such an address with it (`<path>?opening`
 * in the index), so it hydrates in place.
 */
const opening = (path: string, route: string, query: string) => ({
  ...page(path, route),
  out: `${path.slice(1)}.opening.html`,
  // any purchase id, any later step: the opening screen shows none of the address's values
  url: `${path}?${query}`,
  key: `${path}?opening`,
  screen: 'opening' as FirstScreen,
})

/**
 * A health or travel purchase page's phone step: the page as it opens with a quote the purchase takes
 * in its address (src/domain/purchase-quote.ts), the quote handed on and the SMS step reached. The
 * server answers such an address with it (`<path>?phone`), so the largest paint is in the HTML and it
 * hydrates in place. It shows none of the quote's values (nor did the step drawn by the page's code).
 */
const phone = (path: string, route: string, query: string) => ({
  ...page(path, route),
  out: `${path.slice(1)}.phone.html`,
  url: `${path}?${query}`,
  key: `${path}?phone`,
  screen: 'phone' as FirstScreen,
})
/** A day from the build's date (a trip the travel quote prices starts in the future). */
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10)

/**
 * Every public page (issue 23 goal 1): the landing and product pages, the six market pages, the four
 * result pages and the KVKK notice. Each renders its first screen in Turkish without any address
 * query (the quick quote, the purchase's first step, a result page's "loading"); what the address or
 * the visitor's storage adds comes with hydration.
 */
export const PAGES = [
  page('/', 'index'),
  page('/urunler/birikim/bireysel-emeklilik', 'urunler/birikim/bireysel-emeklilik'),
  ...['erkenbes', 'pratikbes', 'tss', 'seyahatsaglik', 'tsshizliteklif', 'seyahatsaglikhizliteklif'].map((p) => page(`/urunler/market/${p}`, `urunler/market/${p}`)),
  ...['success', 'error', 'tss-success', 'tss-error'].map((p) => page(`/result/${p}`, `result/${p}`)),
  page('/kvkk-aydinlatma-metni', 'kvkk-aydinlatma-metni'),
  ...['tss', 'seyahatsaglik'].map((p) => opening(`/urunler/market/${p}`, `urunler/market/${p}`, 'purchase=prerendered')),
  // BES: only a reload at a later step opens there (its `?purchase=` is rendered afresh)
  ...['erkenbes', 'pratikbes'].map((p) => opening(`/urunler/market/${p}`, `urunler/market/${p}`, 'step=contract')),
  // a quote the purchase takes (any: the phone step shows none of its values), in the router's own notation (a text that reads as a number quoted)
  phone('/urunler/market/tss', 'urunler/market/tss', 'gender=female&citycode=%2234%22&birthdate=1990-01-01&visits=8'),
  phone('/urunler/market/seyahatsaglik', 'urunler/market/seyahatsaglik', `gender=male&birthdate=1985-05-05&travelLocation=schengen&coverageType=standard&startDate=${inDays(7)}&endDate=${inDays(14)}`),
]

/** The list the server reads (src/server/main.ts): a path -> its file under dist/client/prerendered. */
export const INDEX = 'pages.json'

function closure(manifest: Manifest, keys: string[]) {
  const js = new Set<string>()
  const css = new Set<string>()
  const seen = new Set<string>()
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return
    seen.add(key)
    const chunk = manifest[key]
    if (key !== 'index.html') js.add(chunk.file)
    chunk.css?.forEach((c) => css.add(c))
    chunk.imports?.forEach(visit)
  }
  keys.forEach(visit)
  return { js, css }
}

async function main() {
  await build({ logLevel: 'warn', build: { ssr: 'src/web/entry-server.tsx', outDir: SERVER, manifest: false, emptyOutDir: true, copyPublicDir: false } })
  const { render } = (await import(pathToFileURL(join(SERVER, 'entry-server.js')).href)) as { render(url: string): Promise<{ html: string; title: string | null }> }
  const template = await readFile(join(CLIENT, 'index.html'), 'utf8')
  const manifest = JSON.parse(await readFile(join(CLIENT, '.vite/manifest.json'), 'utf8')) as Manifest
  const entryCss = new Set(manifest['index.html']?.css ?? [])
  const index: Record<string, string> = {}

  for (const page of PAGES) {
    const keys = Object.keys(manifest).filter((k) => page.routes.some((r) => k.startsWith(r + '?tsr-split')))
    if (keys.length === 0) throw new Error(`no route chunks for ${page.path} in the manifest`)
    const { css } = closure(manifest, keys)
    // all the page's CSS inline (about 4 KiB gzipped): the first paint waits for no stylesheet request
    const styles = [...entryCss, ...[...css].filter((c) => !entryCss.has(c))]
    const inlineCss = (await Promise.all(styles.map((c) => readFile(join(CLIENT, c), 'utf8')))).join('\n')
    // No modulepreload links on prerendered pages: the text is already in the HTML, and high-priority
    // preloads compete with it for a phone's bandwidth (measured: LCP 2.1 s with them, 1.8 s without).
    // The module graph still loads, and hydrates, right after.
    const head = `<style data-inlined="${styles.join(' ')}">${inlineCss.replace(/<\/style/gi, '<\\/style')}</style>`
      // each inlined stylesheet also named by a disabled <link> (not fetched, not applied): Vite's loader of a lazy
      // chunk (a later purchase step, the card form) adds a chunk's stylesheets unless a <link> names them, and a
      // global sheet added after the page's own would override them (the header shrank 16 px, CLS 0.15 on a phone)
      + styles.map((c) => `<link rel="stylesheet" href="/${c}" disabled>`).join('')
    // TanStack's scroll-restoration script is inline (blocked by the server's CSP, and absent from
    // the client's tree): leave it out so the markup hydrates exactly.
    const [pathname, search = ''] = page.url.split('?')
    if (firstScreenOf(pathname!, search, null, addressQuoteTaken(pathname!, search, new Date())) !== page.screen) throw new Error(`${page.url} does not open at its ${page.screen} screen`)
    const rendered = await render(page.url)
    const body = rendered.html.replace(/<script>[\s\S]*?<\/script>/g, '')
    if (!body.includes('<main')) throw new Error(`prerendering ${page.path} produced no <main>`)
    let html = template.replace('<div id="root"></div>', `<div id="root" data-prerendered="tr"${page.screen === 'page' ? '' : ` data-screen="${page.screen}"`}>${body}</div>`)
    for (const c of entryCss) html = html.replace(new RegExp(`\\s*<link rel="stylesheet"[^>]*href="/${c}"[^>]*>`), '')
    html = html.replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
    html = html.replace('</head>', `    ${head}\n  </head>`)
    if (!rendered.title) throw new Error(`prerendering ${page.path}: the page set no document title`)
    html = html.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(rendered.title)}</title>`)
    const file = join(CLIENT, 'prerendered', page.out)
    await mkdir(dirname(file), { recursive: true })
    await writeFile(file, html)
    index[page.key] = page.out
    console.log(`prerendered ${page.key.padEnd(40)} ${(Buffer.byteLength(html) / 1024).toFixed(1)} KiB -> dist/client/prerendered/${page.out}`)
  }
  await writeFile(join(CLIENT, 'prerendered', INDEX), JSON.stringify(index, null, 2) + '\n')
}

function escapeHtml(text: string) {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

if (import.meta.main) await main()
