import type { TestProject } from 'vitest/node'
import { prepareE2eDatabases } from './prepared-db.ts'
import { E2E_SMS_COOLDOWN_S, e2eEnv, startE2eServer } from './server.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string
  }
}

/**
 * Prepares the run's database once (every server starts from it instead of seeding), then starts
 * one server for the run; files that need other settings start their own (tests/e2e/server.ts).
 */
export default async function setup(project: TestProject) {
  const prepared = await prepareE2eDatabases(e2eEnv())
  // the purchase flows verify a phone again after the resend cooldown: seconds here, not a minute
  const server = await startE2eServer('e2e', { SMS_RESEND_COOLDOWN_S: String(E2E_SMS_COOLDOWN_S) })
  project.provide('baseUrl', server.url)
  return async () => {
    await server.stop()
    await prepared.cleanup()
  }
}
