import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { useLingui } from '@lingui/react/macro'
import { fieldErrorText } from '../../../i18n/reasons.ts'
import { useEditorField, type EditorActor } from '../EditorForm.tsx'
import styles from './Company.module.css'
import fieldStyles from '../../../components/Field.module.css'

export type SearchOption = { value: string; name: string; /** 1: a heading-like parent (NACE section), 2: its child */ level?: number }

/** Case- and accent-insensitive Turkish matching of what the user typed against an option's name and code. */
export function matches(option: SearchOption, typed: string): boolean {
  const fold = (s: string) => s.toLocaleLowerCase('tr').normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/ı/g, 'i')
  const q = fold(typed.trim())
  return q === '' || fold(option.name).includes(q) || fold(option.value).startsWith(q)
}

/**
 * A searchable choice (WAI-ARIA 1.2 combobox with a list box): type to filter, arrows to move,
 * Enter to choose, Escape to close. The value is the option's code; the text box shows its name.
 */
export function SearchSelect({ label, name, value, options, onChange, error, hint, disabled }: {
  label: string
  name: string
  value: string
  options: readonly SearchOption[]
  onChange: (value: string) => void
  error?: string | null
  hint?: string
  disabled?: boolean
}) {
  const { t } = useLingui()
  const id = useId()
  const listId = `${id}-list`
  const errorId = `${id}-error`
  const hintId = `${id}-hint`
  const selected = options.find((o) => o.value === value)
  const [typed, setTyped] = useState<string | null>(null)
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(0)
  const input = useRef<HTMLInputElement>(null)
  const shown = useMemo(() => (typed === null ? options : options.filter((o) => matches(o, typed))), [options, typed])
  const close = () => { setOpen(false); setTyped(null) }
  const choose = (o: SearchOption | undefined) => {
    if (o) onChange(o.value)
    close()
  }
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault()
      if (!open) { setOpen(true); setActive(Math.max(0, shown.findIndex((o) => o.value === value))); return }
      const step = e.key === 'ArrowDown' ? 1 : -1
      setActive((a) => Math.min(Math.max(a + step, 0), Math.max(shown.length - 1, 0)))
    } else if (e.key === 'Enter' && open) {
      e.preventDefault()
      choose(shown[active])
    } else if (e.key === 'Escape' && open) {
      e.preventDefault()
      close()
    }
  }
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined
  const optionId = (i: number) => `${id}-opt-${i}`
  return (
    <div className={styles.combo}>
      <label htmlFor={id} className={fieldStyles.label}>{label}</label>
      <div className={styles.comboBox}>
        <div className={styles.comboRow}>
          <input
            ref={input} id={id} name={name} role="combobox" type="text" autoComplete="off" disabled={disabled}
            aria-expanded={open} aria-controls={listId} aria-autocomplete="list"
            aria-activedescendant={open && shown[active] ? optionId(active) : undefined}
            aria-invalid={error ? true : undefined} aria-describedby={describedBy} data-value={value}
            value={typed ?? selected?.name ?? ''}
            onChange={(e) => { setTyped(e.currentTarget.value); setOpen(true); setActive(0) }}
            onKeyDown={onKeyDown}
            onBlur={close}
          />
          <button type="button" tabIndex={-1} aria-label={t`Seçenekleri göster`} aria-controls={listId} aria-expanded={open} disabled={disabled}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => { if (open) close(); else { setOpen(true); input.current?.focus() } }}>▾</button>
        </div>
        <ul id={listId} role="listbox" aria-label={label} className={`${styles.popover} ${styles.listBox}`} hidden={!open}>
          {open && shown.length === 0 && <li role="presentation" className={styles.option}>{t`Sonuç bulunamadı`}</li>}
          {open && shown.map((o, i) => (
            <li key={o.value} id={optionId(i)} role="option" aria-selected={o.value === value}
              className={`${styles.option} ${o.level === 1 ? styles.section : o.level === 2 ? styles.division : ''}`}
              data-focused={i === active ? '' : undefined} data-selected={o.value === value ? '' : undefined}
              onMouseDown={(e) => e.preventDefault()} onClick={() => choose(o)} onMouseMove={() => setActive(i)}>
              {o.level === 2 ? `${o.value} · ${o.name}` : o.name}
            </li>
          ))}
        </ul>
      </div>
      {hint && <div id={hintId} className={fieldStyles.hint}>{hint}</div>}
      {error && <div id={errorId} className={fieldStyles.error} role="alert">{error}</div>}
    </div>
  )
}

/** A SearchSelect bound to an editor's draft by the spec's field name. */
export function EditorSearchSelect({ editor, name, label, options, hint, onPick }: {
  editor: EditorActor
  name: string
  label: string
  options: readonly SearchOption[]
  hint?: string
  onPick?: (value: string) => void
}) {
  const { i18n } = useLingui()
  const field = useEditorField(editor, name)
  return (
    <SearchSelect label={label} name={name} value={typeof field.value === 'string' ? field.value : ''} options={options} hint={hint}
      error={fieldErrorText(field.error, i18n)} onChange={(v) => { field.change(v); onPick?.(v) }} />
  )
}
