import { SMS_CODE_VALIDITY_S, type SmsTemplate } from '../../../domain/sms.ts'
import type { ServerLocale } from '../../i18n.ts'

/**
 * The only texts the server sends by SMS. `POST notification/sendsms` names a template (`content`),
 * it never carries the text: nobody can make the server send their words to a number.
 */
const MINUTES = SMS_CODE_VALIDITY_S / 60

export const SMS_TEXTS: Record<SmsTemplate, Record<ServerLocale, (code: string) => string>> = {
  otp: {
    tr: (code) => `Katılım Emeklilik doğrulama kodunuz: ${code}. Kod ${MINUTES} dakika geçerlidir; kimseyle paylaşmayınız.`,
    en: (code) => `Your Katılım Emeklilik verification code: ${code}. It is valid for ${MINUTES} minutes; do not share it with anyone.`,
    ru: (code) => `Ваш код подтверждения Katılım Emeklilik: ${code}. Он действует ${MINUTES} минуты; никому его не сообщайте.`,
  },
}

export function smsText(template: SmsTemplate, locale: ServerLocale, code: string): string {
  return SMS_TEXTS[template][locale](code)
}
