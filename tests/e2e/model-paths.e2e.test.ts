/**
 * The model in the real browser (ARCHITECTURE.md §4): for each machine with a driver below, the
 * covering paths of its model (together they take every transition), and a path for each outcome of
 * its result states (a success and a failure alike), are replayed in Chromium against the real
 * server. At every step:
 *  - the state the live actor must reach comes from the expectations' rule table (the rules that
 *    apply to the previous state and the event), never from replaying the machine;
 *  - the screen of the state the live actor is in is checked: its headings and texts (the failure's
 *    message included), its enabled, disabled and busy buttons, what must not show;
 *  - what the page sent for each actor the oracle says the step started is checked against the
 *    oracle's expected input (the driver observes the request; it never rewrites it);
 * and once per machine, an event the state must ignore is made to happen and must change nothing
 * (no transition, no request). Transition coverage is read from the live actors
 * (`window.__e2eCoverage`, the opt-in probe of src/web/inspector.ts) and must be 100% per machine.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page, Request } from 'playwright-core'
import type { AnyEventObject, AnyStateMachine, AnyStateNode } from 'xstate'
import { activePaths, canon, isIn, screenOf, type Expectations, type Screen } from '../support/expectations.ts'
import { allTransitions, coveringPaths, generatePaths, startReplay, type GeneratedPath, type Snapshot } from '../support/paths.ts'
import { launch, type Browser } from './browser.ts'
import { MACHINES } from '../machines/registry.ts'
import { DRIVERS } from './drivers/index.ts'
import type { Driver } from './drivers/types.ts'
import { startE2eServer, type E2eServer } from './server.ts'

type Live = { taken: string[]; value: unknown; status: string; steps: number; received?: number; lastReceived?: string[] }
type Coverage = Record<string, Live>

const isAnswer = (e: AnyEventObject | undefined) => !!e && /^xstate\.(done|error)\.actor\./.test(e.type)

async function live(page: Page, id: string): Promise<Live | undefined> {
  // a final state sends the page on to its result page: read again once that page has loaded
  for (let attempt = 0; ; attempt++) {
    try {
      return await page.evaluate((machine) => (window as unknown as { __e2eCoverage: Coverage }).__e2eCoverage[machine], id)
    } catch (error) {
      if (attempt >= 3 || !/context was destroyed|navigat/i.test(String(error))) throw error
      await page.waitForLoadState('load').catch(() => undefined)
    }
  }
}

function eventMatches(pattern: string, type: string): boolean {
  if (!pattern.includes('*')) return pattern === type
  return new RegExp(`^${pattern.split('*').map((p) => p.replace(/[.]/g, '\\.')).join('.*')}$`).test(type)
}

/** The states the rules say the actor is in after `event` in `previous` (null: no rule says). */
export function rulesTo(expectations: Expectations, previous: Snapshot, event: AnyEventObject): string[] | null {
  const applying = expectations.rules.filter((r) => isIn(previous, r.from) && eventMatches(r.event, event.type) && (r.when?.(previous.context, event, previous) ?? true))
  return applying.length ? [...new Set(applying.flatMap((r) => [r.to].flat()))] : null
}

/** Whether a state value is in the state at a dotted path. */
export function valueIn(value: unknown, path: string): boolean {
  const [head, ...rest] = path.split('.')
  if (typeof value === 'string') return rest.length === 0 && value === head
  if (!value || typeof value !== 'object' || !(head! in value)) return false
  return rest.length === 0 || valueIn((value as Record<string, unknown>)[head!], rest.join('.'))
}

/** The screen must show: headings and texts, enabled, disabled and busy buttons; and not show what it must not. */
async function checkScreen(page: Page, screen: Required<Screen>, where: string) {
  for (const text of screen.headings) {
    await page.getByRole('heading', { name: text, exact: true }).first().waitFor({ state: 'visible', timeout: 10_000 })
      .catch(() => { throw new Error(`${where}: no heading "${text}"`) })
  }
  for (const text of screen.texts) {
    await page.getByText(text, { exact: false }).first().waitFor({ state: 'visible', timeout: 10_000 })
      .catch(() => { throw new Error(`${where}: "${text}" is not on the screen`) })
  }
  for (const name of screen.enabled) {
    await expect.poll(() => page.getByRole('button', { name }).first().isEnabled().catch(() => false), { timeout: 5_000, message: `${where}: "${name}" enabled` }).toBe(true)
  }
  for (const name of screen.disabled) {
    await expect.poll(() => page.getByRole('button', { name }).first().isDisabled().catch(() => false), { timeout: 5_000, message: `${where}: "${name}" disabled` }).toBe(true)
  }
  for (const name of screen.busy) {
    const busy = page.locator('[aria-busy="true"]').filter({ hasText: name }).or(page.locator(`[aria-busy="true"][aria-label="${name}"]`))
    await expect.poll(() => busy.count(), { timeout: 5_000, message: `${where}: "${name}" says it is busy` }).toBeGreaterThan(0)
  }
  for (const title of screen.title) {
    await expect.poll(() => page.title(), { timeout: 5_000, message: `${where}: the document's title begins with "${title}"` }).toMatch(new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\||$)`))
  }
  for (const name of screen.step) {
    await expect.poll(() => page.locator('[aria-current="step"]').allTextContents(), { timeout: 5_000, message: `${where}: the step list marks "${name}" as the current step` }).toEqual([name])
  }
  for (const text of screen.absent) {
    await expect.poll(() => page.getByText(text, { exact: false }).filter({ visible: true }).count(), { timeout: 5_000, message: `${where}: "${text}" must not show` }).toBe(0)
  }
}

/** What the page says (its main region's text, or the body's), to compare before and after an ignored event. */
async function flowText(page: Page): Promise<string> {
  return page.evaluate(() => ((document.querySelector('main') ?? document.body) as HTMLElement).innerText)
}

/** The leaf states of a snapshot that are results: final ones, and those an expectation marks `outcome`. */
function resultLeaves(expectations: Expectations, s: Snapshot): string[] {
  const nodes = (s as unknown as { _nodes: AnyStateNode[] })._nodes
  return nodes.filter((n) => n.path.length > 0 && (n.type === 'final' || expectations.states[n.path.join('.')]?.outcome)).map((n) => n.path.join('.'))
}

/**
 * Each outcome a result state can show (its screen, e.g. a success and a failure) on some path the
 * browser replays: the covering set, plus the shortest feasible path to each outcome it lacks.
 */
export function withOutcomes(driver: Driver, feasible: GeneratedPath[], covering: GeneratedPath[]): GeneratedPath[] {
  const outcomesOf = (p: GeneratedPath) => {
    const r = startReplay(driver.model)
    const keys = new Set<string>()
    try {
      for (const s of p.steps) {
        r.advance(s.event)
        const snap = r.actor.getSnapshot() as Snapshot
        for (const leaf of resultLeaves(driver.expectations, snap)) keys.add(`${leaf} ${canon(screenOf(driver.expectations, snap))}`)
      }
    } catch { /* a path the machine cannot finish shows what it reached */ }
    r.actor.stop()
    return keys
  }
  const have = new Set(covering.flatMap((p) => [...outcomesOf(p)]))
  const chosen = [...covering]
  for (const p of [...feasible].sort((a, b) => a.steps.length - b.steps.length)) {
    const fresh = [...outcomesOf(p)].filter((k) => !have.has(k))
    if (fresh.length === 0) continue
    chosen.push(p)
    for (const k of fresh) have.add(k)
  }
  return chosen
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
    // (launch() sets the coverage probe up on every page; persistent: its pages share a code cache)
    b = await launch({ baseUrl: server.url, persistent: true })
  })
  afterAll(async () => {
    await b?.close()
    await server?.stop()
  })

  // E2E_MACHINES=a,b: those machines only; E2E_MACHINES=!a,b: every machine but those (npm test's two replay lanes)
  const listed = process.env.E2E_MACHINES?.replace(/^!/, '').split(',')
  const but = process.env.E2E_MACHINES?.startsWith('!') ?? false

  for (const driver of DRIVERS.filter((d) => !listed || listed.includes(d.model.name) !== but)) {
    describe(driver.model.name, () => {
      const taken = new Set<string>()
      const checked = { ignored: '' as string, sent: new Set<string>() }
      // chosen among the paths the browser can perform; what those cannot take fails the 100% gate below
      const feasible = generatePaths(driver.model).filter((p) => driver.feasible?.(p) ?? true)
      const outcomes = withOutcomes(driver, feasible, coveringPaths(driver.model, feasible))
      // a path that rests where the driver can make an ignored event happen (item 3), when none of the others does
      const rest = driver.ignoreRest && !outcomes.some((p) => driver.ignoreRest!(p))
        ? [...feasible].filter((p) => driver.ignoreRest!(p)).sort((a, b) => a.steps.length - b.steps.length)[0] : undefined
      // a path the driver must have (an event's value no covering path need carry, e.g. a list's "Önceki"): the shortest feasible one
      const must = driver.mustReplay && !outcomes.some((p) => driver.mustReplay!(p))
        ? [...feasible].filter((p) => driver.mustReplay!(p)).sort((a, b) => a.steps.length - b.steps.length)[0] : undefined
      if (driver.mustReplay && !must && !outcomes.some((p) => driver.mustReplay!(p))) throw new Error(`${driver.model.name}: no feasible path the driver must replay (mustReplay)`)
      const paths = [...outcomes, ...(rest ? [rest] : []), ...(must ? [must] : [])]
      const hasIgnored = Object.values(driver.expectations.states).some((s) => (s.ignores ?? []).length > 0)

      afterAll(() => {
        const total = allTransitions(driver.model.machine)
        const covered = [...total.keys()].filter((k) => taken.has(k))
        report.push(`${driver.model.name.padEnd(18)} paths ${paths.length}  transitions ${covered.length}/${total.size} (${Math.round((covered.length / total.size) * 1000) / 10}%)  requests checked: ${[...checked.sent].join(', ') || 'none'}  ignored: ${checked.ignored || (driver.ignoreNone ? `none (${driver.ignoreNone})` : 'none')}`)
        expect([...total.keys()].filter((k) => !taken.has(k)), `${driver.model.name}: transitions no browser path took`).toEqual([])
        if (hasIgnored) expect(!!driver.ignore || !!driver.ignoreNone, `${driver.model.name}: the machine ignores events; its driver makes none happen (ignore) nor says why it cannot (ignoreNone)`).toBe(true)
        if (hasIgnored && driver.ignore) expect(checked.ignored, `${driver.model.name}: no ignored event was made to happen in the browser`).not.toBe('')
      })

      it.each(paths.map((p, i) => [i + 1, p.steps.map((s) => s.event.type).join(' > '), p] as const))('path %i: %s', async (_i, _label, path) => {
        // a fresh origin state per path: new cookies and storage
        await b.context.clearCookies()
        const page = await b.context.newPage()
        const requests: Request[] = []
        page.on('request', (r) => { if (new URL(r.url()).pathname.startsWith('/api/')) requests.push(r) })
        // the model replayed beside the page: its contexts feed the rules' conditions and the screens' words
        const model = startReplay(driver.model)
        // the snapshots of this very path replayed in the model, for the rules of the answers ahead (the generator's own
        // snapshots stand for every history that serialises alike: their prices may be another history's)
        const replayed: Snapshot[] = []
        {
          const r = startReplay(driver.model)
          try { for (const st of path.steps) { r.advance(st.event); replayed.push(r.actor.getSnapshot() as Snapshot) } } finally { r.actor.stop() }
        }
        try {
          await driver.open(page, path.steps, server)
          for (const [i, step] of path.steps.entries()) {
            const next = path.steps[i + 1]
            const previous = model.actor.getSnapshot() as Snapshot
            const { sent } = model.advance(step.event)
            const after = model.actor.getSnapshot() as Snapshot
            const where = `step ${i + 1} (${step.event.type})`
            // the expected state: the rule table's, for the previous state and the event
            const expected = rulesTo(driver.expectations, previous, step.event)
            if (!expected) throw new Error(`${where}: no rule says what "${step.event.type}" does in ${JSON.stringify(previous.value)}`)
            await driver.act(page, step, next, server)
            // what the page sent for the actors the oracle says this step started
            for (const s of sent) {
              const oracle = driver.expectations.inputs[s.id]
              if (!oracle || !driver.checkSent) continue
              const want = oracle(previous.context, step.event, after.context, driver.model.input, previous)
              if (await driver.checkSent(page, s.id, want)) checked.sent.add(s.id)
            }
            // a busy state the server leaves at once (its answer is the next step) is checked through the coverage,
            // and, where the driver holds the request, for an event it must ignore; the page may have left it
            // already: then it must be where the rules put it after the answers that follow (no fixed wait)
            const busy = isAnswer(next?.event)
            const ahead: string[][] = [expected]
            for (let j = i + 1; busy && j < path.steps.length && isAnswer(path.steps[j]!.event); j++) {
              const further = rulesTo(driver.expectations, replayed[j - 1]!, path.steps[j]!.event)
              if (!further) break
              ahead.push(further)
            }
            const at = await page.waitForFunction(([id, alternatives]) => {
              const value = (window as unknown as { __e2eCoverage: Coverage }).__e2eCoverage[id!]?.value
              const inState = (v: unknown, p: string): boolean => {
                const [head, ...rest] = p.split('.')
                if (typeof v === 'string') return rest.length === 0 && v === head
                if (!v || typeof v !== 'object' || !(head! in v)) return false
                return rest.length === 0 || inState((v as Record<string, unknown>)[head!], rest.join('.'))
              }
              const found = (alternatives as string[][]).findIndex((paths) => paths.every((p) => inState(value, p)))
              return found >= 0 ? found + 1 : false
            }, [driver.id, ahead] as const, { timeout: 15_000 }).then(async (h) => ((await h.jsonValue()) as number) - 1, () => -1)
            if (at < 0) throw new Error(`${where}: the rules expect ${JSON.stringify(expected)}${busy ? ` (or, the answers come, ${JSON.stringify(ahead.slice(1))})` : ''}, the live actor is in ${JSON.stringify((await live(page, driver.id))?.value)}`)
            const reached = at === 0
            if (!reached) continue
            const now = await live(page, driver.id)
            const context = driver.screenContext ? driver.screenContext(page, after.context) : after.context
            const shown = (driver.model.machine as AnyStateMachine).resolveState({ value: now!.value as never, context }) as unknown as Snapshot
            const leaves = activePaths(shown).filter((p) => !activePaths(shown).some((q) => q.startsWith(p + '.')))
            // the screen of the state the live actor is in, with the model's words for it
            const screened = !busy && !leaves.some((l) => driver.expectations.states[l]?.unseen)
            if (screened) {
              const screen = screenOf(driver.expectations, Object.assign(Object.create(Object.getPrototypeOf(shown)), shown, { status: after.status }) as Snapshot)
              await checkScreen(page, screen, `${where} in ${JSON.stringify(now!.value)}`)
            }
            // once per machine: an event this state must ignore changes nothing, and sends nothing
            // (not while an answer the server gives by itself is due: the state would move on under the check)
            if (driver.ignore && !checked.ignored && (!busy || driver.ignoreWhileBusy) && after.status === 'active') {
              for (const leaf of leaves) {
                for (const candidate of driver.expectations.states[leaf]?.ignores ?? []) {
                  // what the page says, and whether it changes by itself (a countdown): then compared without its figures
                  // (measured after a pause: the requests the state itself makes as it is entered are out by then)
                  const textBefore = await flowText(page)
                  await page.waitForTimeout(300)
                  let ticking = (await flowText(page)) !== textBefore
                  const words = (t: string) => (ticking ? t.replace(/\d+/g, '#') : t)
                  const before = await live(page, driver.id)
                  const sentBefore = requests.length
                  const done = await driver.ignore(page, leaf, candidate)
                  if (!done) continue
                  const what = `${where}: "${leaf}" must ignore ${candidate.type}`
                  if (done === 'view') {
                    // the view stops it (a disabled control): nothing of it may reach the machine
                    await page.waitForTimeout(500)
                    const now2 = await live(page, driver.id)
                    const count = (now2?.received ?? 0) - (before?.received ?? 0)
                    const arrived = count > 0 ? (now2?.lastReceived ?? []).slice(-Math.min(8, count)) : []
                    expect(arrived, `${what}: the view was to stop it, yet it reached the machine`).not.toContain(candidate.type)
                  } else {
                    // the event reached the live actor (the page sent it: a disabled control that sends nothing proves nothing)
                    await expect.poll(async () => (await live(page, driver.id))?.received ?? 0, { timeout: 5_000, message: `${what}: the page never sent it to the machine` }).toBeGreaterThan(before?.received ?? 0)
                    const now2 = (await live(page, driver.id))!
                    const arrived = (now2.lastReceived ?? []).slice(-Math.min(8, now2.received! - (before?.received ?? 0)))
                    expect(arrived, `${what}: what reached the machine`).toContain(candidate.type)
                    // (long enough for a request, a transition or a re-render the event would cause)
                    await page.waitForTimeout(500)
                  }
                  const afterIgnored = await live(page, driver.id)
                  expect(afterIgnored?.value, `${what}: the state changed`).toEqual(before?.value)
                  expect(afterIgnored?.steps, `${what}: a transition was taken (no context change, action, emit or request can happen without one)`).toBe(before?.steps)
                  // (the browser's error log ships its batch on a timer of its own: not the flow's doing)
                  expect(requests.slice(sentBefore).map((r) => `${r.method()} ${new URL(r.url()).pathname}`).filter((r) => !r.endsWith('/api/v1/log/log.json')), `${what}: it sent`).toEqual([])
                  // the same screen: the state's expectation still holds, and what the page says is word for word what it said
                  if (screened) await checkScreen(page, screenOf(driver.expectations, Object.assign(Object.create(Object.getPrototypeOf(shown)), shown, { status: after.status }) as Snapshot), `${what}: after it`)
                  const textAfter = await flowText(page)
                  if (!ticking && textAfter !== textBefore) {
                    // a countdown ticks once a second, and 300 ms can fall between two ticks: look again, for longer
                    const a = await flowText(page)
                    await page.waitForTimeout(1_100)
                    ticking = (await flowText(page)) !== a
                  }
                  expect(words(textAfter), `${what}: the page's words changed`).toBe(words(textBefore))
                  checked.ignored = `${candidate.type} in ${leaf}${done === 'view' ? ' (stopped by the view)' : ' (reached the machine)'}`
                  break
                }
                if (checked.ignored) break
              }
            }
          }
          for (const key of (await live(page, driver.id))?.taken ?? []) taken.add(key)
        } catch (error) {
          // what the page showed when the path failed, for whoever reads the report
          await page.screenshot({ path: `test-results/model-paths/${driver.model.name}-path-${_i}.png`, fullPage: true }).catch(() => undefined)
          throw error
        } finally {
          model.actor.stop()
          await page.close()
        }
      })
    })
  }

  afterAll(() => {
    console.log(`\nbrowser model replay (${((Date.now() - started) / 1000).toFixed(1)} s):\n${report.join('\n')}`)
  })
})
