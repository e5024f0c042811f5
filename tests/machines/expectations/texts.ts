/**
 * The words the screens show for failures and field errors, restated here (Turkish, the source
 * language) from spec 5 and 8 and the screens: the oracle never reads the app's own catalogue, so a
 * message that goes missing or changes on a screen fails the browser replay.
 */

/** Spec 8's error catalogue. */
export const CATALOGUE = {
  UNEXPECTED: 'Sistemsel hata oluştu, lütfen daha sonra tekrar deneyiniz',
  KVT_GATEWAY_ERR4: 'Kredi kartı doğrulama için Banka Sistemine erişilemiyor !',
  NETWORK: 'Servise erişim sağlanamadı, internet erişiminizi kontrol ediniz',
  TECHNICAL: 'Teknik bir hata oluştu',
  PASSWORD_EXPIRED: 'Şifrenizin süresi dolmuş, değiştirin lütfen',
  LEVEL_ERROR: 'Hatalı Seviye',
  // spec 8's English words ('Incorrect random number generated !!!', 'Error on sending SMS Message')
  // are what an English reader sees; a Turkish page says them in Turkish (issue 24 item 6)
  SMS_WRONG_CODE: 'Hatalı doğrulama kodu girildi !!!',
  SMS_SEND_FAILED: 'SMS mesajı gönderilirken hata oluştu',
} as const

/** Spec 5's field messages (and the screens' few more). */
export const FIELD = {
  required: 'Değer girmelisiniz',
  requiredSelection: 'Değer seçmelisiniz',
  email: 'Girilen değer geçerli bir email adresi değil',
  passwordMismatch: 'Yeni şifre ile tekrarı eşleşmiyor',
  passwordSameAsOld: 'Yeni şifre eski şifre ile aynı olamaz',
  policy: 'Şifre, şifre kurallarına uymuyor',
  validToRequired: 'Atama Geçerlilik Tarihini Belirleyin !',
} as const

/** The staff screens' words for the reason codes of a failed call (src/web/i18n/reasons.ts restated). */
export const REASONS: Record<string, string> = {
  INVALID_CREDENTIALS: 'Kullanıcı adı veya şifre hatalı',
  WRONG_PASSWORD: 'Mevcut şifreniz hatalı',
  RATE_LIMITED: 'Çok fazla deneme yapıldı, lütfen biraz bekleyiniz',
  FORBIDDEN: 'Bu işlem için yetkiniz yok',
  PASSWORD_POLICY: 'Yeni şifre, şirketinizin şifre kurallarına uymuyor',
  PASSWORD_REUSED: 'Yeni şifre, son kullandığınız şifrelerden biri olamaz',
  NETWORK: CATALOGUE.NETWORK,
  UNEXPECTED: CATALOGUE.UNEXPECTED,
}

/** What a staff screen says for a reason code (anything else: spec 8's "Teknik bir hata oluştu"). */
export const reasonSays = (code: string) => REASONS[code] ?? CATALOGUE.TECHNICAL
