import { useEffect, useId, useRef, type MouseEvent } from 'react'
import { useNavigate } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { useModalDialog } from '../../components/useModalDialog.ts'
import type { AuditEntry } from '../../flows/audit.ts'
import styles from '../staff/StaffLayout.module.css'

/** An address inside the app, followed by the router (a query such as the org chart's `?q=` kept). */
function AppLink({ href, children }: { href: string; children: string }) {
  const navigate = useNavigate()
  const follow = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return
    e.preventDefault()
    void navigate({ href })
  }
  return <a href={href} onClick={follow}>{children}</a>
}

/** An entry's sentence: the actor and target link to their pages; a deleted target reads as such, unlinked. */
export function AuditSentence({ entry }: { entry: AuditEntry }) {
  return (
    <span data-audit-sentence="">
      {entry.sentence.map((p, i) => ('text' in p ? <span key={i}>{p.text}</span>
        : 'actor' in p ? (p.href ? <AppLink key={i} href={p.href}>{p.actor}</AppLink> : <strong key={i}>{p.actor}</strong>)
        : p.href ? <AppLink key={i} href={p.href}>{p.target}</AppLink> : <strong key={i}>{p.target}</strong>))}
    </span>
  )
}

/**
 * The drawer of one entry (a modal `<dialog>`: the page behind is inert, Tab stays inside, Escape
 * or "Kapat" closes it and the focus goes back to the button that opened it): the sentence, when,
 * who, what, from where, and the fields that changed before/after. Secrets are never in the answer.
 */
export function AuditDrawer({ entry, when, onClose }: { entry: AuditEntry | null; when: (iso: string) => string; onClose: () => void }) {
  const { t } = useLingui()
  const id = useId()
  const opener = useRef<HTMLElement | null>(null)
  // before the dialog opens (effects run in order): the element that had the focus is the opener
  useEffect(() => {
    if (entry) {
      opener.current = (document.activeElement as HTMLElement | null) ?? null
      return undefined
    }
    const back = opener.current
    opener.current = null
    if (back && back.isConnected) back.focus()
    return undefined
  }, [entry])
  const dialog = useModalDialog(entry !== null)
  return (
    <dialog ref={dialog} aria-labelledby={`${id}-t`} className={styles.drawer} onCancel={(e) => { e.preventDefault(); onClose() }}>
      {entry && (
        <>
          <div className={styles.drawerHead}>
            <h2 id={`${id}-t`}>{entry.actionName}</h2>
            <button type="button" className={styles.secondaryButton} onClick={onClose} autoFocus>{t`Kapat`}</button>
          </div>
          <p><AuditSentence entry={entry} /></p>
          <dl className={styles.dl}>
            <dt><Trans>Zaman</Trans></dt><dd>{when(entry.at)}</dd>
            <dt><Trans>Kim</Trans></dt><dd>{entry.who.name}{entry.who.username && entry.who.username !== entry.who.name ? ` (${entry.who.username})` : ''}</dd>
            {entry.what && <><dt><Trans>Kaynak</Trans></dt><dd>{entry.what.label}</dd></>}
            <dt><Trans>IP adresi</Trans></dt><dd>{entry.ip ?? '—'}</dd>
            {entry.requestId && <><dt><Trans>İstek kimliği</Trans></dt><dd><code>{entry.requestId}</code></dd></>}
          </dl>
          <h3><Trans>Değişiklikler</Trans></h3>
          {entry.changes.length === 0 ? <p><Trans>Bu kayıtta değişen bir alan yok.</Trans></p> : (
            <div className={styles.tableWrap}>
              <table className={styles.table}>
                <caption className="visually-hidden">{t`Önce ve sonra`}</caption>
                <thead><tr><th scope="col">{t`Alan`}</th><th scope="col">{t`Önce`}</th><th scope="col">{t`Sonra`}</th></tr></thead>
                <tbody>
                  {entry.changes.map((c) => (
                    <tr key={c.field}><th scope="row">{c.label}</th><td>{c.before ?? '—'}</td><td>{c.after ?? '—'}</td></tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {entry.changes.filter((c) => c.added?.length || c.removed?.length).map((c) => (
            // a role's permissions: which were added and which removed, by their names
            <section key={`diff-${c.field}`} data-diff={c.field}>
              {c.added?.length ? <><h4><Trans>Eklenen yetkiler</Trans></h4><ul data-diff-side="added">{c.added.map((p) => <li key={p}>+ {p}</li>)}</ul></> : null}
              {c.removed?.length ? <><h4><Trans>Kaldırılan yetkiler</Trans></h4><ul data-diff-side="removed">{c.removed.map((p) => <li key={p}>− {p}</li>)}</ul></> : null}
            </section>
          ))}
        </>
      )}
    </dialog>
  )
}
