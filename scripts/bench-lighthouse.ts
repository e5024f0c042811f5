/**
 * `npm run bench` (or `node scripts/bench-lighthouse.ts [path ...]` after `npm run build`): Lighthouse
 * on the production build of the public pages, served by the real server (in-memory PGlite), in
 * Debian's Chromium, on the phone profile of issue 23: a 375 x 740 screen (DPR 2), Slow 4G
 * (150 ms RTT, 1.6 Mbit/s) and a 4x slower CPU. The throttling is Lighthouse's *simulated* one
 * (`throttlingMethod: 'simulate'`, its `mobileSlow4G` constants are that profile): it computes the
 * timings from one unthrottled load's dependency graph, so a busy shared machine moves it far less
 * than DevTools throttling would (observed CPU task times still count, times four).
 *
 * Per page: the four category scores, FCP (first paint), LCP, CLS, TBT, and the JS the page loads
 * before the visitor acts (scripts requested during the load, gzipped). Nothing is downloaded:
 * Lighthouse and chrome-launcher drive the local browser only.
 * Targets (issue 23): FCP <= 1.5 s, LCP <= 2.5 s, CLS <= 0.02, performance >= 95 on `/` and the market pages.
 */
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { gzipSync } from 'node:zlib'
import { loadConfig } from '../src/server/config.ts'
import { startServer } from '../src/server/main.ts'

const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium'
// a Turkish browser: a first visit follows the browser's language, and only Turkish hydrates the prerendered pages
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--accept-lang=tr-TR']
const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`

/** The phone of issue 23. */
export const PHONE = { width: 375, height: 740, deviceScaleFactor: 2 }

/** The public pages the bench measures (the result pages share one view: one of each kind). */
export const PUBLIC_PAGES = [
  '/',
  '/urunler/market/erkenbes',
  '/urunler/market/pratikbes',
  '/urunler/market/tss',
  '/urunler/market/seyahatsaglik',
  '/urunler/market/tsshizliteklif',
  '/urunler/market/seyahatsaglikhizliteklif',
  '/result/success',
  '/result/tss-error',
  '/kvkk-aydinlatma-metni',
]

type NetworkItem = { url: string; resourceType?: string; transferSize?: number; resourceSize?: number }

export type PageFigures = {
  path: string
  performance: number
  accessibility: number
  bestPractices: number
  seo: number
  fcpMs: number
  lcpMs: number
  cls: number
  tbtMs: number
  jsFiles: number
  /** gzipped (level 9) bytes of the scripts the page requested during the load */
  jsGz: number
  htmlGz: number
  failedAudits: string[]
}

/** Lighthouse on each path, one server and one browser for all. */
export async function lighthousePages(paths: string[] = PUBLIC_PAGES, log: (line: string) => void = console.log): Promise<PageFigures[]> {
  const server = await startServer(
    loadConfig({ ...process.env, NODE_ENV: 'production', PORT: '0', HOST: '127.0.0.1', DATA_DIR: 'memory://', DATABASE_URL: '', MAIL_CATCHER: 'false', LOG_LEVEL: 'silent', HSTS: 'false' }),
  )
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: FLAGS, logLevel: 'silent' })
  const gzCache = new Map<string, number>()
  const gzOf = async (url: string) => {
    const key = new URL(url).pathname
    if (!gzCache.has(key)) gzCache.set(key, gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer()), { level: 9 }).length)
    return gzCache.get(key)!
  }
  const out: PageFigures[] = []
  try {
    for (const path of paths) {
      const url = server.url + path
      const run = () => lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        formFactor: 'mobile',
        screenEmulation: { mobile: true, ...PHONE, disabled: false },
        throttlingMethod: 'simulate',
      })
      let result = await run()
      // the browser's first load after its start can end without a trace (NO_FCP and the like): once more
      if (result?.lhr.runtimeError) {
        log(`${path}: ${result.lhr.runtimeError.code}, measured again`)
        result = await run()
      }
      if (!result) throw new Error(`Lighthouse returned no result for ${path}`)
      const { lhr } = result
      const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100)
      const num = (id: string) => lhr.audits[id]?.numericValue ?? NaN
      const items = ((lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? []).filter((i) => i.url.startsWith(server.url))
      const scripts = items.filter((i) => i.resourceType === 'Script')
      let jsGz = 0
      for (const s of scripts) jsGz += await gzOf(s.url)
      const html = Buffer.from(await (await fetch(url)).arrayBuffer())
      const failedAudits = Object.values(lhr.categories).flatMap((c) =>
        c.id === 'performance' ? [] : c.auditRefs.filter((r) => r.weight > 0 && (lhr.audits[r.id]?.score ?? 1) < 1).map((r) => `${c.id}: ${r.id}`),
      )
      const f: PageFigures = {
        path,
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        fcpMs: Math.round(num('first-contentful-paint')),
        lcpMs: Math.round(num('largest-contentful-paint')),
        cls: Math.round(num('cumulative-layout-shift') * 1000) / 1000,
        tbtMs: Math.round(num('total-blocking-time')),
        jsFiles: scripts.length,
        jsGz,
        htmlGz: gzipSync(html, { level: 9 }).length,
        failedAudits,
      }
      out.push(f)
      if (out.length === 1) log(`\nLighthouse ${lhr.lighthouseVersion}, mobile ${PHONE.width}x${PHONE.height}, simulated Slow 4G (150 ms RTT, 1.6 Mbit/s) and 4x CPU, ${lhr.environment.hostUserAgent.match(/Chrome\/[\d.]+/)?.[0] ?? 'Chromium'}`)
      if (out.length === 1) log(`${'page'.padEnd(42)} perf a11y  bp seo    FCP    LCP    CLS   TBT  JS (gz, files)   HTML gz`)
      log(`${path.padEnd(42)} ${String(f.performance).padStart(4)} ${String(f.accessibility).padStart(4)} ${String(f.bestPractices).padStart(3)} ${String(f.seo).padStart(3)} ${(f.fcpMs / 1000).toFixed(2).padStart(5)}s ${(f.lcpMs / 1000).toFixed(2).padStart(5)}s ${f.cls.toFixed(3).padStart(6)} ${String(f.tbtMs).padStart(4)}ms ${kib(f.jsGz).padStart(10)} (${String(f.jsFiles).padStart(2)}) ${kib(f.htmlGz).padStart(9)}`)
      if (failedAudits.length) log(`${''.padEnd(42)} audits not passed: ${failedAudits.join(', ')}`)
      if (process.env.LH_DETAILS) for (const a of failedAudits) log(JSON.stringify(lhr.audits[a.split(': ')[1]!]?.details).slice(0, 3000))
    }
  } finally {
    chrome.kill()
    await server.close()
  }
  return out
}

if (import.meta.main) {
  const paths = process.argv.slice(2).filter((a) => a.startsWith('/'))
  await lighthousePages(paths.length ? paths : PUBLIC_PAGES)
}
