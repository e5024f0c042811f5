import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { I18nProvider } from '@lingui/react'
import { i18n } from '@lingui/core'
import { useState } from 'react'
import { createActor, waitFor as waitForActor } from 'xstate'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { messages as tr } from '../../src/locales/tr/messages.po'
import { ApiError } from '../../src/web/api/errors.ts'
import { JOB_TITLE_COLOURS, isReadableColour } from '../../src/domain/company.ts'
import { DEFAULT_LIST_PARAMS } from '../../src/domain/list-params.ts'

const calls: { path: string; method: string; body?: unknown; query?: Record<string, string> }[] = []
let answer: (path: string, method: string, body: unknown) => unknown = () => ({})
let blobAnswer: () => Blob = () => new Blob()
vi.mock('../../src/web/api/client.ts', () => ({
  call: vi.fn(async (path: string, opts: { method?: string; body?: unknown; query?: Record<string, string> } = {}) => {
    const method = opts.method ?? (opts.body === undefined ? 'GET' : 'POST')
    calls.push({ path, method, body: opts.body, query: opts.query })
    return answer(path, method, opts.body)
  }),
  callBlob: vi.fn(async () => blobAnswer()),
}))

const { addressEditorFlow, companyLogo, logoPrecheck, pageOf, LOGO_MAX_BYTES, NEW } = await import('../../src/web/flows/company.ts')
const { SearchSelect, matches } = await import('../../src/web/views/admin/company/SearchSelect.tsx')
const { ColourPalette, OFFERED_COLOURS } = await import('../../src/web/views/admin/company/ColourPalette.tsx')

beforeAll(() => {
  i18n.load({ tr })
  i18n.activate('tr')
  localStorage.setItem('companyId', '11111111-1111-4111-8111-111111111111')
})
beforeEach(() => { calls.length = 0 })
afterEach(() => cleanup())

describe('company flows', () => {
  it('pages, sorts (Turkish collation) and searches a list the server answers whole', () => {
    const rows = [{ id: '1', name: 'Şube' }, { id: '2', name: 'Çağrı' }, { id: '3', name: 'Depo' }, { id: '4', name: 'İzmir şube' }]
    const sorted = pageOf(rows, { ...DEFAULT_LIST_PARAMS, sort: 'name' }, ['name'])
    expect(sorted.items.map((r) => r.name)).toEqual(['Çağrı', 'Depo', 'İzmir şube', 'Şube'])
    expect(pageOf(rows, { ...DEFAULT_LIST_PARAMS, sort: '-name' }, ['name']).items[0]!.name).toBe('Şube')
    expect(pageOf(rows, { ...DEFAULT_LIST_PARAMS, q: 'ŞUBE' }, ['name'])).toMatchObject({ total: 2 })
    const second = pageOf(rows, { ...DEFAULT_LIST_PARAMS, page: 2, size: 10 }, ['name'])
    expect(second).toMatchObject({ items: [], total: 4, page: 2 })
  })

  it('pre-checks a logo by type and size (the server still decides by content)', () => {
    expect(logoPrecheck({ type: 'image/png', size: 1000 })).toBeNull()
    expect(logoPrecheck({ type: 'image/webp', size: LOGO_MAX_BYTES })).toBeNull()
    expect(logoPrecheck({ type: 'image/svg+xml', size: 1000 })).toBe('LOGO_TYPE')
    expect(logoPrecheck({ type: 'text/html', size: 10 })).toBe('LOGO_TYPE')
    expect(logoPrecheck({ type: 'image/jpeg', size: LOGO_MAX_BYTES + 1 })).toBe('LOGO_SIZE')
    expect(logoPrecheck({ type: 'image/png', size: 0 })).toBe('LOGO_EMPTY')
  })

  it('the address form starts as create (POST), becomes edit once saved, and its next save is a PUT with the new version', async () => {
    const stored = {
      addressid: '22222222-2222-4222-8222-222222222222', status: 'edit', locationtype: 'HQ', locationname: 'Merkez', countrycode: 'TR',
      citycode: '34', districtcode: '1421', suburbcode: '40', zipcode: '34710', addresstext: 'Cad. 1', version: 1,
    }
    answer = (path, method, body) => (method === 'POST' ? stored : { ...stored, ...(body as object), version: 2 })
    const actor = createActor(addressEditorFlow, { input: { id: NEW } }).start()
    await waitForActor(actor, (s) => s.matches('editing'))
    expect(actor.getSnapshot().context.draft.status).toBe('create')
    // Türkiye needs a province and a district
    for (const [field, value] of Object.entries({ locationtype: 'HQ', locationname: 'Merkez', addresstext: 'Cad. 1' })) actor.send({ type: 'field.change', field, value })
    actor.send({ type: 'form.submit' })
    await waitForActor(actor, (s) => s.matches('editing') && Object.keys(s.context.errors).length > 0)
    expect(actor.getSnapshot().context.errors).toMatchObject({ citycode: 'requiredSelection', districtcode: 'requiredSelection' })
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([])

    for (const [field, value] of Object.entries({ citycode: '34', districtcode: '1421', suburbcode: '40', zipcode: '34710' })) actor.send({ type: 'field.change', field, value })
    actor.send({ type: 'form.submit' })
    await waitForActor(actor, (s) => s.matches('saved'))
    expect(calls.at(-1)).toMatchObject({ path: '/party/address', method: 'POST', query: { entityname: 'company', entityid: '11111111-1111-4111-8111-111111111111' } })
    expect(actor.getSnapshot().context.draft).toMatchObject({ status: 'edit', addressid: stored.addressid })

    actor.send({ type: 'field.change', field: 'locationname', value: 'Merkez Ofis' })
    actor.send({ type: 'form.submit' })
    await waitForActor(actor, (s) => s.matches('saved'))
    expect(calls.at(-1)).toMatchObject({ path: `/party/address/${stored.addressid}`, method: 'PUT', body: { version: 1, locationname: 'Merkez Ofis', citycode: '34' } })
    expect(actor.getSnapshot().context.record?.version).toBe(2)
    actor.stop()
  })

  it('the logo store: no logo, no image request; a logo becomes a data: URL (the CSP allows no blob: images); removal clears it', async () => {
    answer = () => ({ logo: null })
    await companyLogo.refresh()
    expect(companyLogo.get()).toEqual({ url: null, loaded: true })
    answer = () => ({ logo: '/api/v1/images/company/x/logo?v=1' })
    blobAnswer = () => new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' })
    const seen: (string | null)[] = []
    const off = companyLogo.subscribe(() => seen.push(companyLogo.get().url))
    await companyLogo.refresh()
    expect(companyLogo.get().url).toBe('data:image/png;base64,iVBORw==')
    expect(seen).toEqual(['data:image/png;base64,iVBORw=='])
    answer = (_p, method) => (method === 'GET' ? { logo: null } : { ok: true })
    await companyLogo.remove()
    expect(companyLogo.get().url).toBeNull()
    off()
  })

  it('a refused upload keeps the server\'s code for the page to show', async () => {
    const { callBlob } = await import('../../src/web/api/client.ts')
    vi.mocked(callBlob).mockRejectedValueOnce(new ApiError('http', 415, 'UNSUPPORTED_IMAGE', 'Logo PNG, JPEG veya WebP biçiminde bir resim olmalıdır'))
    await expect(companyLogo.upload(new Blob(['<html>'], { type: 'image/png' }))).rejects.toMatchObject({ code: 'UNSUPPORTED_IMAGE' })
  })
})

describe('searchable select', () => {
  const OPTIONS = [
    { value: 'K', name: 'FİNANS VE SİGORTA FAALİYETLERİ', level: 1 },
    { value: '65', name: 'Sigorta, reasürans ve emeklilik fonları', level: 2 },
    { value: '34', name: 'İstanbul' },
  ]
  it('matches case- and accent-insensitively in Turkish, and by the start of the code', () => {
    expect(matches(OPTIONS[2]!, 'istanbul')).toBe(true)
    expect(matches(OPTIONS[2]!, 'ISTANBUL')).toBe(true)
    expect(matches(OPTIONS[1]!, 'reasurans')).toBe(true)
    expect(matches(OPTIONS[1]!, '6')).toBe(true)
    expect(matches(OPTIONS[1]!, '5')).toBe(false)
    expect(matches(OPTIONS[0]!, 'sigorta')).toBe(true)
  })

  function Harness({ onChange }: { onChange: (v: string) => void }) {
    const [value, setValue] = useState('')
    return (
      <I18nProvider i18n={i18n}>
        <SearchSelect label="Sektör" name="sector" value={value} options={OPTIONS} onChange={(v) => { setValue(v); onChange(v) }} error={value ? null : 'Değer seçmelisiniz'} />
      </I18nProvider>
    )
  }

  it('filters as one types, moves with the arrows, chooses with Enter and closes with Escape', () => {
    const picked: string[] = []
    render(<Harness onChange={(v) => picked.push(v)} />)
    const box = screen.getByRole('combobox', { name: 'Sektör' })
    expect(box.getAttribute('name')).toBe('sector')
    expect(box.getAttribute('aria-invalid')).toBe('true')
    expect(box.getAttribute('aria-describedby')).toContain(screen.getByRole('alert').id)
    fireEvent.change(box, { target: { value: 'sigorta' } })
    expect(box.getAttribute('aria-expanded')).toBe('true')
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['FİNANS VE SİGORTA FAALİYETLERİ', '65 · Sigorta, reasürans ve emeklilik fonları'])
    fireEvent.keyDown(box, { key: 'ArrowDown' })
    expect(box.getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[1]!.id)
    fireEvent.keyDown(box, { key: 'Enter' })
    expect(picked).toEqual(['65'])
    expect(box.getAttribute('aria-expanded')).toBe('false')
    expect((box as HTMLInputElement).value).toBe('Sigorta, reasürans ve emeklilik fonları')
    expect(box.getAttribute('data-value')).toBe('65')
    expect(screen.queryByRole('alert')).toBeNull()
    fireEvent.change(box, { target: { value: 'xyz' } })
    screen.getByText('Sonuç bulunamadı')
    fireEvent.keyDown(box, { key: 'Escape' })
    expect(box.getAttribute('aria-expanded')).toBe('false')
    expect((box as HTMLInputElement).value).toBe('Sigorta, reasürans ve emeklilik fonları')
    expect(picked).toEqual(['65'])
  })
})

describe('job-title colour palette', () => {
  it('offers only readable colours of the palette, each as a radio with sample text in its text colour', () => {
    expect(OFFERED_COLOURS.length).toBeGreaterThan(0)
    expect(OFFERED_COLOURS.every((c) => isReadableColour(c) && (JOB_TITLE_COLOURS as readonly string[]).includes(c))).toBe(true)
    const chosen: string[] = []
    render(
      <I18nProvider i18n={i18n}>
        <ColourPalette value="#1f4e79" onChange={(c) => chosen.push(c)} sample="Aktüer" colours={['#1f4e79', '#ffe082', 'not-a-colour']} />
      </I18nProvider>,
    )
    const radios = screen.getAllByRole('radio') as HTMLInputElement[]
    expect(radios.map((r) => r.value)).toEqual(['#1f4e79', '#ffe082'])
    expect(radios.every((r) => r.name === 'colorCode')).toBe(true)
    expect(radios[0]!.checked).toBe(true)
    const samples = screen.getAllByText('Aktüer')
    expect(samples.map((s) => s.style.color)).toEqual(['rgb(255, 255, 255)', 'rgb(0, 0, 0)'])
    fireEvent.click(radios[1]!)
    expect(chosen).toEqual(['#ffe082'])
    screen.getByRole('group', { name: 'Renk' })
  })
})
