import { useEffect, useRef, type FormEvent } from 'react'
import { Link, useNavigate } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { Trans, useLingui } from '@lingui/react/macro'
import { msg } from '@lingui/core/macro'
import { createUserFlow, todayInTurkey, wizardOptionsFlow, type WizardOptions } from '../../../../flows/create-user.ts'
import { forgetCreateUserDraft } from '../../../../flows/create-user-draft.ts'
import { reasonText } from '../../../../i18n/reasons.ts'
import { getInspect } from '../../../../inspector.ts'
import { LoadState } from '../../../staff/LoadState.tsx'
import { StaffPage } from '../../../staff/StaffPage.tsx'
import styles from '../../../staff/StaffLayout.module.css'
import { useLoader } from '../../../staff/useFlow.ts'
import { useLeaveGuard } from '../../EditorForm.tsx'
import { OUTBOX_PAGE } from '../../pages.ts'
import { useCan } from '../../../staff/useCan.ts'
import { FIELD_OF, InPlaceAddDialog, useInPlacePanel, type AddKind } from './InPlaceAdd.tsx'
import { AddressStepFields, GroupRolesStepFields, PersonalStepFields, type WizardActor } from './steps.tsx'

const TITLE = msg`Yeni Kullanıcı`
const STEPS = [
  { state: 'personal', title: msg`Kişisel Bilgiler` },
  { state: 'address', title: msg`Adres Bilgileri` },
  { state: 'groupRoles', title: msg`Grup ve Roller` },
  { state: 'review', title: msg`Önizleme` },
] as const

/** Which stepper step a machine state shows (creating and failed stay on the review). */
function stepIndex(state: string): number {
  if (state === 'personal') return 0
  if (state === 'address') return 1
  if (state === 'groupRoles') return 2
  return 3
}

/** The create-user wizard (spec 2.2, issue 14) at /navbar/settings/users/new (user:create). */
export function CreateUserView() {
  return (
    <StaffPage title={TITLE} permission="user:create">
      <Options />
    </StaffPage>
  )
}

function Options() {
  const load = useLoader(wizardOptionsFlow)
  return <LoadState load={load}>{(options) => <Wizard options={options} reload={() => load.send({ type: 'reload' })} />}</LoadState>
}

function Wizard({ options, reload }: { options: WizardOptions; reload: () => void }) {
  const { i18n, t } = useLingui()
  const can = useCan()
  const actor = useActorRef(createUserFlow, { input: { today: todayInTurkey() }, inspect: getInspect() })
  const state = useSelector(actor, (s) => (typeof s.value === 'string' ? s.value : 'personal'))
  const busy = useSelector(actor, (s) => s.hasTag('busy'))
  const error = useSelector(actor, (s) => s.context.error)
  const errorCount = useSelector(actor, (s) => Object.keys(s.context.errors).length)
  const created = useSelector(actor, (s) => s.context.created)
  const heading = useRef<HTMLHeadingElement>(null)
  const form = useRef<HTMLFormElement>(null)
  // a job title or work location added in place (issue 25 item 2): the lists load again, the new one is chosen
  const panel = useInPlacePanel()
  const added = (kind: AddKind, id: string) => {
    const field = FIELD_OF[kind]
    reload()
    actor.send({ type: 'personal.change', values: { [field]: id } })
    panel.send({ type: 'close' })
  }
  const focusField = (kind: AddKind) => form.current?.querySelector<HTMLSelectElement>(`select[name=${FIELD_OF[kind]}]`)?.focus()
  // the editor forms' leave guard: anything typed and not yet created asks before leaving
  const initial = useRef(actor.getSnapshot().context)
  // a reload keeps the draft (sessionStorage), so only leaving inside the app asks; leaving then forgets it
  const leaveGuard = useLeaveGuard({
    isDirty: () => {
      const s = actor.getSnapshot()
      const typed = ({ personal, address, groupRoles }: typeof s.context) => JSON.stringify([personal, address, groupRoles])
      return s.status === 'active' && typed(s.context) !== typed(initial.current)
    },
    beforeUnload: false,
    onLeave: () => forgetCreateUserDraft(),
  })
  const navigate = useNavigate()
  useEffect(() => {
    if (state === 'cancelled') void navigate({ to: '/navbar/settings/users' })
  }, [state, navigate])
  const previous = useRef(state)
  // each new step moves the focus to its heading (not when the page opens, restored or not: the page heading has it)
  useEffect(() => {
    const was = previous.current
    previous.current = state
    if (was === state || was === 'restoring') return
    heading.current?.focus()
  }, [state])

  if (state === 'created' && created) {
    return (
      <div className={styles.card} role="status">
        <h2 ref={heading} tabIndex={-1}><Trans>Kullanıcı oluşturuldu</Trans></h2>
        <p><Trans><strong>{created.username}</strong> kullanıcısı oluşturuldu; ilk girişte şifresini değiştirmesi istenecek.</Trans></p>
        {created.welcomeMail
          ? (
              <p>
                <Trans>Geçici şifresini içeren e-posta gönderim kuyruğuna alındı; henüz gönderilmedi.</Trans>{' '}
                {can(OUTBOX_PAGE.permission)
                  ? <Trans>Gidip gitmediğini <Link to={OUTBOX_PAGE.path}>Posta kutusu</Link> sayfasında görebilirsiniz.</Trans>
                  : <Trans>Gönderilemezse posta sunucusu yöneticisi Posta kutusu sayfasında görür.</Trans>}
              </p>
            )
          : <p><Trans>E-posta bildirimleri kapalı olduğu için geçici şifre e-postayla gönderilmedi.</Trans></p>}
        <div className={styles.pager}>
          <Link to="/navbar/settings/users" className={styles.button}><Trans>Kullanıcı listesine dön</Trans></Link>
        </div>
      </div>
    )
  }

  if (state === 'restoring' || state === 'cancelled') return <p role="status"><Trans>Yükleniyor…</Trans></p>
  const index = stepIndex(state)
  const onReview = index === 3
  const submit = (e: FormEvent) => {
    e.preventDefault()
    actor.send(onReview ? { type: 'form.submit' } : { type: 'step.next' })
  }
  return (
    <div>
      {leaveGuard}
      <ol className={styles.subnav} aria-label={t`Adımlar`}>
        {STEPS.map((s, i) => (
          <li key={s.state} aria-current={i === index ? 'step' : undefined} style={{ fontWeight: i === index ? 700 : 400 }}>
            {i + 1}. {i18n._(s.title)}{i < index ? ` ✓` : ''}
          </li>
        ))}
      </ol>
      <p style={{ fontSize: 'var(--text-sm)', color: 'var(--color-muted)' }}><Trans>Girdikleriniz bu sekmede saklanır; sayfayı yenileseniz de kaybolmaz.</Trans></p>
      <form ref={form} className={styles.card} onSubmit={submit} noValidate aria-busy={busy} aria-labelledby="wizard-step">
        <h2 id="wizard-step" ref={heading} tabIndex={-1}>{i18n._(STEPS[index]!.title)}</h2>
        <fieldset disabled={busy} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          {state === 'personal' && <PersonalStepFields actor={actor} options={options} onAdd={(kind) => panel.send({ type: 'open', id: kind })} />}
          {state === 'address' && <AddressStepFields actor={actor} options={options} />}
          {state === 'groupRoles' && <GroupRolesStepFields actor={actor} options={options} />}
          {onReview && <Review actor={actor} options={options} />}
        </fieldset>
        {errorCount > 0 && <p className={styles.notice} role="alert"><Trans>Formda düzeltilmesi gereken {errorCount} alan var.</Trans></p>}
        <div role="status" aria-live="polite">{state === 'creating' && <p><Trans>Kullanıcı oluşturuluyor…</Trans></p>}</div>
        {state === 'failed' && <p className={styles.notice} role="alert">{reasonText(error, i18n)}</p>}
        <div className={styles.pager}>
          <button type="button" className={styles.secondaryButton} disabled={busy} onClick={() => actor.send({ type: 'wizard.cancel' })}><Trans>Vazgeç</Trans></button>
          {index > 0 && (
            <button type="button" className={styles.secondaryButton} disabled={busy} onClick={() => actor.send({ type: 'step.back' })}><Trans>Geri</Trans></button>
          )}
          {!onReview && <button type="submit" className={styles.button}><Trans>İleri</Trans></button>}
          {onReview && state !== 'failed' && <button type="submit" className={styles.button} disabled={busy}><Trans>Kullanıcıyı Oluştur</Trans></button>}
          {state === 'failed' && <button type="submit" className={styles.button}><Trans>Tekrar Dene</Trans></button>}
        </div>
      </form>
      <InPlaceAddDialog panel={panel} onAdded={added} focusField={focusField} />
    </div>
  )
}

/** Everything typed, before the user is created. */
function Review({ actor, options }: { actor: WizardActor; options: WizardOptions }) {
  const { t } = useLingui()
  const { personal: p, address: a, groupRoles: g } = useSelector(actor, (s) => s.context)
  const label = (list: ReadonlyArray<{ value: string; label: string }>, value: string) => list.find((o) => o.value === value)?.label ?? value
  const role = (id: string) => label(options.roles, id)
  const rows: Array<[string, string]> = [
    [t`Kullanıcı adı`, p.username], [t`Ad`, p.firstName], [t`Soyad`, p.lastName],
    [t`Cinsiyet`, p.gender === 'female' ? t`Kadın` : t`Erkek`], [t`Ülke`, label(options.countries, p.country)],
    p.country === 'TR' ? [t`T.C. Kimlik No`, p.nationalId] : [t`Pasaport No`, p.passportNo],
    [t`Unvan`, label(options.jobTitles, p.jobTitleId)], [t`Çalışma yeri`, label(options.locations, p.workLocationId)],
    [t`E-posta`, p.email], [t`Cep telefonu`, p.mobilePhone], [t`Doğum tarihi`, p.birthDate],
    [t`Uygulama (ana) rolü`, role(p.mainRole)], [t`Varsayılan rol`, role(p.defaultRole)],
    [t`Adres`, a.addressid === 'create-new' ? t`Yeni adres` : label(options.locations, a.addressid)],
    [t`Konum tipi`, label(options.locationTypes, a.locationtype)], [t`Konum adı`, a.locationname],
    [t`Adres ülkesi`, label(options.countries, a.countrycode)], [t`Posta kodu`, a.zipcode], [t`Adres satırı`, a.addresstext],
    [t`Grup`, g.isAssigntoGroup ? label(options.groups, g.chosengroup) : t`Gruba atanmadı`],
    [t`Diğer gruplardan roller`, g.isAssigntoOtherGroup && g.selectedRoles.length > 0
      ? g.selectedRoles.map((r) => t`${role(r.roleId)} (${r.validTo} tarihine kadar)`).join(', ') : t`Yok`],
  ]
  return (
    <dl className={styles.dl}>
      {rows.map(([k, v]) => (
        <div key={k} style={{ display: 'contents' }}><dt>{k}</dt><dd>{v || '—'}</dd></div>
      ))}
    </dl>
  )
}
