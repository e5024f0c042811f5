import { msg } from '@lingui/core/macro'
import type { I18n, MessageDescriptor } from '@lingui/core'
import { TRX_TYPES } from '../../../domain/constants.ts'
import type { CardFormMessageCode } from '../../../domain/messages.ts'
import { CATALOGUE } from '../../api/errors.ts'
import { reasonText } from '../../i18n/reasons.ts'

/** Spec 5's card-form messages (the Turkish texts are the spec's own where it words them). */
export const CARD_FORM_TEXT: Record<CardFormMessageCode, MessageDescriptor> = {
  'number.required': msg`Kredi kartı numarası girmelisiniz`,
  'number.invalid': msg`Kredi kartı numarasını kontrol ediniz.`,
  'number.binRejected': /*i18n*/ { id: 'CARD_REJECTED' },
  'number.debitCard': /*i18n*/ { id: 'CARD_DEBIT' },
  'name.required': msg`Kredi kartı üzerinde yazan ad-soyadı girmelisiniz`,
  'name.tooLong': msg`Ad-soyad en fazla 40 karakter olabilir.`,
  'name.invalid': msg`Ad-soyad yalnızca harf ve boşluk içerebilir.`,
  'cvc.required': msg`Kartınızın arka yüzündeki kod girmelisiniz`,
  'cvc.invalid': msg`Kartınızın arka yüzündeki kodu kontrol ediniz.`,
  'expiry.required': msg`Kredi kartınızın geçerlilik tarihini girmelisiniz`,
  'expiry.invalid': msg`Girilen geçerlilik tarihini kontrol ediniz.`,
  'bankcode.required': msg`Banka Kodu girmelisiniz`,
  'bankcode.tooLong': msg`Banka Kodu en fazla 10 karakter olabilir.`,
  'currcode.required': msg`Para birimi girmelisiniz`,
  'currcode.tooLong': msg`Para birimi en fazla 10 karakter olabilir.`,
  'amount.required': msg`İşlem tutarı girmelisiniz`,
  'amount.invalid': msg`Girilen işlem tutarını kontrol ediniz.`,
  'amount.decimalComma': msg`Kuruşları nokta ile ayırın; virgül binlik ayırıcıdır (örnek: 1,250.50).`,
  'amount.tooLarge': msg`Bir test ödemesi en fazla 100,000.00 tutarında olabilir.`,
  'installment.required': msg`Taksit adedini seçmelisiniz`,
  'installment.invalid': msg`Taksit adedi 1 ile 24 arasında olmalıdır.`,
  'trxtype.required': msg`İşlem tipini seçmelisiniz`,
  'trxtype.invalid': msg`Listeden bir işlem tipi seçmelisiniz.`,
  'paymentDay.invalid': msg`Ödeme günü 1 ile 28 arasında olmalıdır.`,
}

/** The six transaction types of spec 3.4 with their names (src/domain/constants.ts holds them). */
export const TRX_TYPE_TEXT: Record<string, MessageDescriptor> = Object.fromEntries(TRX_TYPES.map((t) => [t.code, t.name]))

/**
 * Why a payment did not go through, in the customer's words (issue 21: declined by the bank, 3-D
 * verification failed, cancelled by the customer, timed out), and the gateway's refusals.
 */
const PAYMENT_REASONS: Record<string, MessageDescriptor> = {
  NOT_CONNECTED: msg`Bu işlem tipi bağlı değil: yalnızca 3D Provizyon (P01) ve 3D Satış (S01) denenebilir. Hiçbir bilgi gönderilmedi.`,
  THREE_D_TIMEOUT: msg`Banka sayfası zamanında yanıt vermediği için ödeme zaman aşımına uğradı; kartınızdan tutar çekilmedi.`,
  THREE_D_FAILED: msg`3D Secure doğrulaması başarısız oldu: bankanızın gönderdiği tek kullanımlık şifre doğrulanamadı.`,
  DECLINED: msg`Kartınızı veren banka ödemeyi onaylamadı. Bankanızla görüşebilir ya da başka bir kartla deneyebilirsiniz.`,
  CANCELLED: msg`Ödemeyi bankanın 3D Secure sayfasında siz iptal ettiniz; kartınızdan tutar çekilmedi.`,
  CARD_REJECTED: /*i18n*/ { id: 'CARD_REJECTED' },
  CARD_DEBIT: /*i18n*/ { id: 'CARD_DEBIT' },
  ORDER_IDS_EXHAUSTED: msg`Bu kartla bugün daha fazla ödeme başlatılamıyor; lütfen başka bir kart kullanınız veya yarın tekrar deneyiniz.`,
  PAYMENT_IN_PROGRESS: msg`Bu satın alma için bir ödeme zaten sürüyor; sonucu bekleniyor.`,
  PURCHASE_ALREADY_PAID: msg`Bu satın almanın ödemesi zaten alındı.`,
  VALIDATION: /*i18n*/ { id: 'VALIDATION' },
  KVT_GATEWAY_ERR4: CATALOGUE.KVT_GATEWAY_ERR4,
}

export function paymentReasonText(code: string | null | undefined, i18n: I18n): string {
  if (!code) return ''
  const d = PAYMENT_REASONS[code]
  return d ? i18n._(d) : reasonText(code, i18n)
}
