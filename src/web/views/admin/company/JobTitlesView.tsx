import { Trans, useLingui } from '@lingui/react/macro'
import { NEW, deleteJobTitleFlow, experienceLevelsFlow, jobTitleEditorFlow, jobTitleListFlow, type JobTitleItem } from '../../../flows/company.ts'
import { fieldErrorText } from '../../../i18n/reasons.ts'
import { CompanyNav } from '../AreaPageView.tsx'
import { EditorSelectField, EditorTextField, useEditor, useEditorField, type EditorActor } from '../EditorForm.tsx'
import { COMPANY_PAGES } from '../pages.ts'
import { ResourceTable, useUrlList, type Column, type ListActor } from '../ResourceListView.tsx'
import { StaffPage } from '../../staff/StaffPage.tsx'
import { useCan } from '../../staff/useCan.ts'
import { useLoaded, useLoader } from '../../staff/useFlow.ts'
import staff from '../../staff/StaffLayout.module.css'
import { ColourPalette } from './ColourPalette.tsx'
import { ConfirmDeleteDialog, FormPanel, useConfirmDelete, useFormPanel } from './ListParts.tsx'
import styles from './Company.module.css'

type Row = JobTitleItem & { id: string }
type Level = { value: string; name: string }

function ColourField({ editor, disabled }: { editor: EditorActor; disabled: boolean }) {
  const { i18n } = useLingui()
  const colour = useEditorField(editor, 'colorCode')
  const title = useEditorField(editor, 'title')
  return (
    <ColourPalette value={typeof colour.value === 'string' ? colour.value : ''} onChange={colour.change} disabled={disabled}
      sample={typeof title.value === 'string' ? title.value : ''} error={fieldErrorText(colour.error, i18n)} />
  )
}

/** A job title's fields (title, experience level, colour): the Job titles page and the create-user wizard's in-place addition. */
export function JobTitleFields({ editor, levels, readOnly = false }: { editor: EditorActor; levels: Level[]; readOnly?: boolean }) {
  const { t } = useLingui()
  return (
    <>
      <div className={styles.form}>
        <EditorTextField editor={editor} name="title" label={t`Unvan`} maxLength={100} />
        <EditorSelectField editor={editor} name="experienceLevel" label={t`Deneyim seviyesi`} required
          options={levels.map((l) => ({ value: l.value, label: l.name }))} />
      </div>
      <ColourField editor={editor} disabled={readOnly} />
    </>
  )
}

/** The job-title form: new (status create) or one title (status edit); a new title's form turns into its edit form once saved. */
function JobTitleForm({ id, list, levels, readOnly, onClose }: { id: string; list: ListActor; levels: Level[]; readOnly: boolean; onClose: () => void }) {
  const { t } = useLingui()
  const editor = useEditor(jobTitleEditorFlow, id)
  return (
    <FormPanel editor={editor} list={list} readOnly={readOnly} titles={{ create: t`Yeni unvan`, edit: t`Unvanı düzenle` }} onClose={onClose}>
      <JobTitleFields editor={editor} levels={levels} readOnly={readOnly} />
    </FormPanel>
  )
}

/** Company > Job titles (issue 12): the list, a form to add or edit, deletion with confirmation. */
export function JobTitlesView() {
  const { t, i18n } = useLingui()
  const page = COMPANY_PAGES[2]
  const can = useCan()
  const list = useUrlList(jobTitleListFlow, [])
  // the names come in the active language; an open form keeps the last ones while new ones load
  const levelList = useLoaded(useLoader(experienceLevelsFlow, { locale: i18n.locale }))
  const panel = useFormPanel(NEW)
  const remover = useConfirmDelete<Row>(deleteJobTitleFlow, list, (row) => panel.closeIf(row.jobtitleid))
  const levelName = (v: string) => (levelList ?? []).find((l) => l.value === v)?.name ?? v
  const columns: Column<Row>[] = [
    { key: 'jobtitle', label: t`Unvan`, sortable: true, cell: (r) => <span className={styles.chip} style={{ background: r.colorCode, color: r.textColour }}>{r.jobtitle}</span> },
    { key: 'experienceLevel', label: t`Deneyim seviyesi`, cell: (r) => levelName(r.experienceLevel) },
    { key: 'colorCode', label: t`Renk`, cell: (r) => r.colorCode },
    {
      key: 'actions', label: t`İşlemler`, cell: (r) => (
        <span className={styles.rowActions}>
          <button type="button" className={staff.secondaryButton} onClick={() => panel.show(r.jobtitleid)} aria-label={t`${r.jobtitle} unvanını düzenle`}>
            {can('jobtitle:update') ? <Trans>Düzenle</Trans> : <Trans>Görüntüle</Trans>}
          </button>
          {can('jobtitle:delete') && (
            <button type="button" className={staff.secondaryButton} onClick={() => remover.send({ type: 'request', subject: r })} aria-label={t`${r.jobtitle} unvanını sil`}><Trans>Sil</Trans></button>
          )}
        </span>
      ),
    },
  ]
  const readOnly = panel.id === NEW ? !can('jobtitle:create') : !can('jobtitle:update')
  return (
    <StaffPage title={page.title} permission={page.permission}
      actions={can('jobtitle:create') ? <button type="button" className={staff.button} onClick={() => panel.show(NEW)}><Trans>Yeni unvan</Trans></button> : undefined}>
      <CompanyNav />
      <ResourceTable list={list} columns={columns} caption={t`Unvanlar`} />
      {panel.id && levelList && (
        <JobTitleForm key={panel.key} id={panel.id} list={list} levels={levelList} readOnly={readOnly} onClose={panel.close} />
      )}
      <ConfirmDeleteDialog control={remover} what={(r) => r.jobtitle} />
    </StaffPage>
  )
}
