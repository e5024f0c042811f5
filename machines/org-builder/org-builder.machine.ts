import { assign, emit, setup } from 'xstate'
import { checkMove, treeOrder, type GroupLevel, type MoveCheck } from '../../src/domain/groups.ts'
import { providedLater, reasonOf } from '../shared/not-provided.ts'

/**
 * The organisation builder (spec 2.2 "Team", issue 13): the company's group tree, re-parented by
 * dragging a group block onto a parent group (pointer, touch or keyboard: the same events).
 *
 *   loading -> ready.idle -(drag.start)-> ready.dragging -(drop)-> saving -> ready.idle
 *                                              |  invalid target: "Hatalı Seviye", nothing moves
 *   ready.idle -(undo)-> undoing -> ready.idle          saving/undoing failed: rolled back
 *   ready.idle -(delete.request)-> ready.confirmingDelete -(delete.confirm)-> deleting -> loading
 *                                       ^-- refused (subgroups, members, roles): the reason stays shown
 *
 * While dragging, `target.over` names a candidate parent (null: the company root); `target.next` and
 * `target.previous` step through the candidates in tree order, the order the chart shows (the
 * company first, then depth first with siblings by name: the keyboard's arrows). The move is shown
 * at once and rolled back when the server refuses it. Zoom is context (in, out, fit).
 */
export type OrgGroup = { id: string; name: string; level: GroupLevel; parentId: string | null; version: number }

export type DropTarget = { parentId: string | null; check: MoveCheck }

export type OrgBuilderContext = {
  groups: OrgGroup[]
  /** The group being dragged. */
  dragging: string | null
  target: DropTarget | null
  /** The order a keyboard user steps through: the company root, then every other group in tree order. */
  candidates: Array<string | null>
  /** The move in flight, and what to restore if it fails. */
  pending: { id: string; parentId: string | null; version: number; previous: OrgGroup[] } | null
  /** The last saved move, for undo. */
  lastMove: { id: string; fromParentId: string | null; toParentId: string | null } | null
  zoom: number
  error: string | null
  /** The group whose deletion is being asked for or made, with the version read. */
  deleting: { id: string; version: number } | null
  /** Why the server refused the deletion (GROUP_NOT_EMPTY: the counts by `path` subgroups, members, roles). */
  deleteError: DeleteRefusal | null
}

export type DeleteRefusal = { reason: string; issues: Array<{ path: string; code: string }> }

export type OrgBuilderEvent =
  | { type: 'drag.start'; id: string }
  | { type: 'target.over'; parentId: string | null }
  | { type: 'target.next' }
  | { type: 'target.previous' }
  | { type: 'target.leave' }
  | { type: 'drop' }
  | { type: 'drag.cancel' }
  | { type: 'undo' }
  | { type: 'reload' }
  | { type: 'delete.request'; id: string }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' }
  | { type: 'zoom.in' }
  | { type: 'zoom.out' }
  /** Fit: the view computes the scale that shows the whole tree (none: 1×). */
  | { type: 'zoom.fit'; scale?: number }
  /** Wheel or pinch: a scale the view computed around the pointer. */
  | { type: 'zoom.set'; scale: number }

export type OrgBuilderNotice = { type: 'notice'; code: 'moved' | 'undone' | 'levelError' | 'cycle' | 'failed' | 'deleted'; reason?: string }

/** Zoom is the chart's scale: 1,000 groups fit at a few per cent, so steps multiply (×1.25 in, ÷1.25 out). */
export const ZOOM = { min: 0.02, max: 2, step: 1.25, fit: 1 } as const

export const clampZoom = (z: number) => (Number.isFinite(z) ? Math.min(ZOOM.max, Math.max(ZOOM.min, Math.round(z * 1000) / 1000)) : ZOOM.fit)

function targetOf(groups: OrgGroup[], id: string, parentId: string | null): DropTarget {
  return { parentId, check: checkMove(groups, id, parentId) }
}

function moved(groups: OrgGroup[], id: string, parentId: string | null): OrgGroup[] {
  return groups.map((g) => (g.id === id ? { ...g, parentId } : g))
}

function refusalOf(error: unknown): DeleteRefusal {
  const details = error && typeof error === 'object' ? (error as { details?: { issues?: unknown } }).details : undefined
  const issues = Array.isArray(details?.issues)
    ? details.issues.filter((i): i is { path: string; code: string } => typeof i?.path === 'string' && typeof i?.code === 'string')
    : []
  return { reason: reasonOf(error), issues }
}

function step(context: OrgBuilderContext, by: 1 | -1): DropTarget | null {
  if (!context.dragging || context.candidates.length === 0) return null
  const at = context.target ? context.candidates.indexOf(context.target.parentId) : by === 1 ? -1 : 0
  const next = context.candidates[(at + by + context.candidates.length) % context.candidates.length]!
  return targetOf(context.groups, context.dragging, next)
}

export const orgBuilderMachine = setup({
  types: {} as {
    context: OrgBuilderContext
    events: OrgBuilderEvent
    emitted: OrgBuilderNotice
  },
  actors: {
    loadTree: providedLater<OrgGroup[]>('loadTree'),
    moveGroup: providedLater<OrgGroup, { id: string; parentId: string | null; version: number }>('moveGroup'),
    deleteGroup: providedLater<unknown, { id: string; version: number }>('deleteGroup'),
  },
  guards: {
    isKnownGroup: ({ context, event }) => (event.type === 'drag.start' || event.type === 'delete.request') && context.groups.some((g) => g.id === event.id),
    isValidTarget: ({ context }) => context.target?.check.ok === true &&
      context.groups.find((g) => g.id === context.dragging)?.parentId !== context.target.parentId,
    /** A block is never its own target (the pointer over the dragged block itself). */
    isOtherGroup: ({ context, event }) => event.type === 'target.over' && event.parentId !== context.dragging,
    hasTarget: ({ context }) => context.target !== null,
    isInvalidTarget: ({ context }) => context.target !== null && !context.target.check.ok,
    isCycleTarget: ({ context }) => context.target?.check.ok === false && context.target.check.reason === 'cycle',
    canUndo: ({ context }) => context.lastMove !== null && context.groups.some((g) => g.id === context.lastMove!.id),
  },
}).createMachine({
  id: 'orgBuilder',
  context: {
    groups: [], dragging: null, target: null, candidates: [], pending: null, lastMove: null, zoom: ZOOM.fit, error: null,
    deleting: null, deleteError: null,
  },
  on: {
    'zoom.in': { actions: assign({ zoom: ({ context }) => clampZoom(context.zoom * ZOOM.step) }) },
    'zoom.out': { actions: assign({ zoom: ({ context }) => clampZoom(context.zoom / ZOOM.step) }) },
    'zoom.fit': { actions: assign({ zoom: ({ event }) => clampZoom(event.scale ?? ZOOM.fit) }) },
    'zoom.set': { actions: assign({ zoom: ({ event }) => clampZoom(event.scale) }) },
  },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadTree',
        src: 'loadTree',
        onDone: { target: 'ready', actions: assign({ groups: ({ event }) => event.output, error: null, lastMove: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => reasonOf(event.error) }) },
      },
    },
    failed: {
      on: { reload: 'loading' },
    },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'drag.start': {
              guard: 'isKnownGroup',
              target: 'dragging',
              actions: assign(({ context, event }) => ({
                dragging: event.id,
                target: null,
                error: null,
                candidates: [null, ...treeOrder(context.groups).filter((id) => id !== event.id)],
              })),
            },
            undo: { guard: 'canUndo', target: '#orgBuilder.undoing' },
            reload: '#orgBuilder.loading',
            'delete.request': {
              guard: 'isKnownGroup',
              target: 'confirmingDelete',
              actions: assign(({ context, event }) => ({
                deleting: { id: event.id, version: context.groups.find((g) => g.id === event.id)!.version }, deleteError: null,
              })),
            },
          },
        },
        confirmingDelete: {
          tags: ['confirming'],
          on: {
            'delete.confirm': '#orgBuilder.deleting',
            'delete.cancel': { target: 'idle', actions: assign({ deleting: null, deleteError: null }) },
          },
        },
        dragging: {
          tags: ['dragging'],
          on: {
            'target.over': { guard: 'isOtherGroup', actions: assign({ target: ({ context, event }) => targetOf(context.groups, context.dragging!, event.parentId) }) },
            'target.next': { actions: assign({ target: ({ context }) => step(context, 1) }) },
            'target.previous': { actions: assign({ target: ({ context }) => step(context, -1) }) },
            'target.leave': { guard: 'hasTarget', actions: assign({ target: null }) },
            drop: [
              {
                guard: 'isValidTarget',
                target: '#orgBuilder.saving',
                actions: assign(({ context }) => {
                  const group = context.groups.find((g) => g.id === context.dragging)!
                  return {
                    pending: { id: group.id, parentId: context.target!.parentId, version: group.version, previous: context.groups },
                    groups: moved(context.groups, group.id, context.target!.parentId),
                  }
                }),
              },
              { guard: 'isCycleTarget', target: 'idle', actions: [assign({ dragging: null, target: null, error: 'GROUP_CYCLE' }), emit({ type: 'notice', code: 'cycle' })] },
              { guard: 'isInvalidTarget', target: 'idle', actions: [assign({ dragging: null, target: null, error: 'LEVEL_ERROR' }), emit({ type: 'notice', code: 'levelError' })] },
              // dropped where it already hangs, or on no target: nothing to do
              { target: 'idle', actions: assign({ dragging: null, target: null }) },
            ],
            'drag.cancel': { target: 'idle', actions: assign({ dragging: null, target: null }) },
          },
        },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'moveGroup',
        src: 'moveGroup',
        input: ({ context }) => ({ id: context.pending!.id, parentId: context.pending!.parentId, version: context.pending!.version }),
        onDone: {
          target: 'ready.idle',
          actions: [
            assign(({ context, event }) => {
              const before = context.pending!.previous.find((g) => g.id === context.pending!.id)!
              return {
                groups: context.groups.map((g) => (g.id === event.output.id ? { ...g, version: event.output.version, parentId: event.output.parentId } : g)),
                lastMove: { id: before.id, fromParentId: before.parentId, toParentId: event.output.parentId },
                pending: null, dragging: null, target: null,
              }
            }),
            emit({ type: 'notice', code: 'moved' }),
          ],
        },
        onError: {
          target: 'ready.idle',
          actions: [
            assign(({ context, event }) => ({
              groups: context.pending!.previous, pending: null, dragging: null, target: null, error: reasonOf(event.error),
            })),
            emit(({ event }) => ({ type: 'notice' as const, code: 'failed' as const, reason: reasonOf(event.error) })),
          ],
        },
      },
    },
    deleting: {
      tags: ['busy', 'confirming'],
      entry: assign({ deleteError: null }),
      invoke: {
        id: 'deleteGroup',
        src: 'deleteGroup',
        input: ({ context }) => context.deleting!,
        onDone: { target: 'loading', actions: [assign({ deleting: null }), emit({ type: 'notice', code: 'deleted' })] },
        onError: { target: 'ready.confirmingDelete', actions: assign({ deleteError: ({ event }) => refusalOf(event.error) }) },
      },
    },
    undoing: {
      tags: ['busy'],
      entry: assign(({ context }) => {
        const move = context.lastMove!
        const group = context.groups.find((g) => g.id === move.id)!
        return {
          pending: { id: move.id, parentId: move.fromParentId, version: group.version, previous: context.groups },
          groups: moved(context.groups, move.id, move.fromParentId),
        }
      }),
      invoke: {
        id: 'undoMove',
        src: 'moveGroup',
        input: ({ context }) => ({ id: context.pending!.id, parentId: context.pending!.parentId, version: context.pending!.version }),
        onDone: {
          target: 'ready.idle',
          actions: [
            assign(({ context, event }) => ({
              groups: context.groups.map((g) => (g.id === event.output.id ? { ...g, version: event.output.version, parentId: event.output.parentId } : g)),
              lastMove: null, pending: null,
            })),
            emit({ type: 'notice', code: 'undone' }),
          ],
        },
        onError: {
          target: 'ready.idle',
          actions: [
            assign(({ context, event }) => ({ groups: context.pending!.previous, pending: null, error: reasonOf(event.error) })),
            emit(({ event }) => ({ type: 'notice' as const, code: 'failed' as const, reason: reasonOf(event.error) })),
          ],
        },
      },
    },
  },
})

export type OrgBuilderMachine = typeof orgBuilderMachine
