import { expect } from 'vitest'
import type { AnyEventObject } from 'xstate'
import { uploadMachine } from '../../../machines/upload/upload.machine.ts'
import type { Model } from '../../support/model-test.ts'
import type { Snapshot } from '../../support/paths.ts'

/**
 * The upload statechart as two pages use it (the browser replay opens the one a path's file names):
 *  - the company logo (Company > General): checked (type, size, that it decodes), sent at once,
 *    removable; a refused one is LOGO_TYPE;
 *  - a user's photo (a user's details): decoded, cropped by the person, then sent; removable; a
 *    file that does not decode is PHOTO_UNREADABLE.
 * The check's answers are each use's own (given per state below).
 */
export const LOGO = { kind: 'logo', name: 'logo.png' }
export const PHOTO = { kind: 'photo', name: 'photo.png' }

export const SEND_AT_ONCE = { review: false, prepared: null }
export const TO_CROP = { review: true, prepared: { width: 800, height: 600 } }
export const CROP = { cx: 400, cy: 300, zoom: 1.5 }
export const NOT_A_LOGO = Object.assign(new Error('type'), { code: 'LOGO_TYPE' })
export const NOT_A_PICTURE = Object.assign(new Error('decode'), { code: 'PHOTO_UNREADABLE' })
export const NETWORK = Object.assign(new Error('x'), { kind: 'network' })

/** The check's answers for the file in hand: the logo's or the photo's. */
function checked(s: Snapshot): AnyEventObject[] {
  if (!s.matches('checking')) return []
  const logo = (s.context.file as { kind: string }).kind === 'logo'
  return [
    { type: 'xstate.done.actor.check', output: logo ? SEND_AT_ONCE : TO_CROP },
    { type: 'xstate.error.actor.check', error: logo ? NOT_A_LOGO : NOT_A_PICTURE },
  ]
}

export const uploadModel: Model = {
  name: 'upload',
  machine: uploadMachine,
  events: (s) => [
    { type: 'file.select', file: LOGO },
    { type: 'file.select', file: PHOTO },
    { type: 'upload.submit', options: CROP },
    { type: 'cancel' },
    { type: 'remove.request' },
    ...checked(s),
  ],
  outputs: { check: [], upload: ['/api/v1/images/x?v=1'], remove: [null] },
  errors: { check: [], upload: [NETWORK], remove: [NETWORK] },
  serialize: (s) => ({
    value: s.value, file: (s.context.file as { kind?: string } | null)?.kind ?? null, reviewing: s.context.prepared !== null,
    options: s.context.options !== null, error: s.context.error,
  }),
  invariants: (s) => {
    // nothing is sent before the check; a reviewed picture goes with the person's choices
    if (s.matches('reviewing')) expect(s.context.prepared).not.toBeNull()
    if (s.matches('uploaded') || s.matches('removed')) expect(s.context.error).toBeNull()
    if (s.matches('rejected') || s.matches('failed')) expect(s.context.error).not.toBeNull()
    expect(s.hasTag('busy')).toBe(s.matches('checking') || s.matches('uploading') || s.matches('removing'))
  },
}
