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

/**
 * Why a verification could not be read back from the proof cookie, as the phone step tells it: none
 * on this device (`SMS_PROOF_MISSING`: a `?step=` address opened elsewhere, or the cookie expired
 * in the browser) is no failure to tell, the phone step is simply asked (null); a forged, expired or
 * other product's proof says why.
 */
export function restoreReasonOf(error: unknown): string | null {
  const reason = reasonOf(error)
  return reason === 'SMS_PROOF_MISSING' ? null : reason
}
