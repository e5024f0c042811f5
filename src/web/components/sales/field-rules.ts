import { msg } from '@lingui/core/macro'
import type { I18n, MessageDescriptor } from '@lingui/core'
import { NAME_MAX_LENGTH } from '../../../domain/constants.ts'

/**
 * Refusals on the sales forms that name the field and the rule (issue 24 item 7): "Ad
 * girmelisiniz", "Soyad yalnızca harf, boşluk ve harfler arasında kısa çizgi (-) içerebilir", never
 * the vague "Girilen değeri kontrol ediniz". `fieldRuleText` words the spec 3.2 schemas' codes
 * (`required`, `requiredSelection`, `invalid`, `tooLong`) for a field it knows; the caller words the
 * product rules (ages, minimum contribution) itself.
 */
const LABEL: Record<string, MessageDescriptor> = {
  firstname: msg`Ad`,
  lastname: msg`Soyad`,
  nationalId: msg`T.C. Kimlik No`,
  nationality: msg`Uyruk`,
  birthdate: msg`Doğum tarihi`,
  email: msg`E-posta`,
  userphone: msg`Cep telefonu`,
  fathername: msg`Baba adı`,
  mothername: msg`Anne adı`,
  birthplace: msg`Doğum yeri`,
  idserialno: msg`Kimlik kartı seri no`,
  passportno: msg`Pasaport no`,
  profession: msg`Meslek`,
  jobtitle: msg`Unvan`,
  sector: msg`Sektör`,
  education: msg`Eğitim durumu`,
  aversalary: msg`Ortalama aylık gelir`,
  socialsecurity: msg`Sosyal güvenlik`,
  othercompany: msg`Şirket`,
  otherpolicyno: msg`Poliçe numarası`,
  otherpolicyenddate: msg`Poliçe bitiş tarihi`,
  contributionAmount: msg`Katkı payı tutarı (TL)`,
  freqOfInvest: msg`Ödeme sıklığı`,
  currencyOfInvest: msg`Para birimi`,
}

/** The national-id field's label when the person is not a Turkish citizen. */
const PASSPORT = msg`Pasaport no`

/** Fields chosen from a list: "… seçmelisiniz". */
const CHOSEN = new Set(['nationality', 'sector', 'education', 'aversalary', 'socialsecurity', 'freqOfInvest', 'currencyOfInvest'])
const NAMES = new Set(['firstname', 'lastname', 'fathername', 'mothername'])
/** The longest value of each field (the spec 3.2 schemas' limits). */
const MAX: Record<string, number> = { nationalId: 20, passportno: 20, birthplace: 40, idserialno: 12, otherpolicyno: 40, aversalary: 20, socialsecurity: 40 }

/**
 * `nationality`: the person's nationality as the form shows it, when known. The national-id field
 * holds a passport number unless it is TR, and its refusals then name the passport's rule (issue 23).
 */
export function fieldRuleText(i18n: I18n, field: string, code: string | undefined, nationality?: string): string | undefined {
  if (!code) return undefined
  const name = field.split('.')[0]!
  const label = LABEL[name]
  if (!label) return undefined
  const passport = name === 'nationalId' && nationality !== undefined && nationality !== 'TR'
  const fieldLabel = i18n._(passport ? PASSPORT : label)
  const rule = code.slice(code.lastIndexOf('.') + 1)
  if (rule === 'required' || rule === 'requiredSelection') return CHOSEN.has(name) ? i18n._(msg`${fieldLabel} seçmelisiniz`) : i18n._(msg`${fieldLabel} girmelisiniz`)
  if (rule === 'tooLong') {
    const max = NAMES.has(name) ? NAME_MAX_LENGTH : MAX[name] ?? 100
    return i18n._(msg`${fieldLabel} en fazla ${max} karakter olabilir`)
  }
  if (rule !== 'invalid') return undefined
  if (NAMES.has(name)) return i18n._(msg`${fieldLabel} yalnızca harf, boşluk ve harfler arasında kısa çizgi (-) içerebilir`)
  switch (name) {
    case 'nationalId':
      if (passport) return i18n._(msg`Pasaport numarası 5-20 harf veya rakamdan oluşmalıdır`)
      if (nationality === 'TR') return i18n._(msg`T.C. Kimlik No 11 haneli olmalı, 0 ile başlamamalı ve son iki hanesi kontrol hanelerine uymalıdır`)
      return i18n._(msg`T.C. Kimlik No 11 haneli olmalı, 0 ile başlamamalı ve son iki hanesi kontrol hanelerine uymalıdır (yabancı uyruklular için 5-20 karakterlik pasaport numarası)`)
    case 'passportno': return i18n._(msg`Pasaport numarası 5-20 harf veya rakamdan oluşmalıdır`)
    case 'birthdate':
    case 'otherpolicyenddate': return i18n._(msg`${fieldLabel} geçerli bir tarih olmalıdır (gün, ay, yıl)`)
    case 'email': return i18n._(msg`E-posta adresi ad@alanadi.com biçiminde olmalıdır`)
    case 'userphone': return i18n._(/*i18n*/ { id: 'SMS_INVALID_PHONE' })
    case 'idserialno': return i18n._(msg`Kimlik kartı seri no yalnızca harf ve rakamlardan oluşur, en fazla 12 karakter (örnek: A12B34567)`)
    case 'contributionAmount': return i18n._(msg`Katkı payı tutarı TL olarak, en fazla 2 kuruş hanesiyle yazılmalıdır (örnek: 1.250,50)`)
    default: return i18n._(msg`${fieldLabel}: girilen değer bu alanın kurallarına uymuyor`)
  }
}
