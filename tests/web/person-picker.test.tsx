import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { I18nProvider } from '@lingui/react'
import { i18n } from '@lingui/core'
import { useState } from 'react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { messages as en } from '../../src/locales/en/messages.po'
import { messages as tr } from '../../src/locales/tr/messages.po'
import { PersonPicker } from '../../src/web/views/admin/PersonPicker.tsx'

/**
 * Issue 25 item 7: the audit log's person picker (src/web/views/admin/PersonPicker.tsx on the search
 * statechart): a labelled combobox that asks GET /audit/people after a pause in typing, is chosen
 * with the keyboard, names the chosen person ("Ad Soyad (kullanıcı adı)") from an id alone (a
 * reload), and clears.
 */
type Call = { path: string; query?: Record<string, string> }
const calls: Call[] = []
const MEHMET = { id: '6f1b2c3d-0000-4000-8000-000000000001', username: 'mehmet.demir', firstName: 'Mehmet', lastName: 'Demir' }
const DEMIRCI = { id: '6f1b2c3d-0000-4000-8000-000000000002', username: 'ali.d', firstName: 'Ali', lastName: 'Demirci' }

vi.mock('../../src/web/api/client.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/web/api/client.ts')>()
  return {
    ...original,
    call: async (path: string, opts: { query?: Record<string, string> } = {}) => {
      calls.push({ path, query: opts.query })
      if (path === '/audit/people') return { items: opts.query?.q?.toLowerCase().startsWith('dem') ? [MEHMET, DEMIRCI] : [] }
      if (path === `/audit/people/${MEHMET.id}`) return MEHMET
      if (path === `/audit/people/${DEMIRCI.id}`) return DEMIRCI
      throw new Error(`unexpected call ${path}`)
    },
  }
})

beforeAll(() => { i18n.load({ tr, en }) })
beforeEach(() => { calls.length = 0; i18n.activate('tr') })
afterEach(cleanup)

function mount(initial: string | null = null) {
  const chosen: Array<string | null> = []
  function Page() {
    const [value, setValue] = useState<string | null>(initial)
    return <PersonPicker value={value} onChange={(v) => { chosen.push(v); setValue(v) }} />
  }
  render(<I18nProvider i18n={i18n}><Page /></I18nProvider>)
  return { chosen, field: screen.getByRole('combobox', { name: 'Kişi' }) as HTMLInputElement }
}

describe('the audit log\'s person picker', () => {
  it('searches after a pause, moves with the arrows and chooses with Enter', async () => {
    const { chosen, field } = mount()
    expect(field.getAttribute('aria-describedby')).toBeTruthy()
    expect(document.getElementById(field.getAttribute('aria-describedby')!)!.textContent).toBe('Ad, soyad, kullanıcı adı ya da e-posta yazın')
    field.focus()
    fireEvent.change(field, { target: { value: 'd' } })
    // one character: nothing asked
    await new Promise((r) => setTimeout(r, 400))
    expect(calls).toEqual([])
    fireEvent.change(field, { target: { value: 'de' } })
    fireEvent.change(field, { target: { value: 'dem' } })
    expect(screen.getByRole('status').textContent).toBe('Aranıyor…')
    const list = await screen.findByRole('listbox', { name: 'Bulunan kişiler' })
    // one request for the pause, with the text and the limit
    expect(calls).toEqual([{ path: '/audit/people', query: { q: 'dem', limit: '10' } }])
    expect(field.getAttribute('aria-expanded')).toBe('true')
    expect([...list.querySelectorAll('[role=option]')].map((o) => o.textContent)).toEqual(['Mehmet Demir (mehmet.demir)', 'Ali Demirci (ali.d)'])
    fireEvent.keyDown(field, { key: 'ArrowDown' })
    fireEvent.keyDown(field, { key: 'ArrowDown' })
    fireEvent.keyDown(field, { key: 'ArrowUp' })
    const active = document.getElementById(field.getAttribute('aria-activedescendant')!)!
    expect(active.textContent).toBe('Mehmet Demir (mehmet.demir)')
    expect(active.getAttribute('aria-selected')).toBe('true')
    fireEvent.keyDown(field, { key: 'Enter' })
    expect(chosen).toEqual([MEHMET.id])
    expect(field.value).toBe('Mehmet Demir (mehmet.demir)')
    expect(field.getAttribute('aria-expanded')).toBe('false')
    // leaving the field keeps the chosen person's name (read back by id)
    fireEvent.blur(field)
    await waitFor(() => expect(calls.at(-1)).toEqual({ path: `/audit/people/${MEHMET.id}`, query: undefined }))
    await waitFor(() => expect(field.value).toBe('Mehmet Demir (mehmet.demir)'))
  })

  it('names the person of a reloaded address by id, puts the name back after Escape, and clears', async () => {
    const { chosen, field } = mount(DEMIRCI.id)
    await waitFor(() => expect(field.value).toBe('Ali Demirci (ali.d)'))
    expect(calls).toEqual([{ path: `/audit/people/${DEMIRCI.id}`, query: undefined }])
    field.focus()
    fireEvent.change(field, { target: { value: 'qx' } })
    expect(field.value).toBe('qx')
    await screen.findByText('Kimse bulunamadı')
    fireEvent.keyDown(field, { key: 'Escape' })
    expect(field.getAttribute('aria-expanded')).toBe('false')
    expect(field.value).toBe('qx')
    fireEvent.keyDown(field, { key: 'Escape' })
    expect(field.value).toBe('Ali Demirci (ali.d)')
    expect(chosen).toEqual([])
    fireEvent.click(screen.getByRole('button', { name: 'Kişi seçimini kaldır' }))
    expect(chosen).toEqual([null])
    await waitFor(() => expect(field.value).toBe(''))
    expect(screen.queryByRole('button', { name: 'Kişi seçimini kaldır' })).toBeNull()
  })

  it('a click on a person chooses them; English texts', async () => {
    i18n.activate('en')
    const chosen: Array<string | null> = []
    render(<I18nProvider i18n={i18n}><PersonPicker value={null} onChange={(v) => chosen.push(v)} /></I18nProvider>)
    const field = screen.getByRole('combobox', { name: 'Person' })
    expect(screen.getByText('Type a first name, surname, username or e-mail')).toBeTruthy()
    fireEvent.change(field, { target: { value: 'demir' } })
    const option = await screen.findByRole('option', { name: 'Ali Demirci (ali.d)' })
    await act(async () => { fireEvent.mouseDown(option) })
    expect(chosen).toEqual([DEMIRCI.id])
    expect(field.getAttribute('aria-expanded')).toBe('false')
    expect((field as HTMLInputElement).value).toBe('Ali Demirci (ali.d)')
    expect(document.getElementById(field.getAttribute('aria-controls')!)!.hidden).toBe(true)
  })
})
