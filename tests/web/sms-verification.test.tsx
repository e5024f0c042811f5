import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { I18nProvider } from '@lingui/react'
import { i18n } from '@lingui/core'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { smsVerificationMachine } from '../../machines/sms-verification/sms-verification.machine.ts'
import { messages as en } from '../../src/locales/en/messages.po'
import { messages as ru } from '../../src/locales/ru/messages.po'
import { messages as tr } from '../../src/locales/tr/messages.po'
import { SmsVerificationView } from '../../src/web/views/sales/SmsVerificationView.tsx'

const err = (code: string, extra: Record<string, unknown> = {}) => Object.assign(new Error(code), { code, ...extra })

function start(opts: { send?: () => Promise<unknown>; verify?: (code: string) => Promise<unknown> } = {}) {
  const machine = smsVerificationMachine.provide({
    actors: {
      sendCode: fromPromise(async () => (opts.send ? opts.send() : { expiresInS: 120, resendAfterS: 60 })) as never,
      verifyCode: fromPromise(async ({ input }: { input: { code: string } }) => (opts.verify ? opts.verify(input.code) : { ticket: 't' })) as never,
    },
  })
  const actor = createActor(machine, { input: { purpose: 'tss' } }).start()
  render(<I18nProvider i18n={i18n}><SmsVerificationView actor={actor} /></I18nProvider>)
  return actor
}

async function typeAndSubmit(label: string, value: string) {
  const input = screen.getByLabelText(label)
  fireEvent.change(input, { target: { value } })
  await act(async () => {
    fireEvent.submit(input.closest('form')!)
    await new Promise((ok) => setTimeout(ok, 0))
  })
}

beforeAll(() => {
  i18n.load({ tr, en, ru })
  i18n.activate('tr')
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
  act(() => i18n.activate('tr'))
})

describe('SMS verification screen', () => {
  it('refuses a landline, then shows the code step with the 2:00 countdown counting down', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    start()
    await typeAndSubmit('Cep telefonu', '0212 123 45 67')
    expect(screen.getByRole('alert').textContent).toBe('Lütfen 05 ile başlayan geçerli bir cep telefonu numarası giriniz')
    await typeAndSubmit('Cep telefonu', '0532 123 45 67')
    expect(screen.getByText('+905321234567 numarasına gönderilen 6 haneli kodu giriniz.')).toBeTruthy()
    expect(screen.getByText('2:00')).toBeTruthy()
    expect((screen.getByRole('button', { name: /Yeni kod gönder/ }) as HTMLButtonElement).disabled).toBe(true)
    await act(async () => { vi.advanceTimersByTime(5_000) })
    expect(screen.getByText('1:55')).toBeTruthy()
  })

  it('shows the spec\'s wrong-code text with the attempts left, in English too', async () => {
    act(() => i18n.activate('en'))
    start({ verify: async () => { throw err('SMS_CODE_WRONG', { attemptsLeft: 3 }) } })
    await typeAndSubmit('Mobile phone', '05321234567')
    await typeAndSubmit('Verification code', '111111')
    expect(screen.getByRole('alert').textContent).toBe('Incorrect random number generated !!! Attempts left: 3')
  })

  it('shows the spec\'s send-failure text', async () => {
    act(() => i18n.activate('en'))
    start({ send: async () => { throw err('SMS_SEND_FAILED') } })
    await typeAndSubmit('Mobile phone', '05321234567')
    expect(screen.getByRole('alert').textContent).toBe('Error on sending SMS Message')
  })

  it.each([
    ['tr', 'Cep telefonu', 'Doğrulama kodu', 'Hatalı doğrulama kodu girildi !!! Kalan deneme hakkı: 3', 'SMS mesajı gönderilirken hata oluştu'],
    ['ru', 'Мобильный телефон', 'Код подтверждения', 'Введён неверный код подтверждения !!! Осталось попыток: 3', 'Ошибка при отправке SMS-сообщения'],
  ] as const)('tells Turkish and Russian readers the two SMS failures in their language, not the spec\'s English (issue 24 item 6): %s', async (locale, phoneLabel, codeLabel, wrong, failed) => {
    act(() => i18n.activate(locale))
    start({ verify: async () => { throw err('SMS_CODE_WRONG', { attemptsLeft: 3 }) } })
    await typeAndSubmit(phoneLabel, '05321234567')
    await typeAndSubmit(codeLabel, '111111')
    expect(screen.getByRole('alert').textContent).toBe(wrong)
    cleanup()
    start({ send: async () => { throw err('SMS_SEND_FAILED') } })
    await typeAndSubmit(phoneLabel, '05321234567')
    expect(screen.getByRole('alert').textContent).toBe(failed)
  })

  it('says until when a locked-out number must wait', async () => {
    start({ send: async () => { throw err('SMS_LOCKED', { lockedUntil: '2026-03-02T09:10:00.000Z', retryAfterS: 300 }) } })
    await typeAndSubmit('Cep telefonu', '05321234567')
    const when = new Intl.DateTimeFormat('tr', { day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit' }).format(new Date('2026-03-02T09:10:00.000Z'))
    expect(screen.getByRole('alert').textContent).toBe(`Bu numara için çok fazla kod istendi. Yeniden kod isteyebileceğiniz zaman: ${when}`)
    expect((screen.getByRole('button', { name: 'Kod Gönder' }) as HTMLButtonElement).disabled).toBe(true)
  })

  it('confirms a verified number (Russian)', async () => {
    act(() => i18n.activate('ru'))
    const actor = start()
    await typeAndSubmit('Мобильный телефон', '05321234567')
    await typeAndSubmit('Код подтверждения', '123456')
    expect(actor.getSnapshot().status).toBe('done')
    expect(screen.getByRole('status').textContent).toBe('Ваш номер телефона подтверждён.')
  })
})
