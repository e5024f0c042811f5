/**
 * Validation message codes and their reference texts. Validators and schemas report CODES; the web
 * layer translates them with Lingui (these texts are the source strings), the server with its own
 * catalogue. Texts marked "spec" are the spec's exact wording (sections 5 and 8); the others are
 * this product's, for codes the spec does not word.
 */

/** Card payment form (spec 5), Turkish. */
export const CARD_FORM_MESSAGES = {
  'number.required': 'Kredi kartı numarası girmelisiniz', // spec
  'number.invalid': 'Kredi kartı numarasını kontrol ediniz.',
  'number.binRejected': 'Girdiğiniz kredi kartı numarası geçerli değil', // spec
  // a purchase's payment refuses a debit card saying why (issue 21, docs/decisions/card-acceptance.md)
  'number.debitCard': 'Banka kartı ile ödeme alınamıyor; lütfen bir kredi kartı kullanın.',
  'name.required': 'Kredi kartı üzerinde yazan ad-soyadı girmelisiniz', // spec
  'name.tooLong': 'Ad-soyad en fazla 40 karakter olabilir.',
  'name.invalid': 'Ad-soyad yalnızca harf ve boşluk içerebilir.',
  'cvc.required': 'Kartınızın arka yüzündeki kod girmelisiniz', // spec
  'cvc.invalid': 'Kartınızın arka yüzündeki kodu kontrol ediniz.',
  'expiry.required': 'Kredi kartınızın geçerlilik tarihini girmelisiniz', // spec
  'expiry.invalid': 'Girilen geçerlilik tarihini kontrol ediniz.', // spec
  'bankcode.required': 'Banka Kodu girmelisiniz', // spec
  'bankcode.tooLong': 'Banka Kodu en fazla 10 karakter olabilir.',
  'currcode.required': 'Para birimi girmelisiniz', // spec
  'currcode.tooLong': 'Para birimi en fazla 10 karakter olabilir.',
  'amount.required': 'İşlem tutarı girmelisiniz', // spec
  'amount.invalid': 'Girilen işlem tutarını kontrol ediniz.',
  'amount.decimalComma': 'Kuruşları nokta ile ayırın; virgül binlik ayırıcıdır (örnek: 1,250.50).',
  'amount.tooLarge': 'Bir test ödemesi en fazla 100,000.00 tutarında olabilir.',
  'installment.required': 'Taksit adedini seçmelisiniz', // spec
  'installment.invalid': 'Taksit adedi 1 ile 24 arasında olmalıdır.',
  'trxtype.required': 'İşlem tipini seçmelisiniz', // spec
  'trxtype.invalid': 'Listeden bir işlem tipi seçmelisiniz.',
  'paymentDay.invalid': 'Ödeme günü 1 ile 28 arasında olmalıdır.',
} as const satisfies Record<string, string>

export type CardFormMessageCode = keyof typeof CARD_FORM_MESSAGES

/** The card-form codes whose text is the spec's own. */
export const SPEC_CARD_FORM_MESSAGE_CODES = [
  'number.required', 'name.required', 'cvc.required', 'expiry.required', 'bankcode.required', 'currcode.required',
  'amount.required', 'installment.required', 'trxtype.required', 'expiry.invalid', 'number.binRejected',
] as const satisfies readonly CardFormMessageCode[]

/** General validation messages (spec 5 and 8). */
export const VALIDATION_MESSAGES = {
  required: { en: 'Value is required', tr: 'Değer girmelisiniz' }, // spec
  requiredSelection: { en: 'Choose a value', tr: 'Değer seçmelisiniz' }, // spec
  email: { en: 'Value is not a valid email address', tr: 'Girilen değer geçerli bir email adresi değil' }, // spec
  passwordMismatch: { en: 'Re-entered value not match with new password', tr: 'Yeniden girilen değer yeni şifre ile eşleşmiyor' }, // spec en
  passwordSameAsOld: { en: 'New password can not be the same as old password', tr: 'Yeni şifre eski şifre ile aynı olamaz' }, // spec en
  validToRequired: { en: 'Choose Valid-To date for other role(s)', tr: 'Atama Geçerlilik Tarihini Belirleyin !' }, // spec
  smsCode: { en: 'Incorrect random number generated !!!', tr: 'Hatalı doğrulama kodu girildi' }, // spec en
} as const satisfies Record<string, { en: string; tr: string }>

export type ValidationMessageCode = keyof typeof VALIDATION_MESSAGES
