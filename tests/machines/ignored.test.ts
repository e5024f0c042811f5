/**
 * The check of ignored events (tests/support/model-test.ts checkIgnored, issue 22 item 3) catches
 * each way an event the state must ignore can still do something: a transition to another state, a
 * context change, a transition without a target (with or without actions), an action, a notice
 * (emit), an invoked actor started, a timer started. A toy machine whose state `a` must ignore `ping`
 * is given each of these in turn; the unchanged one passes.
 */
import { describe, expect, it } from 'vitest'
import { assign, emit, fromPromise, setup, type AnyStateMachine } from 'xstate'
import type { Expectations } from '../support/expectations.ts'
import { checkIgnored, type Model } from '../support/model-test.ts'

function toy(ping: Record<string, unknown> | null): AnyStateMachine {
  return setup({
    types: { context: {} as { n: number }, events: {} as { type: 'go' } | { type: 'ping' } },
    actions: { notify: () => {} },
    actors: { call: fromPromise(async () => 1) },
    delays: { soon: 1000 },
  }).createMachine({
    id: 'toy',
    initial: 'a',
    context: { n: 0 },
    states: {
      a: { on: { go: 'b', ...(ping ? { ping: ping as never } : {}) } },
      b: {},
      c: { invoke: { id: 'call', src: 'call' } },
    },
  }) as unknown as AnyStateMachine
}

const expectations: Expectations<{ n: number }> = {
  states: {
    a: { words: { tr: 'a', en: 'a' }, ignores: [{ type: 'ping' }] },
    b: { words: { tr: 'b', en: 'b' } },
    c: { words: { tr: 'c', en: 'c' } },
  },
  rules: [],
  inputs: { call: () => undefined },
  describeEvent: (e) => ({ tr: e.type, en: e.type }),
}

const model = (machine: AnyStateMachine): Model => ({ name: 'toy', machine, events: [{ type: 'go' }, { type: 'ping' }], limit: 100 }) as Model

describe('an ignored event that does anything is caught', () => {
  it('the machine that ignores it passes', () => {
    expect(checkIgnored(model(toy(null)), expectations, [])).toEqual([])
  })
  it.each([
    ['a transition to another state', { target: 'b' }, /went from "a" to "b"/],
    ['a context change', { actions: assign({ n: 1 }) }, /the context changed/],
    ['a transition without a target or actions', { actions: [] }, /a transition was taken/],
    ['an action', { actions: 'notify' }, /a transition was taken/],
    ['a notice', { actions: emit({ type: 'notice', code: 'x' }) }, /a transition was taken/],
    ['an invoked actor started (re-entering a state that invokes)', { target: 'c' }, /went from "a" to "c"/],
  ])('%s', (_what, ping, message) => {
    const failures = checkIgnored(model(toy(ping)), expectations, [])
    expect(failures.join('\n')).toMatch(message)
  })
})
