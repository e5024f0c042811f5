/**
 * The model in the real browser (ARCHITECTURE.md §4): for each machine with a driver below, the
 * covering paths of its model (together they take every transition) are replayed in Chromium
 * against the real server, and at every step the screen is checked against the expectations of
 * the state the path is in (tests/machines/expectations). Transition coverage is measured from the
 * live actors through the opt-in inspection hook (src/web/inspector.ts, `window.__e2eCoverage`)
 * and must be 100% per machine.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import type { AnyEventObject } from 'xstate'
import { activePaths, type Screen } from '../support/expectations.ts'
import { allTransitions, coveringPaths, generatePaths, startReplay, type Snapshot } from '../support/paths.ts'
import { launch, type Browser } from './browser.ts'
import { MACHINES } from '../machines/registry.ts'
import { DRIVERS } from './drivers/index.ts'
import { startE2eServer, type E2eServer } from './server.ts'

type Coverage = Record<string, { taken: string[]; value: unknown; status: string }>

const isAnswer = (e: AnyEventObject | undefined) => !!e && /^xstate\.(done|error)\.actor\./.test(e.type)

async function coverage(page: Page): Promise<Coverage> {
  return page.evaluate(() => (window as unknown as { __e2eCoverage: Coverage }).__e2eCoverage)
}

async function checkScreen(page: Page, screen: Screen, where: string) {
  for (const text of screen.texts ?? []) {
    await page.getByText(text, { exact: false }).first().waitFor({ state: 'visible', timeout: 10_000 })
      .catch(() => { throw new Error(`${where}: "${text}" is not on the screen`) })
  }
  for (const name of screen.enabled ?? []) {
    expect(await page.getByRole('button', { name }).first().isEnabled(), `${where}: "${name}" enabled`).toBe(true)
  }
  for (const name of screen.disabled ?? []) {
    expect(await page.getByRole('button', { name }).first().isDisabled(), `${where}: "${name}" disabled`).toBe(true)
  }
  for (const text of screen.absent ?? []) {
    expect(await page.getByText(text, { exact: false }).filter({ visible: true }).count(), `${where}: "${text}" must not show`).toBe(0)
  }
}

// every machine under model-based test has a screen, so every one is replayed in the browser (issue 16's gate)
it('every machine of the registry has a browser driver', () => {
  expect(MACHINES.map((m) => m.model.name).filter((name) => !DRIVERS.some((d) => d.model.name === name))).toEqual([])
})

describe('statechart paths in the browser (real server, Chromium)', () => {
  const started = Date.now()
  const report: string[] = []
  let server: E2eServer
  let b: Browser
  // one server of this file's own (paths use up a rate limit and change a demo user's password)
  beforeAll(async () => {
    // the 3-D limit (PAYMENT_3DS_TIMEOUT_MS): short enough for the payment path that times out to be replayed;
    // X-Forwarded-For from loopback is believed: a driver may sign in from its own client address
    // (tests/e2e/drivers/session.ts), so that its sign-ins have a rate limit of their own; the
    // purchase paths verify a fresh phone each, more than a day's SMS cap of one address
    server = await startE2eServer('model-paths', { PAYMENT_3DS_TIMEOUT_MS: '12000', TRUST_PROXY: 'loopback', SMS_DAILY_PER_IP: '1000' })
    // (launch() sets the coverage probe up on every page)
    b = await launch({ baseUrl: server.url })
  })
  afterAll(async () => {
    await b?.close()
    await server?.stop()
  })

  for (const driver of DRIVERS) {
    describe(driver.model.name, () => {
      const taken = new Set<string>()
      // chosen among the paths the browser can perform; what those cannot take fails the 100% gate below
      const covering = coveringPaths(driver.model, generatePaths(driver.model).filter((p) => driver.feasible?.(p) ?? true))

      afterAll(() => {
        const total = allTransitions(driver.model.machine)
        const covered = [...total.keys()].filter((k) => taken.has(k))
        report.push(`${driver.model.name.padEnd(18)} paths ${covering.length}  transitions ${covered.length}/${total.size} (${Math.round((covered.length / total.size) * 1000) / 10}%) in the browser`)
        expect([...total.keys()].filter((k) => !taken.has(k)), `${driver.model.name}: transitions no browser path took`).toEqual([])
      })

      it.each(covering.map((p, i) => [i + 1, p.steps.map((s) => s.event.type).join(' > '), p] as const))('path %i: %s', async (_i, _label, path) => {
        // a fresh origin state per path: new cookies and storage
        await b.context.clearCookies()
        const page = await b.context.newPage()
        // the model's actor after each step: the screen follows from it (a generated step's snapshot
        // may come from another run that reached the same abstract state, with other errors shown)
        const model = startReplay(driver.model)
        const expected = path.steps.map((s) => { model.advance(s.event); return model.actor.getSnapshot() as Snapshot })
        model.actor.stop()
        try {
          await driver.open(page, path.steps, server)
          for (const [i, step] of path.steps.entries()) {
            const next = path.steps[i + 1]
            await driver.act(page, step, next, server)
            // a busy state the server leaves at once is checked through the coverage only
            if (isAnswer(next?.event)) continue
            const where = `step ${i + 1} (${step.event.type})`
            const want = JSON.stringify(expected[i]!.value)
            await page.waitForFunction(([id, v]) => JSON.stringify((window as unknown as { __e2eCoverage: Coverage }).__e2eCoverage[id!]?.value) === v, [driver.id, want], { timeout: 15_000 })
              .catch(async () => { throw new Error(`${where}: the live actor is in ${JSON.stringify((await coverage(page))[driver.id]?.value)}, the path expects ${want}`) })
            for (const state of activePaths(expected[i]!)) {
              const s = driver.expectations.states[state]?.screen
              if (s) await checkScreen(page, typeof s === 'function' ? s(expected[i]!.context) : s, `${where} in "${state}"`)
            }
          }
          for (const key of (await coverage(page))[driver.id]?.taken ?? []) taken.add(key)
        } finally {
          await page.close()
        }
      })
    })
  }

  afterAll(() => {
    console.log(`\nbrowser model replay (${((Date.now() - started) / 1000).toFixed(1)} s):\n${report.join('\n')}`)
  })
})
