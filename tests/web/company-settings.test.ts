import { describe, expect, it } from 'vitest'
import { SecuritySettingsBody } from '../../src/domain/schemas/company.ts'
import { SECURITY_PRESETS, bodyOf, checkCategory, recordOf } from '../../src/web/flows/company-settings.ts'

/** The company settings flows' helpers (issue 12): what a form sends and what it shows. */
describe('company settings flows', () => {
  const mail = { security: 'starttls', host: 'smtp.example.com', port: 587, authRequired: true, user: 'posta', password: '', from: '', passwordSet: true }

  it('never sends an empty mail-server password (the stored one is kept) and never sends display-only fields', () => {
    expect(bodyOf('mailServer', mail, 3)).toEqual({ version: 3, security: 'starttls', host: 'smtp.example.com', port: 587, authRequired: true, user: 'posta', from: '' })
    expect(bodyOf('mailServer', { ...mail, password: 'Yeni-Sifre' }, 3)).toMatchObject({ password: 'Yeni-Sifre' })
    const prefs = bodyOf('preferences', { defaultCurrency: 'TRY', language: 'tr', timeZone: 'Europe/Istanbul', inactiveUserThresholdMinutes: 10, activityThrottleMinutes: 2, timeToLockMinutes: 0.5, logoutWaitMinutes: 30, defaults: {} }, 2)
    expect(Object.keys(prefs)).not.toContain('defaults')
  })

  it('shows the mail-server password field empty, whatever the answer holds, and keeps passwordSet for the hint', () => {
    const record = recordOf('mailServer', { ...mail, password: 'sızmamalı', version: 4 })
    expect(record).toMatchObject({ id: 'mailServer', version: 4, values: { password: '', passwordSet: true } })
    expect(record.values).not.toHaveProperty('version')
  })

  it('checks a draft with the strict schema, as codes', () => {
    // an empty host is the built-in mail (issue 28); a host with a space or a scheme is not a host
    expect(checkCategory('mailServer', { ...mail, host: '', port: null })).toEqual({ port: 'required' })
    expect(checkCategory('mailServer', { ...mail, host: 'smtp://x' })).toEqual({ host: 'invalid' })
    expect(checkCategory('mailServer', mail)).toEqual({})
    expect(checkCategory('security', { ...SECURITY_PRESETS.recommended, minLength: 4 })).toEqual({ minLength: 'minLength' })
  })

  it('sends the password the server asked for, and an empty host as the built-in mail', () => {
    expect(bodyOf('mailServer', { ...mail, host: '  ' }, 3, 'Doğru-Parola-2026!')).toMatchObject({ version: 3, host: '', currentPassword: 'Doğru-Parola-2026!' })
    expect(bodyOf('security', SECURITY_PRESETS.strict, 2)).not.toHaveProperty('currentPassword')
    expect(bodyOf('security', SECURITY_PRESETS.strict, 2)).toMatchObject({ addressFailureLimit: 5, addressWindowMinutes: 30 })
  })

  it('offers presets the server accepts', () => {
    for (const [name, preset] of Object.entries(SECURITY_PRESETS)) expect(SecuritySettingsBody.safeParse({ version: 1, ...preset }).success, name).toBe(true)
  })
})
