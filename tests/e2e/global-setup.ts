import type { TestProject } from 'vitest/node'
import { startE2eServer } from './server.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string
  }
}

/** One server for the e2e run; files that need other settings start their own (tests/e2e/server.ts). */
export default async function setup(project: TestProject) {
  const server = await startE2eServer('e2e')
  project.provide('baseUrl', server.url)
  return () => server.stop()
}
