import { useId, useState, useSyncExternalStore } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { errorText } from '../../../api/errors.ts'
import { LOGO_MAX_BYTES, companyLogo, logoPrecheck } from '../../../flows/company.ts'
import staff from '../../staff/StaffLayout.module.css'
import fieldStyles from '../../../components/Field.module.css'
import styles from './Company.module.css'

type Upload = { state: 'idle' } | { state: 'busy' } | { state: 'done'; removed: boolean } | { state: 'failed'; text: string }

/**
 * The company logo: preview, upload (PNG, JPEG or WebP up to 2 MB, pre-checked here; the server
 * recognises the image by its content and re-encodes it) and removal. The header follows at once.
 */
export function LogoField({ canUpdate }: { canUpdate: boolean }) {
  const { t, i18n } = useLingui()
  const id = useId()
  const { url } = useSyncExternalStore(companyLogo.subscribe, companyLogo.get, companyLogo.get)
  const [upload, setUpload] = useState<Upload>({ state: 'idle' })
  const maxMb = LOGO_MAX_BYTES / 1024 / 1024
  const run = (action: () => Promise<void>, removed: boolean) => {
    setUpload({ state: 'busy' })
    action().then(() => setUpload({ state: 'done', removed }), (error: unknown) => setUpload({ state: 'failed', text: errorText(error, i18n) }))
  }
  const onFile = (file: File | undefined) => {
    if (!file) return
    const problem = logoPrecheck(file)
    if (problem === 'LOGO_TYPE') return setUpload({ state: 'failed', text: t`Logo PNG, JPEG veya WebP biçiminde bir resim olmalıdır.` })
    if (problem === 'LOGO_SIZE') return setUpload({ state: 'failed', text: t`Logo en fazla ${maxMb} MB olabilir.` })
    if (problem === 'LOGO_EMPTY') return setUpload({ state: 'failed', text: t`Seçilen dosya boş.` })
    run(() => companyLogo.upload(file), false)
  }
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
            <input id={`${id}-file`} name="logo" type="file" accept="image/png,image/jpeg,image/webp" disabled={upload.state === 'busy'}
              aria-describedby={`${id}-hint ${id}-status`} onChange={(e) => { onFile(e.currentTarget.files?.[0]); e.currentTarget.value = '' }} />
          </div>
          <div id={`${id}-hint`} className={fieldStyles.hint}>
            <Trans>PNG, JPEG veya WebP; en fazla {maxMb} MB. Resim sunucuda en fazla 512 × 512 piksele küçültülür.</Trans>
          </div>
          {url && (
            <button type="button" className={staff.secondaryButton} disabled={upload.state === 'busy'} onClick={() => run(() => companyLogo.remove(), true)}>
              <Trans>Logoyu kaldır</Trans>
            </button>
          )}
          <div id={`${id}-status`} role="status" aria-live="polite" className={upload.state === 'failed' ? fieldStyles.error : fieldStyles.hint}>
            {upload.state === 'busy' ? <Trans>Yükleniyor…</Trans>
              : upload.state === 'done' ? (upload.removed ? <Trans>Logo kaldırıldı.</Trans> : <Trans>Logo kaydedildi.</Trans>)
              : upload.state === 'failed' ? upload.text : null}
          </div>
        </div>
      )}
    </section>
  )
}
