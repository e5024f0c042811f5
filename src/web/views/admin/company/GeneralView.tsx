import { useMemo, useId, type ReactNode } from 'react'
import { useActorRef } from '@xstate/react'
import { useLingui } from '@lingui/react/macro'
import { COMPANY_LANGUAGES, CURRENCIES } from '../../../../domain/company.ts'
import { Field } from '../../../components/Field.tsx'
import fieldStyles from '../../../components/Field.module.css'
import { companyEditorFlow, lookups, ownCompanyId, type Industry, type Option } from '../../../flows/company.ts'
import { CompanyNav } from '../AreaPageView.tsx'
import { COMPANY_PAGES } from '../pages.ts'
import { StaffPage } from '../../staff/StaffPage.tsx'
import { useCan } from '../../staff/useCan.ts'
import { useLoad } from '../../staff/useLoad.ts'
import { CompanyEditor, useFieldKit, type FieldKit } from './CompanyEditor.tsx'
import { LogoField } from './LogoField.tsx'
import { SearchSelect } from './SearchSelect.tsx'

const LANGUAGE_NAMES: Record<(typeof COMPANY_LANGUAGES)[number], string> = { tr: 'Türkçe', en: 'English', ru: 'Русский' }

/** Every IANA time zone this browser knows, Europe/Istanbul among them. */
export function timeZones(): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []
  return zones.includes('Europe/Istanbul') ? zones : ['Europe/Istanbul', ...zones]
}

/** A labelled native select carrying the spec's field name. */
export function SelectField({ label, name, kit, options, placeholder }: {
  label: ReactNode; name: string; kit: FieldKit; options: readonly Option[]; placeholder: string
}) {
  const id = useId()
  const error = kit.error(name)
  return (
    <div className={fieldStyles.field}>
      <label htmlFor={id} className={fieldStyles.label}>{label}</label>
      <select id={id} name={name} className={fieldStyles.input} value={kit.text(name)} disabled={kit.readOnly}
        aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => kit.set(name, e.currentTarget.value)}>
        <option value="">{placeholder}</option>
        {options.map((o) => <option key={o.value} value={o.value}>{o.name}</option>)}
      </select>
      {error && <div id={`${id}-error`} className={fieldStyles.error} role="alert">{error}</div>}
    </div>
  )
}

/** A labelled text input carrying the spec's field name, bound to the editor's draft. */
export function TextField({ label, name, kit, type = 'text', hint, autoComplete }: {
  label: ReactNode; name: string; kit: FieldKit; type?: string; hint?: ReactNode; autoComplete?: string
}) {
  return (
    <Field label={label} name={name} type={type} value={kit.text(name)} readOnly={kit.readOnly} error={kit.error(name)} hint={hint}
      autoComplete={autoComplete} onChange={(e) => kit.set(name, e.currentTarget.value)} />
  )
}

type Lists = { sizes: Option[]; industries: Industry[] }

function GeneralFields({ kit, lists }: { kit: FieldKit; lists: Lists | null }) {
  const { t } = useLingui()
  const zones = useMemo(() => timeZones().map((z) => ({ value: z, name: z.replace(/_/g, ' ') })), [])
  return (
    <>
      <TextField label={t`Şirket adı`} name="name" kit={kit} autoComplete="organization" />
      <TextField label={t`E-posta`} name="email" type="email" kit={kit} autoComplete="email" />
      <TextField label={t`Telefon`} name="phone" type="tel" kit={kit} autoComplete="tel" hint={t`Türkiye numarası; kaydedilince +90 ile başlayan biçime çevrilir.`} />
      <TextField label={t`Vergi kimlik numarası (VKN)`} name="taxNumber" kit={kit} hint={t`10 hane; son hane kontrol hanesidir.`} />
      <SelectField label={t`Şirket büyüklüğü`} name="size" kit={kit} options={lists?.sizes ?? []} placeholder={t`Seçiniz`} />
      <SearchSelect label={t`Sektör (NACE)`} name="sector" value={kit.text('sector')} disabled={kit.readOnly}
        options={lists?.industries ?? []} onChange={(v) => kit.set('sector', v)} error={kit.error('sector')} hint={t`Aramak için yazın: ad veya NACE kodu.`} />
      <TextField label={t`Web sayfası`} name="webPage" type="url" kit={kit} autoComplete="url" />
      <SelectField label={t`Varsayılan para birimi`} name="defaultCurrency" kit={kit} options={CURRENCIES.map((c) => ({ value: c, name: c }))} placeholder={t`Seçiniz`} />
      <SelectField label={t`Dil`} name="language" kit={kit} options={COMPANY_LANGUAGES.map((l) => ({ value: l, name: LANGUAGE_NAMES[l] }))} placeholder={t`Seçiniz`} />
      <SearchSelect label={t`Saat dilimi`} name="timeZone" value={kit.text('timeZone')} disabled={kit.readOnly}
        options={zones} onChange={(v) => kit.set('timeZone', v)} error={kit.error('timeZone')} />
    </>
  )
}

/** Company > General (issue 12): the company's details and logo; read-only without company:update. */
export function GeneralView() {
  const page = COMPANY_PAGES[0]
  const can = useCan()
  const readOnly = !can('company:update')
  const editor = useActorRef(companyEditorFlow, { input: { id: ownCompanyId() } })
  const kit = useFieldKit(editor, readOnly)
  const [lists] = useLoad(async (): Promise<Lists> => {
    const [sizes, industries] = await Promise.all([lookups.companySizes(), lookups.industries()])
    return { sizes, industries }
  })
  return (
    <StaffPage title={page.title} permission={page.permission}>
      <CompanyNav />
      <LogoField canUpdate={!readOnly} />
      <CompanyEditor editor={editor} readOnly={readOnly}>
        <GeneralFields kit={kit} lists={lists.state === 'ready' ? lists.data : null} />
      </CompanyEditor>
    </StaffPage>
  )
}
