import { useMemo } from 'react'
import { plural } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { preferencesFlow } from '../../../flows/company-settings.ts'
import { CompanyNav } from '../AreaPageView.tsx'
import { EditorCheckbox, EditorForm, EditorSelectField, EditorTextField, useDraft, useEditor } from '../EditorForm.tsx'
import { StaffPage } from '../../staff/StaffPage.tsx'
import { useCan } from '../../staff/useCan.ts'
import { PREFERENCES_PAGE } from '../pages.ts'
import { currencyOptions, LANGUAGE_OPTIONS, timeZoneOptions } from './choices.ts'
import { EditorSearchSelect } from './SearchSelect.tsx'

function PreferencesForm() {
  const { t, i18n } = useLingui()
  const can = useCan()
  const editor = useEditor(preferencesFlow, 'preferences')
  const draft = useDraft(editor)
  const defaults = (draft.defaults ?? {}) as Record<string, number | undefined>
  const zones = useMemo(() => timeZoneOptions(i18n.locale), [i18n.locale])
  const byDefault = (field: string) => {
    const value = defaults[field]
    return value === undefined ? undefined : t`Varsayılan: ${plural(value, { one: '# dakika', other: '# dakika' })}`
  }
  return (
    <EditorForm editor={editor} label={t`Tercihler`} readOnly={!can('preferences:update')}>
      <EditorSelectField editor={editor} name="defaultCurrency" label={t`Varsayılan para birimi`} required options={currencyOptions(i18n)} />
      <EditorSelectField editor={editor} name="language" label={t`Dil`} required options={LANGUAGE_OPTIONS} />
      <EditorCheckbox editor={editor} name="browserLanguage" label={t`Kendi dilini seçmemiş çalışanlar tarayıcılarının dilini görsün`}
        hint={t`Türkçe, İngilizce veya Rusça olduğunda; yoksa şirketin dili. Her çalışan kendi dilini üst çubuktan seçebilir, seçimi her girişte uygulanır.`} />
      <EditorSearchSelect editor={editor} name="timeZone" label={t`Saat dilimi`} options={zones}
        hint={t`Aramak için yazın: şehir, saat diliminin adı veya UTC farkı.`} />
      <fieldset>
        <legend>{t`Çalışan etkinliği eşikleri (dakika)`}</legend>
        <EditorTextField editor={editor} name="inactiveUserThresholdMinutes" label={t`Hareketsiz kullanıcı eşiği: bu süre hareket olmazsa "Hâlâ orada mısınız?" uyarısı açılır`}
          type="number" min={1} max={240} step="any" hint={byDefault('inactiveUserThresholdMinutes')} />
        <EditorTextField editor={editor} name="activityThrottleMinutes" label={t`Etkinlik bildirim aralığı: etkinlik sunucuya en çok bu sıklıkta bildirilir`}
          type="number" min={0.25} max={30} step="any" hint={byDefault('activityThrottleMinutes')} />
        <EditorTextField editor={editor} name="timeToLockMinutes" label={t`Kilitlenme süresi: uyarının ekranı kilitlemeden önceki geri sayımı`}
          type="number" min={0.25} max={10} step="any" hint={byDefault('timeToLockMinutes')} />
        <EditorTextField editor={editor} name="logoutWaitMinutes" label={t`Çıkış bekleme süresi: kilitli oturum bu süreden sonra kapatılır`}
          type="number" min={1} max={480} step="any" hint={byDefault('logoutWaitMinutes')} />
      </fieldset>
    </EditorForm>
  )
}

/** Company preferences (issue 12): defaults and the session's inactivity thresholds, which reach signed-in sessions at their next activity report. */
export function PreferencesView() {
  return (
    <StaffPage title={PREFERENCES_PAGE.title} permission={PREFERENCES_PAGE.permission}>
      <CompanyNav />
      <PreferencesForm />
    </StaffPage>
  )
}
