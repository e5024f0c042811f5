import { useEffect, useId, useRef, type FormEvent, type InputHTMLAttributes, type ReactNode } from 'react'
import { useBlocker } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import { Trans, useLingui } from '@lingui/react/macro'
import { msg } from '@lingui/core/macro'
import type { resourceEditorMachine, Values } from '../../../../machines/resource-editor/resource-editor.machine.ts'
import { Field } from '../../components/Field.tsx'
import fieldStyles from '../../components/Field.module.css'
import { useModalDialog } from '../../components/useModalDialog.ts'
import { fieldErrorText } from '../../i18n/reasons.ts'
import { getInspect } from '../../inspector.ts'
import { failureText } from '../staff/useFlow.ts'
import styles from '../staff/StaffLayout.module.css'

export type EditorActor = ActorRefFrom<typeof resourceEditorMachine>

/** Starts a provided editor flow (src/web/flows/editor.ts `editorFlow`) for one record id. */
export function useEditor(flow: typeof resourceEditorMachine, id: string): EditorActor {
  return useActorRef(flow, { input: { id }, inspect: getInspect() })
}

/** The draft's value of one field, its error code and how to change it. */
export function useEditorField(editor: EditorActor, name: string) {
  const value = useSelector(editor, (s) => s.context.draft[name])
  const error = useSelector(editor, (s) => s.context.errors[name] ?? null)
  return { value, error, change: (next: unknown) => editor.send({ type: 'field.change', field: name, value: next }) }
}

/** The whole draft, for fields whose choices depend on others (a cascade). */
export function useDraft(editor: EditorActor): Values {
  return useSelector(editor, (s) => s.context.draft)
}

/**
 * One admin form on the editor statechart: loading and load failure with retry, the fields
 * (disabled while busy or read-only), save and reset, the saved / conflict (reload) / failed notices,
 * and the leave guard (navigation away with unsaved changes asks first; closing the tab warns).
 */
export function EditorForm({ editor, children, readOnly = false, label, extraActions, onSubmit, missingLabels }: {
  editor: EditorActor
  children: ReactNode
  /**
   * The labels of the required fields a stored record may lack (seeded data, issue 25): the ones it
   * never had and that are still empty are named once above the fields; they do not block saving.
   */
  missingLabels?: Readonly<Record<string, string>>
  /** Without the :update permission the form shows the record and no save. */
  readOnly?: boolean
  /** The form's accessible name. */
  label: string
  extraActions?: ReactNode
  /**
   * "Kaydet" asks first (a preview the user confirms, ended assignments): the page's confirm-action
   * flow, which submits the form once confirmed. Without it the form is submitted at once.
   */
  onSubmit?: () => void
}) {
  const { i18n } = useLingui()
  const state = useSelector(editor, (s) => s.value as string)
  const busy = useSelector(editor, (s) => s.hasTag('busy'))
  const dirty = useSelector(editor, (s) => s.context.dirty)
  const error = useSelector(editor, (s) => s.context.error)
  const errorCount = useSelector(editor, (s) => Object.keys(s.context.errors).length)
  const missing = useSelector(editor, (s) => {
    const never = s.context.record?.values.missing
    if (!Array.isArray(never) || !missingLabels) return ''
    return (never as string[]).filter((f) => missingLabels[f] && !(typeof s.context.draft[f] === 'string' && (s.context.draft[f] as string).trim() !== ''))
      .map((f) => missingLabels[f]).join('\u0000')
  })
  /** The dialog's answers; a same-page navigation asked without the statechart, which asks now. */
  const answer = (type: 'leave.cancel' | 'leave.confirm') => {
    if (!editor.getSnapshot().matches('confirmingLeave')) editor.send({ type: 'leave.request' })
    editor.send({ type })
  }
  const leaveGuard = useLeaveGuard({
    isDirty: () => {
      const s = editor.getSnapshot()
      return s.context.dirty && s.status === 'active'
    },
    // leaving is the statechart's decision: it asks (confirmingLeave) with unsaved changes, after a
    // conflict or a failure, and ends (left) otherwise; another address of the same page (a tab, a
    // search) keeps the form and only asks about unsaved changes
    shouldBlock: ({ current, next }) => {
      const s = editor.getSnapshot()
      if (s.status !== 'active') return false
      if (current.pathname === next.pathname) return s.context.dirty
      editor.send({ type: 'leave.request' })
      return editor.getSnapshot().matches('confirmingLeave')
    },
    onStay: () => answer('leave.cancel'),
    onLeave: () => answer('leave.confirm'),
  })

  if (state === 'loading') return <p role="status"><Trans>Yükleniyor…</Trans></p>
  if (state === 'loadFailed') {
    return (
      <div className={styles.notice} role="alert">
        <p>{failureText(error, i18n)}</p>
        <button type="button" className={styles.secondaryButton} onClick={() => editor.send({ type: 'retry' })}><Trans>Tekrar dene</Trans></button>
      </div>
    )
  }
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (onSubmit) onSubmit()
    else editor.send({ type: 'form.submit' })
  }
  return (
    <>
    <form className={styles.card} aria-label={label} onSubmit={submit} noValidate aria-busy={busy}>
      {missing && !readOnly && (
        <p className={styles.notice} data-missing-fields>
          <Trans>Bu kayıtta henüz doldurulmamış zorunlu alanlar var: {new Intl.ListFormat(i18n.locale, { type: 'conjunction' }).format(missing.split('\u0000'))}. Bunları boş bırakarak diğer değişiklikleri kaydedebilirsiniz; doldurduğunuzda onlar da kaydedilir.</Trans>
        </p>
      )}
      <fieldset disabled={readOnly || busy} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        {children}
      </fieldset>
      <div role="status" aria-live="polite">
        {state === 'saved' && <p className={styles.yes}><Trans>Değişiklikler kaydedildi.</Trans></p>}
        {state === 'saving' && <p><Trans>Kaydediliyor…</Trans></p>}
      </div>
      {errorCount > 0 && state === 'editing' && (
        <p className={fieldStyles.error} role="alert"><Trans>Formda düzeltilmesi gereken {errorCount} alan var.</Trans></p>
      )}
      {state === 'conflict' && (
        <div className={styles.notice} role="alert">
          <p><Trans>Bu kayıt siz düzenlerken başka biri tarafından değiştirildi. Değişiklikleriniz kaydedilmedi; güncel hâlini yükleyip yeniden düzenleyin.</Trans></p>
          <button type="button" className={styles.secondaryButton} onClick={() => editor.send({ type: 'reload' })}><Trans>Yeniden yükle</Trans></button>
        </div>
      )}
      {state === 'failed' && <p className={styles.notice} role="alert">{failureText(error, i18n)}</p>}
      {!readOnly && (
        <div className={styles.pager}>
          <button type="submit" className={styles.button} disabled={busy || state === 'conflict'}><Trans>Kaydet</Trans></button>
          <button type="button" className={styles.secondaryButton} disabled={!dirty || busy || state !== 'editing'} onClick={() => editor.send({ type: 'form.reset' })}>
            <Trans>Değişiklikleri geri al</Trans>
          </button>
          {extraActions}
        </div>
      )}
      {leaveGuard}
    </form>
    <ReauthDialog editor={editor} />
    </>
  )
}

/**
 * The statechart's `reauthenticating` (issue 28): the server keeps this change until the user
 * confirms their password; a wrong one asks again with the reason, "Vazgeç" returns to the form.
 * The password goes with the `reauth.submit` event to that one save and is cleared from the field.
 */
function ReauthDialog({ editor }: { editor: EditorActor }) {
  const { t } = useLingui()
  const asking = useSelector(editor, (s) => s.matches('reauthenticating'))
  const error = useSelector(editor, (s) => (s.matches('reauthenticating') ? s.context.error : null))
  const dialog = useModalDialog(asking)
  const form = useRef<HTMLFormElement>(null)
  const titleId = useId()
  const textId = useId()
  useEffect(() => {
    if (!asking) return
    form.current?.reset()
    form.current?.querySelector('input')?.focus()
  }, [asking])
  const errorText = error === 'REAUTH_FAILED' ? t`Şifreniz doğrulanamadı; tekrar deneyin. Art arda hatalı girişler hesabınızı kilitler.`
    : error === 'PASSWORD_REQUIRED' ? t`Şifrenizi girin.` : null
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const password = String(new FormData(e.currentTarget).get('currentPassword') ?? '')
    e.currentTarget.reset()
    editor.send({ type: 'reauth.submit', password })
  }
  return (
    <dialog ref={dialog} aria-labelledby={titleId} aria-describedby={textId} className={styles.card} data-reauth
      onCancel={(e) => { e.preventDefault(); editor.send({ type: 'reauth.cancel' }) }}>
      <form ref={form} onSubmit={submit} noValidate>
        <h2 id={titleId}><Trans>Şifrenizi doğrulayın</Trans></h2>
        <p id={textId}>
          <Trans>Bu değişiklik güvenliği etkiliyor: kaydetmek için şifrenizi yeniden girin. Değişiklik tüm süper yöneticilere e-posta ile bildirilir.</Trans>
        </p>
        <Field label={t`Şifreniz`} type="password" name="currentPassword" autoComplete="current-password" required error={errorText} />
        <div className={styles.pager}>
          <button type="button" className={styles.secondaryButton} onClick={() => editor.send({ type: 'reauth.cancel' })}><Trans>Vazgeç</Trans></button>
          <button type="submit" className={styles.button}><Trans>Onayla ve kaydet</Trans></button>
        </div>
      </form>
    </dialog>
  )
}

/**
 * The leave guard of a form with unsaved changes: navigating away inside the app asks first
 * ("stay" or "discard and leave"), closing or reloading the tab makes the browser warn. `isDirty`
 * is read at the moment of leaving. Render the answered element where the dialog may live.
 */
export function useLeaveGuard({ isDirty, shouldBlock, beforeUnload = true, onStay, onLeave }: {
  isDirty: () => boolean
  /** Whether closing or reloading the page asks too (off where a reload keeps what was typed). */
  beforeUnload?: boolean
  /** Whether a navigation inside the app asks (default: `isDirty`). */
  shouldBlock?: (to: { current: { pathname: string }; next: { pathname: string } }) => boolean
  onStay?: () => void
  onLeave?: () => void
}): ReactNode {
  const blocker = useBlocker({ shouldBlockFn: shouldBlock ?? isDirty, enableBeforeUnload: beforeUnload ? isDirty : false, withResolver: true })
  const asking = blocker.status === 'blocked'
  const dialog = useModalDialog(asking)
  const titleId = useId()
  return (
    <dialog ref={dialog} aria-labelledby={titleId} className={styles.card} onCancel={(e) => { e.preventDefault(); onStay?.(); blocker.reset?.() }}>
      <h2 id={titleId}><Trans>Kaydedilmemiş değişiklikler var</Trans></h2>
      <p><Trans>Sayfadan çıkarsanız değişiklikleriniz kaybolur.</Trans></p>
      <div className={styles.pager}>
        <button type="button" className={styles.secondaryButton} onClick={() => { onStay?.(); blocker.reset?.() }}>
          <Trans>Sayfada kal</Trans>
        </button>
        <button type="button" className={styles.button} onClick={() => { onLeave?.(); blocker.proceed?.() }}>
          <Trans>Değişiklikleri at ve çık</Trans>
        </button>
      </div>
    </dialog>
  )
}

/** A text (or e-mail, tel, url, date, number) field bound to the draft by its spec field name. */
export function EditorTextField({ editor, name, label, hint, parse, format, ...input }: {
  editor: EditorActor
  name: string
  label: ReactNode
  hint?: ReactNode
  /** Raw text to the draft's value (default: the text; for type=number a number, empty = null). */
  parse?: (raw: string) => unknown
  format?: (value: unknown) => string
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'value' | 'onChange' | 'form'>) {
  const { i18n } = useLingui()
  const field = useEditorField(editor, name)
  const toValue = parse ?? (input.type === 'number' ? (raw: string) => (raw.trim() === '' ? null : Number(raw)) : (raw: string) => raw)
  const shown = format ? format(field.value) : field.value === null || field.value === undefined ? '' : String(field.value)
  return (
    <Field label={label} hint={hint} error={fieldErrorText(field.error, i18n)} name={name} value={shown}
      onChange={(e) => field.change(toValue(e.currentTarget.value))} {...input} />
  )
}

export type Option = { value: string; label: string }

const CHOOSE = msg`Seçiniz`

/** A select bound to the draft; the empty choice reads "Seçiniz" (spec 5 "Choose a value" when required). */
export function EditorSelectField({ editor, name, label, options, hint, required, disabled, onPick }: {
  editor: EditorActor
  name: string
  label: ReactNode
  options: readonly Option[]
  hint?: ReactNode
  required?: boolean
  /** A field this record does not let change (say why in `hint`). */
  disabled?: boolean
  /** Called after the change (e.g. to clear the fields of a cascade below). */
  onPick?: (value: string) => void
}) {
  const { i18n } = useLingui()
  const field = useEditorField(editor, name)
  const id = useId()
  const error = fieldErrorText(field.error, i18n)
  const described = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined
  return (
    <div className={fieldStyles.field}>
      <label htmlFor={id} className={fieldStyles.label}>{label}</label>
      <select id={id} name={name} className={fieldStyles.input} required={required} disabled={disabled} aria-invalid={error ? true : undefined} aria-describedby={described}
        value={field.value === null || field.value === undefined ? '' : String(field.value)}
        onChange={(e) => { field.change(e.currentTarget.value); onPick?.(e.currentTarget.value) }}>
        <option value="">{i18n._(CHOOSE)}</option>
        {options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
      </select>
      {hint && <div id={`${id}-hint`} className={fieldStyles.hint}>{hint}</div>}
      {error && <div id={`${id}-error`} className={fieldStyles.error} role="alert">{error}</div>}
    </div>
  )
}

/** A yes/no flag bound to the draft. */
export function EditorCheckbox({ editor, name, label, hint, disabled }: { editor: EditorActor; name: string; label: ReactNode; hint?: ReactNode; disabled?: boolean }) {
  const { i18n } = useLingui()
  const field = useEditorField(editor, name)
  const id = useId()
  const error = fieldErrorText(field.error, i18n)
  return (
    <div className={fieldStyles.field}>
      <label htmlFor={id}>
        <input id={id} type="checkbox" name={name} checked={field.value === true} disabled={disabled} aria-describedby={hint ? `${id}-hint` : undefined}
          onChange={(e) => field.change(e.currentTarget.checked)} />{' '}
        {label}
      </label>
      {hint && <div id={`${id}-hint`} className={fieldStyles.hint}>{hint}</div>}
      {error && <div className={fieldStyles.error} role="alert">{error}</div>}
    </div>
  )
}
