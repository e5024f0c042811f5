import { fromPromise } from 'xstate'

/**
 * Named slots for side effects: the machine names them, the web layer (src/web/flows) provides
 * the real ones and tests provide fakes. Calling one that was not provided is a wiring bug.
 */
export function notProvided(name: string): never {
  throw new Error(`${name}: not provided`)
}

export function providedLater<TOutput, TInput = void>(name: string) {
  return fromPromise<TOutput, TInput>(async () => notProvided(name))
}

/** The reason code of a failed call: the server's `code`, else UNEXPECTED. Never English text. */
export function reasonOf(error: unknown): string {
  if (error && typeof error === 'object') {
    const e = error as { code?: unknown; kind?: unknown }
    if (typeof e.code === 'string' && e.code) return e.code
    if (e.kind === 'network' || e.kind === 'timeout') return 'NETWORK'
  }
  return 'UNEXPECTED'
}
