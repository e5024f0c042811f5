import { msg } from '@lingui/core/macro'
import type { I18n, MessageDescriptor } from '@lingui/core'
import { CATALOGUE } from '../api/errors.ts'

/** Texts for the reason codes machines keep in their context (never English text in a machine). */
const REASONS: Record<string, MessageDescriptor> = {
  INVALID_CREDENTIALS: /*i18n*/ { id: 'INVALID_CREDENTIALS' },
  ACCOUNT_LOCKED: /*i18n*/ { id: 'ACCOUNT_LOCKED' },
  ACCOUNT_SUSPENDED: /*i18n*/ { id: 'ACCOUNT_SUSPENDED' },
  USER_NOT_ACTIVE: /*i18n*/ { id: 'USER_NOT_ACTIVE' },
  USER_NOT_LOCKED: msg`Bu hesap kilitli değil.`,
  WRONG_PASSWORD: /*i18n*/ { id: 'WRONG_PASSWORD' },
  RATE_LIMITED: msg`Çok fazla deneme yapıldı, lütfen biraz bekleyiniz`,
  LOCK_EXPIRED: /*i18n*/ { id: 'LOCK_EXPIRED' },
  SESSION_EXPIRED: /*i18n*/ { id: 'SESSION_EXPIRED' },
  UNAUTHORIZED: /*i18n*/ { id: 'UNAUTHORIZED' },
  FORBIDDEN: /*i18n*/ { id: 'FORBIDDEN' },
  NOT_FOUND: msg`Kayıt bulunamadı: başka biri silmiş olabilir`,
  PASSWORD_POLICY: /*i18n*/ { id: 'PASSWORD_POLICY' },
  PASSWORD_REUSED: /*i18n*/ { id: 'PASSWORD_REUSED' },
  PASSWORD_EXPIRED: CATALOGUE.PASSWORD_EXPIRED,
  NETWORK: CATALOGUE.NETWORK,
  UNEXPECTED: CATALOGUE.UNEXPECTED,
}

/** Whether the browser has its own text for a reason code. */
export function hasReasonText(code: string | null | undefined): boolean {
  return !!code && code in REASONS
}

export function reasonText(code: string | null | undefined, i18n: I18n): string {
  if (!code) return ''
  return i18n._(REASONS[code] ?? CATALOGUE.TECHNICAL)
}

const TAKEN = msg`Bu değer başka bir kayıtta kullanılıyor`
const ADULT = msg`Doğum tarihi kurala uymuyor: 18 yaşından büyük olmalısınız`

/** Spec 5's field messages. */
export const FIELD = {
  required: msg`Değer girmelisiniz`,
  requiredSelection: msg`Değer seçmelisiniz`,
  email: msg`Girilen değer geçerli bir email adresi değil`,
  passwordMismatch: msg`Yeni şifre ile tekrarı eşleşmiyor`,
  passwordSameAsOld: msg`Yeni şifre eski şifre ile aynı olamaz`,
  policy: msg`Şifre, şifre kurallarına uymuyor`,
  tooLong: msg`Değer çok uzun`,
  invalid: msg`Girilen değeri kontrol ediniz`,
  phone: msg`Geçerli bir telefon numarası giriniz (örnek: 0532 123 45 67)`,
  taxNumber: msg`Vergi kimlik numarası geçerli değil: 10 haneli olmalı ve son hanesi kontrol hanesine uymalı`,
  webPage: msg`Web adresi http:// veya https:// ile başlamalı`,
  colorCode: msg`Listedeki okunaklı renklerden birini seçiniz`,
  exists: TAKEN,
  duplicate: TAKEN,
  username: msg`Kullanıcı adı harf, rakam, nokta, tire veya alt çizgi içerebilir`,
  nationalId: msg`T.C. kimlik numarası geçerli değil`,
  passportNo: msg`Pasaport numarası 5-20 büyük harf veya rakam olmalı`,
  date: msg`Geçerli bir tarih giriniz`,
  birthdate: ADULT,
  adult: ADULT,
  name: msg`Ad ve soyad yalnızca harf, boşluk ve iki harf arasında kısa çizgi içerebilir`,
  range: msg`Değer izin verilen aralıkta değil`,
  'rolename.prefix': msg`Rol adı ROLE_ ile başlamalı ve yalnızca büyük harf, rakam ve alt çizgi içermelidir (örnek: ROLE_SATIS)`,
  fixed: msg`SYSTEM sahipli rolün bu alanı değiştirilemez`,
  minLength: msg`Değer çok kısa`,
  rolesFromList: msg`Roller listeden seçilmelidir`,
  validToRequired: msg`Atama Geçerlilik Tarihini Belirleyin !`,
  validToFuture: msg`Geçerlilik tarihi bugünden sonra olmalı`,
  oneMain: msg`Tam olarak bir ana rol seçiniz`,
  oneDefault: msg`Tam olarak bir varsayılan rol seçiniz`,
  mainNoValidTo: msg`Ana ve varsayılan rolün geçerlilik sonu olamaz`,
  'group.nameAndType': msg`Grup adı ve grup tipi tanımlanmalıdır`,
  // the mail server's host and port (issue 28 item 4)
  'host.private': msg`Bu adres yerel, özel ya da ayrılmış bir ağa çıkıyor; posta sunucusu genel bir adreste olmalı`,
  'host.unresolvable': msg`Bu sunucu adı bulunamadı`,
  'port.smtpOnly': msg`Posta sunucusu için yalnızca 25, 465, 587 ve 2525 portları kullanılabilir`,
} as const satisfies Record<string, MessageDescriptor>

/**
 * A field error code's text (spec 5 where the spec words it); a schema's field-prefixed code
 * (`name.tooLong`) reads as its last part (`tooLong`); an unknown code reads "check the value".
 */
export function fieldErrorText(code: string | null | undefined, i18n: I18n): string | null {
  if (!code) return null
  const texts = FIELD as Record<string, MessageDescriptor>
  return i18n._(texts[code] ?? texts[code.slice(code.lastIndexOf('.') + 1)] ?? FIELD.invalid)
}
