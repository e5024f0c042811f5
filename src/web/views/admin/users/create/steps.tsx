import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import { Trans, useLingui } from '@lingui/react/macro'
import { Field } from '../../../../components/Field.tsx'
import fieldStyles from '../../../../components/Field.module.css'
import { type Choice, type createUserFlow, type WizardOptions } from '../../../../flows/create-user.ts'
import { useCascade } from '../../company/useCascade.ts'
import { fieldErrorText } from '../../../../i18n/reasons.ts'
import styles from '../../../staff/StaffLayout.module.css'
import { useCan } from '../../../staff/useCan.ts'
import { Select, YesNo } from './fields.tsx'
import type { AddKind } from './InPlaceAdd.tsx'

export type WizardActor = ActorRefFrom<typeof createUserFlow>

/** The field error of the step on screen, as text. */
function useErrorText(actor: WizardActor) {
  const { i18n } = useLingui()
  const errors = useSelector(actor, (s) => s.context.errors)
  return (field: string) => fieldErrorText(errors[field], i18n)
}

/**
 * Under the job title and the work location: what to do when the company has none yet (a fresh
 * install, issue 25 item 2) and a button that adds one in place (with the `:create` permission).
 */
function emptyNotice(kind: AddKind, allowed: boolean) {
  if (kind === 'jobTitle') {
    return allowed
      ? <Trans>Şirkette henüz unvan yok. Kullanıcı oluşturmak için önce bir unvan ekleyin.</Trans>
      : <Trans>Şirkette henüz unvan yok ve unvan ekleme yetkiniz yok: bir yöneticiden Şirket &gt; Unvanlar sayfasında eklemesini isteyin.</Trans>
  }
  return allowed
    ? <Trans>Şirkette henüz adres yok. Çalışma yeri şirketin adreslerinden seçilir: önce bir adres ekleyin.</Trans>
    : <Trans>Şirkette henüz adres yok ve adres ekleme yetkiniz yok: bir yöneticiden Şirket &gt; Adres sayfasında eklemesini isteyin.</Trans>
}

/**
 * Under the job title and the work location: what to do when the company has none yet (a fresh
 * install, issue 25 item 2), and a button that adds one in place (with the `:create` permission).
 */
function useAddInPlace(onAdd: (kind: AddKind) => void) {
  const can = useCan()
  return (kind: AddKind, empty: boolean) => {
    const allowed = can(kind === 'jobTitle' ? 'jobtitle:create' : 'address:create')
    return {
      hint: empty ? emptyNotice(kind, allowed) : undefined,
      after: allowed
        ? (
            <div>
              <button type="button" className={styles.secondaryButton} onClick={() => onAdd(kind)}>
                {kind === 'jobTitle' ? <Trans>Yeni unvan ekle</Trans> : <Trans>Yeni çalışma yeri ekle</Trans>}
              </button>
            </div>
          )
        : undefined,
    }
  }
}

/** Step 1: personal details (spec 3.1 "User"). */
export function PersonalStepFields({ actor, options, onAdd }: { actor: WizardActor; options: WizardOptions; onAdd: (kind: AddKind) => void }) {
  const { t } = useLingui()
  const addInPlace = useAddInPlace(onAdd)
  const p = useSelector(actor, (s) => s.context.personal)
  const error = useErrorText(actor)
  const set = (values: Partial<typeof p>) => actor.send({ type: 'personal.change', values })
  const text = (name: keyof typeof p, label: string, extra: Record<string, string> = {}) => (
    <Field label={label} name={name} value={p[name]} error={error(name)} onChange={(e) => set({ [name]: e.currentTarget.value })} {...extra} />
  )
  const tr = p.country === 'TR'
  return (
    <div className={styles.grid}>
      {text('username', t`Kullanıcı adı`, { autoComplete: 'off', required: 'required' })}
      {text('firstName', t`Ad`, { autoComplete: 'off', required: 'required' })}
      {text('lastName', t`Soyad`, { autoComplete: 'off', required: 'required' })}
      <Select label={t`Cinsiyet`} name="gender" value={p.gender} error={error('gender')} required
        options={[{ value: 'female', label: t`Kadın` }, { value: 'male', label: t`Erkek` }]}
        onChange={(v) => set({ gender: v as typeof p.gender })} />
      <Select label={t`Ülke`} name="country" value={p.country} error={error('country')} options={options.countries} required
        onChange={(v) => set({ country: v })} />
      {tr
        ? text('nationalId', t`T.C. Kimlik No`, { inputMode: 'numeric', maxLength: '11', autoComplete: 'off', required: 'required' })
        : text('passportNo', t`Pasaport No`, { autoComplete: 'off', required: 'required' })}
      <Select label={t`Unvan`} name="jobTitleId" value={p.jobTitleId} error={error('jobTitleId')} options={options.jobTitles} required
        {...addInPlace('jobTitle', options.jobTitles.length === 0)}
        onChange={(v) => set({ jobTitleId: v })} />
      <Select label={t`Çalışma yeri`} name="workLocationId" value={p.workLocationId} error={error('workLocationId')} options={options.locations} required
        {...addInPlace('location', options.locations.length === 0)}
        onChange={(v) => set({ workLocationId: v })} />
      {text('email', t`E-posta`, { type: 'email', autoComplete: 'off', required: 'required' })}
      {text('mobilePhone', t`Cep telefonu`, { type: 'tel', autoComplete: 'off', required: 'required', placeholder: tr ? '0532 123 45 67' : '+49 151 2345 6789' })}
      {text('birthDate', t`Doğum tarihi`, { type: 'date', required: 'required' })}
      <Select label={t`Uygulama (ana) rolü`} name="mainRole" value={p.mainRole} error={error('mainRole')} options={options.roles} required
        onChange={(v) => set({ mainRole: v })} />
      <Select label={t`Varsayılan rol`} name="defaultRole" value={p.defaultRole} error={error('defaultRole')} options={options.roles} required
        onChange={(v) => set({ defaultRole: v })} />
    </div>
  )
}

const choices = (rows: Array<{ value: string; name: string }>): Choice[] => rows.map((r) => ({ value: r.value, label: r.name }))

/** Step 2: the personal address (spec 3.1 "Personal address"), a new one or an existing company location. */
export function AddressStepFields({ actor, options }: { actor: WizardActor; options: WizardOptions }) {
  const { t } = useLingui()
  const a = useSelector(actor, (s) => s.context.address)
  const error = useErrorText(actor)
  const set = (values: Partial<typeof a>) => actor.send({ type: 'address.change', values })
  const tr = a.countrycode === 'TR'
  // the Turkish cascade only (another country's address is free text)
  const country = tr ? 'TR' : ''
  const cities = useCascade({ level: 'cities', country, city: '', district: '' })
  const districts = useCascade({ level: 'districts', country, city: a.citycode, district: '' })
  const suburbs = useCascade({ level: 'suburbs', country, city: a.citycode, district: a.districtcode })
  const pickLocation = (id: string) => {
    const location = options.locations.find((l) => l.value === id)
    if (!location) return set({ addressid: 'create-new' })
    set({
      addressid: id, locationtype: location.locationtype, locationname: location.locationname, countrycode: location.countrycode,
      citycode: location.citycode ?? '', districtcode: location.districtcode ?? '', suburbcode: location.suburbcode ?? '',
      zipcode: location.zipcode ?? '', addresstext: location.addresstext,
    })
  }
  return (
    <div>
      <input type="hidden" name="status" value={a.status} />
      <Select label={t`Adres`} name="addressid" value={a.addressid} error={error('addressid')} empty={false}
        options={[{ value: 'create-new', label: t`Yeni adres` }, ...options.locations]} onChange={pickLocation} />
      <Select label={t`Konum tipi`} name="locationtype" value={a.locationtype} error={error('locationtype')} options={options.locationTypes} required
        onChange={(v) => set({ locationtype: v })} />
      <Field label={t`Konum adı`} name="locationname" value={a.locationname} error={error('locationname')} required
        onChange={(e) => set({ locationname: e.currentTarget.value })} />
      <Select label={t`Ülke`} name="countrycode" value={a.countrycode} error={error('countrycode')} options={options.countries} required
        onChange={(v) => set({ countrycode: v, citycode: '', districtcode: '', suburbcode: '' })} />
      {tr && (
        <>
          <Select label={t`İl`} name="citycode" value={a.citycode} error={error('citycode')} options={choices(cities)} required
            onChange={(v) => set({ citycode: v, districtcode: '', suburbcode: '' })} />
          <Select label={t`İlçe`} name="districtcode" value={a.districtcode} error={error('districtcode')} options={choices(districts)} required disabled={!a.citycode}
            onChange={(v) => set({ districtcode: v, suburbcode: '' })} />
          <Select label={t`Mahalle`} name="suburbcode" value={a.suburbcode} error={error('suburbcode')} options={choices(suburbs)} disabled={!a.districtcode}
            onChange={(v) => set({ suburbcode: v, zipcode: suburbs.find((s) => s.value === v)?.zipcode ?? a.zipcode })} />
        </>
      )}
      <Field label={t`Posta kodu`} name="zipcode" value={a.zipcode} error={error('zipcode')} inputMode="numeric" maxLength={10}
        onChange={(e) => set({ zipcode: e.currentTarget.value })} />
      <Field label={t`Adres`} name="addresstext" value={a.addresstext} error={error('addresstext')} required
        onChange={(e) => set({ addresstext: e.currentTarget.value })} />
    </div>
  )
}

/** Step 3: group and roles (spec 4: the two optional yes/no questions; spec 5: a valid-to date per other-group role). */
export function GroupRolesStepFields({ actor, options }: { actor: WizardActor; options: WizardOptions }) {
  const { t } = useLingui()
  const g = useSelector(actor, (s) => s.context.groupRoles)
  const personal = useSelector(actor, (s) => s.context.personal)
  const error = useErrorText(actor)
  const set = (values: Partial<typeof g>) => actor.send({ type: 'groupRoles.change', values })
  const others = options.roles.filter((r) => r.value !== personal.mainRole && r.value !== personal.defaultRole)
  const picked = (id: string) => g.selectedRoles.find((r) => r.roleId === id)
  const toggle = (id: string, on: boolean) =>
    set({ selectedRoles: on ? [...g.selectedRoles, { roleId: id, validTo: '' }] : g.selectedRoles.filter((r) => r.roleId !== id) })
  const validTo = (id: string, value: string) => set({ selectedRoles: g.selectedRoles.map((r) => (r.roleId === id ? { ...r, validTo: value } : r)) })
  const rolesError = error('selectedRoles')
  const validError = error('selectedValid')
  return (
    <div>
      <YesNo label={t`Kullanıcıyı şimdi bir gruba ata`} name="isAssigntoGroup" checked={g.isAssigntoGroup}
        disabled={options.groups.length === 0 && !g.isAssigntoGroup}
        hint={options.groups.length === 0 ? t`Şirkette henüz grup yok; gruplar Ekip sayfasında oluşturulur. Kullanıcı gruba sonra da atanabilir.` : undefined}
        onChange={(on) => set({ isAssigntoGroup: on, ...(on ? {} : { chosengroup: '' }) })} />
      {g.isAssigntoGroup && (
        <Select label={t`Grup`} name="chosengroup" value={g.chosengroup} error={error('chosengroup')} options={options.groups} required
          onChange={(v) => set({ chosengroup: v })} />
      )}
      <YesNo label={t`Diğer gruplardan rol ata`} name="isAssigntoOtherGroup" checked={g.isAssigntoOtherGroup}
        onChange={(on) => set({ isAssigntoOtherGroup: on })} />
      {g.isAssigntoOtherGroup && (
        <fieldset className={fieldStyles.field} aria-describedby={[rolesError ? 'roles-error' : '', validError ? 'valid-error' : ''].filter(Boolean).join(' ') || undefined}>
          <legend className={fieldStyles.label}><Trans>Diğer gruplardan roller ve atama geçerlilik tarihleri</Trans></legend>
          {others.length === 0 && <p><Trans>Atanabilecek başka rol yok.</Trans></p>}
          <ul style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {others.map((r) => {
              const chosen = picked(r.value)
              return (
                <li key={r.value} style={{ display: 'flex', flexWrap: 'wrap', gap: '0.75rem', alignItems: 'center', marginBottom: '0.5rem' }}>
                  <label>
                    <input type="checkbox" name="selectedRoles" value={r.value} checked={chosen !== undefined} onChange={(e) => toggle(r.value, e.currentTarget.checked)} />{' '}
                    {r.label}
                  </label>
                  {chosen && (
                    <label>
                      <Trans>Geçerlilik bitişi ({r.label})</Trans>{' '}
                      <input type="date" name="selectedValid" className={fieldStyles.input} value={chosen.validTo}
                        aria-invalid={validError && !chosen.validTo ? true : undefined} onChange={(e) => validTo(r.value, e.currentTarget.value)} />
                    </label>
                  )}
                </li>
              )
            })}
          </ul>
          {rolesError && <div id="roles-error" className={fieldStyles.error} role="alert">{rolesError}</div>}
          {validError && <div id="valid-error" className={fieldStyles.error} role="alert">{validError}</div>}
        </fieldset>
      )}
    </div>
  )
}
