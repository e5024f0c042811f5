import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { useActorRef, useSelector } from '@xstate/react'
import { Trans, useLingui } from '@lingui/react/macro'
import { keyEvent } from '../../../../machines/search/search.machine.ts'
import { auditPeopleFlow, auditPersonFlow, personLabel } from '../../flows/audit.ts'
import { getInspect } from '../../inspector.ts'
import { useLoaded, useLoader } from '../staff/useFlow.ts'
import styles from './PersonPicker.module.css'

/**
 * The audit log's person filter (issue 25 item 7): a search-as-you-type combobox (WAI-ARIA 1.2, a
 * text field with a list box). Typing two or more characters asks the server after a pause (the
 * search statechart, machines/search, provided with GET /audit/people: name, surname, username or
 * e-mail); the arrows move through the people found, Enter or a click chooses one, Escape closes
 * the list (a second Escape puts the chosen person's name back). The choice is the list's `user`
 * filter, so it lives in the URL: a reload or a shared link names the person again (GET
 * /audit/people/:id). "×" clears it. What React keeps is only the field's text while one types.
 */
export function PersonPicker({ value, onChange }: { value: string | null; onChange: (id: string | null) => void }) {
  const { t } = useLingui()
  const id = useId()
  const listId = `${id}-list`
  const hintId = `${id}-hint`
  const input = useRef<HTMLInputElement>(null)
  const search = useActorRef(auditPeopleFlow, { input: undefined, inspect: getInspect() })
  const open = useSelector(search, (s) => s.matches('open'))
  const pending = useSelector(search, (s) => s.matches('waiting') || s.matches('searching'))
  const hits = useSelector(search, (s) => s.context.hits)
  const active = useSelector(search, (s) => s.context.active)
  const failed = useSelector(search, (s) => s.context.error !== null)
  const person = useLoader(auditPersonFlow, { id: value })
  const loaded = useLoaded(person)
  const missing = useSelector(person, (s) => s.matches('failed'))
  const chosen = value && loaded && loaded.id === value ? personLabel(loaded) : null
  // the field's text while one types; null: the chosen person's name (or nothing)
  const [text, setText] = useState<string | null>(null)

  const latest = useRef(onChange)
  latest.current = onChange
  useEffect(() => {
    const sub = search.on('chosen', ({ hit }) => {
      // the name stays in the field while the chosen person's entries load
      setText(hit.label)
      latest.current(hit.q)
    })
    return () => sub.unsubscribe()
  }, [search])

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    const event = keyEvent(e.key)
    if (event && search.getSnapshot().can(event)) {
      e.preventDefault()
      search.send(event)
    } else if (e.key === 'Escape' && text !== null) {
      // the list is closed: Escape gives back the chosen person's name
      e.preventDefault()
      setText(null)
      search.send({ type: 'input', q: '' })
    } else if (e.key === 'Enter') {
      e.preventDefault()
    }
  }

  const shown = text ?? chosen ?? (value && !missing ? t`Yükleniyor…` : '')
  return (
    <div className={styles.picker}>
      <label htmlFor={id}><Trans>Kişi</Trans></label>
      <div className={styles.row}>
        <input
          ref={input} id={id} type="text" role="combobox" autoComplete="off" spellCheck={false}
          aria-expanded={open} aria-controls={listId} aria-autocomplete="list" aria-describedby={hintId} aria-busy={pending}
          aria-activedescendant={open && active >= 0 && hits[active] ? `${listId}-${hits[active].key}` : undefined}
          data-person={value ?? ''}
          value={shown}
          onFocus={(e) => e.currentTarget.select()}
          onChange={(e) => {
            setText(e.currentTarget.value)
            search.send({ type: 'input', q: e.currentTarget.value })
          }}
          onKeyDown={onKeyDown}
          onBlur={() => {
            search.send({ type: 'close' })
            setText(null)
          }}
        />
        {value && (
          <button type="button" className={styles.clear} aria-label={t`Kişi seçimini kaldır`} title={t`Kişi seçimini kaldır`}
            onClick={() => {
              setText(null)
              search.send({ type: 'input', q: '' })
              onChange(null)
              input.current?.focus()
            }}>×</button>
        )}
      </div>
      <span id={hintId} className={styles.hint}><Trans>Ad, soyad, kullanıcı adı ya da e-posta yazın</Trans></span>
      {pending && <span className={styles.status} role="status"><Trans>Aranıyor…</Trans></span>}
      {value && missing && <span className={styles.error} role="alert"><Trans>Bu kişi bulunamadı</Trans></span>}
      <ul id={listId} role="listbox" aria-label={t`Bulunan kişiler`} className={styles.list} hidden={!open}>
        {open && hits.length === 0 && (
          <li role="option" aria-selected={false} aria-disabled="true" className={styles.empty}>
            {failed ? <Trans>Arama yapılamadı</Trans> : <Trans>Kimse bulunamadı</Trans>}
          </li>
        )}
        {hits.map((hit, i) => (
          <li key={hit.key} id={`${listId}-${hit.key}`} role="option" aria-selected={i === active}
            className={i === active ? `${styles.option} ${styles.active}` : styles.option}
            // the field keeps the focus (no blur, which closes the list) and the person is chosen
            onMouseDown={(e) => { e.preventDefault(); search.send({ type: 'choose', index: i }) }}>
            {hit.label}
          </li>
        ))}
      </ul>
    </div>
  )
}
