import { describe, expect, it } from 'vitest'
import { HEALTH_QUESTION_IDS } from '../../src/domain/purchase.ts'
import { ERROR_MESSAGES, HEALTH_QUESTION_TEXTS, SERVER_LOCALES, errorMessage, healthQuestionList, localized, resolveLocale } from '../../src/server/i18n.ts'

describe('server texts', () => {
  it('every error code has a non-empty text in tr, en and ru, all different from Turkish outside proper names', () => {
    for (const [code, texts] of Object.entries(ERROR_MESSAGES)) {
      for (const locale of SERVER_LOCALES) expect(texts[locale], `${code}.${locale}`).toMatch(/\S/)
      expect(texts.en, code).not.toBe(texts.tr)
      expect(texts.ru, code).toMatch(/[А-Яа-я]/)
    }
  })

  it('a message has the same {placeholders} in every language, and the health questions are named in each', () => {
    for (const [code, texts] of Object.entries(ERROR_MESSAGES)) {
      const names = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()
      expect(names(texts.en), code).toEqual(names(texts.tr))
      expect(names(texts.ru), code).toEqual(names(texts.tr))
    }
    expect(errorMessage('HEALTH_QUESTIONS_UNANSWERED', 'tr', { questions: healthQuestionList(['chronic'], 'tr') }))
      .toBe('Sağlık beyanındaki her soruyu Evet veya Hayır seçerek yanıtlamalısınız; yanıtlanmamış soru: «Süregelen (kronik) bir hastalığınız var mı?»')
    for (const id of HEALTH_QUESTION_IDS) {
      for (const locale of SERVER_LOCALES) expect(HEALTH_QUESTION_TEXTS[id][locale], `${id}.${locale}`).toMatch(/\?$/)
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
