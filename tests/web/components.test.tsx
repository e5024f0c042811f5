import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { I18nProvider } from '@lingui/react'
import { i18n } from '@lingui/core'
import type { ReactNode } from 'react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { messages as en } from '../../src/locales/en/messages.po'
import { messages as tr } from '../../src/locales/tr/messages.po'
import { Field } from '../../src/web/components/Field.tsx'
import { InactivityDialog } from '../../src/web/components/InactivityDialog.tsx'
import { LanguageSelector } from '../../src/web/components/LanguageSelector.tsx'

function wrap(node: ReactNode) {
  return render(<I18nProvider i18n={i18n}>{node}</I18nProvider>)
}

beforeAll(() => {
  i18n.load({ tr, en })
  i18n.activate('tr')
  // jsdom has <dialog> but not its modal methods
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) { this.setAttribute('open', '') }
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) { this.removeAttribute('open') }
})
afterEach(() => {
  cleanup()
  act(() => i18n.activate('tr'))
})

describe('Field', () => {
  it('labels its input and ties the error to it for screen readers', () => {
    wrap(<Field label="Kullanıcı adı" name="username" error="Değer girmelisiniz" hint="ipucu" />)
    const input = screen.getByLabelText('Kullanıcı adı')
    expect(input.getAttribute('name')).toBe('username')
    expect(input.getAttribute('aria-invalid')).toBe('true')
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toBe('Değer girmelisiniz')
    expect(input.getAttribute('aria-describedby')).toContain(alert.id)
  })

  it('is not marked invalid without an error', () => {
    wrap(<Field label="Şifre" name="password" type="password" />)
    expect(screen.getByLabelText('Şifre').hasAttribute('aria-invalid')).toBe(false)
    expect(screen.queryByRole('alert')).toBeNull()
  })
})

describe('LanguageSelector', () => {
  it('offers tr, en and ru, lists de, es, es-MX and fr as labels only, and reports a choice', () => {
    const onChange = vi.fn()
    wrap(<LanguageSelector onChange={onChange} />)
    const select = screen.getByLabelText('Dil') as HTMLSelectElement
    const options = [...select.options]
    expect(options.filter((o) => !o.disabled).map((o) => o.value)).toEqual(['tr', 'en', 'ru'])
    expect(options.filter((o) => o.disabled).map((o) => o.value)).toEqual(['de', 'es', 'es-MX', 'fr'])
    fireEvent.change(select, { target: { value: 'en' } })
    expect(onChange).toHaveBeenCalledWith('en')
  })
})

describe('InactivityDialog ("Are You Still There?")', () => {
  it('shows the countdown, keeps the session on Escape instead of closing, and logs out on request', () => {
    const onStay = vi.fn()
    const onLogout = vi.fn()
    const { rerender } = wrap(<InactivityDialog open secondsLeft={27} onStay={onStay} onLogout={onLogout} />)
    const dialog = screen.getByRole('dialog', { hidden: true })
    expect(dialog.hasAttribute('open')).toBe(true)
    expect(dialog.textContent).toContain('Hâlâ orada mısınız?')
    expect(dialog.textContent).toContain('27 saniye içinde kilitlenecek')
    const cancel = new Event('cancel', { cancelable: true })
    dialog.dispatchEvent(cancel)
    expect(cancel.defaultPrevented).toBe(true)
    expect(onStay).toHaveBeenCalledTimes(1)
    fireEvent.click(screen.getByRole('button', { name: 'Çıkış Yap', hidden: true }))
    expect(onLogout).toHaveBeenCalledTimes(1)
    rerender(<I18nProvider i18n={i18n}><InactivityDialog open={false} secondsLeft={0} onStay={onStay} onLogout={onLogout} /></I18nProvider>)
    expect(dialog.hasAttribute('open')).toBe(false)
  })

  it('speaks English when English is active', () => {
    act(() => i18n.activate('en'))
    wrap(<InactivityDialog open secondsLeft={5} onStay={() => {}} onLogout={() => {}} />)
    expect(screen.getByRole('dialog', { hidden: true }).textContent).toContain('Are You Still There?')
  })
})
