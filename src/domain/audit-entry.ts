/**
 * One audit entry as `GET /audit` answers it (issue 25 item 7), shared by the server that writes the
 * answer (src/server/services/audit-read.ts) and the pages that show it (src/web/flows/audit.ts).
 */

/** A piece of an entry's sentence: words, or the actor or target (a link to their page when it exists). */
export type SentencePart = { text: string } | { actor: string; href: string | null } | { target: string; href: string | null; deleted: boolean }

/**
 * A field the entry changed, with its readable name and values. A list of permissions (a role's)
 * also says which were added and which removed, each by its area and action ("Kullanıcılar: Ekleme").
 */
export type AuditChange = { field: string; label: string; before: string | null; after: string | null; added?: string[]; removed?: string[] }

/** The entry as a person reads it: the sentence in the reader's language, names, the changed fields. */
export type AuditEntry = {
  id: string
  at: string
  action: string
  actionName: string
  sentence: SentencePart[]
  text: string
  /** The actor and the target as a person reads them: a name, their page's address (none when gone). */
  who: { name: string; username: string | null; href: string | null }
  what: { label: string; href: string | null; deleted: boolean } | null
  changes: AuditChange[]
  ip: string | null
  requestId: string | null
}
