import { fromPromise } from 'xstate'
import { loadMachine } from '../../../machines/load/load.machine.ts'

/**
 * A read-only request of a page on the load statechart (machines/load): the page's parameters go
 * in, the answer comes out. `P` and `T` are the parameters' and the answer's types, carried for the
 * views (the machine itself keeps them as `unknown`).
 */
export type LoadFlow<P, T> = typeof loadMachine & { readonly __types?: (p: P) => T }

export function loadFlow<P = null, T = unknown>(fetch: (params: P, signal: AbortSignal) => Promise<T>): LoadFlow<P, T> {
  return loadMachine.provide({
    actors: { fetch: fromPromise(({ input, signal }) => fetch(input as P, signal)) },
  }) as LoadFlow<P, T>
}
