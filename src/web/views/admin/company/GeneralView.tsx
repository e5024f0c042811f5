import { useMemo } from 'react'
import { useLingui } from '@lingui/react/macro'
import { companyEditorFlow, generalListsFlow, ownCompanyId, type Industry, type Option } from '../../../flows/company.ts'
import { CompanyNav } from '../AreaPageView.tsx'
import { EditorForm, EditorSelectField, EditorTextField, useEditor, type EditorActor } from '../EditorForm.tsx'
import { COMPANY_PAGES } from '../pages.ts'
import { StaffPage } from '../../staff/StaffPage.tsx'
import { useCan } from '../../staff/useCan.ts'
import { useLoaded, useLoader } from '../../staff/useFlow.ts'
import { EditorSearchSelect } from './SearchSelect.tsx'
import { LogoField } from './LogoField.tsx'
import { currencyOptions, LANGUAGE_OPTIONS, timeZones } from './choices.ts'
import styles from './Company.module.css'


type Lists = { sizes: Option[]; industries: Industry[] }

function GeneralFields({ editor, lists }: { editor: EditorActor; lists: Lists | null }) {
  const { t, i18n } = useLingui()
  const zones = useMemo(() => timeZones().map((z) => ({ value: z, name: z.replace(/_/g, ' ') })), [])
  return (
    <div className={styles.form}>
      <EditorTextField editor={editor} name="name" label={t`Şirket adı`} autoComplete="organization" />
      <EditorTextField editor={editor} name="email" type="email" label={t`E-posta`} autoComplete="email" />
      <EditorTextField editor={editor} name="phone" type="tel" label={t`Telefon`} autoComplete="tel"
        hint={t`Türkiye numarası; kaydedilince +90 ile başlayan biçime çevrilir.`} />
      <EditorTextField editor={editor} name="taxNumber" label={t`Vergi kimlik numarası (VKN)`} inputMode="numeric"
        hint={t`10 hane; son hane, ilk dokuz haneden hesaplanan kontrol hanesidir.`} />
      <EditorSelectField editor={editor} name="size" label={t`Şirket büyüklüğü`} required
        options={(lists?.sizes ?? []).map((o) => ({ value: o.value, label: o.name }))} />
      <EditorSearchSelect editor={editor} name="sector" label={t`Sektör (NACE)`} options={lists?.industries ?? []}
        hint={t`Aramak için yazın: faaliyet adı veya NACE kodu.`} />
      <EditorTextField editor={editor} name="webPage" type="url" label={t`Web sayfası`} autoComplete="url" />
      <EditorSelectField editor={editor} name="defaultCurrency" label={t`Varsayılan para birimi`} required
        options={currencyOptions(i18n)} />
      <EditorSelectField editor={editor} name="language" label={t`Dil`} required
        options={LANGUAGE_OPTIONS} />
      <EditorSearchSelect editor={editor} name="timeZone" label={t`Saat dilimi`} options={zones} />
    </div>
  )
}

/** Company > General (issue 12): the company's details and logo; read-only without company:update. */
export function GeneralView() {
  const { t, i18n } = useLingui()
  const page = COMPANY_PAGES[0]
  const can = useCan()
  const readOnly = !can('company:update')
  const editor = useEditor(companyEditorFlow, ownCompanyId())
  // the names come in the active language
  const lists = useLoaded(useLoader(generalListsFlow, { locale: i18n.locale }))
  return (
    <StaffPage title={page.title} permission={page.permission}>
      <CompanyNav />
      <LogoField canUpdate={!readOnly} />
      <EditorForm editor={editor} readOnly={readOnly} label={t`Şirket bilgileri`}>
        <GeneralFields editor={editor} lists={lists} />
      </EditorForm>
    </StaffPage>
  )
}
