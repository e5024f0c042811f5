import { useEffect, useId, useRef } from 'react'
import { useActorRef, useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import { Trans, useLingui } from '@lingui/react/macro'
import { NEW, addressEditorFlow, addressListsFlow, experienceLevelsFlow, jobTitleEditorFlow } from '../../../../flows/company.ts'
import { formPanelFlow } from '../../../../flows/panel.ts'
import { getInspect } from '../../../../inspector.ts'
import { lazyPart, usePart } from '../../../../lazy-part.ts'
import { useModalDialog } from '../../../../components/useModalDialog.ts'
import { EditorForm, useEditor, type EditorActor } from '../../EditorForm.tsx'
import companyStyles from '../../company/Company.module.css'
import { useLoaded, useLoader } from '../../../staff/useFlow.ts'
import staff from '../../../staff/StaffLayout.module.css'

/**
 * Adding a job title or a work location without leaving the create-user wizard (issue 25 item 2):
 * on a fresh install the company has neither, and both are required of every user. Which form is
 * open is the form-panel statechart (`open` with the kind, `close`); each form is the company
 * pages' own editor statechart (the same fields, checks and calls: POST /company/jobtitle, POST
 * /party/address). Once saved, the wizard's lists load again and the new record is chosen.
 */
export type AddKind = 'jobTitle' | 'location'

/**
 * The company pages' fields (and with them their pages' code, about 7 KiB gzipped) load when a
 * dialog opens or on the first sign of intent, not with the wizard (issue 23's staff budget).
 */
const FIELDS = lazyPart(() => Promise.all([import('../../company/AddressView.tsx'), import('../../company/JobTitlesView.tsx')])
  .then(([address, jobTitles]) => ({ AddressFields: address.AddressFields, JobTitleFields: jobTitles.JobTitleFields })))
type Fields = NonNullable<ReturnType<typeof FIELDS.loaded>>
export type InPlacePanel = ActorRefFrom<typeof formPanelFlow>

/** The wizard field each kind fills. */
export const FIELD_OF: Record<AddKind, 'jobTitleId' | 'workLocationId'> = { jobTitle: 'jobTitleId', location: 'workLocationId' }

export function useInPlacePanel(): InPlacePanel {
  return useActorRef(formPanelFlow, { inspect: getInspect() })
}

/**
 * The modal dialog with the form of the kind the panel shows. `onAdded` gets the saved record's id
 * (and closes the panel); once the dialog has closed, `focusField` moves the focus to the field
 * that now holds the new record.
 */
export function InPlaceAddDialog({ panel, onAdded, focusField }: {
  panel: InPlacePanel
  onAdded: (kind: AddKind, id: string) => void
  focusField: (kind: AddKind) => void
}) {
  const { t } = useLingui()
  const kind = useSelector(panel, (s) => (s.matches('showing') ? (s.context.id as AddKind) : null))
  const round = useSelector(panel, (s) => s.context.round)
  const ref = useModalDialog(kind !== null)
  const fields = usePart(FIELDS, kind !== null)
  const titleId = useId()
  const close = () => panel.send({ type: 'close' })
  const saved = (added: AddKind, id: string) => {
    // the dialog's own close gives the focus back to the button that opened it; after that, the field
    ref.current?.addEventListener('close', () => focusField(added), { once: true })
    onAdded(added, id)
  }
  const title = kind === 'jobTitle' ? t`Yeni unvan ekle` : t`Yeni çalışma yeri ekle`
  return (
    <dialog ref={ref} aria-labelledby={titleId} className={companyStyles.dialog} style={{ maxWidth: '44rem', width: 'calc(100% - 2rem)' }}
      onCancel={(e) => { e.preventDefault(); close() }}>
      {kind && (
        <>
          <h2 id={titleId}>{title}</h2>
          <p>
            {kind === 'jobTitle'
              ? <Trans>Unvan şirketin unvanlarına eklenir ve bu kullanıcı için seçilir.</Trans>
              : <Trans>Adres şirketin adreslerine çalışma yeri olarak eklenir ve bu kullanıcı için seçilir.</Trans>}
          </p>
          {kind === 'jobTitle'
            ? <JobTitleAdd key={round} fields={fields} label={title} onSaved={(id) => saved('jobTitle', id)} onClose={close} />
            : <LocationAdd key={round} fields={fields} label={title} onSaved={(id) => saved('location', id)} onClose={close} />}
        </>
      )}
    </dialog>
  )
}

/** Calls `onSaved` with the record's id when the editor's save succeeds. */
function useOnSaved(editor: EditorActor, onSaved: (id: string) => void) {
  const latest = useRef(onSaved)
  latest.current = onSaved
  useEffect(() => {
    let was = editor.getSnapshot().value
    const sub = editor.subscribe((s) => {
      if (s.value === 'saved' && was !== 'saved' && s.context.record) latest.current(s.context.record.id)
      was = s.value
    })
    return () => sub.unsubscribe()
  }, [editor])
}

function CancelButton({ onClose }: { onClose: () => void }) {
  return <button type="button" className={staff.secondaryButton} onClick={onClose}><Trans>Vazgeç</Trans></button>
}

type AddProps = { fields: Fields | undefined; label: string; onSaved: (id: string) => void; onClose: () => void }

function JobTitleAdd({ fields, label, onSaved, onClose }: AddProps) {
  const { i18n } = useLingui()
  const editor = useEditor(jobTitleEditorFlow, NEW)
  const levels = useLoaded(useLoader(experienceLevelsFlow, { locale: i18n.locale }))
  useOnSaved(editor, onSaved)
  if (!levels || !fields) return <p role="status"><Trans>Yükleniyor…</Trans></p>
  return (
    <EditorForm editor={editor} label={label} extraActions={<CancelButton onClose={onClose} />}>
      <fields.JobTitleFields editor={editor} levels={levels} />
    </EditorForm>
  )
}

function LocationAdd({ fields, label, onSaved, onClose }: AddProps) {
  const { i18n } = useLingui()
  const editor = useEditor(addressEditorFlow, NEW)
  const lists = useLoaded(useLoader(addressListsFlow, { locale: i18n.locale }))
  useOnSaved(editor, onSaved)
  if (!lists || !fields) return <p role="status"><Trans>Yükleniyor…</Trans></p>
  return (
    <EditorForm editor={editor} label={label} extraActions={<CancelButton onClose={onClose} />}>
      <fields.AddressFields editor={editor} types={lists.types} countries={lists.countries} />
    </EditorForm>
  )
}
