import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useActorRef, useSelector } from '@xstate/react'
import { useNavigate } from '@tanstack/react-router'
import { useEffect, useRef, type FormEvent } from 'react'
import type { ActorRefFrom } from 'xstate'
import { formatDocumentCode, type DocumentCheck } from '../../../domain/document-code.ts'
import { formatMoney } from '../../../domain/money.ts'
import { CATALOGUE } from '../../api/errors.ts'
import { documentCheckFlow } from '../../flows/document-check.ts'
import { DOCUMENT_CHECK_MARK, hasDocumentCheckCatalog, loadDocumentCheckCatalog } from '../../i18n/document-check.ts'
import { getInspect } from '../../inspector.ts'
import styles from './DocumentCheck.module.css'

const PRODUCTS: Record<DocumentCheck['product'], MessageDescriptor> = {
  tss: msg`Tamamlayıcı Sağlık Sigortası`,
  seyahatsaglik: msg`Seyahat Sağlık Sigortası`,
  erkenbes: msg`Erken BES`,
  pratikbes: msg`Pratik BES`,
}
const REGIONS: Record<string, MessageDescriptor> = {
  schengen: msg`Schengen ülkeleri ve Avrupa`,
  worldwideExclUsCa: msg`Tüm dünya (ABD ve Kanada hariç)`,
  worldwide: msg`Tüm dünya`,
}

/** "Sorgula" with a code typed by the reader: the address becomes /dogrula/<code> (the page's flow follows it). */
export function DocumentCodeForm({ initial = '' }: { initial?: string }) {
  const { i18n } = useLingui()
  const navigate = useNavigate()
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const code = String(new FormData(e.currentTarget).get('code') ?? '').trim()
    if (code) void navigate({ to: '/dogrula/$code', params: { code } })
  }
  return (
    <form className={styles.form} onSubmit={onSubmit}>
      <div className={styles.field}>
        <label className={styles.label} htmlFor="document-code"><Trans>Doğrulama kodu</Trans></label>
        <input id="document-code" name="code" className={styles.input} defaultValue={initial} required maxLength={40} autoComplete="off" spellCheck={false} placeholder="XXXX-XXXX-XXXX" aria-describedby="document-code-hint" />
        <span id="document-code-hint" className={styles.note}>{i18n._(DOCUMENT_CHECK_MARK)}</span>
      </div>
      <button type="submit" className={styles.button}><Trans>Sorgula</Trans></button>
    </form>
  )
}

/** The code's answer: the document's key facts (masked), no such document, or why the check failed. */
function Outcome({ actor }: { actor: ActorRefFrom<typeof documentCheckFlow> }) {
  const { i18n, t } = useLingui()
  const state = useSelector(actor, (s) => s.value as 'loading' | 'found' | 'notFound' | 'failed')
  const check = useSelector(actor, (s) => s.context.check)
  const missing = useSelector(actor, (s) => s.context.missing)
  const error = useSelector(actor, (s) => s.context.error)
  const day = (iso: string) => new Intl.DateTimeFormat(i18n.locale || 'tr', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${iso.slice(0, 10)}T00:00:00Z`))
  if (state === 'loading') return <section className={styles.result} data-state="loading" aria-busy="true"><h2><Trans>Belge sorgulanıyor…</Trans></h2></section>
  if (state === 'failed') {
    return (
      <section className={styles.result} data-state="failed" role="alert">
        <h2 className={styles.warn}><Trans>Belge sorgulanamadı</Trans></h2>
        <p>{error === 'RATE_LIMITED' ? t`Bu adresten çok fazla sorgu yapıldı. Lütfen birkaç dakika sonra tekrar deneyiniz.` : error === 'NETWORK' ? i18n._(CATALOGUE.NETWORK) : i18n._(CATALOGUE.TECHNICAL)}</p>
        <button type="button" className={`${styles.button} ${styles.secondary}`} onClick={() => actor.send({ type: 'retry' })}><Trans>Tekrar dene</Trans></button>
      </section>
    )
  }
  if (state === 'notFound' || !check) {
    return (
      <section className={styles.result} data-state="notFound" data-missing={missing ?? ''} role="alert">
        {missing === 'malformed'
          ? <><h2 className={styles.warn}><Trans>Bu bir doğrulama kodu değil</Trans></h2><p><Trans>Doğrulama kodu 12 karakterdir (örneğin 7KQM-4WZP-3HXN): rakamlar ve harfler; 0, 1, I, L ve O kullanılmaz.</Trans></p></>
          : <><h2 className={styles.warn}><Trans>Bu kodla düzenlenmiş bir belge bulunamadı</Trans></h2><p><Trans>Kodu belgede yazdığı gibi girdiğinizden emin olunuz. Belge sahte olabilir; şüphe durumunda müşteri hizmetlerimizi arayınız.</Trans></p></>}
      </section>
    )
  }
  const contract = check.kind === 'contract'
  // the Schengen visa's minimum medical cover (Regulation (EC) No 810/2009, art. 15)
  const schengenMinimum = formatMoney(30_000, 'EUR', i18n.locale, { fractionDigits: 0 })
  return (
    <section className={styles.result} data-state="found" data-status={check.status} aria-live="polite">
      <h2 className={check.status === 'inForce' ? styles.ok : styles.warn}>
        {check.status === 'inForce' ? (contract ? <Trans>Geçerli sözleşme: yürürlükte</Trans> : <Trans>Geçerli poliçe: yürürlükte</Trans>)
          : check.status === 'notStarted' ? (contract ? <Trans>Geçerli sözleşme: henüz yürürlüğe girmedi</Trans> : <Trans>Geçerli poliçe: teminat henüz başlamadı</Trans>)
            : <Trans>Bu poliçenin süresi sona erdi</Trans>}
      </h2>
      <dl className={styles.facts}>
        <dt><Trans>Ürün</Trans></dt><dd>{i18n._(PRODUCTS[check.product])}</dd>
        <dt>{contract ? <Trans>Sözleşme numarası</Trans> : <Trans>Poliçe numarası</Trans>}</dt><dd data-testid="document-number">{check.number}</dd>
        <dt>{contract ? <Trans>Katılımcı</Trans> : <Trans>Sigortalı</Trans>}</dt><dd data-testid="document-holder">{check.holder}</dd>
        <dt><Trans>Kimlik numarası</Trans></dt><dd data-testid="document-id">{check.nationalId}</dd>
        <dt>{contract ? <Trans>Yürürlük tarihi</Trans> : <Trans>Başlangıç</Trans>}</dt><dd>{day(check.startDate)}</dd>
        {check.endDate && <><dt><Trans>Bitiş</Trans></dt><dd>{day(check.endDate)}</dd></>}
        {check.region && <><dt><Trans>Geçerlilik bölgesi</Trans></dt><dd>{REGIONS[check.region] ? i18n._(REGIONS[check.region]!) : check.region}</dd></>}
        {check.coverEur !== null && <><dt><Trans>Tıbbi tedavi teminatı</Trans></dt><dd>{formatMoney(check.coverEur, 'EUR', i18n.locale, { fractionDigits: 0 })}</dd></>}
        {check.meetsSchengenVisa && <><dt><Trans>Schengen vizesi</Trans></dt><dd><Trans>Asgari {schengenMinimum} teminat şartını karşılar</Trans></dd></>}
        <dt><Trans>Düzenlenme tarihi</Trans></dt><dd>{day(check.issuedAt)}</dd>
        <dt><Trans>Doğrulama kodu</Trans></dt><dd>{formatDocumentCode(check.code)}</dd>
      </dl>
      <p className={styles.note}><Trans>Kişisel bilgiler gizlilik için kısmen gösterilir; belgenin üzerindeki bilgilerle karşılaştırınız.</Trans></p>
    </section>
  )
}

/**
 * Loads the page's own catalog into the active language's messages when they lack it (at the first
 * render and after a language switch; only this chunk imports it, so the entry carries none of it);
 * true once they hold it.
 */
function useDocumentCheckCatalog(): boolean {
  const { i18n } = useLingui()
  const ready = hasDocumentCheckCatalog(i18n)
  useEffect(() => {
    if (!ready) void loadDocumentCheckCatalog(i18n)
  }, [i18n, i18n.locale, ready])
  return ready
}

/** `/dogrula/<code>`: the check of the code the address carries, and a form for another code. */
export function DocumentCheckView({ code }: { code: string }) {
  // the check starts at once, whether or not the page's texts are there yet
  const actor = useActorRef(documentCheckFlow, { input: { code }, inspect: getInspect() })
  const first = useRef(code)
  useEffect(() => {
    if (code === first.current) return
    first.current = code
    actor.send({ type: 'code.change', code })
  }, [code, actor])
  if (!useDocumentCheckCatalog()) return <div className={styles.page} />
  return (
    <div className={styles.page}>
      <h1><Trans>Belge doğrulama</Trans></h1>
      <p><Trans>Katılım Emeklilik ve Hayat A.Ş. tarafından düzenlenen poliçe ve sözleşmelerin geçerliliğini, belgede yazan doğrulama koduyla sorgulayabilirsiniz.</Trans></p>
      <Outcome actor={actor} />
      <DocumentCodeForm />
    </div>
  )
}
