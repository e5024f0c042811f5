/**
 * The session's deadlines, apart from the machine so that selectors (which the staff routes' guards
 * load with the first page) can use them without pulling in xstate and the machine itself.
 */
export type DeadlineContext = { lastActivityAt: number; timing: { inactiveMs: number; warningMs: number } }

/** When the inactivity warning's countdown ends (epoch ms): the lock is due then, and the view counts down to it. */
export function warningEndsAt(context: DeadlineContext): number {
  return context.lastActivityAt + context.timing.inactiveMs + context.timing.warningMs
}
