import { msg } from '@lingui/core/macro'
import type { I18n, MessageDescriptor } from '@lingui/core'
import { CATALOGUE } from '../../api/errors.ts'
import { reasonText } from '../../i18n/reasons.ts'

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
