import { msg } from '@lingui/core/macro'
import type { I18n, MessageDescriptor } from '@lingui/core'
import { MAX_ONLINE_CONTRIBUTION } from '../../../../domain/bes.ts'
import { formatMoney } from '../../../../domain/money.ts'
import { FIELD } from '../../../i18n/reasons.ts'
import { fieldRuleText } from '../../../components/sales/field-rules.ts'

/** Words for the message codes of src/domain/bes-forms.ts (field -> code). */
const CODES: Record<string, MessageDescriptor> = {
  required: FIELD.required,
  requiredSelection: FIELD.requiredSelection,
  invalid: msg`Girilen değeri kontrol ediniz`,
  tooLong: msg`Girilen değer çok uzun`,
  ageTooOld: msg`Katılımcı en fazla 100 yaşında olabilir`,
  minorNotAllowed: msg`Pratik BES 18 yaşını doldurmuş katılımcılar içindir; 18 yaş altı için Erken BES'i seçiniz`,
  notAdult: msg`Veli/vasi ve katkı payı ödeyen 18 yaşını doldurmuş olmalıdır`,
  fundsNotHundred: msg`Fon paylarının toplamı %100 olmalıdır`,
  fundsInvalid: msg`Fon payları 1 ile 100 arasında tam sayı olmalıdır`,
  consentRequired: msg`Devam etmek için bu onay gereklidir`,
}
const BY_FIELD: Record<string, Record<string, MessageDescriptor>> = {
  nationalId: { invalid: msg`Geçerli bir T.C. kimlik numarası (yabancılar için pasaport numarası) giriniz` },
  email: { invalid: FIELD.email },
  userphone: { invalid: /*i18n*/ { id: 'SMS_INVALID_PHONE' } },
  birthdate: { invalid: msg`Geçerli bir doğum tarihi giriniz` },
}

export function fieldText(i18n: I18n, field: string, code: string | undefined, extra: { minimum?: string; nationality?: string } = {}): string | undefined {
  if (!code) return undefined
  if (code === 'belowMinimum') return i18n._(msg`Bu plan için en az ${extra.minimum ?? ''} katkı payı ödenmelidir`)
  if (code === 'tooLarge') {
    const maximum = formatMoney(MAX_ONLINE_CONTRIBUTION, 'TRY', i18n.locale, { fractionDigits: 0 })
    return i18n._(msg`Online en fazla ${maximum} katkı payı ödenebilir`)
  }
  // the field and its rule where the field is known (issue 24 item 7)
  const named = fieldRuleText(i18n, field, code, extra.nationality)
  if (named) return named
  return i18n._(BY_FIELD[field]?.[code] ?? CODES[code] ?? CODES.invalid!)
}

/** Failures of the purchase's calls. */
export const BES_REASONS: Record<string, MessageDescriptor> = {
  SMS_TICKET_INVALID: msg`Telefon doğrulamanızın süresi doldu; lütfen numaranızı yeniden doğrulayınız. Kaydedilen bilgileriniz doğrulamadan sonra geri gelecek.`,
  // issue 24 item 1: a reloaded page's proof of the phone refused (forged, expired, another product's): the phone again
  SMS_PROOF_INVALID: /*i18n*/ { id: 'SMS_PROOF_INVALID' },
  NETWORK: msg`Bağlantı kurulamadı. İnternet bağlantınızı kontrol edip tekrar deneyiniz.`,
  // issue 21
  OTHER_PAYMENT_FAILED: msg`Diğer penceredeki ödeme tamamlanamadı; bu satın almayı şimdi buradan ödeyebilirsiniz.`,
  BES_AGE_WINDOW: msg`Erken BES'e 100 yaşına kadar katılınabilir (18 yaşından küçükler veli veya vasiyle); katılımcının doğum tarihi bu aralıkta değil.`,
  BES_ADULT_ONLY: msg`Pratik BES'e 18 yaşını doldurmuş, 100 yaşını geçmemiş kişiler katılabilir; katılımcının doğum tarihi bu aralıkta değil.`,
  // issue 24 item 4
  PRE_INFORMATION_CHANGED: msg`Yanıtlarınız veya fiyat değiştiği için ön bilgilendirme formu yenilendi; lütfen yeni formu okuyup onaylayınız.`,
  PRE_INFORMATION_REQUIRED: msg`Ödemeye geçmeden önce ön bilgilendirme formunu okuyup onaylamalısınız.`,
}
