/**
 * `npm run bench` (payment part): on the built app served by the real server, in Chromium:
 *  - gzipped JS `/` loads before the visitor touches the form, and what the form's code adds when it loads;
 *  - keystroke-to-mask time of the card number (keydown -> masked value, in the page);
 *  - time from pressing "3D Test Et" to the bank page painted in the 3-D frame (localhost).
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { chromium } from 'playwright-core'
import type { Page } from 'playwright-core'
import { startE2eServer } from '../tests/e2e/server.ts'

/** A person arrives: the first pointer move (after hydration) loads the form's code. */
async function touch(page: Page) {
  const form = page.getByTestId('payment-form')
  for (let i = 0; i < 40 && (await form.count()) === 0; i++) {
    await page.mouse.move(20 + i, 20 + i)
    await page.waitForTimeout(250)
  }
  await form.waitFor()
}

const server = await startE2eServer('bench-payment')
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH || '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] })
try {
  const page = await browser.newPage({ locale: 'tr-TR' }) // the prerendered (Turkish) page hydrates
  const js: string[] = []
  page.on('response', (r) => { if (r.url().endsWith('.js')) js.push(new URL(r.url()).pathname.slice(1)) })
  await page.goto(server.url + '/', { waitUntil: 'networkidle' })
  const gz = async (files: string[]) => {
    let total = 0
    for (const f of files) total += gzipSync(await readFile(join('dist/client', f)), { level: 9 }).length
    return total
  }
  const before = [...js]
  await touch(page)
  await page.waitForLoadState('networkidle')
  const added = js.slice(before.length)
  console.log(`\nPayment form (/ in Chromium)`)
  console.log(`JS loaded by / before the user touches the form: ${((await gz(before)) / 1024).toFixed(1)} KiB gzipped (${before.length} files)`)
  console.log(`what the form adds when it loads:                ${((await gz(added)) / 1024).toFixed(1)} KiB gzipped (${added.length} files)`)

  const number = page.locator('input[name=number]')
  await number.click()
  await page.evaluate(() => {
    const w = window as unknown as { __t: number[]; __k: number }
    w.__t = []
    document.addEventListener('keydown', () => { w.__k = performance.now() }, true)
    window.addEventListener('input', () => { w.__t.push(performance.now() - w.__k) })
  })
  const times: number[] = []
  for (let round = 0; round < 10; round++) {
    await number.fill('')
    await page.evaluate(() => { (window as unknown as { __t: number[] }).__t = [] })
    await number.pressSequentially('4036660000001231')
    times.push(...await page.evaluate(() => (window as unknown as { __t: number[] }).__t))
  }
  times.sort((a, b) => a - b)
  const p = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(2)
  console.log(`keystroke-to-mask (card number, ${times.length} keys): median ${p(0.5)} ms, p95 ${p(0.95)} ms, max ${p(1)} ms`)

  const rounds: number[] = []
  for (let i = 0; i < 3; i++) {
    const pg = await browser.newPage()
    await pg.goto(server.url + '/')
    await touch(pg)
    await pg.locator('input[name=number]').pressSequentially('4036660000001231')
    await pg.locator('input[name=number]').blur()
    await pg.locator('input[name=name]').fill('Ayşe Yılmaz')
    await pg.locator('input[name=expiry]').fill('1230')
    await pg.locator('input[name=cvc]').fill('123')
    await pg.locator('input[name=currcode]').fill('TRY')
    const t0 = Date.now()
    await pg.getByRole('button', { name: '3D Test Et' }).click()
    await pg.frameLocator('iframe[name=ke-3d-frame]').getByTestId('otp-code').waitFor()
    rounds.push(Date.now() - t0)
    await pg.close()
  }
  console.log(`"3D Test Et" to bank page painted in the frame: ${rounds.join(', ')} ms`)
} finally {
  await browser.close()
  await server.stop()
}
