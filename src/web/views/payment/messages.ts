import { msg } from '@lingui/core/macro'
import type { I18n, MessageDescriptor } from '@lingui/core'
import type { CardFormMessageCode } from '../../../domain/messages.ts'
import { CATALOGUE } from '../../api/errors.ts'
import { reasonText } from '../../i18n/reasons.ts'

/** Spec 5's card-form messages (the Turkish texts are the spec's own where it words them). */
export const CARD_FORM_TEXT: Record<CardFormMessageCode, MessageDescriptor> = {
  'number.required': msg`Kredi kartı numarası girmelisiniz`,
  'number.invalid': msg`Kredi kartı numarasını kontrol ediniz.`,
  'number.binRejected': msg`Girdiğiniz kredi kartı numarası geçerli değil`,
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
  'installment.required': msg`Taksit adedini seçmelisiniz`,
  'installment.invalid': msg`Taksit adedi 1 ile 24 arasında olmalıdır.`,
  'trxtype.required': msg`İşlem tipini seçmelisiniz`,
  'trxtype.invalid': msg`Listeden bir işlem tipi seçmelisiniz.`,
  'paymentDay.invalid': msg`Ödeme günü 1 ile 28 arasında olmalıdır.`,
}

/** The six transaction types of spec 3.4 with their Turkish names. */
export const TRX_TYPE_TEXT: Record<string, MessageDescriptor> = {
  P01: msg`3D Provizyon`,
  S01: msg`3D Satış`,
  P02: msg`Normal Provizyon`,
  S02: msg`Normal Satış`,
  T01: msg`İptal`,
  T02: msg`İade`,
}

const PAYMENT_REASONS: Record<string, MessageDescriptor> = {
  NOT_CONNECTED: msg`Bu işlem tipi bağlı değil: yalnızca 3D Provizyon (P01) ve 3D Satış (S01) denenebilir. Hiçbir bilgi gönderilmedi.`,
  THREE_D_TIMEOUT: msg`Banka sayfası zamanında yanıt vermedi; işlem tamamlanamadı.`,
  THREE_D_FAILED: msg`3D doğrulama başarısız oldu.`,
  DECLINED: msg`Kartınızı veren banka işlemi onaylamadı.`,
  CARD_REJECTED: msg`Girdiğiniz kredi kartı numarası geçerli değil`,
  ORDER_ID_USED: msg`Bu sipariş numarası daha önce kullanılmış, lütfen tekrar deneyiniz.`,
  VALIDATION: msg`Gönderilen bilgiler geçerli değil`,
  KVT_GATEWAY_ERR4: CATALOGUE.KVT_GATEWAY_ERR4,
}

export function paymentReasonText(code: string | null | undefined, i18n: I18n): string {
  if (!code) return ''
  const d = PAYMENT_REASONS[code]
  return d ? i18n._(d) : reasonText(code, i18n)
}
