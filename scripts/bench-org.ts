/**
 * `npm run bench` (or `node scripts/bench-org.ts` after `npm run build`): the organisation builder
 * (issue 13) at 1,000 groups, in Debian's Chromium against the real server (in-memory PGlite).
 * Seeds 1,000 groups through the API (10 management groups, 90 units, 900 teams), then measures:
 *  - render: loading the Team page until the chart is drawn (navigation start to the second frame
 *    after the blocks appear), and the chart's own share (the group list's arrival to that frame);
 *  - frames while dragging a block across the chart with the mouse (every frame between
 *    animation frames, median and worst), once at "fit" and once at 1× (culled to the viewport).
 * Also the chart's size in world pixels (team/layout.ts) and the zoom at which it fits a 1280x800 pane.
 * BENCH_GROUPS changes the group count (rounded to the 1:9:90 shape).
 */
import { chromium, type Page } from 'playwright-core'
import { loadConfig } from '../src/server/config.ts'
import { startServer } from '../src/server/main.ts'
import { fitView, layoutTree } from '../src/web/views/admin/team/layout.ts'

const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium'
const PASSWORD = 'Bench-Parola-2026!x'
const TOTAL = Number(process.env.BENCH_GROUPS ?? 1000)
const ms = (n: number) => `${n.toFixed(1)} ms`

const server = await startServer(loadConfig({
  ...process.env, NODE_ENV: 'production', PORT: '0', HOST: '127.0.0.1', DATA_DIR: 'memory://', DATABASE_URL: '', MAIL_CATCHER: 'false',
  LOG_LEVEL: 'silent', HSTS: 'false', DEMO_DATA: 'true', DEMO_PASSWORD: PASSWORD,
}))
const browser = await chromium.launch({ executablePath: CHROME_PATH, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] })

async function api(page: Page, method: string, path: string, body?: unknown): Promise<{ id: string }> {
  return page.evaluate(async ({ method, path, body }) => {
    const res = await fetch(`/api/v1${path}`, {
      method,
      headers: { 'content-type': 'application/json', trxType: 'FRM', companyId: localStorage.getItem('companyId') ?? '', sessionId: localStorage.getItem('sessionId') ?? '' },
      body: JSON.stringify(body),
    })
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`)
    return res.json()
  }, { method, path, body })
}

/** Frame deltas (ms) while `work` runs: a requestAnimationFrame loop in the page. */
async function frames(page: Page, work: () => Promise<void>): Promise<number[]> {
  await page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __run: boolean }
    w.__frames = []
    w.__run = true
    let last = performance.now()
    const tick = (now: number) => { w.__frames.push(now - last); last = now; if (w.__run) requestAnimationFrame(tick) }
    requestAnimationFrame((now) => { last = now; requestAnimationFrame(tick) })
  })
  await work()
  return page.evaluate(() => { const w = window as unknown as { __frames: number[]; __run: boolean }; w.__run = false; return w.__frames })
}

const median = (xs: number[]) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)] ?? 0 }

try {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 }, locale: 'tr-TR' })
  const page = await context.newPage()
  await page.goto('/auth/login')
  await page.locator('input[name=username]').fill('ayse.yilmaz')
  await page.locator('input[name=password]').fill(PASSWORD)
  await page.getByRole('button', { name: 'Giriş Yap' }).click()
  await page.waitForURL('**/navbar/settings/global-settings')

  const managers = Math.max(1, Math.round(TOTAL / 100))
  const seedStart = performance.now()
  let made = 0
  for (let m = 0; m < managers; m++) {
    const mid = (await api(page, 'POST', '/group', { name: `Yönetim ${m + 1}`, level: 'management', parentId: null })).id
    made++
    for (let u = 0; u < 9; u++) {
      const uid = (await api(page, 'POST', '/group', { name: `Birim ${m + 1}.${u + 1}`, level: 'unit', parentId: mid })).id
      made++
      await Promise.all(Array.from({ length: 10 }, (_, t) => api(page, 'POST', '/group', { name: `Ekip ${m + 1}.${u + 1}.${t + 1}`, level: 'team', parentId: uid })))
      made += 10
    }
  }
  const seeded = performance.now() - seedStart
  const all = (await page.evaluate(async () => (await (await fetch('/api/v1/group', {
    headers: { trxType: 'FRM', companyId: localStorage.getItem('companyId') ?? '', sessionId: localStorage.getItem('sessionId') ?? '' },
  })).json()) as { items: Array<{ id: string; name: string; level: 'management' | 'unit' | 'team'; parentId: string | null }> })).items
  const chart = layoutTree(all)
  const chartSize = { width: chart.bounds.maxX - chart.bounds.minX, height: chart.bounds.maxY - chart.bounds.minY }
  const paneFit = fitView(chart, { width: 1280, height: 800 }, (z) => z).zoom

  // render: a full load of the Team page (navigation start to two frames after the blocks appear), and
  // the chart's own share: from the group list's arrival (its resource timing) to the same frame
  const renders: number[] = []
  const charts: number[] = []
  for (let i = 0; i < 5; i++) {
    await page.goto('/navbar/settings/team')
    await page.locator('[data-node-id]').nth(1).waitFor()
    const [total, chart] = await page.evaluate(() => new Promise<[number, number]>((ok) => requestAnimationFrame(() => requestAnimationFrame(() => {
      const now = performance.now()
      const list = performance.getEntriesByType('resource').filter((e) => /\/api\/v1\/group(\?|$)/.test(e.name)).at(-1) as PerformanceResourceTiming | undefined
      ok([now, list ? now - list.responseEnd : Number.NaN])
    }))))
    renders.push(total)
    charts.push(chart)
  }
  const drawn = await page.locator('[data-node-id]').count()

  const viewport = (await page.getByTestId('org-viewport').boundingBox())!
  const dragAcross = async () => {
    const nodes = page.locator('[data-level="team"]')
    const box = (await nodes.first().boundingBox())!
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
    await page.mouse.down()
    for (let i = 0; i <= 120; i++) {
      const f = i / 120
      await page.mouse.move(viewport.x + 20 + f * (viewport.width - 40), viewport.y + 20 + Math.abs(Math.sin(f * Math.PI * 3)) * (viewport.height - 40))
    }
    await page.keyboard.press('Escape')
    await page.mouse.up()
  }
  const atFit = await frames(page, dragAcross)
  const fitZoom = await page.getByTestId('org-zoom').textContent()
  // about 1×: wheel in over a team block (the point under the pointer stays put)
  const pane = (await page.getByTestId('org-viewport').boundingBox())!
  const team = await page.locator('[data-level="team"]').evaluateAll((els, p) => els.map((e) => e.getBoundingClientRect())
    .map((r) => ({ x: r.x, y: r.y, width: r.width, height: r.height }))
    .sort((a, b) => Math.abs(a.x - p.x - p.width / 2) - Math.abs(b.x - p.x - p.width / 2))[0]!, pane)
  await page.mouse.move(team.x + team.width / 2, team.y + team.height / 2)
  for (let i = 0; i < 20 && Number.parseInt((await page.getByTestId('org-zoom').textContent())!, 10) < 100; i++) {
    await page.mouse.wheel(0, -400)
  }
  const zoomAt1 = await page.getByTestId('org-zoom').textContent()
  const drawnAt1 = await page.locator('[data-node-id]').count()
  const at1 = await frames(page, dragAcross)

  console.log(`\nOrganisation builder at ${made} groups (Chromium headless, ${process.arch}; seeding through the API took ${(seeded / 1000).toFixed(1)} s)`)
  console.log(`layout: ${all.length} groups in ${Math.round(chartSize.width)} x ${Math.round(chartSize.height)} world px; fits a 1280x800 pane at ${(paneFit * 100).toFixed(1)}% (one step in: ${(paneFit * 125).toFixed(1)}%)`)
  console.log(`render: Team page load to chart drawn, median ${ms(median(renders))}, worst ${ms(Math.max(...renders))}; the chart's share (group list received to drawn) median ${ms(median(charts))}, worst ${ms(Math.max(...charts))} (5 runs)`)
  console.log(`drag at fit (${fitZoom}, ${drawn} blocks): ${atFit.length} frames, median ${ms(median(atFit))}, worst ${ms(Math.max(...atFit))}`)
  console.log(`drag at ${zoomAt1} (${drawnAt1} blocks drawn of ${made + 1}): ${at1.length} frames, median ${ms(median(at1))}, worst ${ms(Math.max(...at1))}`)
} finally {
  await browser.close()
  await server.close()
}
