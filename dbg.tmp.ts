import { chromium } from 'playwright-core'
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' })
const page = await browser.newPage()
page.on('console', (m) => console.log('console', m.type(), m.text()))
page.on('pageerror', (e) => console.log('pageerror', e.message))
await page.goto(process.argv[2]!)
await page.waitForTimeout(4000)
console.log((await page.locator('main').innerText()).slice(0, 1500))
await browser.close()
