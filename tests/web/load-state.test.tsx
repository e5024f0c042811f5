/**
 * A page's read on the load statechart (src/web/views/staff/useFlow.ts `useLoader`, LoadState):
 * what is fetched with which parameters, what shows while loading, after a failure and on a reload
 * (the content stays: an open form keeps what was typed into it).
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { I18nProvider } from '@lingui/react'
import { i18n } from '@lingui/core'
import { useState } from 'react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { messages as tr } from '../../src/locales/tr/messages.po'
import { ApiError } from '../../src/web/api/errors.ts'
import { loadFlow } from '../../src/web/flows/load.ts'
import { LoadState } from '../../src/web/views/staff/LoadState.tsx'
import { useLoader } from '../../src/web/views/staff/useFlow.ts'

beforeAll(() => {
  i18n.load({ tr })
  i18n.activate('tr')
})
afterEach(() => cleanup())

type Call = { params: { days: number }; resolve: (v: string) => void; reject: (e: unknown) => void }

function mount() {
  const calls: Call[] = []
  const flow = loadFlow<{ days: number }, string>((params) => new Promise<string>((resolve, reject) => { calls.push({ params, resolve, reject }) }))
  let reload: () => void = () => {}
  function Page() {
    const [days, setDays] = useState(7)
    const load = useLoader(flow, { days })
    reload = () => load.send({ type: 'reload' })
    return (
      <>
        <button type="button" onClick={() => setDays(30)}>30</button>
        <LoadState load={load}>{(answer) => <label>{answer}<input aria-label="not" /></label>}</LoadState>
      </>
    )
  }
  render(<I18nProvider i18n={i18n}><Page /></I18nProvider>)
  return { calls, reload: () => act(() => reload()) }
}

describe('LoadState on the load statechart', () => {
  it('fetches with the page\'s parameters, again when they change; shows loading, then the answer', async () => {
    const { calls } = mount()
    expect(screen.getByText('Yükleniyor…')).toBeTruthy()
    expect(calls.map((c) => c.params)).toEqual([{ days: 7 }])
    await act(async () => calls[0]!.resolve('haftalık'))
    await screen.findByText('haftalık')
    fireEvent.click(screen.getByRole('button', { name: '30' }))
    await waitFor(() => expect(calls.map((c) => c.params)).toEqual([{ days: 7 }, { days: 30 }]))
    // another period's answer is not this one: the old content goes while it loads
    expect(screen.getByText('Yükleniyor…')).toBeTruthy()
    expect(screen.queryByText('haftalık')).toBeNull()
    await act(async () => calls[1]!.resolve('aylık'))
    await screen.findByText('aylık')
  })

  it('a reload keeps the content (and what was typed into it) under "Yükleniyor…"', async () => {
    const { calls, reload } = mount()
    await act(async () => calls[0]!.resolve('haftalık'))
    const input = await screen.findByLabelText('not') as HTMLInputElement
    fireEvent.change(input, { target: { value: 'yazılan' } })
    reload()
    expect(screen.getByText('Yükleniyor…')).toBeTruthy()
    expect((screen.getByLabelText('not') as HTMLInputElement).value).toBe('yazılan')
    expect(screen.getByLabelText('not')).toBe(input)
    await act(async () => calls[1]!.resolve('haftalık'))
    await waitFor(() => expect(screen.queryByText('Yükleniyor…')).toBeNull())
    expect((screen.getByLabelText('not') as HTMLInputElement).value).toBe('yazılan')
  })

  it('a failure shows its reason and "Tekrar dene", which asks again with the same parameters', async () => {
    const { calls } = mount()
    await act(async () => calls[0]!.reject(new ApiError('network', null, null, null)))
    await screen.findByText('Servise erişim sağlanamadı, internet erişiminizi kontrol ediniz')
    fireEvent.click(screen.getByRole('button', { name: 'Tekrar dene' }))
    await waitFor(() => expect(calls.map((c) => c.params)).toEqual([{ days: 7 }, { days: 7 }]))
  })
})
