import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { I18nProvider } from '@lingui/react'
import { i18n } from '@lingui/core'
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router'
import * as z from 'zod/mini'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { messages as en } from '../../src/locales/en/messages.po'
import { messages as tr } from '../../src/locales/tr/messages.po'
import type { Values, VersionedRecord } from '../../machines/resource-editor/resource-editor.machine.ts'
import { ApiError } from '../../src/web/api/errors.ts'
import { editorFlow, editorRefusal, schemaFieldErrors, serverFieldErrors } from '../../src/web/flows/editor.ts'
import { EditorForm, EditorSelectField, EditorTextField, useEditor, type EditorActor } from '../../src/web/views/admin/EditorForm.tsx'

beforeAll(() => {
  i18n.load({ tr, en })
  i18n.activate('tr')
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) { this.setAttribute('open', '') }
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) { this.removeAttribute('open') }
})
afterEach(() => cleanup())

const schema = z.strictObject({
  name: z.string().check(z.refine((v) => v.trim() !== '', 'required')),
  size: z.string().check(z.refine((v) => v !== '', 'requiredSelection')),
})

describe('editor flow helpers', () => {
  it('turns a schema refusal into one code per field, the schema\'s own codes first', () => {
    expect(schemaFieldErrors(schema, { name: ' ', size: '' })).toEqual({ name: 'required', size: 'requiredSelection' })
    expect(schemaFieldErrors(schema, { name: 'A', size: 'S' })).toEqual({})
    expect(schemaFieldErrors(schema, { size: 'S' })).toEqual({ name: 'required' })
  })
  it('reads the server\'s field issues, and sorts refusals into conflict, fields and the rest', () => {
    const dup = new ApiError('http', 409, 'USER_EXISTS', 'Bu kullanıcı var', { code: 'USER_EXISTS', message: 'x', issues: [{ path: 'email', code: 'exists' }] })
    expect(serverFieldErrors(dup)).toEqual({ email: 'exists' })
    expect(editorRefusal(dup)).toEqual({ code: 'FIELDS', fields: { email: 'exists' } })
    expect(editorRefusal(new ApiError('http', 409, 'CONFLICT', 'x', { code: 'CONFLICT' }))).toEqual({ code: 'CONFLICT' })
    const forbidden = new ApiError('http', 403, 'FORBIDDEN', 'Yetkiniz yok', { code: 'FORBIDDEN' })
    expect(editorRefusal(forbidden)).toBe(forbidden)
  })
})

function mount(save: (input: { version: number; values: Values }) => Promise<VersionedRecord>, onSubmit?: (editor: EditorActor) => () => void, check: Parameters<typeof editorFlow>[0]['check'] = schema) {
  let stored: VersionedRecord = { id: 'c1', version: 1, values: { name: 'Katılım', size: 'S' } }
  const loads: number[] = []
  const flow = editorFlow({
    load: async () => { loads.push(stored.version); return stored },
    save: async (input) => { stored = await save(input); return stored },
    check,
  })
  function Page() {
    const editor = useEditor(flow, 'c1')
    return (
      <EditorForm editor={editor} label="Şirket" onSubmit={onSubmit?.(editor)}>
        <EditorTextField editor={editor} name="name" label="Ad" />
        <EditorSelectField editor={editor} name="size" label="Büyüklük" options={[{ value: 'S', label: 'Küçük' }, { value: 'L', label: 'Büyük' }]} />
      </EditorForm>
    )
  }
  const root = createRootRoute({ component: () => <Outlet /> })
  const form = createRoute({ getParentRoute: () => root, path: '/', component: Page })
  const other = createRoute({ getParentRoute: () => root, path: '/other', component: () => <h1>Başka sayfa</h1> })
  const router = createRouter({ routeTree: root.addChildren([form, other]), history: createMemoryHistory({ initialEntries: ['/'] }) })
  render(<I18nProvider i18n={i18n}><RouterProvider router={router} /></I18nProvider>)
  return { router, loads, set: (r: VersionedRecord) => { stored = r } }
}

describe('EditorForm', () => {
  it('saves the typed values with their names, and says so', async () => {
    const sent: unknown[] = []
    mount(async (input) => { sent.push(input); return { id: 'c1', version: input.version + 1, values: input.values } })
    const name = await screen.findByLabelText('Ad')
    expect(name.getAttribute('name')).toBe('name')
    fireEvent.change(name, { target: { value: 'Yeni Ad' } })
    fireEvent.click(screen.getByRole('button', { name: 'Kaydet' }))
    await screen.findByText('Değişiklikler kaydedildi.')
    expect(sent).toEqual([{ id: 'c1', version: 1, values: { name: 'Yeni Ad', size: 'S' } }])
  })

  it('shows the spec\'s field messages and never saves an invalid form', async () => {
    const sent: unknown[] = []
    mount(async (input) => { sent.push(input); return { id: 'c1', version: 2, values: input.values } })
    fireEvent.change(await screen.findByLabelText('Ad'), { target: { value: '' } })
    fireEvent.change(screen.getByLabelText('Büyüklük'), { target: { value: '' } })
    fireEvent.click(screen.getByRole('button', { name: 'Kaydet' }))
    await screen.findByText('Değer girmelisiniz')
    expect(screen.getByText('Değer seçmelisiniz')).toBeTruthy()
    expect(screen.getByLabelText('Ad').getAttribute('aria-invalid')).toBe('true')
    expect(sent).toEqual([])
  })

  it('puts a server refusal naming a field on that field', async () => {
    mount(async () => { throw new ApiError('http', 409, 'USER_EXISTS', 'x', { code: 'USER_EXISTS', issues: [{ path: 'name', code: 'exists' }] }) })
    fireEvent.change(await screen.findByLabelText('Ad'), { target: { value: 'Aynı' } })
    fireEvent.click(screen.getByRole('button', { name: 'Kaydet' }))
    await screen.findByText('Bu değer başka bir kayıtta kullanılıyor')
    expect((screen.getByLabelText('Ad') as HTMLInputElement).value).toBe('Aynı')
  })

  it('a stale save is a conflict that keeps the changes until reload brings the newer version', async () => {
    const m = mount(async () => { throw new ApiError('http', 409, 'CONFLICT', 'x', { code: 'CONFLICT' }) })
    fireEvent.change(await screen.findByLabelText('Ad'), { target: { value: 'Benim' } })
    fireEvent.click(screen.getByRole('button', { name: 'Kaydet' }))
    await screen.findByText(/başka biri tarafından değiştirildi/)
    expect((screen.getByLabelText('Ad') as HTMLInputElement).value).toBe('Benim')
    m.set({ id: 'c1', version: 5, values: { name: 'Onların', size: 'L' } })
    fireEvent.click(screen.getByRole('button', { name: 'Yeniden yükle' }))
    await waitFor(() => expect((screen.getByLabelText('Ad') as HTMLInputElement).value).toBe('Onların'))
    expect(m.loads).toEqual([1, 5])
  })

  it('asks before leaving with unsaved changes; staying keeps them, leaving goes', async () => {
    const m = mount(async (input) => ({ id: 'c1', version: 2, values: input.values }))
    fireEvent.change(await screen.findByLabelText('Ad'), { target: { value: 'Yarım' } })
    await act(async () => { void m.router.navigate({ to: '/other' as never }) })
    await screen.findByText('Kaydedilmemiş değişiklikler var')
    fireEvent.click(screen.getByRole('button', { name: 'Sayfada kal' }))
    await waitFor(() => expect(m.router.state.location.pathname).toBe('/'))
    expect((screen.getByLabelText('Ad') as HTMLInputElement).value).toBe('Yarım')
    await act(async () => { void m.router.navigate({ to: '/other' as never }) })
    fireEvent.click(await screen.findByRole('button', { name: 'Değişiklikleri at ve çık' }))
    await screen.findByText('Başka sayfa')
  })

  it('leaves an unchanged form without asking; after a conflict (changes or not) it asks first', async () => {
    const m = mount(async () => { throw new ApiError('http', 409, 'CONFLICT', 'x', { code: 'CONFLICT' }) })
    await screen.findByLabelText('Ad')
    fireEvent.click(screen.getByRole('button', { name: 'Kaydet' }))
    await screen.findByText(/başka biri tarafından değiştirildi/)
    await act(async () => { void m.router.navigate({ to: '/other' as never }) })
    await screen.findByText('Kaydedilmemiş değişiklikler var')
    fireEvent.click(screen.getByRole('button', { name: 'Sayfada kal' }))
    await waitFor(() => expect(m.router.state.location.pathname).toBe('/'))
    // staying edits again: with nothing changed, leaving now just goes
    await act(async () => { void m.router.navigate({ to: '/other' as never }) })
    await screen.findByText('Başka sayfa')
  })

  it('a check that breaks leaves the decision to the server: the draft is saved', async () => {
    const sent: unknown[] = []
    const errors: unknown[] = []
    const original = console.error
    console.error = (...args: unknown[]) => { errors.push(args[0]) }
    try {
      mount(async (input) => { sent.push(input.values); return { id: 'c1', version: 2, values: input.values } }, undefined,
        () => { throw new Error('a bug in the check') })
      fireEvent.change(await screen.findByLabelText('Ad'), { target: { value: 'Yeni' } })
      fireEvent.click(screen.getByRole('button', { name: 'Kaydet' }))
      await screen.findByText('Değişiklikler kaydedildi.')
    } finally {
      console.error = original
    }
    expect(sent).toEqual([{ name: 'Yeni', size: 'S' }])
    expect(errors).toContain('the form check failed; the server decides')
  })

  it('with onSubmit, "Kaydet" asks the page first (a confirmation flow) and saves only when it submits', async () => {
    const sent: unknown[] = []
    const asked: Values[] = []
    let submit: (() => void) | null = null
    mount(async (input) => { sent.push(input.values); return { id: 'c1', version: input.version + 1, values: input.values } },
      (editor) => () => { asked.push(editor.getSnapshot().context.draft); submit = () => editor.send({ type: 'form.submit' }) })
    fireEvent.change(await screen.findByLabelText('Ad'), { target: { value: 'Önizlenen' } })
    fireEvent.click(screen.getByRole('button', { name: 'Kaydet' }))
    await waitFor(() => expect(asked).toHaveLength(1))
    expect(asked[0]).toEqual({ name: 'Önizlenen', size: 'S' })
    await new Promise((r) => setTimeout(r, 20))
    expect(sent).toEqual([])
    act(() => submit!())
    await screen.findByText('Değişiklikler kaydedildi.')
    expect(sent).toEqual([{ name: 'Önizlenen', size: 'S' }])
  })
})

describe('EditorForm: the password asked again (issue 28)', () => {
  const refusal = (code: string) => new ApiError('http', 403, code, code === 'REAUTH_FAILED' ? 'Şifreniz doğrulanamadı' : 'Şifrenizi yeniden girin', { code })

  it('asks for the password in a dialog, saves again with it, says so when it is wrong, and never keeps it', async () => {
    const sent: Array<Record<string, unknown>> = []
    mount(async (input) => {
      sent.push(input as Record<string, unknown>)
      const password = (input as { password?: string }).password
      if (!password) throw refusal('REAUTH_REQUIRED')
      if (password !== 'Doğru-Parola-2026!') throw refusal('REAUTH_FAILED')
      return { id: 'c1', version: input.version + 1, values: input.values }
    })
    fireEvent.change(await screen.findByLabelText('Ad'), { target: { value: 'Yeni Ad' } })
    fireEvent.click(screen.getByRole('button', { name: 'Kaydet' }))
    const dialog = await screen.findByRole('dialog', { name: 'Şifrenizi doğrulayın' })
    expect(dialog.textContent).toContain('Değişiklik tüm süper yöneticilere e-posta ile bildirilir')
    // empty: asked again, nothing sent
    fireEvent.click(screen.getByRole('button', { name: 'Onayla ve kaydet' }))
    await screen.findByText('Şifrenizi girin.')
    expect(sent).toHaveLength(1)
    const field = screen.getByLabelText('Şifreniz') as HTMLInputElement
    expect(field.type).toBe('password')
    fireEvent.change(field, { target: { value: 'yanlis-parola-1' } })
    fireEvent.click(screen.getByRole('button', { name: 'Onayla ve kaydet' }))
    await screen.findByText(/Şifreniz doğrulanamadı; tekrar deneyin/)
    expect((screen.getByLabelText('Şifreniz') as HTMLInputElement).value).toBe('')
    fireEvent.change(screen.getByLabelText('Şifreniz'), { target: { value: 'Doğru-Parola-2026!' } })
    fireEvent.click(screen.getByRole('button', { name: 'Onayla ve kaydet' }))
    await screen.findByText('Değişiklikler kaydedildi.')
    expect(sent.map((s) => s.password)).toEqual([undefined, 'yanlis-parola-1', 'Doğru-Parola-2026!'])
    expect(sent.every((s) => (s.values as { name: string }).name === 'Yeni Ad' && s.version === 1)).toBe(true)
    expect(dialog.hasAttribute('open')).toBe(false)
  })

  it('"Vazgeç" closes the dialog and keeps the changes on the form, unsaved', async () => {
    mount(async () => { throw refusal('REAUTH_REQUIRED') })
    fireEvent.change(await screen.findByLabelText('Ad'), { target: { value: 'Yeni Ad' } })
    fireEvent.click(screen.getByRole('button', { name: 'Kaydet' }))
    const dialog = await screen.findByRole('dialog', { name: 'Şifrenizi doğrulayın' })
    fireEvent.click(screen.getByRole('button', { name: 'Vazgeç' }))
    await waitFor(() => expect(dialog.hasAttribute('open')).toBe(false))
    expect((screen.getByLabelText('Ad') as HTMLInputElement).value).toBe('Yeni Ad')
    expect(screen.queryByText('Değişiklikler kaydedildi.')).toBeNull()
  })
})
