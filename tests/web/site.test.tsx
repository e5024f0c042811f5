import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { I18nProvider } from '@lingui/react'
import { i18n } from '@lingui/core'
import type { ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { messages as en } from '../../src/locales/en/messages.po'
import { messages as ru } from '../../src/locales/ru/messages.po'
import { messages as tr } from '../../src/locales/tr/messages.po'
import { Clock } from '../../src/web/components/Clock.tsx'
import { CookieNotice } from '../../src/web/components/CookieNotice.tsx'
import { SiteHeader } from '../../src/web/components/SiteHeader.tsx'
import { Calculator } from '../../src/web/components/landing/Calculator.tsx'

function wrap(node: ReactNode) {
  return render(<I18nProvider i18n={i18n}>{node}</I18nProvider>)
}

beforeAll(() => {
  i18n.load({ tr, en, ru })
  i18n.activate('tr')
})
afterEach(() => {
  cleanup()
  localStorage.clear()
  act(() => i18n.activate('tr'))
})

describe('Clock', () => {
  it('renders no time on the server (the prerendered HTML carries no build time)', () => {
    const html = renderToString(<I18nProvider i18n={i18n}><Clock /></I18nProvider>)
    expect(html).toMatch(/^<time[^>]*><\/time>$/)
    expect(html).not.toContain('datetime')
  })

  it('shows the current time as soon as it is mounted in the browser', () => {
    wrap(<Clock />)
    const time = screen.getByTestId('clock')
    const at = Date.parse(time.getAttribute('datetime') ?? '')
    expect(Math.abs(Date.now() - at)).toBeLessThan(2000)
    expect(time.textContent).not.toBe('')
  })
})

describe('Calculator', () => {
  const note = (label: RegExp) => {
    const input = screen.getByLabelText(label)
    return { input, text: document.getElementById(input.getAttribute('aria-describedby')!)!.textContent }
  }

  it('says next to the field when a value is outside the allowed range, and what it computed with', () => {
    wrap(<Calculator />)
    expect(note(/süre/).text).toBe('')
    fireEvent.change(screen.getByLabelText(/süre/), { target: { value: '200' } })
    const years = note(/süre/)
    expect(years.text).toBe('İzin verilen aralık 1 ile 60 arasıdır; hesaplama 60 ile yapıldı.')
    expect(years.input.getAttribute('aria-invalid')).toBe('true')
    fireEvent.change(screen.getByLabelText(/Aylık katkı/), { target: { value: '-5' } })
    expect(note(/Aylık katkı/).text).toBe('İzin verilen aralık ₺0 ile ₺1.000.000 arasıdır; hesaplama ₺0 ile yapıldı.')
    fireEvent.change(screen.getByLabelText(/reel getiri/), { target: { value: '80' } })
    expect(note(/reel getiri/).text).toBe('İzin verilen aralık -%50 ile %50 arasıdır; hesaplama %50 ile yapıldı.')
    fireEvent.change(screen.getByLabelText(/süre/), { target: { value: '30' } })
    expect(note(/süre/).text).toBe('')
    expect(note(/süre/).input.hasAttribute('aria-invalid')).toBe(false)
  })

  it('says it in English and Russian too', () => {
    act(() => i18n.activate('en'))
    wrap(<Calculator />)
    fireEvent.change(screen.getByLabelText(/Years/), { target: { value: '0' } })
    expect(note(/Years/).text).toBe('The allowed range is 1 to 60; the calculation uses 1.')
    cleanup()
    act(() => i18n.activate('ru'))
    wrap(<Calculator />)
    fireEvent.change(screen.getByLabelText(/лет/), { target: { value: '75' } })
    expect(note(/лет/).text).toBe('Допустимый диапазон: от 1 до 60; в расчёте использовано 60.')
  })
})

describe('SiteHeader menus', () => {
  const header = () => wrap(<SiteHeader mainSite={(p) => p} onLocaleChange={() => {}} />)

  it('has a menu button that discloses the navigation, and Escape closes it with focus back on the button', () => {
    header()
    const button = screen.getByRole('button', { name: 'Menü' })
    expect(button.getAttribute('aria-expanded')).toBe('false')
    for (const id of button.getAttribute('aria-controls')!.split(' ')) expect(document.getElementById(id)).not.toBeNull()
    fireEvent.click(button)
    expect(button.getAttribute('aria-expanded')).toBe('true')
    expect(document.querySelector('header')!.className).toMatch(/open/)
    screen.getByRole('link', { name: 'Erken BES' }).focus()
    fireEvent.keyDown(document, { key: 'Escape' })
    expect(button.getAttribute('aria-expanded')).toBe('false')
    expect(document.activeElement).toBe(button)
  })

  it('closes an open product menu on a tap elsewhere, and on Escape', () => {
    header()
    const menu = screen.getByText('Birikim', { selector: 'summary' }).parentElement as HTMLDetailsElement
    menu.open = true
    fireEvent.pointerDown(menu.querySelector('a')!)
    expect(menu.open).toBe(true)
    fireEvent.pointerDown(document.body)
    expect(menu.open).toBe(false)
    menu.open = true
    fireEvent.keyDown(document, { key: 'Escape' })
    expect(menu.open).toBe(false)
    expect(document.activeElement).toBe(menu.querySelector('summary'))
  })

  it('closes the phone menu on a tap outside the header', () => {
    header()
    const button = screen.getByRole('button', { name: 'Menü' })
    fireEvent.click(button)
    fireEvent.pointerDown(screen.getByRole('link', { name: 'Erken BES' }))
    expect(button.getAttribute('aria-expanded')).toBe('true')
    fireEvent.pointerDown(document.body)
    expect(button.getAttribute('aria-expanded')).toBe('false')
  })
})

describe('CookieNotice', () => {
  const clearCookie = () => { document.cookie = 'cookieNotice=; Path=/; Max-Age=0' }
  it('shows at the first render (it is in the prerendered markup), says only necessary storage is used, and stays closed once dismissed: a cookie the server reads', () => {
    clearCookie()
    wrap(<CookieNotice />)
    const notice = screen.getByRole('region', { name: 'Çerez bildirimi' })
    expect(notice.hasAttribute('data-cookie-notice')).toBe(true)
    expect(notice.textContent).toContain('yalnızca çalışması için zorunlu depolamayı kullanır')
    expect(screen.getByRole('link', { name: 'Ayrıntılar' }).getAttribute('href')).toBe('/kvkk-aydinlatma-metni#cerezler')
    fireEvent.click(screen.getByRole('button', { name: 'Anladım' }))
    expect(screen.queryByRole('region', { name: 'Çerez bildirimi' })).toBeNull()
    expect(document.cookie).toContain('cookieNotice=dismissed')
    cleanup()
    wrap(<CookieNotice />)
    expect(screen.queryByRole('region', { name: 'Çerez bildirimi' })).toBeNull()
    clearCookie()
  })

  it('carries a dismissal an older version kept in local storage over to the cookie', async () => {
    clearCookie()
    localStorage.setItem('cookieNotice', 'dismissed')
    wrap(<CookieNotice />)
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Çerez bildirimi' })).toBeNull())
    expect(document.cookie).toContain('cookieNotice=dismissed')
    expect(localStorage.getItem('cookieNotice')).toBeNull()
    clearCookie()
  })
})
