import { useMemo } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { choicesFlow, userEditorFlow, type UserDetail } from '../../../flows/users.ts'
import { sessionActor } from '../../../flows/session.ts'
import { useLoaded, useLoader } from '../../staff/useFlow.ts'
import styles from '../../staff/StaffLayout.module.css'
import { EditorForm, EditorSelectField, EditorTextField, useDraft, useEditor } from '../EditorForm.tsx'

/**
 * A user's details and personal information on the editor statechart (PUT /user/{id}, the loaded
 * version; conflicts offer a reload). `organisation` (user:update) also edits the job title and
 * work location; without it (a user's own profile) they are shown, not edited.
 */
export function UserDetailsForm({ user, organisation, readOnly = false, onSaved }: {
  user: UserDetail
  organisation: boolean
  readOnly?: boolean
  onSaved?: (user: UserDetail) => void
}) {
  const { t, i18n } = useLingui()
  const flow = useMemo(() => userEditorFlow(onSaved), [onSaved])
  const editor = useEditor(flow, user.id)
  const draft = useDraft(editor)
  const companyId = useSelector(sessionActor(), (s) => s.context.user?.companyId ?? '')
  const options = useLoaded(useLoader(choicesFlow, { companyId })) ?? { jobTitles: [], locations: [], countries: [] }
  const pending = useSelector(editor, (s) => (s.context.record?.values.pendingEmail ?? null) as UserDetail['pendingEmail'])
  const expires = pending ? new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(pending.expiresAt)) : ''
  return (
    <EditorForm editor={editor} readOnly={readOnly} label={t`Kullanıcı bilgileri`}>
      <div className={styles.grid}>
        <EditorTextField editor={editor} name="firstName" label={<Trans>Ad</Trans>} autoComplete="off" required />
        <EditorTextField editor={editor} name="lastName" label={<Trans>Soyad</Trans>} autoComplete="off" required />
        <EditorSelectField editor={editor} name="gender" label={<Trans>Cinsiyet</Trans>} required
          options={[{ value: 'female', label: t`Kadın` }, { value: 'male', label: t`Erkek` }]} />
        <EditorSelectField editor={editor} name="country" label={<Trans>Ülke</Trans>} required options={options.countries} />
        {draft.country === 'TR'
          ? <EditorTextField editor={editor} name="nationalId" label={<Trans>T.C. kimlik no</Trans>} inputMode="numeric" maxLength={11} required />
          : <EditorTextField editor={editor} name="passportNo" label={<Trans>Pasaport no</Trans>} required />}
        <EditorTextField editor={editor} name="email" label={<Trans>E-posta</Trans>} type="email" autoComplete="off" required
          hint={pending ? <span data-pending-email>{t`Onay bekleyen yeni adres: ${pending.email} (${expires} tarihine kadar). Adres, bu adrese gönderilen bağlantı onaylanınca değişir; eski adrese bilgi verildi.`}</span>
            : <Trans>Yeni bir adres, o adrese gönderilen bağlantıyla onaylanınca geçerli olur; eski adrese bilgi verilir.</Trans>} />
        <EditorTextField editor={editor} name="mobilePhone" label={<Trans>Cep telefonu</Trans>} type="tel" autoComplete="off" required />
        <EditorTextField editor={editor} name="birthDate" label={<Trans>Doğum tarihi</Trans>} type="date" required />
        {organisation ? (
          <>
            <EditorSelectField editor={editor} name="jobTitleId" label={<Trans>Unvan</Trans>} required
              options={options.jobTitles.length ? options.jobTitles : user.jobTitleId ? [{ value: user.jobTitleId, label: user.jobTitle ?? '' }] : []} />
            <EditorSelectField editor={editor} name="workLocationId" label={<Trans>Çalışma yeri</Trans>} required
              options={options.locations.length ? options.locations : user.workLocationId ? [{ value: user.workLocationId, label: user.workLocation ?? '' }] : []} />
          </>
        ) : (
          <dl className={styles.dl}>
            <dt><Trans>Unvan</Trans></dt><dd>{user.jobTitle ?? '—'}</dd>
            <dt><Trans>Çalışma yeri</Trans></dt><dd>{user.workLocation ?? '—'}</dd>
          </dl>
        )}
      </div>
    </EditorForm>
  )
}
