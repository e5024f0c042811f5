import type { InspectionEvent, Observer } from 'xstate'
import { runtimeConfig } from './config.ts'

type Inspect = Observer<InspectionEvent> | ((event: InspectionEvent) => void)
let inspect: Inspect | undefined

/**
 * The Stately inspector (development, or INSPECTOR=true on the server). Loaded lazily, with its
 * sanitiser, so production pages never download either unless asked. Every message it sends to
 * the inspector window goes through the one sanitising function (src/web/inspect-sanitize.ts
 * `INSPECTOR_OPTIONS`: `sanitizeInspection` as the package's `serialize` step), which sees every message (deferred
 * ones included) with all its parts. Pass `getInspect()` to `createActor`. The server sends
 * `Cross-Origin-Opener-Policy: same-origin-allow-popups` while it is on (the inspector window must
 * keep its opener: docs/decisions/inspector.md).
 */
export async function startInspector(): Promise<void> {
  if (!(import.meta.env.DEV || runtimeConfig.inspector) || inspect) return
  const [{ createBrowserInspector }, { INSPECTOR_OPTIONS }] = await Promise.all([import('@statelyai/inspect'), import('./inspect-sanitize.ts')])
  inspect = createBrowserInspector(INSPECTOR_OPTIONS).inspect
}

/**
 * `background`: an actor that is not the page's own (the header's photo, the expiry warning): the
 * replay's probe counts its transitions but leaves the page's state to the page's own actor of the
 * same machine.
 */
export function getInspect(options?: { background?: boolean }): Inspect | undefined {
  const probe = coverageProbe(options?.background === true)
  if (!probe) return inspect
  const stately = inspect
  return (event: InspectionEvent) => {
    probe(event)
    if (typeof stately === 'function') stately(event)
    else stately?.next?.(event)
  }
}

type TransitionLike = { source: NodeLike; eventType: string; target?: readonly NodeLike[] | undefined }
type NodeLike = { id: string; transitions: Map<string, readonly TransitionLike[]>; always?: readonly TransitionLike[] | undefined }

/** Stable key of one transition (source, event, its index among that event's transitions, targets): the model tests use the same. */
export function transitionKey(t: TransitionLike): string {
  const list = t.eventType === '' ? t.source.always ?? [] : t.source.transitions.get(t.eventType) ?? []
  return `${t.source.id} --${t.eventType || '(always)'}#${list.indexOf(t)}--> ${(t.target ?? []).map((n) => n.id).join(',') || '(self)'}`
}

/**
 * What the end-to-end tests read: per machine id, the transitions taken, the last state and the
 * number of microsteps that took a transition (an ignored event adds none).
 */
export type Coverage = Record<string, { taken: string[]; value: unknown; status: string; steps: number; received?: number; lastReceived?: string[] }>

/**
 * Opt-in test hook (tests/e2e/browser.ts): only when the test harness has set
 * `window.__e2eCoverage = {}` before the page's scripts run does every actor report its
 * microsteps (the transitions taken), the events it received (a count and the last few types) and
 * its state there, and each newly taken transition to the
 * harness's `window.__e2eCoverageReport` when it exists. A normal page never sets either.
 */
function coverageProbe(background: boolean): ((event: InspectionEvent) => void) | undefined {
  if (typeof window === 'undefined') return undefined
  const store = (window as unknown as { __e2eCoverage?: Coverage }).__e2eCoverage
  if (!store || typeof store !== 'object') return undefined
  return (event) => {
    const root = (event.actorRef as unknown as { logic?: { id?: string; root?: unknown } }).logic
    if (!root?.root || !root.id) return
    const entry = (store[root.id] ??= { taken: [], value: null, status: 'active', steps: 0 })
    if (event.type === '@xstate.event') {
      // what reached the machine, whether or not it took a transition (an ignored event must reach it and change nothing)
      const type = (event as unknown as { event?: { type?: string } }).event?.type ?? ''
      entry.received = (entry.received ?? 0) + 1
      entry.lastReceived = [...(entry.lastReceived ?? []), type].slice(-8)
    }
    if (event.type === '@xstate.microstep') {
      const transitions = (event as unknown as { _transitions: TransitionLike[] })._transitions
      if (transitions.length > 0) entry.steps = (entry.steps ?? 0) + 1
      const report = (window as unknown as { __e2eCoverageReport?: (machine: string, key: string) => void }).__e2eCoverageReport
      for (const t of transitions) {
        const key = transitionKey(t)
        if (!entry.taken.includes(key)) {
          entry.taken.push(key)
          report?.(root.id, key)
        }
      }
    }
    if (event.type === '@xstate.snapshot' && !background) {
      const snap = event.snapshot as { value?: unknown; status?: string }
      entry.value = snap.value
      entry.status = snap.status ?? 'active'
    }
  }
}
