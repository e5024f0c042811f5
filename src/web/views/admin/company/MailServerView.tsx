import { useId, useState, type FormEvent } from 'react'
import { useSelector } from '@xstate/react'
import { Trans, useLingui } from '@lingui/react/macro'
import { Field } from '../../../components/Field.tsx'
import fieldStyles from '../../../components/Field.module.css'
import { mailServerFlow, mailTestFlow, type MailRoute, type MailTestAnswer } from '../../../flows/company-settings.ts'
import { fieldErrorText } from '../../../i18n/reasons.ts'
import { CompanyNav } from '../AreaPageView.tsx'
import { EditorCheckbox, EditorForm, EditorSelectField, EditorTextField, useDraft, useEditor } from '../EditorForm.tsx'
import { StaffPage } from '../../staff/StaffPage.tsx'
import { useCan } from '../../staff/useCan.ts'
import { failureText, useConfirm } from '../../staff/useFlow.ts'
import styles from '../../staff/StaffLayout.module.css'
import { MAIL_SERVER_PAGE } from '../pages.ts'

/** "Send test mail" on the confirm-action statechart: through the STORED settings, showing what the mail server answered. */
function TestMail() {
  const { t, i18n } = useLingui()
  const id = useId()
  // the address is the form's value; the statechart checks it, sends, and keeps the answer
  const [to, setTo] = useState('')
  const test = useConfirm(mailTestFlow)
  const busy = useSelector(test, (s) => s.hasTag('busy'))
  const fieldError = useSelector(test, (s) => (s.matches('prepareFailed') ? s.context.fields.to ?? null : null))
  const failure = useSelector(test, (s) => (s.matches('failed') ? s.context.error : null))
  const result = useSelector(test, (s) => (s.matches('done') ? (s.context.result as MailTestAnswer) : null))
  const route = useSelector(test, (s) => s.context.preview as MailRoute | null)
  const via = route?.host ? `${route.host}:${route.port ?? ''}` : null
  function send(e: FormEvent) {
    e.preventDefault()
    test.send({ type: 'request', subject: { to } })
  }
  return (
    <form className={styles.card} aria-labelledby={`${id}-title`} onSubmit={send} noValidate>
      <h2 id={`${id}-title`}><Trans>Test e-postası gönder</Trans></h2>
      <p><Trans>Test e-postası kayıtlı ayarlarla gönderilir: değişiklikleri önce kaydedin. On dakikada en fazla on test gönderilebilir.</Trans></p>
      <Field label={t`Alıcı e-posta adresi`} name="to" type="email" autoComplete="email" value={to} error={fieldErrorText(fieldError, i18n)}
        onChange={(e) => setTo(e.currentTarget.value)} />
      <div className={styles.pager}>
        <button type="submit" className={styles.button} disabled={busy}><Trans>Test e-postası gönder</Trans></button>
      </div>
      <div role="status" aria-live="polite">
        {busy && <p>{via ? <Trans>Gönderiliyor… ({via})</Trans> : <Trans>Gönderiliyor…</Trans>}</p>}
        {result && (
          <p className={result.ok ? styles.yes : fieldStyles.error} data-mail-test={result.ok ? 'ok' : 'refused'}>
            {result.ok ? <Trans>Gönderildi. Sunucunun yanıtı:</Trans> : <Trans>Gönderilemedi. Sunucunun yanıtı:</Trans>}{' '}
            <code>{result.answer}</code>
          </p>
        )}
        {failure && <p className={fieldStyles.error} data-mail-test="failed">{failureText(failure, i18n)}</p>}
      </div>
      {failure && (
        <div className={styles.pager}>
          <button type="button" className={styles.secondaryButton} onClick={() => test.send({ type: 'confirm' })}><Trans>Tekrar dene</Trans></button>
          <button type="button" className={styles.secondaryButton} onClick={() => test.send({ type: 'cancel' })}><Trans>Kapat</Trans></button>
        </div>
      )}
    </form>
  )
}

function MailServerForm() {
  const { t } = useLingui()
  const can = useCan()
  const editor = useEditor(mailServerFlow, 'mailServer')
  const draft = useDraft(editor)
  const readOnly = !can('mailserver:update')
  return (
    <>
      <EditorForm editor={editor} label={t`Posta sunucusu ayarları`} readOnly={readOnly}>
        <EditorSelectField editor={editor} name="security" label={t`Güvenlik`} required options={[
          { value: 'none', label: t`Yok` }, { value: 'starttls', label: 'STARTTLS' }, { value: 'tls', label: 'TLS' },
        ]} />
        <EditorTextField editor={editor} name="host" label={t`Sunucu adı`} autoComplete="off" spellCheck={false}
          hint={t`Boş bırakılırsa yerleşik posta kullanılır. Sunucu genel bir adreste olmalı (yerel ve özel ağ adresleri kabul edilmez).`} />
        {!readOnly && typeof draft.host === 'string' && draft.host.trim() !== '' && (
          <div className={styles.toolbar}>
            <button type="button" className={styles.secondaryButton} onClick={() => editor.send({ type: 'field.change', field: 'host', value: '' })}>
              <Trans>Yerleşik postaya dön</Trans>
            </button>
          </div>
        )}
        <EditorTextField editor={editor} name="port" label={t`Port`} type="number" inputMode="numeric" min={1} max={65535} required
          hint={t`25, 465, 587 ya da 2525; 587 önerilir (STARTTLS).`} />
        <EditorCheckbox editor={editor} name="authRequired" label={t`Kimlik doğrulama gerekli`} />
        <EditorTextField editor={editor} name="user" label={t`Kullanıcı`} autoComplete="off" spellCheck={false} />
        <EditorTextField editor={editor} name="password" label={t`Şifre`} type="password" autoComplete="new-password"
          hint={draft.passwordSet === true ? t`Kayıtlı bir şifre var; değiştirmek istemiyorsanız boş bırakın.` : t`Kayıtlı şifre yok.`} />
        <EditorTextField editor={editor} name="from" label={t`Gönderen adresi`} type="email" autoComplete="off" hint={t`Boş bırakılırsa sistemin varsayılan adresi kullanılır.`} />
      </EditorForm>
      {can('mailserver:update') && <TestMail />}
    </>
  )
}

/** The company's own mail server (issue 12); the password is write-only. */
export function MailServerView() {
  return (
    <StaffPage title={MAIL_SERVER_PAGE.title} permission={MAIL_SERVER_PAGE.permission}>
      <CompanyNav />
      <MailServerForm />
    </StaffPage>
  )
}
