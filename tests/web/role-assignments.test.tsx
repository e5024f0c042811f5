import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { I18nProvider } from '@lingui/react'
import { i18n } from '@lingui/core'
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { messages as en } from '../../src/locales/en/messages.po'
import { messages as tr } from '../../src/locales/tr/messages.po'
import { ApiError } from '../../src/web/api/errors.ts'
import type { UserDetail } from '../../src/web/flows/users.ts'

/** Issue 14: the role-assignments section of the user details page (editor statechart, PUT /user/{id}/roles). */

type Call = { path: string; method?: string; body?: unknown }
const calls: Call[] = []
let putAnswer: (body: { version: number; roles: unknown[] }) => unknown

vi.mock('../../src/web/api/client.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/web/api/client.ts')>()
  return {
    ...original,
    call: async (path: string, opts: { method?: string; body?: unknown } = {}) => {
      calls.push({ path, method: opts.method, body: opts.body })
      if (path === '/role') return { items: ROLES }
      // the lean tree in its column form (domain/groups.ts GroupTreeWire)
      if (path.startsWith('/group/')) return { ids: [GROUP], names: ['Satış'], levels: [1], parents: [null], versions: [1], outside: [] }
      if (path === `/user/${USER.id}/roles`) return putAnswer(opts.body as { version: number; roles: unknown[] })
      if (path === `/user/${USER.id}`) return USER
      throw new Error(`unexpected call ${path}`)
    },
  }
})

const { RoleAssignmentsSection } = await import('../../src/web/views/admin/users/RoleAssignmentsSection.tsx')
const { assignmentErrors } = await import('../../src/web/flows/role-assignments.ts')

const GROUP = '9f1d6c1e-0000-4000-8000-000000000001'
const R_USER = '9f1d6c1e-0000-4000-8000-0000000000a1'
const R_AUDIT = '9f1d6c1e-0000-4000-8000-0000000000a2'
const R_SALES = '9f1d6c1e-0000-4000-8000-0000000000a3'
const ROLES = [
  { id: R_USER, rolename: 'ROLE_USER', groupId: null },
  { id: R_AUDIT, rolename: 'ROLE_DENETCI', groupId: null },
  { id: R_SALES, rolename: 'ROLE_SATIS', groupId: GROUP },
]
const USER = {
  id: '9f1d6c1e-0000-4000-8000-0000000000u1', username: 'mehmet.demir', firstName: 'Mehmet', lastName: 'Demir', groupId: null, groupName: null,
  rolesVersion: 3, version: 1,
  roles: [
    { id: R_USER, name: 'ROLE_USER', isMain: true, isDefault: true, validUntil: null, validTo: null, groupId: null, groupName: null },
    { id: R_AUDIT, name: 'ROLE_DENETCI', isMain: false, isDefault: false, validUntil: '2099-12-31T20:59:59.999Z', validTo: '2099-12-31', groupId: null, groupName: null },
  ],
} as unknown as UserDetail

beforeAll(() => {
  i18n.load({ tr, en })
  i18n.activate('tr')
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) { this.setAttribute('open', '') }
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) { this.removeAttribute('open') }
})
beforeEach(() => {
  calls.length = 0
  putAnswer = (body) => ({ ...USER, rolesVersion: body.version + 1 })
})
afterEach(() => cleanup())

function mount(readOnly = false) {
  const root = createRootRoute({ component: () => <Outlet /> })
  const page = createRoute({ getParentRoute: () => root, path: '/', component: () => <RoleAssignmentsSection user={USER} readOnly={readOnly} /> })
  const router = createRouter({ routeTree: root.addChildren([page]), history: createMemoryHistory({ initialEntries: ['/'] }) })
  render(<I18nProvider i18n={i18n}><RouterProvider router={router} /></I18nProvider>)
}
const puts = () => calls.filter((c) => c.method === 'PUT')
const row = (name: string) => document.querySelector<HTMLElement>(`tr[data-role="${name}"]`)!

describe('assignment checks in the browser', () => {
  const values = (roles: Array<{ roleId: string; isMain: boolean; isDefault: boolean; validTo: string; groupId?: string | null }>) =>
    ({ groupId: null, roles: roles.map((r) => ({ name: r.roleId, groupName: null, validUntil: null, groupId: null, ...r })) })
  it('asks for one main and one default role, a valid-to for another group\'s role, a date after today', () => {
    const now = new Date('2026-11-23T09:00:00Z')
    expect(assignmentErrors(values([{ roleId: R_USER, isMain: true, isDefault: true, validTo: '' }]), now)).toEqual({})
    expect(assignmentErrors(values([{ roleId: R_USER, isMain: false, isDefault: true, validTo: '' }]), now)).toEqual({ roles: 'oneMain' })
    expect(assignmentErrors(values([{ roleId: R_USER, isMain: true, isDefault: true, validTo: '' }, { roleId: R_SALES, isMain: false, isDefault: false, validTo: '', groupId: GROUP }]), now))
      .toEqual({ 'roles.1.validTo': 'validToRequired' })
    expect(assignmentErrors(values([{ roleId: R_USER, isMain: true, isDefault: true, validTo: '' }, { roleId: R_AUDIT, isMain: false, isDefault: false, validTo: '2026-11-23' }]), now))
      .toEqual({ 'roles.1.validTo': 'validToFuture' })
  })
})

describe('the role-assignments section', () => {
  it('lists role, group, main and default marks and the valid-until as a local date', async () => {
    mount()
    await screen.findByRole('table', { name: 'Rol atamaları' })
    const user = row('ROLE_USER')
    expect(within(user).getByRole('radio', { name: 'ROLE_USER: ana rol' })).toHaveProperty('checked', true)
    expect(within(user).getByRole('radio', { name: 'ROLE_USER: varsayılan rol' })).toHaveProperty('checked', true)
    expect(within(user).getByText('Süresiz')).toBeTruthy()
    const audit = row('ROLE_DENETCI')
    expect(within(audit).getByRole('radio', { name: 'ROLE_DENETCI: ana rol' })).toHaveProperty('checked', false)
    expect(within(audit).getByText(new Intl.DateTimeFormat('tr', { dateStyle: 'medium' }).format(new Date('2099-12-31T20:59:59.999Z')))).toBeTruthy()
    expect((within(audit).getByLabelText('ROLE_DENETCI geçerlilik sonu') as HTMLInputElement).value).toBe('2099-12-31')
    // the page's user is the first load: no second read of it
    expect(calls.filter((c) => c.path === `/user/${USER.id}`)).toHaveLength(0)
  })

  it('adds another group\'s role only with a valid-to date (spec 5 message), then saves the whole list with the loaded version', async () => {
    mount()
    const picker = await screen.findByRole('combobox', { name: 'Rol' })
    await waitFor(() => expect(within(picker).getByRole('option', { name: 'ROLE_SATIS (Satış)' })).toBeTruthy())
    expect(within(picker).queryByRole('option', { name: 'ROLE_USER' })).toBeNull()
    fireEvent.change(picker, { target: { value: R_SALES } })
    fireEvent.click(screen.getByRole('button', { name: 'Listeye ekle' }))
    fireEvent.click(screen.getByRole('button', { name: 'Kaydet' }))
    expect(await within(row('ROLE_SATIS')).findByText('Atama Geçerlilik Tarihini Belirleyin !')).toBeTruthy()
    expect(puts()).toHaveLength(0)
    fireEvent.change(within(row('ROLE_SATIS')).getByLabelText('ROLE_SATIS geçerlilik sonu'), { target: { value: '2099-06-30' } })
    fireEvent.click(screen.getByRole('button', { name: 'Kaydet' }))
    await screen.findByText('Değişiklikler kaydedildi.')
    expect(puts()[0]!.body).toEqual({
      version: 3,
      roles: [
        { roleId: R_USER, isMain: true, isDefault: true, validTo: null },
        { roleId: R_AUDIT, isMain: false, isDefault: false, validTo: '2099-12-31' },
        { roleId: R_SALES, isMain: false, isDefault: false, validTo: '2099-06-30' },
      ],
    })
  })

  it('ends an assignment after a confirmation naming it; cancelling keeps it unsaved', async () => {
    mount()
    await screen.findByRole('table', { name: 'Rol atamaları' })
    fireEvent.click(within(row('ROLE_DENETCI')).getByRole('button', { name: 'Atamayı bitir: ROLE_DENETCI' }))
    expect(document.querySelector('tr[data-role="ROLE_DENETCI"]')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Kaydet' }))
    const dialog = await screen.findByRole('dialog', { name: 'Atamalar bitirilsin mi?' })
    expect(dialog.textContent).toContain('ROLE_DENETCI')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Vazgeç' }))
    expect(puts()).toHaveLength(0)
    fireEvent.click(screen.getByRole('button', { name: 'Kaydet' }))
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Atamalar bitirilsin mi?' })).getByRole('button', { name: 'Atamaları bitir ve kaydet' }))
    await screen.findByText('Değişiklikler kaydedildi.')
    expect(puts()[0]!.body).toEqual({ version: 3, roles: [{ roleId: R_USER, isMain: true, isDefault: true, validTo: null }] })
  })

  it('moves the main mark to another role (one main at a time) and shows a stale list as a conflict', async () => {
    putAnswer = () => { throw new ApiError('http', 409, 'CONFLICT', 'x', { code: 'CONFLICT' }) }
    mount()
    await screen.findByRole('table', { name: 'Rol atamaları' })
    fireEvent.click(within(row('ROLE_DENETCI')).getByRole('radio', { name: 'ROLE_DENETCI: ana rol' }))
    expect(within(row('ROLE_USER')).getByRole('radio', { name: 'ROLE_USER: ana rol' })).toHaveProperty('checked', false)
    fireEvent.click(screen.getByRole('button', { name: 'Kaydet' }))
    await screen.findByText(/başka biri tarafından değiştirildi/)
    // "reload" reads the stored list again
    fireEvent.click(screen.getByRole('button', { name: 'Yeniden yükle' }))
    await waitFor(() => expect(calls.filter((c) => c.path === `/user/${USER.id}` && c.method === undefined)).toHaveLength(1))
    await waitFor(() => expect(within(row('ROLE_USER')).getByRole('radio', { name: 'ROLE_USER: ana rol' })).toHaveProperty('checked', true))
    expect(puts()[0]!.body).toMatchObject({ roles: [{ roleId: R_USER, isMain: false, isDefault: true }, { roleId: R_AUDIT, isMain: true, isDefault: false, validTo: null }] })
  })

  it('read-only: no dates, no end, no picker, no save', async () => {
    mount(true)
    await screen.findByRole('table', { name: 'Rol atamaları' })
    expect(screen.queryByRole('button', { name: /Atamayı bitir/ })).toBeNull()
    expect(screen.queryByRole('combobox', { name: 'Rol' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Kaydet' })).toBeNull()
  })
})
