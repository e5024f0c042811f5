import { rmSync } from 'node:fs'
import type { TestProject } from 'vitest/node'
import { COVERAGE_DIR } from './browser.ts'
import { writeE2eReport, type MachineTransitions } from './coverage-report.ts'
import { prepareE2eDatabases } from './prepared-db.ts'
import { E2E_SMS_COOLDOWN_S, e2eEnv, startE2eServer } from './server.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string
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
  const prepared = await prepareE2eDatabases(e2eEnv())
  // the purchase flows verify a phone again after the resend cooldown: seconds here, not a minute
  const server = await startE2eServer(process.env.E2E_LANE ? `e2e-${process.env.E2E_LANE}` : 'e2e', { SMS_RESEND_COOLDOWN_S: String(E2E_SMS_COOLDOWN_S) })
  project.provide('baseUrl', server.url)
  return async () => {
    await server.stop()
    await prepared.cleanup()
    const report = coverage ? writeE2eReport(await registryTransitions()) : null
    if (report) console.log(`\nstatechart transitions taken in the browser: ${report}`)
  }
}
