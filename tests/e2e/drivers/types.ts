import type { Page } from 'playwright-core'
import type { AnyEventObject } from 'xstate'
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
  /**
   * The model's context as this page holds it, for the screen expectations: the values the driver
   * put in place of the model's (a fresh phone number per path, a real order id). Absent: as is.
   */
  screenContext?(page: Page, context: any): any
  /**
   * Checks what the page sent for an invoked actor the oracle says the step started, against the
   * input the oracle expects (tests/machines/expectations: `inputs`), as the flow turns it into a
   * request (src/web/flows). The driver observes the page's requests; it never rewrites them.
   * Returns false for an actor it has no request of (a held answer, a call it does not watch).
   */
  checkSent?(page: Page, id: string, expected: unknown): Promise<boolean>
  /**
   * Performs, in the state the page is in, one event that state must ignore (its expectation's
   * `ignores`), as a person would (a second press while a request is on its way, a key while
   * locked). Returns false when it cannot make that event happen there; 'view' when the person's
   * action is one the view itself stops (a disabled button pressed): then nothing may reach the
   * machine either. The replay checks that the event reached the live actor (or, for 'view', that
   * nothing did), and that the state, the transitions taken, the requests and the page's words
   * stayed as they were.
   */
  ignore?(page: Page, state: string, event: AnyEventObject): Promise<boolean | 'view'>
  /**
   * Why no ignored event of this machine can be made to happen in the browser (for a machine with
   * `ignores` and no `ignore`): printed in the replay's report. A machine with ignored events needs
   * one or the other.
   */
  ignoreNone?: string
  /**
   * A path that ends where `ignore` can act (a busy state whose request the driver holds as the
   * path ends there): when the covering set has none, the replay adds the shortest feasible one.
   */
  ignoreRest?(path: GeneratedPath): boolean
  /**
   * A path the replay must include although no transition needs it (an event's value the covering
   * paths need not carry: a list's "Önceki", whose `page.go` is the same transition as "Sonraki"):
   * when the covering set has none, the replay adds the shortest feasible one.
   */
  mustReplay?(path: GeneratedPath): boolean
  /** The driver holds every answer until the path's answer step: a busy state is stable, and `ignore` may act there too. */
  ignoreWhileBusy?: boolean
}
