import { useId, type ReactNode } from 'react'
import { useLingui } from '@lingui/react/macro'
import { msg } from '@lingui/core/macro'
import fieldStyles from '../../../../components/Field.module.css'
import type { Choice } from '../../../../flows/create-user.ts'

const CHOOSE = msg`Seçiniz`

/** A labelled select named by its spec field; the empty choice reads "Seçiniz". */
export function Select({ label, name, value, options, error, onChange, disabled, required, empty = true, hint, after }: {
  label: ReactNode
  /** Shown under the field, not part of its description (e.g. a button that adds a choice). */
  after?: ReactNode
  /** A line under the field (e.g. why the list is empty and what to do), its accessible description. */
  hint?: ReactNode
  name: string
  value: string
  options: readonly Choice[]
  error: string | null
  onChange: (value: string) => void
  disabled?: boolean
  required?: boolean
  /** Offer the empty "Seçiniz" choice (default). */
  empty?: boolean
}) {
  const { i18n } = useLingui()
  const id = useId()
  const described = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined
  return (
    <div className={fieldStyles.field}>
      <label htmlFor={id} className={fieldStyles.label}>{label}</label>
      <select id={id} name={name} className={fieldStyles.input} value={value} disabled={disabled} required={required}
        aria-invalid={error ? true : undefined} aria-describedby={described}
        onChange={(e) => onChange(e.currentTarget.value)}>
        {empty && <option value="">{i18n._(CHOOSE)}</option>}
        {options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
      </select>
      {hint && <div id={`${id}-hint`} className={fieldStyles.hint}>{hint}</div>}
      {error && <div id={`${id}-error`} className={fieldStyles.error} role="alert">{error}</div>}
      {after}
    </div>
  )
}

/** A yes/no question as a checkbox named by its spec field. */
export function YesNo({ label, name, checked, onChange, disabled, hint }: {
  label: ReactNode; name: string; checked: boolean; onChange: (checked: boolean) => void
  disabled?: boolean
  /** Why the question cannot be answered yes (its accessible description). */
  hint?: ReactNode
}) {
  const id = useId()
  return (
    <div className={fieldStyles.field}>
      <label htmlFor={id}>
        <input id={id} type="checkbox" name={name} checked={checked} disabled={disabled} aria-describedby={hint ? `${id}-hint` : undefined}
          onChange={(e) => onChange(e.currentTarget.checked)} />{' '}
        {label}
      </label>
      {hint && <div id={`${id}-hint`} className={fieldStyles.hint}>{hint}</div>}
    </div>
  )
}
