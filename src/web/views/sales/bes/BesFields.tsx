import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react'
import styles from './bes.module.css'

type Common = { label: ReactNode; error?: string | undefined; hint?: ReactNode }

function described(id: string, error?: string, hint?: ReactNode) {
  return [error ? `${id}-e` : null, hint ? `${id}-h` : null].filter(Boolean).join(' ') || undefined
}

/** A labelled input whose error and hint are tied to it for screen readers. */
export function Input({ label, error, hint, ...input }: Common & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId()
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>{label}</label>
      <input id={id} className={styles.input} aria-invalid={error ? true : undefined} aria-describedby={described(id, error, hint)} {...input} />
      {hint && <p id={`${id}-h`} className={styles.hint}>{hint}</p>}
      {error && <p id={`${id}-e`} className={styles.error} role="alert">{error}</p>}
    </div>
  )
}

/** A labelled native select with a "choose" first option. */
export function Select({ label, error, hint, options, placeholder, ...select }: Common & { options: Array<{ value: string; label: string }>; placeholder?: string } & SelectHTMLAttributes<HTMLSelectElement>) {
  const id = useId()
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>{label}</label>
      <select id={id} className={styles.input} aria-invalid={error ? true : undefined} aria-describedby={described(id, error, hint)} {...select}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
      </select>
      {hint && <p id={`${id}-h`} className={styles.hint}>{hint}</p>}
      {error && <p id={`${id}-e`} className={styles.error} role="alert">{error}</p>}
    </div>
  )
}
