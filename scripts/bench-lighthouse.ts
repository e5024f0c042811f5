/**
 * `npm run bench` (or `node scripts/bench-lighthouse.ts` after `npm run build`): Lighthouse on the
 * production build of `/`, served by the real server (in-memory PGlite), in Debian's Chromium with
 * Lighthouse's default mobile emulation and simulated throttling. Prints the four category scores,
 * LCP, CLS, TBT, total transfer size, and the JS, CSS and HTML bytes `/` loads (transferred and
 * gzipped). Nothing is downloaded: Lighthouse and chrome-launcher drive the local browser only.
 * Targets (issue 6): performance >= 95, accessibility 100, LCP <= 2.0 s, CLS <= 0.02, JS <= 150 KiB gzipped.
 */
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { gzipSync } from 'node:zlib'
import { loadConfig } from '../src/server/config.ts'
import { startServer } from '../src/server/main.ts'

const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium'
// a Turkish browser: a first visit follows the browser's language, and only Turkish hydrates the prerendered page
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--accept-lang=tr-TR']
const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`

type NetworkItem = { url: string; resourceType?: string; transferSize?: number; resourceSize?: number }

export async function lighthouseBench(path = '/') {
  const server = await startServer(
    loadConfig({ ...process.env, NODE_ENV: 'production', PORT: '0', HOST: '127.0.0.1', DATA_DIR: 'memory://', DATABASE_URL: '', MAIL_CATCHER: 'false', LOG_LEVEL: 'silent', HSTS: 'false' }),
  )
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: FLAGS, logLevel: 'silent' })
  try {
    const url = server.url + path
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    })
    if (!result) throw new Error('Lighthouse returned no result')
    const { lhr } = result
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100)
    const audit = (id: string) => lhr.audits[id]
    const items = ((audit('network-requests')?.details as { items?: NetworkItem[] } | undefined)?.items ?? []).filter((i) => i.url.startsWith(server.url))
    const sum = (type: string) => items.filter((i) => i.resourceType === type).reduce((n, i) => n + (i.transferSize ?? 0), 0)
    const gzSizes = new Map<string, number>()
    for (const i of items.filter((x) => x.resourceType === 'Script' || x.resourceType === 'Stylesheet')) {
      gzSizes.set(i.url, gzipSync(Buffer.from(await (await fetch(i.url)).arrayBuffer()), { level: 9 }).length)
    }
    const gz = async (type: string) => items.filter((x) => x.resourceType === type).reduce((n, i) => n + (gzSizes.get(i.url) ?? 0), 0)
    const html = Buffer.from(await (await fetch(url)).arrayBuffer())
    const failed = Object.values(lhr.categories).flatMap((c) =>
      c.id === 'performance' ? [] : c.auditRefs.filter((r) => r.weight > 0 && (lhr.audits[r.id]?.score ?? 1) < 1).map((r) => `${c.id}: ${r.id}`),
    )

    console.log(`\nLighthouse ${lhr.lighthouseVersion} on ${path} (mobile emulation, simulated throttling, ${lhr.environment.hostUserAgent.match(/Chrome\/[\d.]+/)?.[0] ?? 'Chromium'})`)
    console.log(`performance ${score('performance')}  accessibility ${score('accessibility')}  best-practices ${score('best-practices')}  SEO ${score('seo')}`)
    console.log(`LCP ${audit('largest-contentful-paint')?.displayValue}  FCP ${audit('first-contentful-paint')?.displayValue}  CLS ${audit('cumulative-layout-shift')?.displayValue}  TBT ${audit('total-blocking-time')?.displayValue}  SI ${audit('speed-index')?.displayValue}`)
    console.log(`total transfer ${kib(audit('total-byte-weight')?.numericValue ?? 0)} in ${items.length} requests`)
    console.log(`JS  ${String(items.filter((i) => i.resourceType === 'Script').length).padStart(2)} files: transferred ${kib(sum('Script'))}, gzipped ${kib(await gz('Script'))}`)
    console.log(`CSS ${String(items.filter((i) => i.resourceType === 'Stylesheet').length).padStart(2)} files: transferred ${kib(sum('Stylesheet'))}, gzipped ${kib(await gz('Stylesheet'))}`)
    console.log(`HTML: ${kib(html.length)} raw, ${kib(gzipSync(html, { level: 9 }).length)} gzipped, transferred ${kib(sum('Document'))}`)
    const biggest = [...gzSizes].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([u, n]) => `${new URL(u).pathname.replace('/assets/', '')} ${kib(n)}`)
    console.log(`largest (gzipped): ${biggest.join(', ')}`)
    if (failed.length) console.log(`audits not passed: ${failed.join(', ')}`)
    if (process.env.LH_DETAILS) for (const f of failed) console.log(JSON.stringify(lhr.audits[f.split(': ')[1]!]?.details).slice(0, 3000))
  } finally {
    chrome.kill()
    await server.close()
  }
}

if (import.meta.main) await lighthouseBench(process.argv[2] ?? '/')
