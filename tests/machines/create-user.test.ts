/**
 * The create-user wizard's field errors as a person types (spec 4): typing into a field that was refused takes
 * its error away once the field is right; the other fields keep theirs; every change is saved to the tab's draft.
 * The generated paths never type into a refused address field (their abstract state does not hold the errors),
 * so this is checked here (found by the mutation sample, exploring seed 101: the address's errors not settled).
 */
import { expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { createUserMachine } from '../../machines/create-user/create-user.machine.ts'
import type { CreateUserDraft } from '../../src/domain/create-user.ts'
import { GROUP_NOT_CHOSEN, TODAY, VALID_ADDRESS, VALID_PERSONAL } from './models/create-user.model.ts'

const settle = () => new Promise((r) => setTimeout(r, 0))

it('a refused address field loses its error once typed right; the others keep theirs; each change is saved', async () => {
  const saved: string[] = []
  const actor = createActor(createUserMachine.provide({
    actors: { loadDraft: fromPromise<CreateUserDraft | null, void>(async () => null), createUser: fromPromise(() => new Promise(() => {})) },
    actions: { saveDraft: (_, params: { step: string }) => { saved.push(params.step) } },
  }), { input: { today: TODAY } }).start()
  await settle()
  actor.send({ type: 'personal.change', values: VALID_PERSONAL })
  actor.send({ type: 'step.next' })
  expect(actor.getSnapshot().value).toBe('address')
  // the address left empty: step 2 refuses its required fields
  actor.send({ type: 'step.next' })
  const refused = actor.getSnapshot().context.errors
  expect(refused).toHaveProperty('addresstext')
  expect(Object.keys(refused).length).toBeGreaterThan(1)
  saved.length = 0
  actor.send({ type: 'address.change', values: { addresstext: VALID_ADDRESS.addresstext } })
  const after = actor.getSnapshot().context.errors
  expect(after).not.toHaveProperty('addresstext')
  expect(after).toEqual(Object.fromEntries(Object.entries(refused).filter(([field]) => field !== 'addresstext')))
  expect(saved).toEqual(['address'])
  actor.stop()
})

it('a refused group choice loses its error once a group is chosen (exploring seed 606: the errors kept on step 3)', async () => {
  const actor = createActor(createUserMachine.provide({
    actors: { loadDraft: fromPromise<CreateUserDraft | null, void>(async () => null), createUser: fromPromise(() => new Promise(() => {})) },
  }), { input: { today: TODAY } }).start()
  await settle()
  actor.send({ type: 'personal.change', values: VALID_PERSONAL })
  actor.send({ type: 'step.next' })
  actor.send({ type: 'address.change', values: VALID_ADDRESS })
  actor.send({ type: 'step.next' })
  expect(actor.getSnapshot().value).toBe('groupRoles')
  actor.send({ type: 'groupRoles.change', values: GROUP_NOT_CHOSEN })
  actor.send({ type: 'step.next' })
  expect(actor.getSnapshot().context.errors).toHaveProperty('chosengroup')
  actor.send({ type: 'groupRoles.change', values: { chosengroup: '33333333-3333-4333-8333-333333333333' } })
  expect(actor.getSnapshot().context.errors).not.toHaveProperty('chosengroup')
  actor.stop()
})
