import { useId, useMemo } from 'react'
import { useSelector } from '@xstate/react'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useModalDialog } from '../../../components/useModalDialog.ts'
import fieldStyles from '../../../components/Field.module.css'
import {
  SECURITY_PRESETS, securityConfirmFlow, securityFlow, type PolicyPreview, type SecurityPreset,
} from '../../../flows/company-settings.ts'
import { CompanyNav } from '../AreaPageView.tsx'
import { EditorCheckbox, EditorForm, EditorSelectField, EditorTextField, useEditor, type EditorActor } from '../EditorForm.tsx'
import { StaffPage } from '../../staff/StaffPage.tsx'
import { useCan } from '../../staff/useCan.ts'
import { failureText, useConfirm } from '../../staff/useFlow.ts'
import styles from '../../staff/StaffLayout.module.css'
import { SECURITY_PAGE } from '../pages.ts'

function Presets({ editor }: { editor: EditorActor }) {
  const { t } = useLingui()
  const names: Record<SecurityPreset, string> = { basic: t`Temel`, recommended: t`Önerilen`, strict: t`Sıkı` }
  const apply = (preset: SecurityPreset) => {
    for (const [field, value] of Object.entries(SECURITY_PRESETS[preset])) editor.send({ type: 'field.change', field, value })
  }
  return (
    <div className={styles.toolbar} role="group" aria-label={t`Hazır ayarlar`}>
      <span><Trans>Hazır ayarlar (alanları doldurur, sonra düzenleyebilirsiniz):</Trans></span>
      {(Object.keys(SECURITY_PRESETS) as SecurityPreset[]).map((p) => (
        <button key={p} type="button" className={styles.secondaryButton} data-preset={p} onClick={() => apply(p)}>{names[p]}</button>
      ))}
    </div>
  )
}

function SecurityForm() {
  const { t, i18n } = useLingui()
  const can = useCan()
  const editor = useEditor(securityFlow, 'security')
  // "Kaydet": the preview, its confirmation (the confirm-action statechart), then the editor saves
  const flow = useMemo(() => securityConfirmFlow(editor), [editor])
  const confirm = useConfirm(flow)
  const preview = useSelector(confirm, (s) => (s.hasTag('asking') ? (s.context.preview as PolicyPreview) : null))
  const previewError = useSelector(confirm, (s) => (s.matches('prepareFailed') ? s.context.error : null))
  const dialog = useModalDialog(preview !== null)
  const titleId = useId()
  const readOnly = !can('security:update')
  const complexities = [
    { value: 'simple', label: t`Basit: büyük ve küçük harf` },
    { value: 'complex', label: t`Karmaşık: büyük ve küçük harf, rakam` },
    { value: 'veryComplex', label: t`Çok karmaşık: büyük ve küçük harf, rakam, özel karakter` },
  ]
  const affected = preview?.affected ?? 0
  const users = preview?.users ?? 0
  return (
    <>
      <EditorForm editor={editor} label={t`Güvenlik ve şifre politikası`} readOnly={readOnly} onSubmit={() => confirm.send({ type: 'request', subject: null })}>
        <div className={fieldStyles.field}>
          <label>
            <input type="checkbox" name="ldap" checked={false} disabled aria-describedby="ldap-hint" readOnly />{' '}
            <Trans>LDAP ile kimlik doğrulama</Trans>
          </label>
          <div id="ldap-hint" className={fieldStyles.hint}><Trans>Bu sürümde kullanılamaz.</Trans></div>
        </div>
        {!readOnly && <Presets editor={editor} />}
        <EditorSelectField editor={editor} name="complexity" label={t`Şifre karmaşıklığı`} options={complexities} required />
        <EditorCheckbox editor={editor} name="uniqueAmongUsers" label={t`Şifre tüm kullanıcılar arasında benzersiz olmalı`} />
        <EditorTextField editor={editor} name="minLength" label={t`En az uzunluk`} type="number" min={8} max={128} required hint={t`8 ile 128 karakter arası.`} />
        <EditorTextField editor={editor} name="expiryDays" label={t`Geçerlilik süresi (gün)`} type="number" min={0} max={3650} required hint={t`0: şifrenin süresi dolmaz.`} />
        <EditorTextField editor={editor} name="historyCount" label={t`Şifre tekrar sıklığı`} type="number" min={0} max={24} required hint={t`Son kaç şifre yeniden kullanılamaz (0-24).`} />
        <EditorTextField editor={editor} name="maxFailedLogins" label={t`Hesap kilitlenmeden önce en fazla hatalı giriş`} type="number" min={3} max={20} required />
        <EditorTextField editor={editor} name="expiryWarningDays" label={t`Süre dolmadan önce uyarı (gün)`} type="number" min={0} max={60} required />
        <fieldset className={fieldStyles.field} style={{ border: 0, padding: 0 }}>
          <legend><Trans>Bir adresten hatalı girişler (şifre denemesi saldırılarına karşı)</Trans></legend>
          <EditorTextField editor={editor} name="addressFailureLimit" label={t`Bir adresten hatalı giriş yapılabilecek farklı kullanıcı adı sayısı`} type="number" min={3} max={1000} required
            hint={t`Aşılınca o adresten yeni denemeler bekletilir. Aynı kişinin tekrarlanan yanlış şifresi bir kez sayılır; hesabın daha önce giriş yaptığı adresten ya da tarayıcıdan doğru şifre hiçbir zaman reddedilmez.`} />
          <EditorTextField editor={editor} name="addressWindowMinutes" label={t`Bu sayımın süresi (dakika)`} type="number" min={1} max={1440} required />
        </fieldset>
      </EditorForm>
      {previewError && <p className={styles.notice} role="alert">{failureText(previewError, i18n)}</p>}
      <dialog ref={dialog} aria-labelledby={titleId} className={styles.card} data-policy-preview onCancel={(e) => { e.preventDefault(); confirm.send({ type: 'cancel' }) }}>
        <h2 id={titleId}><Trans>Değişikliğin etkisi</Trans></h2>
        <p data-affected={affected}>
          {affected === 0
            ? <Trans>Hiçbir kullanıcının şifresi bu politikadan etkilenmiyor (<Plural value={users} one="# kullanıcı" other="# kullanıcı" />).</Trans>
            : <Trans><Plural value={affected} one="# kullanıcının" other="# kullanıcının" /> şifresi daha zayıf bir politikayla belirlendi (<Plural value={users} one="# kullanıcıdan" other="# kullanıcıdan" />). Bir sonraki girişlerinde şifreleri yeni politikaya göre denetlenecek; yalnızca uymayanlardan yeni şifre istenecek.</Trans>}
        </p>
        <div className={styles.pager}>
          <button type="button" className={styles.secondaryButton} onClick={() => confirm.send({ type: 'cancel' })}><Trans>Vazgeç</Trans></button>
          <button type="button" className={styles.button} onClick={() => confirm.send({ type: 'confirm' })}><Trans>Onayla ve kaydet</Trans></button>
        </div>
      </dialog>
    </>
  )
}

/** The security and password policy (issue 12): presets, and a preview of the change's effect before saving. */
export function SecurityView() {
  return (
    <StaffPage title={SECURITY_PAGE.title} permission={SECURITY_PAGE.permission}>
      <CompanyNav />
      <SecurityForm />
    </StaffPage>
  )
}
