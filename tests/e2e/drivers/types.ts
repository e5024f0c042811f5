import type { Page } from 'playwright-core'
import type { Expectations } from '../../support/expectations.ts'
import type { Model } from '../../support/model-test.ts'
import type { GeneratedPath, PathStep } from '../../support/paths.ts'
import type { E2eServer } from '../server.ts'

/** How the browser performs a path's events for one machine. */
export type Driver = {
  /** The machine's id (its key in window.__e2eCoverage). */
  id: string
  model: Model
  expectations: Expectations
  /** Opens the machine's screen, arranging what the path's first answers need. */
  open(page: Page, path: PathStep[], server: E2eServer): Promise<void>
  /** Performs one event; `next` is the step after it (to arrange the server's answer). */
  act(page: Page, step: PathStep, next: PathStep | undefined, server: E2eServer): Promise<void>
  /**
   * Whether a person (or the server) can make this path happen in the browser; the covering set is
   * chosen among the feasible paths and must still take every transition. Absent: every path.
   */
  feasible?(path: GeneratedPath): boolean
}
