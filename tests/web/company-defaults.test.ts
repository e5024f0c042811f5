import { i18n } from '@lingui/core'
import { afterEach, describe, expect, it } from 'vitest'
import { applyCompanyLanguage, staffDateFormat } from '../../src/web/flows/company-defaults.ts'
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

  it('staff dates show the company clock (the browser\'s until the defaults are read)', () => {
    const at = '2026-11-23T23:30:00Z'
    expect(staffDateFormat('tr', { ...berlin, timeZone: 'Europe/Istanbul' }, { timeStyle: 'short' })(at)).toBe('02:30')
    expect(staffDateFormat('tr', berlin, { timeStyle: 'short' })(at)).toBe('00:30')
    expect(staffDateFormat('tr', { ...berlin, timeZone: 'America/New_York' }, { dateStyle: 'short' })(at)).toBe('23.11.2026')
    expect(staffDateFormat('tr', null, { dateStyle: 'short', timeZone: 'UTC' })(at)).toBe('23.11.2026')
  })
})
