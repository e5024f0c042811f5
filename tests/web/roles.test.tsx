import { useState } from 'react'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { I18nProvider } from '@lingui/react'
import { i18n } from '@lingui/core'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { messages as en } from '../../src/locales/en/messages.po'
import { messages as ru } from '../../src/locales/ru/messages.po'
import { messages as tr } from '../../src/locales/tr/messages.po'
import type { DataPrivacyLevel } from '../../src/domain/data-privacy.ts'
import { EMPTY_ROLE, roleBody, validateRole } from '../../src/web/flows/roles.ts'
import { PermissionMatrix } from '../../src/web/views/admin/roles/PermissionMatrix.tsx'
import { previewSentences } from '../../src/web/views/admin/roles/texts.ts'

beforeAll(() => {
  i18n.load({ tr, en, ru })
  i18n.activate('tr')
})
afterEach(() => {
  cleanup()
  i18n.activate('tr')
})

function Harness({ level, initial = [], readOnly }: { level: DataPrivacyLevel; initial?: string[]; readOnly?: boolean }) {
  const [held, setHeld] = useState(initial)
  return (
    <I18nProvider i18n={i18n}>
      <h2 id="t">Yetkiler</h2>
      <PermissionMatrix value={held} level={level} onChange={setHeld} readOnly={readOnly} readOnlyReason={readOnly ? 'kilitli' : undefined} labelledBy="t" />
      <output data-testid="held">{held.join(' ')}</output>
    </I18nProvider>
  )
}

const cell = (permission: string) => document.querySelector<HTMLElement>(`[data-permission="${permission}"]`)!
const held = () => screen.getByTestId('held').textContent

describe('the permission matrix', () => {
  it('is a grid with one tab stop: arrows move, Space toggles, closed cells stay as they are and say why', () => {
    render(<Harness level="INTERNAL" />)
    expect(screen.getByRole('grid', { name: 'Yetkiler' })).toBeTruthy()
    expect(document.querySelectorAll('[data-pos][tabindex="0"]')).toHaveLength(1)
    const first = cell('company:read')
    first.focus()
    fireEvent.keyDown(first, { key: ' ' })
    expect(held()).toBe('company:read')
    fireEvent.keyDown(first, { key: 'ArrowRight' })
    expect(document.activeElement).toBe(cell('company:update'))
    fireEvent.keyDown(document.activeElement!, { key: ' ' })
    expect(held()).toBe('company:read company:update')
    // users need CONFIDENTIAL: disabled, described, not toggled
    const user = cell('user:read')
    expect(user.getAttribute('aria-disabled')).toBe('true')
    expect(document.getElementById(user.getAttribute('aria-describedby')!)!.textContent).toContain('en az "Gizli (kişisel veri)"')
    fireEvent.click(user)
    expect(held()).toBe('company:read company:update')
    // a cell the catalogue lacks says so
    expect(document.getElementById(cell('audit:delete').getAttribute('aria-describedby')!)!.textContent).toBe('Bu kaynakta bu işlem yok.')
    // the column "all" toggle takes every open cell of it
    fireEvent.click(screen.getByRole('button', { name: 'Silme (tümü)' }))
    expect(held()).toContain('group:delete')
    expect(held()).not.toContain('user:delete')
  })

  it('read-only: nothing toggles', () => {
    render(<Harness level="SENSITIVE" initial={['audit:read']} readOnly />)
    expect(screen.getByRole('grid').getAttribute('aria-readonly')).toBe('true')
    fireEvent.click(cell('audit:read'))
    fireEvent.click(screen.getByRole('button', { name: 'Kullanıcılar (tümü)' }))
    expect(held()).toBe('audit:read')
    expect(screen.getByText('kilitli')).toBeTruthy()
  })
})

describe('role form helpers', () => {
  it('validates with the server\'s schema: the ROLE_ prefix, the team size', () => {
    expect(validateRole({ ...EMPTY_ROLE, rolename: 'SATIS' })).toEqual({ rolename: 'rolename.prefix' })
    expect(validateRole({ ...EMPTY_ROLE, rolename: 'ROLE_SATIS', teamSize: 2.5 })).toEqual({ teamSize: 'invalid' })
    expect(validateRole({ ...EMPTY_ROLE, rolename: 'ROLE_SATIS', teamSize: 3 })).toEqual({})
    expect(roleBody({ ...EMPTY_ROLE, rolename: ' ROLE_SATIS ', permissions: ['group:read', 'company:read'] })).toEqual({
      rolename: 'ROLE_SATIS', roleType: 'main', groupId: null, gdprLevel: 'PUBLIC', teamSize: null, isMainRole: false,
      permissions: [{ permtag: 'company', actions: ['read'] }, { permtag: 'group', actions: ['read'] }],
    })
  })

  it('says what a holder can do in plain words, in tr, en and ru', () => {
    const held = ['company:read', 'company:update', 'dashboard:read']
    expect(previewSentences(held, i18n)).toEqual(['Şirket bilgileri: görüntüleyebilir ve değiştirebilir', 'Gösterge paneli: görüntüleyebilir'])
    i18n.activate('en')
    expect(previewSentences(held, i18n)).toEqual(['Company information: can view and change', 'Dashboard: can view'])
    i18n.activate('ru')
    expect(previewSentences(held, i18n)[0]).toBe('Сведения о компании: может просматривать и изменять')
    expect(previewSentences([], i18n)).toEqual([])
  })
})
