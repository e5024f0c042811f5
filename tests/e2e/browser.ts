import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type BrowserContext, type Page } from 'playwright-core'
import { inject } from 'vitest'

export const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium'

const FLAGS = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage',
]

export type Browser = { context: BrowserContext; page(path?: string): Promise<Page>; close(): Promise<void>; baseUrl: string }

/** Debian's Chromium, headless, with a fresh user-data directory. */
export async function launch(opts: { viewport?: { width: number; height: number }; baseUrl?: string; locale?: string; hasTouch?: boolean } = {}): Promise<Browser> {
  const dir = await mkdtemp(join(tmpdir(), 'ke-chrome-'))
  const baseUrl = opts.baseUrl ?? inject('baseUrl')
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: CHROME_PATH,
    headless: true,
    args: FLAGS,
    baseURL: baseUrl,
    viewport: opts.viewport ?? { width: 1280, height: 900 },
    locale: opts.locale ?? 'tr-TR',
    hasTouch: opts.hasTouch ?? false,
    timezoneId: 'Europe/Istanbul',
  })
  return {
    context,
    baseUrl,
    async page(path) {
      const page = await context.newPage()
      if (path) await page.goto(path)
      return page
    },
    async close() {
      await context.close()
      await rm(dir, { recursive: true, force: true })
    },
  }
}
