declare module '*.po' {
  import type { Messages } from '@lingui/core'
  export const messages: Messages
}

/** A part of a language's catalog (scripts/catalog-parts.ts): the public site's texts, or the staff area's only. */
declare module 'virtual:catalog/*' {
  import type { Messages } from '@lingui/core'
  export const messages: Messages
}
