import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useRef } from 'react'
import type { ActorRefFrom } from 'xstate'
import type { smsVerificationMachine } from '../../../../machines/sms-verification/sms-verification.machine.ts'
import type { MyConsent, MySale } from '../../../domain/schemas/my-consents.ts'
import { CATALOGUE } from '../../api/errors.ts'
import styles from '../../components/sales/Quote.module.css'
import { myConsentsFlow } from '../../flows/my-consents.ts'
import { getInspect } from '../../inspector.ts'
import { SmsVerificationView } from './SmsVerificationView.tsx'
import own from './MyConsents.module.css'

type SmsActor = ActorRefFrom<typeof smsVerificationMachine>

const PRODUCT: Record<string, MessageDescriptor> = {
  tss: msg`Tamamlayıcı Sağlık Sigortası başvurusu`,
  seyahatsaglik: msg`Seyahat Sağlık Sigortası başvurusu`,
  erkenbes: msg`Erken BES başvurusu`,
  pratikbes: msg`Pratik BES başvurusu`,
}
const STATUS: Record<string, MessageDescriptor> = {
  READ: msg`Okundu`,
  ACCEPTED: msg`Verildi`,
  REJECTED: msg`Verilmedi`,
  WITHDRAWN: msg`Geri alındı`,
}
const MESSAGE_CHANNEL: Record<string, MessageDescriptor> = { SMS: msg`SMS`, EMAIL: msg`E-posta`, CALL: msg`Telefon araması` }
const RECORD_CHANNEL: Record<string, MessageDescriptor> = { WEB: msg`İnternet sitesi` }
const REASONS: Record<string, MessageDescriptor> = {
  SMS_TICKET_INVALID: /*i18n*/ { id: 'SMS_TICKET_INVALID' },
  CONSENT_ALREADY_WITHDRAWN: msg`Bu izni zaten geri aldınız; liste yenilendi.`,
  CONSENT_CHANGED: msg`Bu izin siz sayfayı açtıktan sonra değişti; liste yenilendi.`,
  CONSENT_NOT_FOUND: msg`Bu izin bulunamadı; liste yenilendi.`,
  CONSENT_NOT_GIVEN: msg`Bu izin verilmemiş; liste yenilendi.`,
  CONSENT_NOT_WITHDRAWABLE: msg`Bu metin bir beyan ya da bilgilendirmedir, geri alınamaz.`,
  RATE_LIMITED: msg`Çok fazla deneme yapıldı, lütfen biraz bekleyiniz`,
  NETWORK: CATALOGUE.NETWORK,
  UNEXPECTED: CATALOGUE.UNEXPECTED,
}

/** The title of a consent as a person reads it: commercial messages name their channel. */
function titleOf(c: MyConsent, say: (m: MessageDescriptor) => string): string {
  const channel = c.name === 'markconcent' ? MESSAGE_CHANNEL[c.scope] : undefined
  return channel ? `${c.title} (${say(channel)})` : c.title
}

/**
 * The customer's consent page (/izinlerim, issue 24 item 10; KVKK art. 11): the phone is verified by
 * SMS; then each application's consents show with the document's title, version, date, channel
 * and state, the text itself and its SHA-256; an explicit consent given can be withdrawn after one
 * more question. What shows is the machine's state (machines/my-consents).
 */
export function MyConsentsView() {
  const actor = useActorRef(myConsentsFlow, { inspect: getInspect() })
  const { i18n, t } = useLingui()
  const say = (m: MessageDescriptor) => i18n._(m)
  const state = useSelector(actor, (s) => s.value as string)
  const ctx = useSelector(actor, (s) => s.context)
  const sms = useSelector(actor, (s) => s.children.sms as SmsActor | undefined)
  const busy = useSelector(actor, (s) => s.hasTag('busy'))
  const reason = ctx.error ? say(REASONS[ctx.error] ?? CATALOGUE.TECHNICAL) : null
  const when = (iso: string) => new Intl.DateTimeFormat(i18n.locale || 'tr', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Istanbul' }).format(new Date(iso))
  const confirmRef = useRef<HTMLButtonElement>(null)
  const doneRef = useRef<HTMLParagraphElement>(null)
  useEffect(() => {
    if (state === 'confirming') confirmRef.current?.focus()
    if (state === 'list' && ctx.withdrawn) doneRef.current?.focus()
  }, [state, ctx.withdrawn])

  const consentCard = (c: MyConsent) => {
    const title = titleOf(c, say)
    const selected = ctx.selected === c.id
    return (
      <li key={c.id} className={own.consent}>
        <h3 className={own.consentTitle}>{title}</h3>
        <dl className={own.facts}>
          <dt><Trans>Durum</Trans></dt>
          <dd className={c.status === 'WITHDRAWN' ? own.withdrawn : own.status}>{say(STATUS[c.status] ?? msg`Bilinmiyor`)}</dd>
          {c.givenAt && (<><dt><Trans>Verildiği tarih</Trans></dt><dd>{when(c.givenAt)}</dd></>)}
          <dt>{c.status === 'WITHDRAWN' ? <Trans>Geri alındığı tarih</Trans> : <Trans>Tarih</Trans>}</dt>
          <dd>{when(c.at)}</dd>
          <dt><Trans>Metin ve sürümü</Trans></dt>
          <dd>{c.documentId} (<Trans>sürüm {c.version}</Trans>)</dd>
          <dt><Trans>Kanal</Trans></dt>
          <dd>{say(RECORD_CHANNEL[c.channel] ?? msg`Diğer`)}</dd>
        </dl>
        <details className={own.text}>
          <summary><Trans>Metni göster</Trans></summary>
          <p>{c.text}</p>
          <p><Trans>Kaydedilen metnin SHA-256 özeti:</Trans> <span className={own.hash}>{c.textSha256}</span></p>
        </details>
        {c.withdrawable && !selected && state === 'list' && (
          <div className={styles.actions}>
            <button type="button" className={styles.secondary} aria-label={t`İzni geri al: ${title}`} onClick={() => actor.send({ type: 'consent.withdraw', id: c.id })}>
              <Trans>İzni geri al</Trans>
            </button>
          </div>
        )}
        {selected && (state === 'confirming' || state === 'withdrawing') && (
          <div className={own.confirm} role="group" aria-labelledby={`confirm-${c.id}`}>
            <p id={`confirm-${c.id}`}><strong><Trans>Bu izni geri almak istediğinize emin misiniz?</Trans></strong></p>
            <p>
              {c.name === 'gdprconcent'
                ? <Trans>Sağlık verilerinizin işlenmesine ve yurt dışına aktarılmasına verdiğiniz rıza sona erer. Sağlık verisi gerektiren işlemler (teklif, poliçe değişikliği, tazminat değerlendirmesi) bu rıza olmadan yapılamayabilir; ödenmemiş bir başvuru bu rıza yeniden verilmeden tamamlanamaz.</Trans>
                : <Trans>Bu kanaldan size artık kampanya, ürün ve fon iletisi gönderilmez. Poliçenizle ya da sözleşmenizle ilgili zorunlu bildirimler sürer.</Trans>}
            </p>
            <div className={styles.actions}>
              <button type="button" ref={confirmRef} className={styles.primary} disabled={busy} aria-busy={busy} onClick={() => actor.send({ type: 'withdraw.confirm' })}>
                <Trans>Evet, geri al</Trans>
              </button>
              <button type="button" className={styles.secondary} disabled={busy} onClick={() => actor.send({ type: 'withdraw.cancel' })}>
                <Trans>Vazgeç</Trans>
              </button>
            </div>
            <p role="status" aria-live="polite">{state === 'withdrawing' && <Trans>İzniniz geri alınıyor…</Trans>}</p>
          </div>
        )}
      </li>
    )
  }

  const saleBlock = (sale: MySale) => (
    <section key={sale.saleId} className={own.sale} aria-labelledby={`sale-${sale.saleId}`}>
      <h2 id={`sale-${sale.saleId}`} className={own.saleTitle}>{say(PRODUCT[sale.product ?? ''] ?? msg`Başvuru`)}</h2>
      <p className={styles.muted}>
        <Trans>Başvuru tarihi: {when(sale.startedAt)}</Trans>
        {sale.policyNumber && <> · <Trans>Poliçe / sözleşme no: {sale.policyNumber}</Trans></>}
      </p>
      <ul className={own.consents}>{sale.consents.map(consentCard)}</ul>
    </section>
  )

  return (
    <div className={styles.page}>
      <header>
        <h1 className={styles.title}><Trans>İzinlerim</Trans></h1>
        <p className={styles.lead}>
          <Trans>Başvurularınızda hangi metinlere, ne zaman ve hangi kanaldan onay verdiğinizi burada görebilirsiniz. Açık rızanızı ve ticari ileti izinlerinizi dilediğiniz zaman ücretsiz olarak sona erdirebilirsiniz (KVKK madde 11). Bilgilendirme metinleri ve sözleşme beyanları kayıt olarak gösterilir; bunlar sona erdirilemez.</Trans>
        </p>
      </header>
      {state === 'sms' && (
        <>
          <p className={styles.muted}><Trans>Kimliğinizi korumak için izinleriniz yalnız başvurularda kullandığınız cep telefonu SMS koduyla doğrulandıktan sonra gösterilir.</Trans></p>
          {reason && <p className={styles.alert} role="alert">{reason}</p>}
          {sms && <SmsVerificationView actor={sms} />}
        </>
      )}
      {state === 'loading' && <p role="status" aria-live="polite"><Trans>İzinleriniz yükleniyor…</Trans></p>}
      {state === 'loadFailed' && (
        <div>
          <p className={styles.alert} role="alert">{reason}</p>
          <div className={styles.actions}>
            <button type="button" className={styles.primary} onClick={() => actor.send({ type: 'retry' })}><Trans>Tekrar dene</Trans></button>
          </div>
        </div>
      )}
      {(state === 'list' || state === 'confirming' || state === 'withdrawing') && (
        <>
          {ctx.withdrawn && state === 'list' && (
            <p ref={doneRef} tabIndex={-1} className={styles.notice} role="status">
              <Trans>İzniniz geri alındı. Kayıt, verdiğiniz izinle aynı kanıtlarla saklandı.</Trans>
            </p>
          )}
          {reason && state === 'list' && <p className={styles.alert} role="alert">{reason}</p>}
          {ctx.sales.length === 0
            ? <p><Trans>Bu telefon numarasıyla verilmiş bir izin bulunamadı.</Trans></p>
            : ctx.sales.map(saleBlock)}
        </>
      )}
    </div>
  )
}
