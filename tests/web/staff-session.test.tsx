import { act, cleanup, render, screen } from '@testing-library/react'
import { I18nProvider } from '@lingui/react'
import { i18n } from '@lingui/core'
import { useRef, type ReactNode } from 'react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { messages as tr } from '../../src/locales/tr/messages.po'
import { InactivityDialog } from '../../src/web/components/InactivityDialog.tsx'
import { useDocumentTitle } from '../../src/web/components/useDocumentTitle.ts'
import { useHeadingFocus } from '../../src/web/components/useHeadingFocus.ts'
import { isInWarning } from '../../src/web/flows/session.ts'
import { browserLocale } from '../../src/web/i18n/index.ts'

function wrap(node: ReactNode) {
  return render(<I18nProvider i18n={i18n}>{node}</I18nProvider>)
}

beforeAll(() => {
  i18n.load({ tr })
  i18n.activate('tr')
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) { this.setAttribute('open', '') }
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) { this.removeAttribute('open') }
})
afterEach(() => cleanup())

describe('the inactivity warning and the activity watcher (issue 10 item 2)', () => {
  function openWarning() {
    wrap(<><button type="button">page</button><InactivityDialog open secondsLeft={20} onStay={() => {}} onLogout={() => {}} /></>)
    const dialog = document.querySelector('dialog')!
    dialog.getBoundingClientRect = () => ({ left: 100, top: 100, right: 400, bottom: 300, width: 300, height: 200, x: 100, y: 100, toJSON: () => ({}) })
    return dialog
  }
  const on = (target: EventTarget, event: Event) => {
    let result: boolean | null = null
    target.addEventListener(event.type, (e) => { result = isInWarning(e) }, { once: true })
    target.dispatchEvent(event)
    return result
  }

  it('pointer and keys on its own buttons are "in the warning"', () => {
    openWarning()
    const logout = screen.getByRole('button', { name: 'Çıkış Yap' })
    expect(on(logout, new MouseEvent('pointermove', { bubbles: true, clientX: 200, clientY: 250 }))).toBe(true)
    expect(on(logout, new MouseEvent('pointerdown', { bubbles: true, clientX: 200, clientY: 250 }))).toBe(true)
    expect(on(logout, new KeyboardEvent('keydown', { key: 'Tab', bubbles: true }))).toBe(true)
  })

  it('a press inside its box is in the warning; a press or wheel on its backdrop (outside the box) and a scroll are not', () => {
    const dialog = openWarning()
    expect(on(dialog, new MouseEvent('pointerdown', { clientX: 150, clientY: 150 }))).toBe(true)
    expect(on(dialog, new MouseEvent('pointerdown', { clientX: 20, clientY: 20 }))).toBe(false)
    expect(on(dialog, new WheelEvent('wheel', { clientX: 20, clientY: 20 }))).toBe(false)
    expect(on(screen.getByRole('button', { name: 'page', hidden: true }), new MouseEvent('pointerdown', { bubbles: true }))).toBe(false)
    expect(on(document, new Event('scroll'))).toBe(false)
  })

  it('a pointer move while it is open, even over the backdrop, is on the way to its buttons: no dismissal', () => {
    const dialog = openWarning()
    expect(on(dialog, new MouseEvent('pointermove', { clientX: 20, clientY: 20 }))).toBe(true)
    expect(on(document, new MouseEvent('pointermove', { clientX: 20, clientY: 20 }))).toBe(true)
  })

  it('nothing is "in the warning" while it is closed', () => {
    wrap(<InactivityDialog open={false} secondsLeft={20} onStay={() => {}} onLogout={() => {}} />)
    const logout = screen.getByRole('button', { name: 'Çıkış Yap', hidden: true })
    expect(on(logout, new MouseEvent('pointerdown', { bubbles: true }))).toBe(false)
    expect(on(document, new MouseEvent('pointermove', { clientX: 20, clientY: 20 }))).toBe(false)
  })
})

describe('the language of a first visit (issue 10 item 7)', () => {
  it('follows the browser: ru-RU Russian, en-* English, anything else Turkish', () => {
    expect(browserLocale(['ru-RU', 'ru'])).toBe('ru')
    expect(browserLocale(['en-GB'])).toBe('en')
    expect(browserLocale(['EN-us'])).toBe('en')
    expect(browserLocale(['tr-TR', 'en-US'])).toBe('tr')
    expect(browserLocale(['de-DE'])).toBe('tr')
    expect(browserLocale([])).toBe('tr')
    expect(browserLocale(['de-DE', 'en-US'])).toBe('en')
  })
})

describe('page titles and heading focus (issue 10 item 7)', () => {
  it('a page sets its own document title and gives the previous one back', () => {
    document.title = 'Katılım Emeklilik | Bireysel Emeklilik (BES)'
    function Page({ title }: { title: string }) {
      useDocumentTitle(title)
      return null
    }
    const { rerender, unmount } = wrap(<Page title="Personel Girişi" />)
    expect(document.title).toBe('Personel Girişi | Katılım Emeklilik')
    rerender(<I18nProvider i18n={i18n}><Page title="Staff sign-in" /></I18nProvider>)
    expect(document.title).toBe('Staff sign-in | Katılım Emeklilik')
    unmount()
    expect(document.title).toBe('Katılım Emeklilik | Bireysel Emeklilik (BES)')
  })

  it('a page leaving after the next one set its title does not undo it', () => {
    function Page({ title }: { title: string }) {
      useDocumentTitle(title)
      return null
    }
    const old = wrap(<Page title="Ana sayfa" />)
    const next = wrap(<Page title="İyi günler" />)
    old.unmount()
    expect(document.title).toBe('İyi günler | Katılım Emeklilik')
    next.unmount()
  })

  function Shell({ path, children }: { path: string; children: ReactNode }) {
    const main = useRef<HTMLElement>(null)
    useHeadingFocus(main, path)
    return <main ref={main}>{children}</main>
  }

  it('moves the focus to the page heading on every path, also when the heading comes later', async () => {
    const { rerender } = wrap(<Shell path="/a"><h1>Şirket Ayarları</h1></Shell>)
    expect(document.activeElement?.textContent).toBe('Şirket Ayarları')
    expect(document.activeElement?.getAttribute('tabindex')).toBe('-1')
    rerender(<I18nProvider i18n={i18n}><Shell path="/b"><p>yükleniyor</p></Shell></I18nProvider>)
    expect(document.activeElement?.tagName).not.toBe('H1')
    await act(async () => {
      rerender(<I18nProvider i18n={i18n}><Shell path="/b"><h1>Ana sayfa</h1></Shell></I18nProvider>)
      await new Promise((r) => setTimeout(r, 0))
    })
    expect(document.activeElement?.textContent).toBe('Ana sayfa')
  })
})
