import { useId, useSyncExternalStore } from 'react'
import { useActorRef, useSelector } from '@xstate/react'
import { Trans, useLingui } from '@lingui/react/macro'
import { LOGO_MAX_BYTES, companyLogo, logoFlow } from '../../../flows/company.ts'
import { getInspect } from '../../../inspector.ts'
import { failureText } from '../../staff/useFlow.ts'
import staff from '../../staff/StaffLayout.module.css'
import fieldStyles from '../../../components/Field.module.css'
import styles from './Company.module.css'

/**
 * The company logo on the upload statechart (src/web/flows/company.ts `logoFlow`): preview, upload
 * (PNG, JPEG or WebP up to 2 MB, pre-checked here; the server recognises the image by its content
 * and re-encodes it) and removal. The header follows at once.
 */
export function LogoField({ canUpdate }: { canUpdate: boolean }) {
  const { t, i18n } = useLingui()
  const id = useId()
  const { url } = useSyncExternalStore(companyLogo.subscribe, companyLogo.get, companyLogo.get)
  const upload = useActorRef(logoFlow, { inspect: getInspect() })
  const state = useSelector(upload, (s) => s.value as string)
  const busy = useSelector(upload, (s) => s.hasTag('busy'))
  const error = useSelector(upload, (s) => s.context.error)
  const maxMb = LOGO_MAX_BYTES / 1024 / 1024
  const refusal = (code: string | null) => code === 'LOGO_TYPE' ? t`Logo PNG, JPEG veya WebP biçiminde bir resim olmalıdır.`
    : code === 'LOGO_SIZE' ? t`Logo en fazla ${maxMb} MB olabilir.`
    : code === 'LOGO_EMPTY' ? t`Seçilen dosya boş.` : failureText(code, i18n)
  return (
    <section aria-labelledby={`${id}-title`} className={styles.logo}>
      <h2 id={`${id}-title`} className="visually-hidden"><Trans>Logo</Trans></h2>
      {url
        ? <img className={styles.logoPreview} src={url} alt={t`Şirket logosu`} data-testid="logo-preview" />
        : <div className={styles.logoEmpty}><Trans>Logo yok</Trans></div>}
      {canUpdate && (
        <div>
          <label htmlFor={`${id}-file`} className={fieldStyles.label}><Trans>Logo yükle</Trans></label>
          <div>
            <input id={`${id}-file`} name="logo" type="file" accept="image/png,image/jpeg,image/webp" disabled={busy}
              aria-describedby={`${id}-hint ${id}-status`}
              onChange={(e) => { const file = e.currentTarget.files?.[0]; e.currentTarget.value = ''; if (file) upload.send({ type: 'file.select', file }) }} />
          </div>
          <div id={`${id}-hint`} className={fieldStyles.hint}>
            <Trans>PNG, JPEG veya WebP; en fazla {maxMb} MB. Resim sunucuda en fazla 512 × 512 piksele küçültülür.</Trans>
          </div>
          {url && (
            <button type="button" className={staff.secondaryButton} disabled={busy} onClick={() => upload.send({ type: 'remove.request' })}>
              <Trans>Logoyu kaldır</Trans>
            </button>
          )}
          <div id={`${id}-status`} role="status" aria-live="polite" className={state === 'failed' || state === 'rejected' ? fieldStyles.error : fieldStyles.hint}>
            {state === 'checking' || state === 'uploading' ? <Trans>Yükleniyor…</Trans>
              : state === 'removing' ? <Trans>Kaldırılıyor…</Trans>
              : state === 'uploaded' ? <Trans>Logo kaydedildi.</Trans>
              : state === 'removed' ? <Trans>Logo kaldırıldı.</Trans>
              : state === 'failed' || state === 'rejected' ? refusal(error) : null}
          </div>
        </div>
      )}
    </section>
  )
}
