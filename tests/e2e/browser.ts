import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { basename, join, resolve } from 'node:path'
import { chromium, type Browser as Chromium, type BrowserContext, type Download, type Page } from 'playwright-core'
import { inject } from 'vitest'
import { processGroupCpu } from '../support/process-cpu.ts'

export const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium'

export const FLAGS = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage',
]

export type Browser = { context: BrowserContext; page(path?: string): Promise<Page>; close(): Promise<void>; baseUrl: string }

/** Where every e2e file writes the statechart transitions its pages took (global-setup.ts makes the report of them). */
export const COVERAGE_DIR = resolve(import.meta.dirname, '../../test-results/coverage/e2e')

/** The transitions this test file's pages took, by machine id (reported by src/web/inspector.ts's probe). */
const taken = new Map<string, Set<string>>()

function testFile(): string {
  const worker = (globalThis as unknown as { __vitest_worker__?: { filepath?: string } }).__vitest_worker__
  return basename(worker?.filepath ?? 'unknown.e2e.test.ts').replace(/\.e2e\.test\.ts$/, '')
}

/** Writes this file's coverage so far (every launch's close does; the last write has it all). */
export function writeCoverage(): void {
  // (a mutant's replay, scripts/mutants-views.ts, must not count as the lanes' coverage)
  if (taken.size === 0 || process.env.E2E_COVERAGE_OFF) return
  mkdirSync(COVERAGE_DIR, { recursive: true })
  const machines = Object.fromEntries([...taken].map(([id, keys]) => [id, [...keys].sort()]))
  // (npm test's second replay lane writes model-paths-2.json beside the first lane's model-paths.json)
  const tag = process.env.E2E_LANE_TAG ? `-${process.env.E2E_LANE_TAG}` : ''
  writeFileSync(join(COVERAGE_DIR, `${testFile()}${tag}.json`), JSON.stringify({ file: `tests/e2e/${testFile()}.e2e.test.ts`, at: new Date().toISOString(), machines }, null, 2))
}

/**
 * Every page of every launched browser has the coverage probe on: `window.__e2eCoverage` set before
 * the page's scripts (kept across the tab's navigations, so a result page can still say where the
 * flow ended) and `window.__e2eCoverageReport` bound to this file's record.
 */
async function probe(context: BrowserContext) {
  await context.exposeBinding('__e2eCoverageReport', (_source, machine: string, key: string) => {
    const set = taken.get(machine) ?? new Set<string>()
    set.add(key)
    taken.set(machine, set)
  })
  await context.addInitScript(() => {
    const w = window as unknown as { __e2eCoverage?: object }
    if (w.__e2eCoverage) return
    let kept: object = {}
    try { kept = JSON.parse(sessionStorage.getItem('__e2eCoverage') ?? '{}') as object } catch { /* none */ }
    w.__e2eCoverage = kept
    addEventListener('pagehide', () => { try { sessionStorage.setItem('__e2eCoverage', JSON.stringify(w.__e2eCoverage)) } catch { /* storage full or denied */ } })
  })
}

const patched = new WeakSet<Page>()
/**
 * A prerendered page paints before it is live: a tap before hydration may be lost (a person taps
 * again). Every page's `goto` and `reload` return once the app's root has committed
 * (src/web/routes/__root.tsx sets `html[data-live]`); `waitUntil: 'commit'` asks for no wait.
 */
function actOnceLive(page: Page): Page {
  if (patched.has(page)) return page
  patched.add(page)
  const live = () => page.waitForFunction(() => !document.getElementById('root') || document.documentElement.dataset.live === 'true', undefined, { timeout: 30_000 })
  const goto = page.goto.bind(page)
  const reload = page.reload.bind(page)
  page.goto = async (url, options) => {
    const response = await goto(url, options)
    if (options?.waitUntil !== 'commit') await live()
    return response
  }
  page.reload = async (options) => {
    const response = await reload(options)
    if (options?.waitUntil !== 'commit') await live()
    return response
  }
  return page
}

/**
 * The lane's Chromium: the e2e global setup starts one browser per run (`browserWs`, a
 * playwright browser server) and each test file connects to it once; every `launch()` is a fresh
 * context of it (its own cookies, storage and cache, like a new profile). A Chromium start costs
 * about 0.8 CPU-s and 1-3 s of wall time, and the browser lanes launched 61 of them.
 * `E2E_BROWSER_PER_FILE=1`, or a run without the global setup, launches a browser per call as before.
 */
let shared: Promise<Chromium> | null = null
function sharedBrowser(): Promise<Chromium> | null {
  if (process.env.E2E_BROWSER_PER_FILE === '1') return null
  let ws = ''
  try { ws = inject('browserWs') ?? '' } catch { return null }
  if (!ws) return null
  shared ??= chromium.connect(ws)
  return shared
}

/**
 * Writes test-results/cpu/<stage>.chromium.json: the CPU seconds of a Chromium (every process of its
 * group, with the renderers its zygotes have waited for), and the part of them `/usr/bin/time`
 * around the stage does not count (all but the browser process itself, whose renderers end as
 * children of a zygote the browser never waits for). `npm test` prints it beside the stage's own
 * CPU seconds. Several Chromiums of one run (`run`: the vitest process) add up.
 */
export function recordChromiumCpu(pid: number, run: number): void {
  const cpu = processGroupCpu(pid)
  if (!cpu) return
  const stage = process.env.CPU_REPORT_NAME || 'e2e'
  try {
    const dir = resolve(import.meta.dirname, '../../test-results/cpu')
    const file = join(dir, `${stage}.chromium.json`)
    let before = { total: 0, uncounted: 0, processes: 0, byType: {} as Record<string, number> }
    try {
      const old = JSON.parse(readFileSync(file, 'utf8')) as typeof before & { run?: number }
      if (old.run === run) before = old
    } catch { /* none yet */ }
    const byType = { ...before.byType }
    for (const [k, v] of Object.entries(cpu.byType)) byType[k] = +((byType[k] ?? 0) + v).toFixed(2)
    const line = { stage, run, total: +(before.total + cpu.total).toFixed(2), uncounted: +(before.uncounted + cpu.total - cpu.leader).toFixed(2), processes: before.processes + cpu.processes, byType }
    mkdirSync(dir, { recursive: true })
    writeFileSync(file, JSON.stringify(line) + '\n')
    console.log(`Chromium: ${cpu.total} CPU-s (${+(cpu.total - cpu.leader).toFixed(2)} of them outside the stage's own figure), ${cpu.processes} processes at the end`)
  } catch {
    // a figure that cannot be written must not fail the tests
  }
}

/** The browser process of a persistent launch (found by its profile directory), or null. */
function browserPidOf(dir: string): number | null {
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue
    try {
      const cmd = readFileSync(`/proc/${d}/cmdline`, 'utf8')
      if (cmd.includes(`--user-data-dir=${dir}`) && !cmd.includes('--type=')) return Number(d)
    } catch { /* ended meanwhile */ }
  }
  return null
}

/**
 * Debian's Chromium, headless, in a fresh context (a fresh user-data directory when the run has no
 * shared browser). `persistent`: a Chromium of the file's own on a fresh on-disk profile, for a file
 * that keeps one context for all its pages (the statecharts' replay): unlike a context of the
 * shared browser (off the record, so V8 keeps no code cache), its pages reuse the compiled scripts
 * of the pages before them; its CPU seconds are recorded beside the lane's (recordChromiumCpu).
 */
export async function launch(opts: { viewport?: { width: number; height: number }; baseUrl?: string; locale?: string; hasTouch?: boolean; persistent?: boolean } = {}): Promise<Browser> {
  const baseUrl = opts.baseUrl ?? inject('baseUrl')
  const settings = {
    baseURL: baseUrl,
    viewport: opts.viewport ?? { width: 1280, height: 900 },
    locale: opts.locale ?? 'tr-TR',
    hasTouch: opts.hasTouch ?? false,
    timezoneId: 'Europe/Istanbul',
  }
  const browser = opts.persistent ? null : sharedBrowser()
  const dir = browser ? null : await mkdtemp(join(tmpdir(), 'ke-chrome-'))
  const context = browser
    ? await (await browser).newContext(settings)
    : await chromium.launchPersistentContext(dir!, { executablePath: CHROME_PATH, headless: true, args: FLAGS, ...settings })
  await probe(context)
  context.on('page', actOnceLive)
  // a download of a remote browser has no local path: its path() saves a copy (saveAs streams it
  // over the connection) and answers that, so a test reads the file the page downloaded as before
  let saved: Promise<string> | null = null
  if (browser) {
    context.on('page', (page) => page.on('download', (download: Download) => {
      let local: Promise<string> | null = null
      download.path = () => (local ??= (async () => {
        saved ??= mkdtemp(join(tmpdir(), 'ke-downloads-'))
        const file = join(await saved, `${Math.random().toString(36).slice(2, 10)}-${download.suggestedFilename()}`)
        await download.saveAs(file)
        return file
      })())
    }))
  }
  return {
    context,
    baseUrl,
    async page(path) {
      const page = actOnceLive(await context.newPage())
      if (path) await page.goto(path)
      return page
    },
    async close() {
      writeCoverage()
      const pid = opts.persistent && dir ? browserPidOf(dir) : null
      if (pid) recordChromiumCpu(pid, process.ppid)
      await context.close()
      if (dir) await rm(dir, { recursive: true, force: true })
      if (saved) await rm(await saved, { recursive: true, force: true })
    },
  }
}
