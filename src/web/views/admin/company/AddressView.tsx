import { useId } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { NEW, addressEditorFlow, addressListFlow, addressListsFlow, deleteAddressFlow, type AddressItem, type Option } from '../../../flows/company.ts'
import fieldStyles from '../../../components/Field.module.css'
import { fieldErrorText } from '../../../i18n/reasons.ts'
import { CompanyNav } from '../AreaPageView.tsx'
import { EditorSelectField, EditorTextField, useDraft, useEditor, useEditorField, type EditorActor } from '../EditorForm.tsx'
import { COMPANY_PAGES } from '../pages.ts'
import { ResourceTable, useUrlList, type Column, type ListActor } from '../ResourceListView.tsx'
import { StaffPage } from '../../staff/StaffPage.tsx'
import { useCan } from '../../staff/useCan.ts'
import { useLoaded, useLoader } from '../../staff/useFlow.ts'
import staff from '../../staff/StaffLayout.module.css'
import { ConfirmDeleteDialog, FormPanel, useConfirmDelete, useFormPanel } from './ListParts.tsx'
import { EditorSearchSelect } from './SearchSelect.tsx'
import { useCascade } from './useCascade.ts'
import styles from './Company.module.css'

type Row = AddressItem & { id: string }
const NONE: Option[] = []

const asOptions = (rows: readonly Option[]) => rows.map((o) => ({ value: o.value, label: o.name }))


function AddressText({ editor }: { editor: EditorActor }) {
  const { t, i18n } = useLingui()
  const id = useId()
  const field = useEditorField(editor, 'addresstext')
  const error = fieldErrorText(field.error, i18n)
  return (
    <div className={`${fieldStyles.field} ${styles.wide}`}>
      <label htmlFor={id} className={fieldStyles.label}>{t`Adres`}</label>
      <textarea id={id} name="addresstext" rows={3} maxLength={500} className={fieldStyles.input} value={typeof field.value === 'string' ? field.value : ''}
        aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} onChange={(e) => field.change(e.currentTarget.value)} />
      {error && <div id={`${id}-error`} className={fieldStyles.error} role="alert">{error}</div>}
    </div>
  )
}

/**
 * The cascade: country, then (for Türkiye) province, district and neighbourhood; each choice clears
 * those below it, and choosing a neighbourhood fills its postal code.
 */
export function AddressFields({ editor, types, countries }: { editor: EditorActor; types: Option[]; countries: Option[] }) {
  const { t } = useLingui()
  const draft = useDraft(editor)
  const str = (k: string) => (typeof draft[k] === 'string' ? (draft[k] as string) : '')
  const country = str('countrycode')
  const city = str('citycode')
  const district = str('districtcode')
  const cities = useCascade({ level: 'cities', country, city: '', district: '' })
  const districts = useCascade({ level: 'districts', country, city, district: '' })
  const suburbs = useCascade({ level: 'suburbs', country, city, district })
  const clear = (...fields: string[]) => { for (const f of fields) editor.send({ type: 'field.change', field: f, value: '' }) }
  return (
    <div className={styles.form}>
      <EditorSelectField editor={editor} name="locationtype" label={t`Konum türü`} required options={asOptions(types)} />
      <EditorTextField editor={editor} name="locationname" label={t`Konum adı`} maxLength={100} />
      <EditorSearchSelect editor={editor} name="countrycode" label={t`Ülke`} options={countries}
        onPick={() => clear('citycode', 'districtcode', 'suburbcode', 'zipcode')} />
      <EditorSelectField editor={editor} name="citycode" label={t`İl`} required={country === 'TR'} options={asOptions(cities)}
        onPick={() => clear('districtcode', 'suburbcode', 'zipcode')} />
      <EditorSelectField editor={editor} name="districtcode" label={t`İlçe`} required={country === 'TR'} options={asOptions(districts)}
        onPick={() => clear('suburbcode', 'zipcode')} />
      <EditorSearchSelect editor={editor} name="suburbcode" label={t`Mahalle`} options={suburbs}
        onPick={(v) => editor.send({ type: 'field.change', field: 'zipcode', value: suburbs.find((s) => s.value === v)?.zipcode ?? '' })} />
      <EditorTextField editor={editor} name="zipcode" label={t`Posta kodu`} inputMode="numeric" maxLength={10}
        readOnly={country === 'TR'} hint={country === 'TR' ? t`Mahalle seçilince doldurulur.` : undefined} />
      <AddressText editor={editor} />
    </div>
  )
}

function AddressForm({ id, list, types, countries, readOnly, onClose }: {
  id: string; list: ListActor; types: Option[]; countries: Option[]; readOnly: boolean; onClose: () => void
}) {
  const { t } = useLingui()
  const editor = useEditor(addressEditorFlow, id)
  return (
    <FormPanel editor={editor} list={list} readOnly={readOnly} titles={{ create: t`Yeni adres`, edit: t`Adresi düzenle` }} onClose={onClose}>
      <AddressFields editor={editor} types={types} countries={countries} />
    </FormPanel>
  )
}

/** Company > Address (issue 12): the company's addresses, a form to add or edit, deletion with confirmation. */
export function AddressView() {
  const { t, i18n } = useLingui()
  const page = COMPANY_PAGES[1]
  const can = useCan()
  const list = useUrlList(addressListFlow, [])
  // the names come in the active language; an open form keeps the last ones while new ones load
  const options = useLoaded(useLoader(addressListsFlow, { locale: i18n.locale }))
  const types = options?.types ?? NONE
  const panel = useFormPanel(NEW)
  const remover = useConfirmDelete<Row>(deleteAddressFlow, list, (row) => panel.closeIf(row.addressid))
  const typeName = (v: string) => types.find((o) => o.value === v)?.name ?? v
  const columns: Column<Row>[] = [
    { key: 'locationname', label: t`Konum adı`, sortable: true, cell: (r) => r.locationname },
    { key: 'locationtype', label: t`Konum türü`, cell: (r) => typeName(r.locationtype) },
    { key: 'addresstext', label: t`Adres`, cell: (r) => r.addresstext },
    { key: 'zipcode', label: t`Posta kodu`, sortable: true, cell: (r) => r.zipcode ?? '—' },
    {
      key: 'actions', label: t`İşlemler`, cell: (r) => (
        <span className={styles.rowActions}>
          <button type="button" className={staff.secondaryButton} onClick={() => panel.show(r.addressid)} aria-label={t`${r.locationname} adresini düzenle`}>
            {can('address:update') ? <Trans>Düzenle</Trans> : <Trans>Görüntüle</Trans>}
          </button>
          {can('address:delete') && (
            <button type="button" className={staff.secondaryButton} onClick={() => remover.send({ type: 'request', subject: r })} aria-label={t`${r.locationname} adresini sil`}><Trans>Sil</Trans></button>
          )}
        </span>
      ),
    },
  ]
  const readOnly = panel.id === NEW ? !can('address:create') : !can('address:update')
  return (
    <StaffPage title={page.title} permission={page.permission}
      actions={can('address:create') ? <button type="button" className={staff.button} onClick={() => panel.show(NEW)}><Trans>Yeni adres</Trans></button> : undefined}>
      <CompanyNav />
      <ResourceTable list={list} columns={columns} caption={t`Adresler`} />
      {panel.id && options && (
        <AddressForm key={panel.key} id={panel.id} list={list} types={options.types} countries={options.countries} readOnly={readOnly} onClose={panel.close} />
      )}
      <ConfirmDeleteDialog control={remover} what={(r) => r.locationname} />
    </StaffPage>
  )
}
