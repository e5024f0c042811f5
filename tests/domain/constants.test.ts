import { describe, expect, it } from 'vitest'
import * as domain from '../../src/domain/index.ts'
import { effectiveCurrency } from '../../src/domain/company.ts'

describe('constants of spec 9', () => {
  it.each<[string, unknown]>([
    ['REQUEST_TIMEOUT_MS', 60000], ['TOAST_DURATION_MS', 5000], ['LOCK_EXPIRY_S', 1800], ['INACTIVE_USER_THRESHOLD_MS', 600000],
    ['ACTIVITY_THROTTLE_MS', 120000], ['LOGOUT_WAIT_MS', 1800000], ['TIME_TO_LOCK_MS', 30000], ['SMS_CODE_LENGTH', 6],
    ['SMS_CODE_VALIDITY_S', 120], ['ADULT_AGE', 18], ['MAX_AGE', 100], ['AGE_WINDOW_YEARS', 69], ['NEWBORN_LIMIT_DAYS', 15],
    ['TCKN_LENGTH', 11], ['CARD_MASK_DEFAULT', '0000 0000 0000 0000'], ['BIN_LENGTH', 6], ['BANK_CODE_LENGTH', 4],
    ['INSTALLMENT_MIN', 1], ['INSTALLMENT_MAX', 24], ['DEFAULT_INSTALLMENT', '1'], ['DEFAULT_AMOUNT', '1'],
    ['DEFAULT_TRX_TYPE', 'P01'], ['THREE_D_TRX_TYPES', ['P01', 'S01']], ['PROVISION_TRX_TYPES', ['P01', 'P02']],
    ['CARD_COLORS', ['grey', 'green', 'lime', 'orange', 'purple', 'red', 'yellow', 'lightblue', 'cyan']],
    ['PLAN_PRICES', { earlyBes: 100, practical: 150, affordable: 235, beautiful: 2235, special: 940, comfortable: 155, valuable: 465 }],
    ['CURRENCY_BY_LOCALE', { en: 'USD', tr: 'TRY' }], ['CURRENCY_DECIMALS', 2], ['DEFAULT_TIMEZONE', 'Europe/Istanbul'],
    ['DEFAULT_LOCALE', 'tr'], ['CLIENT_VERSION', '1.1.02'], ['SMTP_SUGGESTED_PORT', 587], ['STATE_CONTRIBUTION_RATE', 0.25],
    ['AUTO_ENROLMENT_EXTRA_TL', 1000], ['AUTO_ENROLMENT_OPT_OUT_MONTHS', 2], ['RETIREMENT_MIN_YEARS', 10], ['RETIREMENT_MIN_AGE', 56],
    ['OUTPATIENT_VISITS', [8, 10, 12]], ['NAME_MAX_LENGTH', 40], ['BANK_CODE_MAX', 10], ['CURR_CODE_MAX', 10], ['INITIALS_MAX_WORDS', 3],
  ])('%s = %j', (name, value) => {
    expect((domain as Record<string, unknown>)[name]).toEqual(value)
  })

  it('TRX_TYPES in order with their Turkish names (the one source of those names, as catalog entries)', () => {
    expect(domain.TRX_TYPES.map((t) => ({ code: t.code, name: t.name.message }))).toEqual([
      { code: 'P01', name: '3D Provizyon' },
      { code: 'S01', name: '3D Satış' },
      { code: 'P02', name: 'Normal Provizyon' },
      { code: 'S02', name: 'Normal Satış' },
      { code: 'T01', name: 'İptal' },
      { code: 'T02', name: 'İade' },
    ])
    for (const t of domain.TRX_TYPES) expect(t.name.id).toBe(`TRX_${t.code}`)
  })
})

describe('messages', () => {
  it.each([
    ['number.required', 'Kredi kartı numarası girmelisiniz'],
    ['name.required', 'Kredi kartı üzerinde yazan ad-soyadı girmelisiniz'],
    ['cvc.required', 'Kartınızın arka yüzündeki kod girmelisiniz'],
    ['expiry.required', 'Kredi kartınızın geçerlilik tarihini girmelisiniz'],
    ['bankcode.required', 'Banka Kodu girmelisiniz'],
    ['currcode.required', 'Para birimi girmelisiniz'],
    ['amount.required', 'İşlem tutarı girmelisiniz'],
    ['installment.required', 'Taksit adedini seçmelisiniz'],
    ['trxtype.required', 'İşlem tipini seçmelisiniz'],
    ['expiry.invalid', 'Girilen geçerlilik tarihini kontrol ediniz.'],
    ['number.binRejected', 'Girdiğiniz kredi kartı numarası geçerli değil'],
  ] as const)('card form %s: spec text', (code, text) => {
    expect(domain.CARD_FORM_MESSAGES[code]).toBe(text)
    expect(domain.SPEC_CARD_FORM_MESSAGE_CODES).toContain(code)
  })

  it.each([
    ['required', 'Value is required', 'Değer girmelisiniz'],
    ['requiredSelection', 'Choose a value', 'Değer seçmelisiniz'],
    ['email', 'Value is not a valid email address', 'Girilen değer geçerli bir email adresi değil'],
    ['validToRequired', 'Choose Valid-To date for other role(s)', 'Atama Geçerlilik Tarihini Belirleyin !'],
    ['passwordMismatch', 'Re-entered value not match with new password', null],
    ['passwordSameAsOld', 'New password can not be the same as old password', null],
    ['smsCode', 'Incorrect random number generated !!!', null],
  ] as const)('%s', (code, en, tr) => {
    expect(domain.VALIDATION_MESSAGES[code].en).toBe(en)
    if (tr) expect(domain.VALIDATION_MESSAGES[code].tr).toBe(tr)
    else expect(domain.VALIDATION_MESSAGES[code].tr.length).toBeGreaterThan(0)
  })
})

describe('the currency the product proposes (spec 9, issue 12)', () => {
  it.each([
    ['LANGUAGE', 'en', 'USD'], ['LANGUAGE', 'tr', 'TRY'], ['LANGUAGE', 'ru', 'TRY'], [null, 'en', 'USD'],
    ['EUR', 'en', 'EUR'], ['EUR', 'tr', 'EUR'], ['TRY', 'en', 'TRY'], ['USD', 'tr', 'USD'], ['XYZ', 'en', 'USD'],
  ] as const)('company setting %s, language %s: %s', (setting, locale, currency) => {
    expect(effectiveCurrency(setting, locale)).toBe(currency)
  })
})
