import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { setupI18n, type I18n, type MessageDescriptor } from '@lingui/core'
import { compileMessage } from '@lingui/message-utils/compileMessage'
import type { HealthQuestionId } from '../domain/purchase.ts'

/**
 * Texts the server itself answers with. One catalogue serves the browser and the server
 * (docs/decisions/texts.md): every text below is a Lingui message descriptor whose Turkish source
 * is written here once; `npm run extract` puts it into `src/locales/{tr,en,ru}/messages.po` under
 * its id (the error code), translators fill the English and Russian `msgstr` there, and the server
 * reads those same .po files when it starts. The browser names the texts it shows for a code by
 * the same id (`/*i18n*\/ { id: 'CODE' }`), so no text is written twice. Texts only the server
 * uses never reach the browser's catalog parts (scripts/catalog-parts.ts).
 *
 * A new error code: add `NEW_CODE: /*i18n*\/ { id: 'NEW_CODE', message: 'Türkçe metin' },` to
 * ERROR_MESSAGES (id = the key), run `npm run extract`, fill `msgstr` of `msgid "NEW_CODE"` in
 * src/locales/en/messages.po and src/locales/ru/messages.po (commit the .po files in their own
 * "catalogs: ..." commit). tests/server/i18n.test.ts fails until all three languages have it.
 */
export const SERVER_LOCALES = ['tr', 'en', 'ru'] as const
export type ServerLocale = (typeof SERVER_LOCALES)[number]

/** A server text: a Lingui descriptor whose id is its key in the catalog. */
type ServerText = { readonly id: string; readonly message: string }

export const ERROR_MESSAGES = {
  UNEXPECTED: /*i18n*/ { id: 'UNEXPECTED', message: 'Sistemsel hata oluştu, lütfen daha sonra tekrar deneyiniz' },
  NOT_FOUND: /*i18n*/ { id: 'NOT_FOUND', message: 'Teknik Hata(404): Servis Çağrısı Yapılamadı!' },
  METHOD_NOT_ALLOWED: /*i18n*/ { id: 'METHOD_NOT_ALLOWED', message: 'Bu işlem bu adreste desteklenmiyor' },
  BAD_JSON: /*i18n*/ { id: 'BAD_JSON', message: 'İstek gövdesi geçerli bir JSON değil' },
  BAD_ENVELOPE: /*i18n*/ { id: 'BAD_ENVELOPE', message: 'Şifreli istek çözülemedi' },
  VALIDATION: /*i18n*/ { id: 'VALIDATION', message: 'Gönderilen bilgiler geçerli değil' },
  UNSUPPORTED_MEDIA_TYPE: /*i18n*/ { id: 'UNSUPPORTED_MEDIA_TYPE', message: 'Desteklenmeyen içerik türü' },
  PAYLOAD_TOO_LARGE: /*i18n*/ { id: 'PAYLOAD_TOO_LARGE', message: 'İstek çok büyük' },
  BAD_PATH: /*i18n*/ { id: 'BAD_PATH', message: 'İstenen adres geçerli değil' },
  SERVICE_UNAVAILABLE: /*i18n*/ { id: 'SERVICE_UNAVAILABLE', message: 'Hizmet geçici olarak kullanılamıyor, lütfen biraz sonra tekrar deneyiniz' },
  SERVER_BUSY: /*i18n*/ { id: 'SERVER_BUSY', message: 'Sunucu şu anda çok yoğun, lütfen birkaç saniye sonra tekrar deneyiniz' },
  BAD_HEADER: /*i18n*/ { id: 'BAD_HEADER', message: 'İstek başlıklarından biri geçerli değil' },
  UNKNOWN_COUNTRY: /*i18n*/ { id: 'UNKNOWN_COUNTRY', message: 'Ülke kodu bulunamadı' },
  UNKNOWN_CITY: /*i18n*/ { id: 'UNKNOWN_CITY', message: 'İl kodu bulunamadı' },
  UNKNOWN_DISTRICT: /*i18n*/ { id: 'UNKNOWN_DISTRICT', message: 'İlçe kodu bulunamadı' },
  UNAUTHORIZED: /*i18n*/ { id: 'UNAUTHORIZED', message: 'Oturumunuz bulunamadı, lütfen tekrar giriş yapınız' },
  ACCOUNT_LOCKED: /*i18n*/ { id: 'ACCOUNT_LOCKED', message: 'Hesabınız çok sayıda hatalı giriş nedeniyle kilitlendi. Kilidi açması için yöneticinize başvurun ya da "Şifremi unuttum" ile geçici şifre isteyin.' },
  ACCOUNT_SUSPENDED: /*i18n*/ { id: 'ACCOUNT_SUSPENDED', message: 'Hesabınız askıya alındı. Bilgi almak için yöneticinize başvurun.' },
  USER_NOT_ACTIVE: /*i18n*/ { id: 'USER_NOT_ACTIVE', message: 'Bu kullanıcı aktif değil; geçici şifre yalnızca aktif kullanıcılara gönderilir.' },
  INVALID_CREDENTIALS: /*i18n*/ { id: 'INVALID_CREDENTIALS', message: 'Kullanıcı adı veya şifre hatalı' },
  LOCKED: /*i18n*/ { id: 'LOCKED', message: 'Ekranınız kilitli, devam etmek için şifrenizi giriniz' },
  PASSWORD_NOT_EXPIRED: /*i18n*/ { id: 'PASSWORD_NOT_EXPIRED', message: 'Şifrenizin süresi dolmadı; şifrenizi oturum açtıktan sonra değiştirebilirsiniz' },
  LOCK_EXPIRED: /*i18n*/ { id: 'LOCK_EXPIRED', message: 'Kilit süresi doldu, lütfen tekrar giriş yapınız' },
  SESSION_EXPIRED: /*i18n*/ { id: 'SESSION_EXPIRED', message: 'Oturum süreniz doldu, lütfen tekrar giriş yapınız' },
  FORBIDDEN: /*i18n*/ { id: 'FORBIDDEN', message: 'Bu işlem için yetkiniz yok' },
  HEADER_MISMATCH: /*i18n*/ { id: 'HEADER_MISMATCH', message: 'İstek başlıkları oturumunuzla uyuşmuyor; sayfayı yenileyiniz' },
  OUTBOX_ALREADY_SENT: /*i18n*/ { id: 'OUTBOX_ALREADY_SENT', message: 'Bu e-posta zaten gönderildi' },
  USER_NOT_LOCKED: /*i18n*/ { id: 'USER_NOT_LOCKED', message: 'Bu kullanıcının hesabı kilitli değil' },
  CONFLICT: /*i18n*/ { id: 'CONFLICT', message: 'Kayıt siz düzenlerken başka biri tarafından değiştirildi; güncel hâlini yükleyip yeniden deneyiniz' },
  LEVEL_ERROR: /*i18n*/ { id: 'LEVEL_ERROR', message: 'Hatalı Seviye' },
  GROUP_CYCLE: /*i18n*/ { id: 'GROUP_CYCLE', message: 'Bir grup kendi alt grubunun altına taşınamaz' },
  GROUP_NOT_EMPTY: /*i18n*/ { id: 'GROUP_NOT_EMPTY', message: 'Alt grubu, üyesi veya rolü olan bir grup silinemez' },
  GROUP_EXISTS: /*i18n*/ { id: 'GROUP_EXISTS', message: 'Bu adda bir grup zaten var' },
  ROLE_EXISTS: /*i18n*/ { id: 'ROLE_EXISTS', message: 'Bu adda bir rol zaten var' },
  ROLE_IN_USE: /*i18n*/ { id: 'ROLE_IN_USE', message: 'Kullanıcılara atanmış bir rol silinemez' },
  SYSTEM_ROLE_FIXED: /*i18n*/ { id: 'SYSTEM_ROLE_FIXED', message: 'SYSTEM sahipli rolün bu alanları değiştirilemez' },
  PERMISSION_LEVEL: /*i18n*/ { id: 'PERMISSION_LEVEL', message: 'Seçilen yetkilerden bazıları bu rolün veri gizliliği seviyesinde verilemez' },
  JOB_TITLE_EXISTS: /*i18n*/ { id: 'JOB_TITLE_EXISTS', message: 'Bu unvan zaten tanımlı' },
  UNSUPPORTED_IMAGE: /*i18n*/ { id: 'UNSUPPORTED_IMAGE', message: 'Logo PNG, JPEG veya WebP biçiminde bir resim olmalıdır' },
  UNSUPPORTED_PHOTO: /*i18n*/ { id: 'UNSUPPORTED_PHOTO', message: 'Fotoğraf PNG, JPEG veya WebP biçiminde bir resim olmalıdır' },
  USER_EXISTS: /*i18n*/ { id: 'USER_EXISTS', message: 'Bu kullanıcı adı, e-posta adresi veya kimlik numarası başka bir kullanıcıda kayıtlı' },
  SELF_STATUS: /*i18n*/ { id: 'SELF_STATUS', message: 'Kendi hesabınızın durumunu değiştiremezsiniz' },
  LAST_SUPERADMIN: /*i18n*/ { id: 'LAST_SUPERADMIN', message: 'Şirketin son etkin süper yöneticisi uzaklaştırılamaz veya kaldırılamaz' },
  SELF_ROLES: /*i18n*/ { id: 'SELF_ROLES', message: 'Kendi rol atamalarınızı değiştiremezsiniz' },
  LAST_SUPERADMIN_ROLE: /*i18n*/ { id: 'LAST_SUPERADMIN_ROLE', message: 'Şirketin son etkin süper yöneticisinin süper yönetici rolü kaldırılamaz veya süreli yapılamaz' },
  ROLE_ESCALATION: /*i18n*/ { id: 'ROLE_ESCALATION', message: 'Bu değişiklik yetkilerinizi aşıyor: yalnızca sahip olduğunuz yetkileri verip kaldırabilir, yetkileri sizinkini aşmayan kişileri değiştirebilirsiniz; kendi rolünüzü değiştiremezsiniz' },
  REAUTH_REQUIRED: /*i18n*/ { id: 'REAUTH_REQUIRED', message: 'Bu değişiklik için şifrenizi yeniden girmeniz gerekiyor' },
  REAUTH_FAILED: /*i18n*/ { id: 'REAUTH_FAILED', message: 'Şifreniz doğrulanamadı; değişiklik kaydedilmedi' },
  EMAIL_CHANGE_INVALID: /*i18n*/ { id: 'EMAIL_CHANGE_INVALID', message: 'Bu bağlantı geçersiz: süresi dolmuş, daha önce kullanılmış ya da iptal edilmiş' },
  MAIL_SERVER_UNREACHABLE: /*i18n*/ { id: 'MAIL_SERVER_UNREACHABLE', message: 'Posta sunucusuna bağlanılamadı' },
  USER_REMOVED: /*i18n*/ { id: 'USER_REMOVED', message: 'Sistemden kaldırılan kullanıcının durumu değiştirilemez' },
  MISSING_HEADER: /*i18n*/ { id: 'MISSING_HEADER', message: 'İstek gerekli başlıkları içermiyor' },
  PASSWORD_EXPIRED: /*i18n*/ { id: 'PASSWORD_EXPIRED', message: 'Şifrenizin süresi dolmuş, değiştirin lütfen' },
  PASSWORD_POLICY: /*i18n*/ { id: 'PASSWORD_POLICY', message: 'Yeni şifre, şirketinizin şifre kurallarına uymuyor' },
  PASSWORD_REUSED: /*i18n*/ { id: 'PASSWORD_REUSED', message: 'Yeni şifre, son kullandığınız şifrelerden biri olamaz' },
  WRONG_PASSWORD: /*i18n*/ { id: 'WRONG_PASSWORD', message: 'Mevcut şifreniz hatalı' },
  RATE_LIMITED: /*i18n*/ { id: 'RATE_LIMITED', message: 'Çok fazla istek gönderildi, lütfen biraz bekleyiniz' },
  KVT_GATEWAY_ERR4: /*i18n*/ { id: 'KVT_GATEWAY_ERR4', message: 'Kredi kartı doğrulama için Banka Sistemine erişilemiyor !' },
  CARD_REJECTED: /*i18n*/ { id: 'CARD_REJECTED', message: 'Girdiğiniz kredi kartı numarası geçerli değil' },
  ORDER_ID_USED: /*i18n*/ { id: 'ORDER_ID_USED', message: 'Bu sipariş numarası daha önce kullanılmış' },
  ORDER_NOT_FOUND: /*i18n*/ { id: 'ORDER_NOT_FOUND', message: 'Ödeme kaydı bulunamadı' },
  PAYMENT_HASH_INVALID: /*i18n*/ { id: 'PAYMENT_HASH_INVALID', message: 'Bankadan gelen yanıt doğrulanamadı' },
  PAYMENT_MISMATCH: /*i18n*/ { id: 'PAYMENT_MISMATCH', message: 'Bankadan gelen yanıt siparişle uyuşmuyor' },
  PAYMENT_NOT_PENDING: /*i18n*/ { id: 'PAYMENT_NOT_PENDING', message: 'Bu ödeme zaten sonuçlanmış' },
  TRX_NOT_CONNECTED: /*i18n*/ { id: 'TRX_NOT_CONNECTED', message: 'Bu işlem tipi bağlı değil; yalnızca 3D Provizyon ve 3D Satış denenebilir' },
  SMS_INVALID_PHONE: /*i18n*/ { id: 'SMS_INVALID_PHONE', message: 'Lütfen 05 ile başlayan geçerli bir cep telefonu numarası giriniz' },
  SMS_SEND_FAILED: /*i18n*/ { id: 'SMS_SEND_FAILED', message: 'SMS mesajı gönderilirken hata oluştu' },
  SMS_RESEND_TOO_SOON: /*i18n*/ { id: 'SMS_RESEND_TOO_SOON', message: 'Yeni kod istemeden önce biraz bekleyiniz' },
  SMS_LOCKED: /*i18n*/ { id: 'SMS_LOCKED', message: 'Bu numara için çok fazla kod istendi; bir süre yeni kod gönderilemeyecek' },
  SMS_CODE_WRONG: /*i18n*/ { id: 'SMS_CODE_WRONG', message: 'Hatalı doğrulama kodu girildi !!!' },
  SMS_CODE_EXPIRED: /*i18n*/ { id: 'SMS_CODE_EXPIRED', message: 'Doğrulama kodunun süresi doldu; lütfen yeni kod isteyiniz' },
  SMS_TICKET_INVALID: /*i18n*/ { id: 'SMS_TICKET_INVALID', message: 'Telefon doğrulamanızın süresi doldu; lütfen numaranızı yeniden doğrulayınız' },
  SMS_PROOF_MISSING: /*i18n*/ { id: 'SMS_PROOF_MISSING', message: 'Bu cihazda doğrulanmış bir telefon numarası yok; lütfen numaranızı doğrulayınız' },
  SMS_PROOF_INVALID: /*i18n*/ { id: 'SMS_PROOF_INVALID', message: 'Telefon doğrulamanız geçerli değil ya da süresi doldu; lütfen numaranızı yeniden doğrulayınız' },
  APPLICATION_NOT_FOUND: /*i18n*/ { id: 'APPLICATION_NOT_FOUND', message: 'Bu numaraya ait yarım kalmış bir başvuru bulunamadı' },
  HEALTH_QUESTIONS_UNANSWERED: /*i18n*/ { id: 'HEALTH_QUESTIONS_UNANSWERED', message: 'Sağlık beyanındaki her soruyu Evet veya Hayır seçerek yanıtlamalısınız; yanıtlanmamış soru: {questions}' },
  HEALTH_QUESTIONS_INVALID: /*i18n*/ { id: 'HEALTH_QUESTIONS_INVALID', message: 'Sağlık beyanında tanımlı olmayan ya da birden fazla yanıtlanmış bir soru var' },
  PRE_INFORMATION_REQUIRED: /*i18n*/ { id: 'PRE_INFORMATION_REQUIRED', message: 'Ödemeye geçmeden önce ön bilgilendirme formunu okuyup onaylamalısınız' },
  PRE_INFORMATION_CHANGED: /*i18n*/ { id: 'PRE_INFORMATION_CHANGED', message: 'Yanıtlarınız veya fiyat değiştiği için ön bilgilendirme formu yenilendi; lütfen yeni formu okuyup onaylayınız' },
  CONSENT_NOT_FOUND: /*i18n*/ { id: 'CONSENT_NOT_FOUND', message: 'Bu telefon numarasıyla verilmiş böyle bir izin bulunamadı' },
  CONSENT_NOT_WITHDRAWABLE: /*i18n*/ { id: 'CONSENT_NOT_WITHDRAWABLE', message: 'Bu metin bir beyan ya da bilgilendirmedir, geri alınamaz; yalnız açık rıza ve ticari ileti izinleri geri alınabilir' },
  CONSENT_ALREADY_WITHDRAWN: /*i18n*/ { id: 'CONSENT_ALREADY_WITHDRAWN', message: 'Bu izni zaten geri aldınız' },
  CONSENT_NOT_GIVEN: /*i18n*/ { id: 'CONSENT_NOT_GIVEN', message: 'Bu izin verilmemiş; geri alınacak bir şey yok' },
  CONSENT_CHANGED: /*i18n*/ { id: 'CONSENT_CHANGED', message: 'Bu izin siz sayfayı açtıktan sonra değişti; lütfen listeyi yenileyiniz' },
  PRE_INFORMATION_NOT_FOUND: /*i18n*/ { id: 'PRE_INFORMATION_NOT_FOUND', message: 'Ön bilgilendirme formu bulunamadı; lütfen formu yeniden açınız' },
  CONSENT_REQUIRED: /*i18n*/ { id: 'CONSENT_REQUIRED', message: 'Devam etmek için zorunlu onayları vermelisiniz' },
  PURCHASE_NOT_FOUND: /*i18n*/ { id: 'PURCHASE_NOT_FOUND', message: 'Satın alma kaydı bulunamadı' },
  PURCHASE_NOT_ISSUED: /*i18n*/ { id: 'PURCHASE_NOT_ISSUED', message: 'Poliçe henüz düzenlenmedi: ödeme tamamlanmadı' },
  PURCHASE_ALREADY_PAID: /*i18n*/ { id: 'PURCHASE_ALREADY_PAID', message: 'Bu satın almanın ödemesi zaten alındı' },
  PAYMENT_IN_PROGRESS: /*i18n*/ { id: 'PAYMENT_IN_PROGRESS', message: 'Bu satın alma için bir ödeme zaten sürüyor; sonucu bekleniyor' },
  CARD_DEBIT: /*i18n*/ { id: 'CARD_DEBIT', message: 'Banka kartı ile ödeme alınamıyor; lütfen bir kredi kartı kullanın.' },
  ORDER_IDS_EXHAUSTED: /*i18n*/ { id: 'ORDER_IDS_EXHAUSTED', message: 'Bu kartla bugün daha fazla ödeme başlatılamıyor; lütfen başka bir kart kullanınız veya yarın tekrar deneyiniz' },
  PURCHASE_ACCESS_REQUIRED: /*i18n*/ { id: 'PURCHASE_ACCESS_REQUIRED', message: 'Poliçe ayrıntıları ve belgesi için telefon numaranızı doğrulayın ya da e-postanızdaki bağlantıyı kullanın' },
  TSS_AGE_WINDOW: /*i18n*/ { id: 'TSS_AGE_WINDOW', message: 'Tamamlayıcı Sağlık Sigortası 15 günlükten 69 yaşına kadar olan kişilere yapılabilir; sigortalının doğum tarihi bu aralıkta değil' },
  TRAVEL_AGE_WINDOW: /*i18n*/ { id: 'TRAVEL_AGE_WINDOW', message: 'Seyahat Sağlık Sigortası 15 günlükten 100 yaşına kadar olan kişilere yapılabilir; sigortalının doğum tarihi bu aralıkta değil' },
  BES_AGE_WINDOW: /*i18n*/ { id: 'BES_AGE_WINDOW', message: 'Erken BES\'e 100 yaşına kadar katılınabilir (18 yaşından küçükler veli veya vasiyle); katılımcının doğum tarihi bu aralıkta değil' },
  BES_ADULT_ONLY: /*i18n*/ { id: 'BES_ADULT_ONLY', message: 'Pratik BES\'e 18 yaşını doldurmuş, 100 yaşını geçmemiş kişiler katılabilir; katılımcının doğum tarihi bu aralıkta değil' },
  ALREADY_RESOLVED: /*i18n*/ { id: 'ALREADY_RESOLVED', message: 'Bu kayıt zaten çözüldü olarak işaretlenmiş' },
  SMS_ATTEMPTS_EXHAUSTED: /*i18n*/ { id: 'SMS_ATTEMPTS_EXHAUSTED', message: 'Kod çok kez hatalı girildi ve geçersiz oldu; lütfen yeni kod isteyiniz' },
  TARIFF_INVALID: /*i18n*/ { id: 'TARIFF_INVALID', message: 'Tarife dosyası yüklenemedi: hatalı satırları düzeltip yeniden yükleyiniz' },
  TARIFF_DAY_TAKEN: /*i18n*/ { id: 'TARIFF_DAY_TAKEN', message: 'Bu tarihte yürürlüğe girecek bir tarife sürümü zaten var' },
  TARIFF_NOT_FOUND: /*i18n*/ { id: 'TARIFF_NOT_FOUND', message: 'Tarife sürümü bulunamadı' },
  DOCUMENT_CODE_INVALID: /*i18n*/ { id: 'DOCUMENT_CODE_INVALID', message: 'Doğrulama kodu geçerli değil: belgede yazan 12 karakterlik kodu giriniz' },
  DOCUMENT_NOT_FOUND: /*i18n*/ { id: 'DOCUMENT_NOT_FOUND', message: 'Bu doğrulama koduyla düzenlenmiş bir poliçe ya da sözleşme bulunamadı' },
} as const satisfies Record<string, ServerText>

/** The users list as CSV (issue 28 item 10): readable column names and values, per language. */
export const USER_EXPORT_TEXTS = {
  tr: {
    columns: ['Kullanıcı adı', 'Ad', 'Soyad', 'E-posta', 'Durum', 'Kilitli', 'Grup', 'Roller', 'Oluşturulma'],
    status: { active: 'Etkin', suspended: 'Askıya alındı', removed: 'Kaldırıldı' } as Record<string, string>,
    yes: 'Evet', no: 'Hayır',
  },
  en: {
    columns: ['Username', 'First name', 'Last name', 'E-mail', 'Status', 'Locked', 'Group', 'Roles', 'Created'],
    status: { active: 'Active', suspended: 'Suspended', removed: 'Removed' } as Record<string, string>,
    yes: 'Yes', no: 'No',
  },
  ru: {
    columns: ['Имя пользователя', 'Имя', 'Фамилия', 'Эл. почта', 'Статус', 'Заблокирован', 'Группа', 'Роли', 'Создан'],
    status: { active: 'Активен', suspended: 'Приостановлен', removed: 'Удалён' } as Record<string, string>,
    yes: 'Да', no: 'Нет',
  },
} as const satisfies Record<ServerLocale, unknown>

/** The consent records' CSV (issue 25 item 8): column names and statuses in the reader's language. */
export const CONSENT_EXPORT_TEXTS = {
  tr: {
    columns: ['Zaman', 'Başvuru', 'Kişi (maskeli)', 'Belge', 'Belge kimliği', 'Sürüm', 'Metnin SHA-256 özeti', 'Dil', 'Durum', 'Kapsam', 'Kanal', 'Adım', 'IP (maskeli)'],
    status: { READ: 'Okundu', ACCEPTED: 'Onaylandı', REJECTED: 'Reddedildi', WITHDRAWN: 'Geri alındı' } as Record<string, string>,
  },
  en: {
    columns: ['Time', 'Application', 'Person (masked)', 'Document', 'Document ID', 'Version', 'SHA-256 of the text', 'Language', 'Status', 'Scope', 'Channel', 'Step', 'IP (masked)'],
    status: { READ: 'Read', ACCEPTED: 'Accepted', REJECTED: 'Rejected', WITHDRAWN: 'Withdrawn' } as Record<string, string>,
  },
  ru: {
    columns: ['Время', 'Заявка', 'Лицо (маскировано)', 'Документ', 'ID документа', 'Версия', 'SHA-256 текста', 'Язык', 'Статус', 'Область', 'Канал', 'Шаг', 'IP (маскирован)'],
    status: { READ: 'Прочитано', ACCEPTED: 'Принято', REJECTED: 'Отклонено', WITHDRAWN: 'Отозвано' } as Record<string, string>,
  },
} as const satisfies Record<ServerLocale, unknown>

export type ErrorCode = keyof typeof ERROR_MESSAGES

export function isServerLocale(value: string | null | undefined): value is ServerLocale {
  return !!value && (SERVER_LOCALES as readonly string[]).includes(value)
}

/** The spec's `locale` header first, then Accept-Language, then Turkish. */
export function resolveLocale(localeHeader: string | undefined, acceptLanguage: string | undefined): ServerLocale {
  const fromHeader = localeHeader?.trim().slice(0, 2).toLowerCase()
  if (isServerLocale(fromHeader)) return fromHeader
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.split(';')[0]?.trim().slice(0, 2).toLowerCase()
    if (isServerLocale(tag)) return tag
  }
  return 'tr'
}

/** An entry of the server's part of a language's catalog. */
export type ServerCatalogEntry = { translation: string; origins: string[] }

/** A .po string (the quoted text after msgid/msgstr and its continuation lines) without quotes and escapes. */
function poString(lines: string[]): string {
  return lines.map((l) => JSON.parse(l.slice(l.indexOf('"'))) as string).join('')
}

/**
 * The server's own entries of a language's .po file (those with an origin under src/server/, all
 * with explicit ids), read once per process: a few milliseconds, where the whole catalog through
 * @lingui/format-po took a tenth of a second per language. tests/server/i18n.test.ts compares the
 * two readings.
 */
const catalogs = new Map<ServerLocale, Record<string, ServerCatalogEntry>>()
export function serverCatalog(locale: ServerLocale): Record<string, ServerCatalogEntry> {
  let catalog = catalogs.get(locale)
  if (catalog) return catalog
  catalog = {}
  const file = resolve(import.meta.dirname, `../locales/${locale}/messages.po`)
  for (const block of readFileSync(file, 'utf8').split(/\n\s*\n/)) {
    if (!block.includes('#: src/server/') || !block.includes('#. js-lingui-explicit-id')) continue
    const lines = block.split('\n')
    const origins = lines.filter((l) => l.startsWith('#: ')).flatMap((l) => l.slice(3).split(' '))
    if (lines.some((l) => l.startsWith('#~'))) continue
    const at = (key: string) => {
      const start = lines.findIndex((l) => l.startsWith(`${key} "`))
      if (start < 0) return ''
      let end = start + 1
      while (end < lines.length && lines[end]!.startsWith('"')) end++
      return poString(lines.slice(start, end))
    }
    catalog[at('msgid')] = { translation: at('msgstr'), origins }
  }
  catalogs.set(locale, catalog)
  return catalog
}

const i18ns = new Map<ServerLocale, I18n>()

/** The Lingui instance of a language with the server's entries compiled (once per process). */
function i18nFor(locale: ServerLocale): I18n {
  let i18n = i18ns.get(locale)
  if (!i18n) {
    const messages: Record<string, ReturnType<typeof compileMessage>> = {}
    // an untranslated text (empty msgstr) falls back to the descriptor's Turkish source, as lingui.config.ts's fallbackLocales says
    for (const [id, entry] of Object.entries(serverCatalog(locale))) if (entry.translation) messages[id] = compileMessage(entry.translation)
    i18n = setupI18n({ locale, messages: { [locale]: messages } })
    // the Turkish fallback of an untranslated text is compiled when used, in production too
    i18n.setMessagesCompiler(compileMessage)
    i18ns.set(locale, i18n)
  }
  return i18n
}

/** The text of a descriptor in the language from the shared catalog; `{name}` placeholders take the values. */
export function serverText(descriptor: MessageDescriptor, locale: ServerLocale, values?: Record<string, string | number>): string {
  return i18nFor(locale)._(values ? { ...descriptor, values } : descriptor)
}

/** The code's message in the language; `{name}` placeholders take the given values. */
export function errorMessage(code: ErrorCode, locale: ServerLocale, params?: Record<string, string>): string {
  return serverText(ERROR_MESSAGES[code], locale, params)
}

/**
 * The TSS health declaration's questions as the server names them in its answers (issue 24: a
 * refused save, consent or purchase names the unanswered question); the health step of the
 * purchase page (src/web/components/sales/PurchaseSteps.tsx) shows the same catalog entries.
 */
export const HEALTH_QUESTION_TEXTS: Record<HealthQuestionId, ServerText> = {
  chronic: /*i18n*/ { id: 'HEALTH_Q_CHRONIC', message: 'Süregelen (kronik) bir hastalığınız var mı?' },
  surgery: /*i18n*/ { id: 'HEALTH_Q_SURGERY', message: 'Son 5 yılda ameliyat oldunuz mu veya ameliyat öneriliyor mu?' },
  medication: /*i18n*/ { id: 'HEALTH_Q_MEDICATION', message: 'Düzenli kullandığınız bir ilaç var mı?' },
}

/** The questions in quotes, in the language: «A»; «B». */
export function healthQuestionList(ids: readonly HealthQuestionId[], locale: ServerLocale): string {
  const [open, close] = locale === 'en' ? ['“', '”'] : ['«', '»']
  return ids.map((id) => `${open}${serverText(HEALTH_QUESTION_TEXTS[id], locale)}${close}`).join('; ')
}

/** Picks the name in the request's language, falling back to English, then Turkish. */
export function localized(name: { tr?: string; en?: string; ru?: string }, locale: ServerLocale): string {
  return name[locale] || name.en || name.tr || ''
}
