/**
 * Texts the server itself answers with (error messages, mail). The browser's texts go through
 * Lingui; the server runs without a build step, so its own short texts live in this typed table,
 * and tests/server/i18n.test.ts proves every code exists in tr, en and ru.
 */
export const SERVER_LOCALES = ['tr', 'en', 'ru'] as const
export type ServerLocale = (typeof SERVER_LOCALES)[number]

type Texts = Record<ServerLocale, string>

export const ERROR_MESSAGES = {
  UNEXPECTED: {
    tr: 'Sistemsel hata oluştu, lütfen daha sonra tekrar deneyiniz',
    en: 'A system error occurred, please try again later',
    ru: 'Произошла системная ошибка, пожалуйста, повторите попытку позже',
  },
  NOT_FOUND: {
    tr: 'Teknik Hata(404): Servis Çağrısı Yapılamadı!',
    en: 'Request failed with status code 404',
    ru: 'Техническая ошибка (404): не удалось вызвать сервис!',
  },
  METHOD_NOT_ALLOWED: {
    tr: 'Bu işlem bu adreste desteklenmiyor',
    en: 'This method is not supported at this address',
    ru: 'Этот метод не поддерживается по данному адресу',
  },
  BAD_JSON: {
    tr: 'İstek gövdesi geçerli bir JSON değil',
    en: 'The request body is not valid JSON',
    ru: 'Тело запроса не является корректным JSON',
  },
  BAD_ENVELOPE: {
    tr: 'Şifreli istek çözülemedi',
    en: 'The encrypted request could not be decrypted',
    ru: 'Не удалось расшифровать зашифрованный запрос',
  },
  VALIDATION: {
    tr: 'Gönderilen bilgiler geçerli değil',
    en: 'The data sent is not valid',
    ru: 'Отправленные данные недействительны',
  },
  UNSUPPORTED_MEDIA_TYPE: {
    tr: 'Desteklenmeyen içerik türü',
    en: 'Unsupported content type',
    ru: 'Неподдерживаемый тип содержимого',
  },
  PAYLOAD_TOO_LARGE: {
    tr: 'İstek çok büyük',
    en: 'The request is too large',
    ru: 'Слишком большой запрос',
  },
  BAD_HEADER: {
    tr: 'İstek başlıklarından biri geçerli değil',
    en: 'One of the request headers is not valid',
    ru: 'Один из заголовков запроса недействителен',
  },
  UNKNOWN_COUNTRY: {
    tr: 'Ülke kodu bulunamadı',
    en: 'Unknown country code',
    ru: 'Неизвестный код страны',
  },
  UNKNOWN_CITY: {
    tr: 'İl kodu bulunamadı',
    en: 'Unknown city code',
    ru: 'Неизвестный код города',
  },
  UNKNOWN_DISTRICT: {
    tr: 'İlçe kodu bulunamadı',
    en: 'Unknown district code',
    ru: 'Неизвестный код района',
  },
  RATE_LIMITED: {
    tr: 'Çok fazla istek gönderildi, lütfen biraz bekleyiniz',
    en: 'Too many requests, please wait a moment',
    ru: 'Слишком много запросов, пожалуйста, подождите',
  },
} as const satisfies Record<string, Texts>

export type ErrorCode = keyof typeof ERROR_MESSAGES

export function isServerLocale(value: string | null | undefined): value is ServerLocale {
  return !!value && (SERVER_LOCALES as readonly string[]).includes(value)
}

/** The spec's `locale` header first, then Accept-Language, then Turkish. */
export function resolveLocale(localeHeader: string | undefined, acceptLanguage: string | undefined): ServerLocale {
  const fromHeader = localeHeader?.trim().slice(0, 2).toLowerCase()
  if (isServerLocale(fromHeader)) return fromHeader
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.split(';')[0]?.trim().slice(0, 2).toLowerCase()
    if (isServerLocale(tag)) return tag
  }
  return 'tr'
}

export function errorMessage(code: ErrorCode, locale: ServerLocale): string {
  return ERROR_MESSAGES[code][locale]
}

/** Picks the name in the request's language, falling back to English, then Turkish. */
export function localized(name: { tr?: string; en?: string; ru?: string }, locale: ServerLocale): string {
  return name[locale] || name.en || name.tr || ''
}
