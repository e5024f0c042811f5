/**
 * The Stately inspector in Chromium (issue 22 item 5, issue 28 item 11): the built app served with
 * INSPECTOR=true opens the inspector window (the real @statelyai/inspect client in the page); the
 * window is a stand-in served at the inspector's own address (https://stately.ai/inspect, another
 * origin) that runs the package's real receiver (`createBrowserReceiver`: the "connected"
 * handshake through `window.opener`, then every message). We count what arrives and look for the
 * password typed into the sign-in form.
 */
import { build } from 'esbuild'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { launch, type Browser } from './browser.ts'
import { DEMO_PASSWORD, startE2eServer, type E2eServer } from './server.ts'

const INSPECTOR_URL = 'https://stately.ai/inspect'
type Received = Array<{ type: string; event?: { type?: string }; snapshot?: { input?: Record<string, unknown>; value?: unknown } }>

/** The stand-in inspector window: the package's own receiver, bundled for the browser. */
async function standIn(): Promise<string> {
  const bundle = await build({
    stdin: {
      // every message is kept in the window's session storage too: a page load of the app opens
      // the same named window again, which reloads it, and what arrived before must stay countable
      contents: [
        "import { createBrowserReceiver } from '@statelyai/inspect'",
        "const kept = () => JSON.parse(sessionStorage.getItem('received') || '[]')",
        "window.__received = () => kept()",
        "createBrowserReceiver().subscribe((e) => sessionStorage.setItem('received', JSON.stringify([...kept(), e])))",
      ].join(';\n'),
      resolveDir: process.cwd(),
    },
    bundle: true, write: false, platform: 'browser', format: 'iife', minify: true, logLevel: 'silent',
  })
  return `<!doctype html><meta charset="utf-8"><title>inspector stand-in</title><script>${bundle.outputFiles[0]!.text}</script>`
}

const received = (inspector: Page) => inspector.evaluate(() => (window as unknown as { __received: () => Received }).__received())
const arrived = (inspector: Page, test: string) => inspector.waitForFunction(
  (source) => new Function('messages', `return ${source}`)((window as unknown as { __received: () => Received }).__received()) === true, test, { timeout: 15_000 })

describe('the Stately inspector (INSPECTOR=true, Chromium, the package\'s real protocol)', () => {
  let server: E2eServer
  let b: Browser
  beforeAll(async () => {
    server = await startE2eServer('inspector', { INSPECTOR: 'true' })
    b = await launch({ baseUrl: server.url })
    const html = await standIn()
    await b.context.route(`${INSPECTOR_URL}**`, (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html }))
  })
  afterAll(async () => {
    await b?.close()
    await server?.stop()
  })

  it('opens the inspector window, which receives the page\'s events; the sign-in password never arrives', async () => {
    const page = await b.context.newPage()
    const opened = b.context.waitForEvent('page', { predicate: (p) => p.url().startsWith(INSPECTOR_URL) })
    const response = await page.goto('/auth/login')
    expect(response!.headers()['cross-origin-opener-policy']).toBe('same-origin-allow-popups')
    const inspector = await opened
    await inspector.waitForLoadState()
    // the handshake went through the opener: the page's first actors arrive
    await arrived(inspector, 'messages.length > 0')
    await page.locator('input[name=username]').fill('ayse.yilmaz')
    await page.locator('input[name=password]').fill(DEMO_PASSWORD)
    await page.getByRole('button', { name: 'Giriş Yap' }).click()
    await page.waitForURL((url) => !url.pathname.startsWith('/auth/login'), { timeout: 20_000 })
    // the session machine's sign-in, as the inspector shows it: the event, then the signed-in state
    await arrived(inspector, "messages.some((m) => m.type === '@xstate.event' && m.event && m.event.type === 'login.submit')")
    await arrived(inspector, "messages.some((m) => m.type === '@xstate.snapshot' && String(JSON.stringify(m.snapshot && m.snapshot.value)).includes('signedIn'))")
    const messages = await received(inspector)
    const all = JSON.stringify(messages)
    console.log(`inspector: ${messages.length} messages arrived (${messages.filter((m) => m.type === '@xstate.event').length} events, ${messages.filter((m) => m.type === '@xstate.snapshot').length} snapshots, ${messages.filter((m) => m.type === '@xstate.actor').length} actors)`)
    expect(messages.length).toBeGreaterThan(10)
    expect(messages.some((m) => m.type === '@xstate.event' && m.event?.type === 'login.submit')).toBe(true)
    expect(all).toContain('ayse.yilmaz')
    expect(all).not.toContain(DEMO_PASSWORD)
    // the sign-in actor's snapshot carries its input: the username, the password masked
    const signIn = messages.filter((m) => m.snapshot?.input?.username === 'ayse.yilmaz')
    expect(signIn.length).toBeGreaterThan(0)
    for (const m of signIn) expect(m.snapshot!.input!.password).toBe('•••')
    await inspector.close()
    await page.close()
  })

  it('control: with the old header (Cross-Origin-Opener-Policy: same-origin) the window opens and nothing arrives', async () => {
    // the page's own answers, with the header the server sent before: the inspector window is cut off
    await b.context.route((url) => url.origin === new URL(server.url).origin && !url.pathname.startsWith('/api/'), async (route) => {
      // (a fetch still under way when the test ends and its page closes fails: the route is given up, not thrown)
      const answer = await route.fetch().catch(() => null)
      if (!answer) return void await route.abort().catch(() => undefined)
      const headers: Record<string, string> = { ...answer.headers(), 'cross-origin-opener-policy': 'same-origin' }
      // the body comes decoded: its encoding and length go
      delete headers['content-encoding']
      delete headers['content-length']
      await route.fulfill({ status: answer.status(), headers, body: await answer.body() }).catch(() => undefined)
    })
    try {
      // signed out again (the first test's session would send the sign-in page on)
      await b.context.clearCookies()
      const page = await b.context.newPage()
      const opened = b.context.waitForEvent('page', { predicate: (p) => p.url().startsWith(INSPECTOR_URL) })
      await page.goto('/auth/login')
      const inspector = await opened
      await inspector.waitForLoadState()
      await page.locator('input[name=username]').fill('ayse.yilmaz')
      await page.locator('input[name=password]').fill(DEMO_PASSWORD)
      await page.getByRole('button', { name: 'Giriş Yap' }).click()
      await page.waitForURL((url) => !url.pathname.startsWith('/auth/login'), { timeout: 20_000 })
      // the page worked; give the messages every chance to arrive
      await page.waitForTimeout(3_000)
      expect(await inspector.evaluate(() => window.opener === null)).toBe(true)
      expect(await received(inspector)).toEqual([])
      await inspector.close()
      await page.close()
    } finally {
      await b.context.unrouteAll({ behavior: 'ignoreErrors' })
    }
  })
})
