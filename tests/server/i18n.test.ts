import { describe, expect, it } from 'vitest'
import { ERROR_MESSAGES, SERVER_LOCALES, localized, resolveLocale } from '../../src/server/i18n.ts'

describe('server texts', () => {
  it('every error code has a non-empty text in tr, en and ru, all different from Turkish outside proper names', () => {
    for (const [code, texts] of Object.entries(ERROR_MESSAGES)) {
      for (const locale of SERVER_LOCALES) expect(texts[locale], `${code}.${locale}`).toMatch(/\S/)
      expect(texts.en, code).not.toBe(texts.tr)
      expect(texts.ru, code).toMatch(/[А-Яа-я]/)
    }
  })

  it.each([
    ['en', undefined, 'en'],
    ['ru-RU', undefined, 'ru'],
    [undefined, 'fr-FR,ru;q=0.9', 'ru'],
    [undefined, undefined, 'tr'],
    ['de', 'de', 'tr'],
  ])('resolveLocale(%s, %s) is %s', (header, accept, expected) => {
    expect(resolveLocale(header, accept)).toBe(expected)
  })

  it('falls back to English, then Turkish, for a missing name', () => {
    expect(localized({ tr: 'Ev', en: 'Home', ru: '' }, 'ru')).toBe('Home')
    expect(localized({ tr: 'Ev' }, 'en')).toBe('Ev')
  })
})
