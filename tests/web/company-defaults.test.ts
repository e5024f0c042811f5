import { i18n } from '@lingui/core'
import { afterEach, describe, expect, it } from 'vitest'
import { applyCompanyLanguage, staffDateFormat, staffLanguage } from '../../src/web/flows/company-defaults.ts'
import { activateLocale } from '../../src/web/i18n/index.ts'

const berlin = { language: 'en', timeZone: 'Europe/Berlin', defaultCurrency: 'USD' }

describe('company defaults in the staff app (spec 9, issue 12)', () => {
  afterEach(async () => { await activateLocale('tr') })

  it('the company language applies when the person has not chosen one, and never over their choice', async () => {
    await activateLocale('tr')
    expect(await applyCompanyLanguage(berlin, true, 'tr')).toBeNull()
    expect(i18n.locale).toBe('tr')
    expect(await applyCompanyLanguage({ ...berlin, language: 'xx' }, false, 'tr')).toBeNull()
    expect(await applyCompanyLanguage(berlin, false, 'tr')).toBe('en')
    expect(i18n.locale).toBe('en')
    expect(await applyCompanyLanguage(berlin, false, 'en')).toBeNull()
  })

  it('issue 25 item 5: the person\'s own language, then a choice on this device, then the browser\'s (when allowed and translated), then the company\'s', () => {
    const istanbul = { language: 'tr', timeZone: 'Europe/Istanbul', defaultCurrency: 'TRY', personalLanguage: null, browserLanguage: true }
    // an English browser signs in at a Turkish company: English (the reported bug: every page was Turkish)
    expect(staffLanguage(istanbul, false, 'en', ['en-US', 'en'])).toBe('en')
    expect(staffLanguage(istanbul, false, 'tr', ['de-DE', 'ru'])).toBe('ru')
    // a browser language without a translation: the company's
    expect(staffLanguage(istanbul, false, 'tr', ['de-DE', 'fr'])).toBe('tr')
    // the company turned the browser's language off: the company's
    expect(staffLanguage({ ...istanbul, browserLanguage: false }, false, 'en', ['en-US'])).toBe('tr')
    // chosen on this device (the sign-in page's selector): kept
    expect(staffLanguage({ ...istanbul, browserLanguage: false }, true, 'ru', ['en-US'])).toBe('ru')
    // the person's own language wins over everything, on any device
    expect(staffLanguage({ ...istanbul, personalLanguage: 'ru' }, true, 'en', ['en-US'])).toBe('ru')
    // an old server without the fields: the browser's, as the company's default allows
    expect(staffLanguage({ language: 'tr', timeZone: 'Europe/Istanbul', defaultCurrency: 'TRY' }, false, 'tr', ['en'])).toBe('en')
  })

  it('staff dates show the company clock (the browser\'s until the defaults are read)', () => {
    const at = '2026-11-23T23:30:00Z'
    expect(staffDateFormat('tr', { ...berlin, timeZone: 'Europe/Istanbul' }, { timeStyle: 'short' })(at)).toBe('02:30')
    expect(staffDateFormat('tr', berlin, { timeStyle: 'short' })(at)).toBe('00:30')
    expect(staffDateFormat('tr', { ...berlin, timeZone: 'America/New_York' }, { dateStyle: 'short' })(at)).toBe('23.11.2026')
    expect(staffDateFormat('tr', null, { dateStyle: 'short', timeZone: 'UTC' })(at)).toBe('23.11.2026')
  })
})
