import { describe, expect, it } from 'vitest'
import { HEALTH_QUESTION_IDS } from '../../src/domain/purchase.ts'
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { formatter } from '@lingui/format-po'
import { resolve } from 'node:path'
import { ERROR_MESSAGES, HEALTH_QUESTION_TEXTS, SERVER_LOCALES, errorMessage, healthQuestionList, localized, resolveLocale, serverCatalog, serverText, type ErrorCode } from '../../src/server/i18n.ts'

const ROOT = resolve(import.meta.dirname, '../..')

describe('server texts', () => {
  // docs/decisions/texts.md: one catalogue (src/locales/*/messages.po) serves the browser and the server
  it('every error code is a descriptor whose id is its code, with its own text in tr, en and ru in the one catalogue', () => {
    const po = { tr: serverCatalog('tr'), en: serverCatalog('en'), ru: serverCatalog('ru') }
    for (const [code, descriptor] of Object.entries(ERROR_MESSAGES)) {
      expect(descriptor.id, code).toBe(code)
      // the .po files hold every language's text under the code (npm run extract, then msgstr)
      expect(po.tr[code]?.translation, `${code}: tr`).toBe(descriptor.message)
      expect(po.en[code]?.translation, `${code}: en`).toMatch(/\S/)
      expect(po.ru[code]?.translation, `${code}: ru`).toMatch(/[А-Яа-я]/)
      expect(po.en[code]!.translation, code).not.toBe(descriptor.message)
      // and the server answers with exactly those
      if (!descriptor.message.includes('{')) for (const locale of SERVER_LOCALES) expect(errorMessage(code as ErrorCode, locale), `${code}.${locale}`).toBe(po[locale][code]!.translation)
    }
    expect(errorMessage('UNEXPECTED', 'en')).toBe('A system error occurred, please try again later')
    expect(errorMessage('LEVEL_ERROR', 'ru')).toBe('Неверный уровень')
  })

  it('a message has the same {placeholders} in every language, and the values fill them', () => {
    for (const [code, descriptor] of Object.entries(ERROR_MESSAGES)) {
      const names = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()
      for (const locale of ['en', 'ru'] as const) expect(names(serverCatalog(locale)[code]!.translation!), `${code}.${locale}`).toEqual(names(descriptor.message))
    }
    expect(errorMessage('HEALTH_QUESTIONS_UNANSWERED', 'tr', { questions: healthQuestionList(['chronic'], 'tr') }))
      .toBe('Sağlık beyanındaki her soruyu Evet veya Hayır seçerek yanıtlamalısınız; yanıtlanmamış soru: «Süregelen (kronik) bir hastalığınız var mı?»')
    expect(healthQuestionList(['chronic', 'medication'], 'en')).toBe('“Do you have an ongoing (chronic) illness?”; “Do you take any medication regularly?”')
    for (const id of HEALTH_QUESTION_IDS) {
      for (const locale of SERVER_LOCALES) expect(serverText(HEALTH_QUESTION_TEXTS[id], locale), `${id}.${locale}`).toMatch(/\?$/)
      expect(serverText(HEALTH_QUESTION_TEXTS[id], 'ru'), id).toMatch(/[А-Яа-я]/)
    }
  })

  it('reads the server\'s entries of the .po files as Lingui\'s own .po reader does', async () => {
    for (const locale of SERVER_LOCALES) {
      const file = resolve(ROOT, `src/locales/${locale}/messages.po`)
      const lingui = await formatter({ lineNumbers: false }).parse(readFileSync(file, 'utf8'), { locale, sourceLocale: 'tr', filename: file })
      const expected = Object.fromEntries(Object.entries(lingui).filter(([, e]) => !e.obsolete && e.origin?.some((o) => o[0].startsWith('src/server/')))
        .map(([id, e]) => [id, { translation: e.translation ?? '', origins: e.origin!.map((o) => o[0]) }]))
      expect(serverCatalog(locale)).toEqual(expected)
    }
  })

  it('the browser names the same entries: no server text is written a second time in src/web', () => {
    const web = execFileSync('git', ['grep', '-h', '-o', "-e", "msg`[^`]*`", '--', 'src/web'], { cwd: ROOT, encoding: 'utf8' })
    const own = new Set(web.split('\n').map((l) => l.slice(4, -1)))
    const twice = Object.values(ERROR_MESSAGES).map((d) => d.message).filter((m) => own.has(m))
    expect(twice).toEqual([])
    // and the browser's code -> text tables point at the server's entries
    const origins = (id: string) => serverCatalog('tr')[id]?.origins ?? []
    expect(origins('INVALID_CREDENTIALS')).toEqual(expect.arrayContaining(['src/server/i18n.ts', 'src/web/i18n/reasons.ts']))
    expect(origins('HEALTH_Q_CHRONIC')).toEqual(expect.arrayContaining(['src/server/i18n.ts', 'src/web/components/sales/PurchaseSteps.tsx']))
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
