import type { InspectionEvent, Observer } from 'xstate'
import { runtimeConfig } from './config.ts'
import { sanitize } from './inspect-sanitize.ts'

type Inspect = Observer<InspectionEvent>
let inspect: Inspect | undefined

/**
 * The Stately inspector (development, or INSPECTOR=true on the server). Loaded lazily, so
 * production pages never download it unless asked. Pass `getInspect()` to `createActor`.
 */
export async function startInspector(): Promise<void> {
  if (!(import.meta.env.DEV || runtimeConfig.inspector) || inspect) return
  const { createBrowserInspector } = await import('@statelyai/inspect')
  inspect = createBrowserInspector({
    autoStart: true,
    sanitizeEvent: (event) => sanitize(event),
    sanitizeContext: (context) => sanitize(context),
  }).inspect
}

export function getInspect(): Inspect | undefined {
  return inspect
}
