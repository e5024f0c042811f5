import { cleanup, render, waitFor } from '@testing-library/react'
import { I18nProvider } from '@lingui/react'
import { i18n } from '@lingui/core'
import type { ReactNode } from 'react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { messages as tr } from '../../src/locales/tr/messages.po'

const call = vi.fn()
const toast = vi.fn()
vi.mock('../../src/web/api/client.ts', () => ({ call: (...args: unknown[]) => call(...args) }))
vi.mock('react-hot-toast', () => ({ default: (...args: unknown[]) => toast(...args) }))

const { PasswordExpiryWarning } = await import('../../src/web/views/staff/PasswordExpiryWarning.tsx')

const wrapper = ({ children }: { children: ReactNode }) => <I18nProvider i18n={i18n}>{children}</I18nProvider>
const tasks = (password: unknown) => ({ lockedAccounts: [], expiringRoles: [], password })

beforeAll(() => {
  i18n.load({ tr })
  i18n.activate('tr')
})
beforeEach(() => {
  sessionStorage.clear()
  localStorage.clear()
  call.mockReset()
  toast.mockReset()
})
afterEach(() => cleanup())

describe('password expiry warning after sign-in', () => {
  it('warns once per sign-in when the password expires within the window', async () => {
    call.mockResolvedValue(tasks({ expiresAt: '2026-12-01T00:00:00Z', daysLeft: 5, warn: true }))
    render(<PasswordExpiryWarning />, { wrapper })
    await waitFor(() => expect(toast).toHaveBeenCalledTimes(1))
    expect(toast.mock.calls[0]![0]).toBe('Şifrenizin süresi 5 gün içinde doluyor. Profilinizden değiştirebilirsiniz.')
    expect(call).toHaveBeenCalledWith('/tasks', { authenticated: true, signal: expect.any(AbortSignal) })
    // the same sign-in, another page: no second call, no second toast
    render(<PasswordExpiryWarning />, { wrapper })
    await new Promise((r) => setTimeout(r, 10))
    expect(call).toHaveBeenCalledTimes(1)
    expect(toast).toHaveBeenCalledTimes(1)
  })

  it('says nothing outside the window', async () => {
    call.mockResolvedValue(tasks(null))
    render(<PasswordExpiryWarning />, { wrapper })
    await waitFor(() => expect(call).toHaveBeenCalledTimes(1))
    await new Promise((r) => setTimeout(r, 10))
    expect(toast).not.toHaveBeenCalled()
  })
})
