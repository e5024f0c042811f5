import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { TRX_TYPES } from '../../../domain/constants.ts'
import type { CardFormMessageCode } from '../../../domain/messages.ts'

/*
 * The card form's own texts (its `card` catalog part, scripts/catalog-parts.ts): only the card form
 * imports this file, so they load with its code (`withTexts('card', import(...))` where
 * it is lazily imported), not with every page.
 */

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
