import { assign, emit, setup } from 'xstate'
import { providedLater, reasonOf } from '../shared/not-provided.ts'

/**
 * Choosing and sending a picture (ARCHITECTURE 4b "upload"): the company logo, a user's photo.
 *
 *   idle -(file.select)-> checking -> uploading -> uploaded          (nothing to review: the logo)
 *                             |    \-> reviewing -(upload.submit)-> uploading   (a photo's crop)
 *                             |           \-(cancel)-> idle            \-> reviewing (refused: try again)
 *                             \-> rejected (not an image, too large)   \-> failed
 *   idle | uploaded | rejected | failed -(remove.request)-> removing -> removed | failed
 *
 * `check` (per use, src/web/flows) reads the chosen file: a refusal code (LOGO_TYPE, LOGO_SIZE,
 * PHOTO_UNREADABLE...), or the prepared picture and whether the person reviews it first. `upload`
 * sends it with the review's choices (`options`: the crop); `remove` deletes the stored one.
 * A refused upload after a review goes back to the review with the reason, the picture kept.
 */
export type Checked = { review: boolean; prepared?: unknown }

export type UploadContext = {
  /** The last chosen file (a File in the browser), kept until the next choice. */
  file: unknown
  prepared: unknown
  options: unknown
  /** The stored picture's address (or what the use answers). */
  result: unknown
  error: string | null
}

export type UploadEvent =
  | { type: 'file.select'; file: unknown }
  | { type: 'upload.submit'; options?: unknown }
  | { type: 'cancel' }
  | { type: 'remove.request' }

export type UploadNotice = { type: 'notice'; code: 'uploaded' | 'removed' }

export const uploadMachine = setup({
  types: {} as {
    context: UploadContext
    events: UploadEvent
    emitted: UploadNotice
  },
  actors: {
    check: providedLater<Checked, { file: unknown }>('check'),
    upload: providedLater<unknown, { file: unknown; prepared: unknown; options: unknown }>('upload'),
    remove: providedLater<unknown, void>('remove'),
  },
  guards: {
    isToReview: ({ event }) => (event as unknown as { output: Checked }).output.review === true,
    wasReviewed: ({ context }) => context.prepared !== null && context.options !== null,
  },
  actions: {
    choose: assign({ file: ({ event }) => (event as Extract<UploadEvent, { type: 'file.select' }>).file, prepared: null, options: null, error: null }),
    forget: assign({ file: null, prepared: null, options: null, error: null }),
  },
}).createMachine({
  id: 'upload',
  context: { file: null, prepared: null, options: null, result: null, error: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'file.select': { target: 'checking', actions: 'choose' },
        'remove.request': 'removing',
      },
    },
    checking: {
      tags: ['busy'],
      invoke: {
        id: 'check',
        src: 'check',
        input: ({ context }) => ({ file: context.file }),
        onDone: [
          { guard: 'isToReview', target: 'reviewing', actions: assign({ prepared: ({ event }) => event.output.prepared ?? null }) },
          { target: 'uploading', actions: assign({ prepared: ({ event }) => event.output.prepared ?? null }) },
        ],
        onError: { target: 'rejected', actions: assign({ error: ({ event }) => reasonOf(event.error) }) },
      },
    },
    /** the picture is shown for the person to adjust (a photo's crop) before it goes */
    reviewing: {
      on: {
        'upload.submit': { target: 'uploading', actions: assign({ options: ({ event }) => event.options ?? {}, error: null }) },
        cancel: { target: 'idle', actions: 'forget' },
        'file.select': { target: 'checking', actions: 'choose' },
      },
    },
    uploading: {
      tags: ['busy'],
      invoke: {
        id: 'upload',
        src: 'upload',
        input: ({ context }) => ({ file: context.file, prepared: context.prepared, options: context.options }),
        onDone: {
          target: 'uploaded',
          actions: [assign({ result: ({ event }) => event.output, prepared: null, options: null, error: null }), emit({ type: 'notice', code: 'uploaded' })],
        },
        onError: [
          { guard: 'wasReviewed', target: 'reviewing', actions: assign({ error: ({ event }) => reasonOf(event.error) }) },
          { target: 'failed', actions: assign({ error: ({ event }) => reasonOf(event.error), prepared: null }) },
        ],
      },
    },
    uploaded: {
      on: {
        'file.select': { target: 'checking', actions: 'choose' },
        'remove.request': 'removing',
      },
    },
    removing: {
      tags: ['busy'],
      invoke: {
        id: 'remove',
        src: 'remove',
        onDone: { target: 'removed', actions: [assign({ result: null, error: null }), emit({ type: 'notice', code: 'removed' })] },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => reasonOf(event.error) }) },
      },
    },
    removed: {
      on: { 'file.select': { target: 'checking', actions: 'choose' } },
    },
    /** the file was refused before sending (type, size, unreadable): its reason shows */
    rejected: {
      on: {
        'file.select': { target: 'checking', actions: 'choose' },
        'remove.request': 'removing',
      },
    },
    failed: {
      on: {
        'file.select': { target: 'checking', actions: 'choose' },
        'remove.request': 'removing',
      },
    },
  },
})
