import { assign, setup } from 'xstate'
import {
  EMPTY_ADDRESS, EMPTY_GROUP_ROLES, EMPTY_PERSONAL, createUserBody, resumeStep, stepIssues, stepOfPath,
  type AddressDraft, type CreateUserDraft, type CreateUserDrafts, type CreateUserStep, type DraftStep, type GroupRolesDraft,
  type PersonalDraft, type StepIssues,
} from '../../src/domain/create-user.ts'
import type { CreateUserInput } from '../../src/domain/schemas/user.ts'
import { providedLater, reasonOf } from '../shared/not-provided.ts'

/**
 * Create user (spec 2.2, 3.1, 4, 5; issue 14): three steps, personal details -> address -> group
 * and roles, then a review and the creation. Each step is checked with its schema from
 * src/domain/schemas/user.ts before the next one opens; back and next keep what was typed (the
 * drafts live here, not in the form). A server refusal with field issues (a duplicate username,
 * e-mail or national ID) returns to the step of the first issue with its field errors; any other
 * failure waits in `failed` for a retry. While `creating`, a second submit is not handled, so a
 * double click sends one request.
 *
 * The draft survives a reload (issue 25 item 6): `restoring` reads the tab's saved draft
 * (`loadDraft`) and opens its step, or the first earlier step whose checks fail (a draft is not
 * trusted); every change and every step opened saves it (`saveDraft`, with the step); the creation
 * and "Vazgeç" (`wizard.cancel`, final `cancelled`) forget it (`clearDraft`). An unreadable draft
 * is forgotten and the wizard starts empty.
 */
export type CreateUserInputOf = { today: string }
export type CreatedUser = {
  id: string
  username: string
  /** The welcome mail with the temporary password: queued in the outbox (not yet sent), or none (e-mail notifications off). */
  welcomeMail?: { id: string; status: string } | null
}
export type CreateUserContext = CreateUserDrafts & {
  /** The calendar date the adult and valid-to rules count from (YYYY-MM-DD). */
  today: string
  /** Field -> message code of the step on screen. */
  errors: StepIssues
  /** Reason code of a failed creation (never English text). */
  error: string | null
  created: CreatedUser | null
}

export type CreateUserEvent =
  | { type: 'personal.change'; values: Partial<PersonalDraft> }
  | { type: 'address.change'; values: Partial<AddressDraft> }
  | { type: 'groupRoles.change'; values: Partial<GroupRolesDraft> }
  | { type: 'step.next' }
  | { type: 'step.back' }
  | { type: 'form.submit' }
  | { type: 'wizard.cancel' }

type Failure = { code?: string; issues?: Array<{ path: string; code: string }> }

function issuesOf(error: unknown): Array<{ path: string; code: string }> {
  const f = error && typeof error === 'object' ? (error as Failure) : {}
  return Array.isArray(f.issues) ? f.issues : []
}

/** The first step a server refusal names, and its field errors. */
function refusal(error: unknown): { step: CreateUserStep; errors: StepIssues } | null {
  const issues = issuesOf(error)
  const order: CreateUserStep[] = ['personal', 'address', 'groupRoles']
  const step = order.find((s) => issues.some((i) => stepOfPath(i.path) === s))
  if (!step) return null
  const errors: StepIssues = {}
  for (const i of issues) {
    if (stepOfPath(i.path) !== step) continue
    const field = i.path.split('.').slice(1).join('.')
    errors[field] ??= i.code
  }
  return { step, errors }
}

const invalid = (step: CreateUserStep) => ({ context }: { context: CreateUserContext }) => Object.keys(stepIssues(step, context, context.today)).length > 0
/**
 * After a change, an error under a changed field goes once the field is corrected (issue 25 item
 * 6): it stays (with the current code) while the step's check still finds an issue on it, and
 * errors of untouched fields stay as they were. Nothing new is shown while typing.
 */
const settle = (step: CreateUserStep) => ({ context, event }: { context: CreateUserContext; event: unknown }): StepIssues => {
  const changed = Object.keys((event as { values?: Record<string, unknown> }).values ?? {})
  if (changed.length === 0 || Object.keys(context.errors).length === 0) return context.errors
  const now = stepIssues(step, context, context.today)
  const next: StepIssues = {}
  for (const [field, code] of Object.entries(context.errors)) {
    if (!changed.includes(field)) next[field] = code
    else if (now[field]) next[field] = now[field]
  }
  return next
}
/** A restored draft (the answer of `loadDraft`) that opens at `step`; null is no draft. */
const resumesAt = (step: DraftStep) => ({ context, event }: { context: CreateUserContext; event: unknown }) => {
  const draft = (event as { output?: CreateUserDraft | null }).output
  return !!draft && resumeStep(draft, context.today) === step
}
const refusedAt = (step: CreateUserStep) => ({ event }: { event: unknown }) => refusal((event as { error?: unknown }).error)?.step === step

export const createUserMachine = setup({
  types: {} as {
    context: CreateUserContext
    events: CreateUserEvent
    input: CreateUserInputOf
    output: CreatedUser | null
  },
  actors: {
    createUser: providedLater<CreatedUser, CreateUserInput>('createUser'),
    /** The tab's saved draft, null when there is none; fails on one that cannot be read. */
    loadDraft: providedLater<CreateUserDraft | null>('loadDraft'),
  },
  actions: {
    /** Side effects the web layer provides (src/web/flows/create-user.ts); nothing here. */
    saveDraft: (_, _params: { step: DraftStep }) => undefined,
    clearDraft: () => undefined,
    restoreDraft: assign(({ event }) => {
      const draft = (event as { output?: CreateUserDraft | null }).output
      if (!draft) return {}
      return { personal: draft.personal, address: draft.address, groupRoles: draft.groupRoles }
    }),
    showPersonalIssues: assign({ errors: ({ context }) => stepIssues('personal', context, context.today) }),
    showAddressIssues: assign({ errors: ({ context }) => stepIssues('address', context, context.today) }),
    showGroupRolesIssues: assign({ errors: ({ context }) => stepIssues('groupRoles', context, context.today) }),
    showRefusal: assign({ errors: ({ event }) => refusal((event as { error?: unknown }).error)?.errors ?? {}, error: null }),
    clearErrors: assign({ errors: {} }),
    forgetErrors: assign({ errors: {}, error: null }),
  },
  guards: {
    isPersonalInvalid: invalid('personal'),
    isAddressInvalid: invalid('address'),
    isGroupRolesInvalid: invalid('groupRoles'),
    resumesAtAddress: resumesAt('address'),
    resumesAtGroupRoles: resumesAt('groupRoles'),
    resumesAtReview: resumesAt('review'),
    isPersonalRefused: refusedAt('personal'),
    isAddressRefused: refusedAt('address'),
    isGroupRolesRefused: refusedAt('groupRoles'),
  },
}).createMachine({
  id: 'createUser',
  context: ({ input }) => ({
    personal: EMPTY_PERSONAL,
    address: EMPTY_ADDRESS,
    groupRoles: EMPTY_GROUP_ROLES,
    today: input.today,
    errors: {},
    error: null,
    created: null,
  }),
  initial: 'restoring',
  states: {
    /** The tab's saved draft, if any, is read back (a reload keeps what was typed). */
    restoring: {
      invoke: {
        id: 'loadDraft',
        src: 'loadDraft',
        onDone: [
          { guard: 'resumesAtReview', target: 'review', actions: 'restoreDraft' },
          { guard: 'resumesAtGroupRoles', target: 'groupRoles', actions: 'restoreDraft' },
          { guard: 'resumesAtAddress', target: 'address', actions: 'restoreDraft' },
          { target: 'personal', actions: 'restoreDraft' },
        ],
        onError: { target: 'personal', actions: 'clearDraft' },
      },
    },
    /** Step 1: personal details. */
    personal: {
      entry: { type: 'saveDraft', params: { step: 'personal' } },
      on: {
        'personal.change': { actions: [assign({ personal: ({ context, event }) => ({ ...context.personal, ...event.values }) }), assign({ errors: settle('personal') }), { type: 'saveDraft', params: { step: 'personal' } }] },
        'wizard.cancel': { target: 'cancelled', actions: 'forgetErrors' },
        'step.next': [
          { guard: 'isPersonalInvalid', actions: 'showPersonalIssues' },
          { target: 'address', actions: 'clearErrors' },
        ],
      },
    },
    /** Step 2: the personal address. */
    address: {
      entry: { type: 'saveDraft', params: { step: 'address' } },
      on: {
        'address.change': { actions: [assign({ address: ({ context, event }) => ({ ...context.address, ...event.values }) }), assign({ errors: settle('address') }), { type: 'saveDraft', params: { step: 'address' } }] },
        'wizard.cancel': { target: 'cancelled', actions: 'forgetErrors' },
        'step.back': { target: 'personal', actions: 'clearErrors' },
        'step.next': [
          { guard: 'isAddressInvalid', actions: 'showAddressIssues' },
          { target: 'groupRoles', actions: 'clearErrors' },
        ],
      },
    },
    /** Step 3: group and roles (the yes/no questions of spec 4 are fields of this step). */
    groupRoles: {
      entry: { type: 'saveDraft', params: { step: 'groupRoles' } },
      on: {
        'groupRoles.change': { actions: [assign({ groupRoles: ({ context, event }) => ({ ...context.groupRoles, ...event.values }) }), assign({ errors: settle('groupRoles') }), { type: 'saveDraft', params: { step: 'groupRoles' } }] },
        'wizard.cancel': { target: 'cancelled', actions: 'forgetErrors' },
        'step.back': { target: 'address', actions: 'clearErrors' },
        'step.next': [
          { guard: 'isGroupRolesInvalid', actions: 'showGroupRolesIssues' },
          { target: 'review', actions: 'clearErrors' },
        ],
      },
    },
    /** Everything typed, before the user is created. */
    review: {
      entry: { type: 'saveDraft', params: { step: 'review' } },
      on: {
        'step.back': 'groupRoles',
        'form.submit': 'creating',
        'wizard.cancel': { target: 'cancelled', actions: 'forgetErrors' },
      },
    },
    creating: {
      tags: ['busy'],
      invoke: {
        id: 'createUser',
        src: 'createUser',
        input: ({ context }) => createUserBody(context),
        onDone: { target: 'created', actions: assign({ created: ({ event }) => event.output, error: null }) },
        onError: [
          { guard: 'isPersonalRefused', target: 'personal', actions: 'showRefusal' },
          { guard: 'isAddressRefused', target: 'address', actions: 'showRefusal' },
          { guard: 'isGroupRolesRefused', target: 'groupRoles', actions: 'showRefusal' },
          { target: 'failed', actions: assign({ error: ({ event }) => reasonOf(event.error) }) },
        ],
      },
    },
    /** Not created for a reason that is no field's (network, permission): retry or go back. */
    failed: {
      on: {
        'form.submit': { target: 'creating', actions: assign({ error: null }) },
        'step.back': { target: 'review', actions: assign({ error: null }) },
        'wizard.cancel': { target: 'cancelled', actions: 'forgetErrors' },
      },
    },
    created: { type: 'final', entry: 'clearDraft' },
    /** "Vazgeç": nothing is created and the draft is forgotten. */
    cancelled: { type: 'final', entry: 'clearDraft' },
  },
  output: ({ context }) => context.created,
})
