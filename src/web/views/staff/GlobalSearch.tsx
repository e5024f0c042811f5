import { useEffect, useId, useRef, type KeyboardEvent } from 'react'
import { useNavigate } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { Trans, useLingui } from '@lingui/react/macro'
import { keyEvent } from '../../../../machines/search/search.machine.ts'
import { searchFlow } from '../../flows/search.ts'
import { getInspect } from '../../inspector.ts'
import styles from './StaffLayout.module.css'

export const SEARCH_INPUT_ID = 'global-search'

/**
 * Global search (spec 2.2 top menu) on the search statechart (machines/search): users, groups and
 * roles by name, username or e-mail, only what the active role may read (the server filters).
 * Ctrl+K / ⌘K focuses it; arrows move through the results, Enter opens one, Escape closes the list.
 */
export function GlobalSearch({ onOpen }: { onOpen?: () => void }) {
  const { t } = useLingui()
  const navigate = useNavigate()
  const listId = useId()
  const input = useRef<HTMLInputElement>(null)
  const search = useActorRef(searchFlow, { input: undefined, inspect: getInspect() })
  const q = useSelector(search, (s) => s.context.q)
  const open = useSelector(search, (s) => s.matches('open'))
  const pending = useSelector(search, (s) => s.matches('waiting') || s.matches('searching'))
  const hits = useSelector(search, (s) => s.context.hits)
  const active = useSelector(search, (s) => s.context.active)
  const failed = useSelector(search, (s) => s.context.error !== null)

  // a choice opens its list, filtered to it
  useEffect(() => {
    const sub = search.on('chosen', ({ hit }) => { void navigate({ to: hit.to, search: { q: hit.q } }) })
    return () => sub.unsubscribe()
  }, [search, navigate])

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

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    const event = keyEvent(e.key)
    if (event && search.getSnapshot().can(event)) {
      e.preventDefault()
      search.send(event)
    }
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
        aria-busy={pending}
        aria-activedescendant={open && active >= 0 && hits[active] ? `${listId}-${hits[active].key}` : undefined}
        value={q}
        onChange={(e) => search.send({ type: 'input', q: e.currentTarget.value })}
        onKeyDown={onKeyDown}
        onBlur={() => search.send({ type: 'close' })}
      />
      {pending && <span className={styles.resultDetail} role="status"><Trans>Aranıyor…</Trans></span>}
      <ul id={listId} role="listbox" aria-label={t`Arama sonuçları`} className={styles.results} hidden={!open}>
        {open && hits.length === 0 && (
          <li role="option" aria-selected={false} aria-disabled="true" className={styles.resultEmpty}>
            {failed ? <Trans>Arama yapılamadı</Trans> : <Trans>Sonuç bulunamadı</Trans>}
          </li>
        )}
        {hits.map((hit, i) => (
          <li key={hit.key} id={`${listId}-${hit.key}`} role="option" aria-selected={i === active}
            className={i === active ? styles.resultActive : styles.result}
            // the field keeps the focus (no blur, which closes the list) and the hit opens
            onMouseDown={(e) => { e.preventDefault(); search.send({ type: 'choose', index: i }) }}>
            <span className={styles.resultKind}>{hit.kind === 'user' ? <Trans>Kullanıcı</Trans> : hit.kind === 'group' ? <Trans>Grup</Trans> : <Trans>Rol</Trans>}</span>
            <span>{hit.label}</span>
            {hit.detail && <span className={styles.resultDetail}>{hit.detail}</span>}
          </li>
        ))}
      </ul>
    </div>
  )
}
