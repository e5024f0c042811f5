import { useId, type InputHTMLAttributes, type ReactNode } from 'react'
import styles from './Field.module.css'

/** A labelled input with its error and hint wired for screen readers. */
export function Field({ label, error, hint, ...input }: { label: ReactNode; error?: string | null; hint?: ReactNode } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId()
  const errorId = `${id}-error`
  const hintId = `${id}-hint`
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>{label}</label>
      <input id={id} className={styles.input} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      {hint && <div id={hintId} className={styles.hint}>{hint}</div>}
      {error && <div id={errorId} className={styles.error} role="alert">{error}</div>}
    </div>
  )
}
