import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { I18nProvider } from '@lingui/react'
import { i18n } from '@lingui/core'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { messages as en } from '../../src/locales/en/messages.po'
import { messages as ru } from '../../src/locales/ru/messages.po'
import { messages as tr } from '../../src/locales/tr/messages.po'
import { ProfileStep } from '../../src/web/components/sales/PurchaseSteps.tsx'
import { fieldText } from '../../src/web/views/sales/bes/messages.ts'
import { PersonForm } from '../../src/web/views/sales/bes/PersonForm.tsx'

/** Issue 23: a refused passport number names the passport rule, not the T.C. Kimlik No's. */
beforeAll(() => {
  i18n.load({ tr, en, ru })
  i18n.activate('tr')
})
afterEach(() => {
  cleanup()
  i18n.activate('tr')
})

const PASSPORT = { tr: 'Pasaport numarası 5-20 harf veya rakamdan oluşmalıdır', en: 'A passport number is 5-20 letters or digits', ru: 'Номер паспорта должен состоять из 5–20 букв или цифр' }
const TCKN = { tr: 'T.C. Kimlik No 11 haneli olmalı, 0 ile başlamamalı ve son iki hanesi kontrol hanelerine uymalıdır', en: 'The Turkish ID number has 11 digits', ru: 'Турецкий идентификационный номер состоит из 11 цифр' }

function profile(nationality: string) {
  return render(
    <I18nProvider i18n={i18n}>
      <ProfileStep value={{ nationality, nationalId: 'AB1' }} errors={{ nationalId: 'nationalId.invalid' }} busy={false} reason={null} phone="05321234567" onSubmit={() => {}} onBack={() => {}} />
    </I18nProvider>,
  )
}

describe('the national-id refusal by nationality', () => {
  it.each(['tr', 'en', 'ru'] as const)('TSS/travel profile step (%s): a foreigner\'s passport number gets the passport rule, a citizen the T.C. Kimlik No\'s', (locale) => {
    i18n.activate(locale)
    profile('DE')
    const alert = () => screen.getByRole('alert').textContent ?? ''
    expect(alert()).toContain(PASSPORT[locale])
    expect(alert()).not.toMatch(/T\.C\.|Turkish ID|Турецкий/)
    // the nationality changed back to TR on the form: the rule follows what the field now holds
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'TR' } })
    expect(alert()).toContain(TCKN[locale])
    expect(alert()).not.toContain(PASSPORT[locale])
  })

  it('the field is labelled as a passport number for a foreigner, and its "required" names it', () => {
    i18n.activate('tr')
    render(
      <I18nProvider i18n={i18n}>
        <ProfileStep value={{ nationality: 'GB' }} errors={{ nationalId: 'nationalId.required' }} busy={false} reason={null} phone="" onSubmit={() => {}} onBack={() => {}} />
      </I18nProvider>,
    )
    expect(screen.getByLabelText('Pasaport no')).toBeTruthy()
    expect(screen.getByRole('alert').textContent).toBe('Pasaport no girmelisiniz')
  })

  it.each(['tr', 'en', 'ru'] as const)('BES person form (%s): the refusal follows the nationality chosen on the form', (locale) => {
    i18n.activate(locale)
    const nationalIdText = (nationality: string) => fieldText(i18n, 'nationalId', 'invalid', { nationality })
    render(
      <I18nProvider i18n={i18n}>
        <PersonForm kind="participant" initial={{ nationality: 'RU', nationalId: 'X' }} errors={{ nationalId: 'never shown' }} nationalIdText={nationalIdText} busy={false} onSubmit={() => {}} />
      </I18nProvider>,
    )
    expect(document.body.textContent).toContain(PASSPORT[locale])
    expect(document.body.textContent).not.toContain(TCKN[locale])
    fireEvent.change(document.querySelector('select[name="nationality"]')!, { target: { value: 'TR' } })
    expect(document.body.textContent).toContain(TCKN[locale])
    expect(document.body.textContent).not.toContain(PASSPORT[locale])
  })
})
