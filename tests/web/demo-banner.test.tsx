import { act, cleanup, render, screen } from '@testing-library/react'
import { I18nProvider } from '@lingui/react'
import { i18n } from '@lingui/core'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { messages as en } from '../../src/locales/en/messages.po'
import { messages as ru } from '../../src/locales/ru/messages.po'
import { messages as tr } from '../../src/locales/tr/messages.po'
import { DemoBanner } from '../../src/web/components/DemoBanner.tsx'
import type { CaughtMessages } from '../../src/web/config.ts'

function show(caught: CaughtMessages, locale: 'tr' | 'en' | 'ru', landmark = false) {
  act(() => i18n.activate(locale))
  return render(<I18nProvider i18n={i18n}><DemoBanner caught={caught} landmark={landmark} /></I18nProvider>)
}

beforeAll(() => i18n.load({ tr, en, ru }))
afterEach(() => cleanup())

describe('the demo banner (messages caught by the built-in catchers)', () => {
  it.each<[CaughtMessages, 'tr' | 'en' | 'ru', string]>([
    [{ mail: true, sms: true }, 'tr', "Demo: mesajlar gönderilmez, yakalanır. SMS'ler ve (şirketin e-posta sunucusu tanımlanana kadar) e-postalar bu sunucuda kalır."],
    [{ mail: true, sms: true }, 'en', "Demo: messages are caught, not sent. Text messages and (until the company's mail server is set) e-mail stay on this server."],
    [{ mail: true, sms: true }, 'ru', 'Демо: сообщения перехватываются, а не отправляются. SMS и (пока не задан почтовый сервер компании) электронные письма остаются на этом сервере.'],
    [{ mail: false, sms: true }, 'en', 'Demo: messages are caught, not sent. Text messages stay on this server.'],
    [{ mail: false, sms: true }, 'ru', 'Демо: сообщения перехватываются, а не отправляются. SMS остаются на этом сервере.'],
    [{ mail: true, sms: false }, 'tr', 'Demo: mesajlar gönderilmez, yakalanır. E-postalar, şirketin e-posta sunucusu tanımlanana kadar bu sunucuda kalır.'],
    [{ mail: true, sms: false }, 'en', "Demo: messages are caught, not sent. E-mail stays on this server until the company's mail server is set."],
  ])('%o in %s says what stays on the server', (caught, locale, text) => {
    show(caught, locale)
    const note = screen.getByRole('note')
    expect(note.textContent).toBe(text)
  })

  it('is a labelled complementary landmark above a page header', () => {
    show({ mail: true, sms: true }, 'en', true)
    const region = screen.getByRole('complementary', { name: 'Demo server' })
    expect(region.textContent).toContain('Demo: messages are caught, not sent.')
  })

  it('is not shown when the server sends both', () => {
    show({ mail: false, sms: false }, 'tr')
    expect(screen.queryByTestId('demo-banner')).toBeNull()
    show({ mail: false, sms: false }, 'en', true)
    expect(screen.queryByTestId('demo-banner')).toBeNull()
  })
})
