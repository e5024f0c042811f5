import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { useNavigate } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { call } from '../../api/client.ts'
import { ROLES_PAGE, TEAM_PAGE, USERS_PAGE } from '../admin/pages.ts'
import styles from './StaffLayout.module.css'

type SearchAnswer = {
  users: { id: string; username: string; firstName: string; lastName: string; email: string }[]
  groups: { id: string; name: string; level: string }[]
  roles: { id: string; name: string }[]
}
type Hit = { key: string; kind: 'user' | 'group' | 'role'; label: string; detail: string; to: string; q: string }

const DEBOUNCE_MS = 250
export const SEARCH_INPUT_ID = 'global-search'

function hitsOf(answer: SearchAnswer): Hit[] {
  return [
    ...answer.users.map((u) => ({
      key: `u-${u.id}`, kind: 'user' as const, label: `${u.firstName} ${u.lastName}`, detail: `${u.username} · ${u.email}`, to: USERS_PAGE.path, q: u.username,
    })),
    ...answer.groups.map((g) => ({ key: `g-${g.id}`, kind: 'group' as const, label: g.name, detail: '', to: TEAM_PAGE.path, q: g.name })),
    ...answer.roles.map((r) => ({ key: `r-${r.id}`, kind: 'role' as const, label: r.name, detail: '', to: ROLES_PAGE.path, q: r.name })),
  ]
}

/**
 * Global search (spec 2.2 top menu): users, groups and roles by name, username or e-mail, only what the
 * active role may read (the server filters). Ctrl+K / ⌘K focuses it; arrows move through the
 * results, Enter opens one, Escape closes the list.
 */
export function GlobalSearch({ onOpen }: { onOpen?: () => void }) {
  const { t } = useLingui()
  const navigate = useNavigate()
  const listId = useId()
  const input = useRef<HTMLInputElement>(null)
  const [q, setQ] = useState('')
  const [hits, setHits] = useState<Hit[] | null>(null)
  const [active, setActive] = useState(-1)
  const [failed, setFailed] = useState(false)

  useEffect(() => {
    const term = q.trim()
    if (term.length < 2) { setHits(null); return }
    const controller = new AbortController()
    const timer = setTimeout(() => {
      call<SearchAnswer>('/search', { query: { q: term }, authenticated: true, signal: controller.signal })
        .then((answer) => { setHits(hitsOf(answer)); setActive(-1); setFailed(false) })
        .catch(() => { if (!controller.signal.aborted) { setHits([]); setFailed(true) } })
    }, DEBOUNCE_MS)
    return () => { clearTimeout(timer); controller.abort() }
  }, [q])

  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'k') {
        e.preventDefault()
        onOpen?.()
        // the menu may have to open first (phone)
        requestAnimationFrame(() => input.current?.focus())
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [onOpen])

  const open = hits !== null
  function choose(hit: Hit) {
    setHits(null)
    setQ('')
    void navigate({ to: hit.to, search: { q: hit.q } })
  }
  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (!open || !hits) return
    if (e.key === 'ArrowDown') { e.preventDefault(); setActive((i) => (hits.length ? (i + 1) % hits.length : -1)) }
    else if (e.key === 'ArrowUp') { e.preventDefault(); setActive((i) => (hits.length ? (i <= 0 ? hits.length - 1 : i - 1) : -1)) }
    else if (e.key === 'Enter' && active >= 0 && hits[active]) { e.preventDefault(); choose(hits[active]) }
    else if (e.key === 'Escape') { e.preventDefault(); setHits(null) }
  }

  return (
    <div className={styles.search} role="search">
      <label htmlFor={SEARCH_INPUT_ID} className="visually-hidden"><Trans>Genel arama</Trans></label>
      <input
        ref={input}
        id={SEARCH_INPUT_ID}
        type="search"
        autoComplete="off"
        placeholder={t`Ara (Ctrl+K)`}
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && active >= 0 && hits?.[active] ? `${listId}-${hits[active].key}` : undefined}
        value={q}
        onChange={(e) => setQ(e.currentTarget.value)}
        onKeyDown={onKeyDown}
        onBlur={() => setTimeout(() => setHits(null), 150)}
      />
      <ul id={listId} role="listbox" aria-label={t`Arama sonuçları`} className={styles.results} hidden={!open}>
        {hits && hits.length === 0 && (
          <li role="option" aria-selected={false} aria-disabled="true" className={styles.resultEmpty}>
            {failed ? <Trans>Arama yapılamadı</Trans> : <Trans>Sonuç bulunamadı</Trans>}
          </li>
        )}
        {hits?.map((hit, i) => (
          <li key={hit.key} id={`${listId}-${hit.key}`} role="option" aria-selected={i === active}
            className={i === active ? styles.resultActive : styles.result}
            onMouseDown={(e) => { e.preventDefault(); choose(hit) }}>
            <span className={styles.resultKind}>{hit.kind === 'user' ? <Trans>Kullanıcı</Trans> : hit.kind === 'group' ? <Trans>Grup</Trans> : <Trans>Rol</Trans>}</span>
            <span>{hit.label}</span>
            {hit.detail && <span className={styles.resultDetail}>{hit.detail}</span>}
          </li>
        ))}
      </ul>
    </div>
  )
}
