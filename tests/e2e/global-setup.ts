import { existsSync, rmSync } from 'node:fs'
import { resolve } from 'node:path'
import { chromium } from 'playwright-core'
import type { TestProject } from 'vitest/node'
import { CHROME_PATH, COVERAGE_DIR, FLAGS, recordChromiumCpu } from './browser.ts'
import { writeE2eReport, type MachineTransitions } from './coverage-report.ts'
import { prepareE2eDatabases } from './prepared-db.ts'
import { E2E_SMS_COOLDOWN_S, e2eEnv, startE2eServer } from './server.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string
    /** The run's Chromium (a playwright browser server) every file's launch() opens contexts of; '' for one per launch. */
    browserWs: string
  }
}

/** Every statechart of the registry and its transitions (the report lists what no page took). */
async function registryTransitions(): Promise<MachineTransitions> {
  try {
    const { MACHINES } = await import('../machines/registry.ts')
    const { allTransitions } = await import('../support/paths.ts')
    return MACHINES.map(({ model }) => ({ id: model.machine.id, name: model.name, transitions: [...allTransitions(model.machine).keys()] }))
  } catch (error) {
    console.error(`e2e coverage report: the registry could not be read (${(error as Error).message}); transitions taken only`)
    return []
  }
}

/**
 * Prepares the run's database once (every server starts from it instead of seeding), then starts
 * one server for the run; files that need other settings start their own (tests/e2e/server.ts).
 * At the end, the report of the statechart transitions the browser took (test-results/coverage/).
 */
export default async function setup(project: TestProject) {
  // npm test's lanes share the directory (scripts/test.ts empties it once, before them all)
  // (E2E_COVERAGE_OFF: a mutant's replay, scripts/mutants-views.ts, neither empties nor reports it)
  const coverage = !process.env.E2E_COVERAGE_OFF
  if (coverage && !process.env.E2E_COVERAGE_KEEP) rmSync(COVERAGE_DIR, { recursive: true, force: true })
  // `npm test` prepares the PGlite dump once for all its browser lanes (E2E_PGLITE_DUMP, scripts/test.ts):
  // a lane on PGlite given one uses it; otherwise (and on PostgreSQL, a template of the lane's own) it is made here
  const given = !process.env.E2E_DATABASE_URL && !!process.env.E2E_PGLITE_DUMP && existsSync(process.env.E2E_PGLITE_DUMP)
  const prepared = given ? { cleanup: async () => {} } : await prepareE2eDatabases(e2eEnv())
  // the replay lane's one file (model-paths) starts a server and a Chromium of its own (a persistent
  // one, tests/e2e/browser.ts): a shared browser and server would idle for the whole lane
  const replayOnly = process.env.E2E_LANE === 'paths'
  // one Chromium for the run (tests/e2e/browser.ts): each launch() is a new context of it
  const browser = process.env.E2E_BROWSER_PER_FILE === '1' || replayOnly ? null : await chromium.launchServer({ executablePath: CHROME_PATH, headless: true, args: FLAGS })
  project.provide('browserWs', browser?.wsEndpoint() ?? '')
  // the purchase flows verify a phone again after the resend cooldown: seconds here, not a minute
  const server = replayOnly ? null : await startE2eServer(process.env.E2E_LANE ? `e2e-${process.env.E2E_LANE}` : 'e2e', { SMS_RESEND_COOLDOWN_S: String(E2E_SMS_COOLDOWN_S) })
  project.provide('baseUrl', server?.url ?? '')
  return async () => {
    await server?.stop()
    // Chromium's CPU seconds, which the stage's own figure misses but for the browser process (issue 26 item 9)
    const pid = browser?.process().pid
    if (pid) recordChromiumCpu(pid, process.pid)
    await browser?.close()
    await prepared.cleanup()
    const report = coverage ? writeE2eReport(await registryTransitions()) : null
    if (report) console.log(`\nstatechart transitions taken in the browser: ${report}`)
  }
}
