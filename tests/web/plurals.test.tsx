import { cleanup, render, screen, waitFor } from '@testing-library/react'
import { I18nProvider } from '@lingui/react'
import { i18n } from '@lingui/core'
import type { ReactNode } from 'react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { messages as en } from '../../src/locales/en/messages.po'
import { messages as ru } from '../../src/locales/ru/messages.po'
import { messages as tr } from '../../src/locales/tr/messages.po'

/** Issue 26 item 7: a count shown with a noun goes through Lingui's plural, in each language's forms. */
const call = vi.fn()
const toast = vi.fn()
vi.mock('../../src/web/api/client.ts', () => ({ call: (...args: unknown[]) => call(...args) }))
vi.mock('react-hot-toast', () => ({ default: (...args: unknown[]) => toast(...args) }))

const { BulkStatus } = await import('../../src/web/views/admin/users/UsersListView.tsx')
const { PasswordExpiryWarning } = await import('../../src/web/views/staff/PasswordExpiryWarning.tsx')

const wrapper = ({ children }: { children: ReactNode }) => <I18nProvider i18n={i18n}>{children}</I18nProvider>
const selection = (n: number) => new Map(Array.from({ length: n }, (_, i) => [`u${i}`, `user${i}`]))

beforeAll(() => i18n.load({ tr, en, ru }))
afterEach(() => cleanup())

describe('counts with plurals', () => {
  it.each([
    ['tr', 1, '1 kullanıcı seçildi'],
    ['tr', 2, '2 kullanıcı seçildi'],
    ['en', 1, '1 user selected'],
    ['en', 2, '2 users selected'],
    ['en', 21, '21 users selected'],
    ['ru', 1, 'Выбран 1 пользователь'],
    ['ru', 2, 'Выбрано 2 пользователя'],
    ['ru', 5, 'Выбрано 5 пользователей'],
    ['ru', 21, 'Выбран 21 пользователь'],
    ['ru', 11, 'Выбрано 11 пользователей'],
  ] as const)('the users list\'s bulk bar in %s with %i selected says "%s"', (locale, n, text) => {
    i18n.activate(locale)
    render(<BulkStatus selected={selection(n)} onDone={() => {}} />, { wrapper })
    expect(screen.getByRole('status').textContent).toBe(text)
  })

  it.each([
    ['en', 1, 'Your password expires in 1 day. You can change it from your profile.'],
    ['en', 5, 'Your password expires in 5 days. You can change it from your profile.'],
    ['ru', 1, 'Срок действия пароля истекает через 1 день. Его можно сменить в профиле.'],
    ['ru', 2, 'Срок действия пароля истекает через 2 дня. Его можно сменить в профиле.'],
    ['ru', 5, 'Срок действия пароля истекает через 5 дней. Его можно сменить в профиле.'],
    ['ru', 21, 'Срок действия пароля истекает через 21 день. Его можно сменить в профиле.'],
  ] as const)('the password expiry warning in %s with %i days left says "%s"', async (locale, days, text) => {
    i18n.activate(locale)
    sessionStorage.clear()
    toast.mockReset()
    call.mockResolvedValue({ lockedAccounts: [], expiringRoles: [], password: { expiresAt: '2026-12-01T00:00:00Z', daysLeft: days, warn: true } })
    render(<PasswordExpiryWarning />, { wrapper })
    await waitFor(() => expect(toast).toHaveBeenCalledTimes(1))
    expect(toast.mock.calls[0]![0]).toBe(text)
  })
})
