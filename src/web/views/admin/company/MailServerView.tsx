import { useId, useState, type FormEvent } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { Field } from '../../../components/Field.tsx'
import fieldStyles from '../../../components/Field.module.css'
import { errorText } from '../../../api/errors.ts'
import { checkTestAddress, mailServerFlow, sendTestMail, type MailTestAnswer } from '../../../flows/company-settings.ts'
import { fieldErrorText } from '../../../i18n/reasons.ts'
import { CompanyNav } from '../AreaPageView.tsx'
import { EditorCheckbox, EditorForm, EditorSelectField, EditorTextField, useDraft, useEditor } from '../EditorForm.tsx'
import { StaffPage } from '../../staff/StaffPage.tsx'
import { useCan } from '../../staff/useCan.ts'
import styles from '../../staff/StaffLayout.module.css'
import { MAIL_SERVER_PAGE } from '../pages.ts'

/** "Send test mail": through the STORED settings, showing what the mail server answered. */
function TestMail() {
  const { t, i18n } = useLingui()
  const id = useId()
  const [to, setTo] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [result, setResult] = useState<MailTestAnswer | null>(null)
  async function send(e: FormEvent) {
    e.preventDefault()
    const code = checkTestAddress(to.trim())
    setError(code)
    if (code) return
    setBusy(true)
    setResult(null)
    try {
      setResult(await sendTestMail(to.trim()))
    } catch (err) {
      setResult({ ok: false, answer: errorText(err, i18n) })
    } finally {
      setBusy(false)
    }
  }
  return (
    <form className={styles.card} aria-labelledby={`${id}-title`} onSubmit={(e) => { void send(e) }} noValidate>
      <h2 id={`${id}-title`}><Trans>Test e-postası gönder</Trans></h2>
      <p><Trans>Test e-postası kayıtlı ayarlarla gönderilir: değişiklikleri önce kaydedin. On dakikada en fazla on test gönderilebilir.</Trans></p>
      <Field label={t`Alıcı e-posta adresi`} name="to" type="email" autoComplete="email" value={to} error={fieldErrorText(error, i18n)}
        onChange={(e) => setTo(e.currentTarget.value)} />
      <div className={styles.pager}>
        <button type="submit" className={styles.button} disabled={busy}><Trans>Test e-postası gönder</Trans></button>
      </div>
      <div role="status" aria-live="polite">
        {busy && <p><Trans>Gönderiliyor…</Trans></p>}
        {result && (
          <p className={result.ok ? styles.yes : fieldStyles.error} data-mail-test={result.ok ? 'ok' : 'refused'}>
            {result.ok ? <Trans>Gönderildi. Sunucunun yanıtı:</Trans> : <Trans>Gönderilemedi. Sunucunun yanıtı:</Trans>}{' '}
            <code>{result.answer}</code>
          </p>
        )}
      </div>
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
