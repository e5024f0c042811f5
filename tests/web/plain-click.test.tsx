import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { plainClick } from '../../src/web/components/sales/plain-click.ts'

afterEach(() => cleanup())

/** The quick quotes' "Satın Al": a plain click is the machine's quote.buy, any other click stays the browser's. */
describe('plainClick', () => {
  function mount() {
    const calls: string[] = []
    render(<a href="/urunler/market/tss?visits=10" onClick={plainClick(() => calls.push('buy'))}>Satın Al</a>)
    return { calls, link: screen.getByRole('link', { name: 'Satın Al' }) }
  }

  it('takes a plain primary click and keeps the browser from following the link', () => {
    const { calls, link } = mount()
    const followed = fireEvent.click(link, { button: 0 })
    expect(calls).toEqual(['buy'])
    expect(followed).toBe(false)
  })

  it('leaves a click with a modifier key (a new tab or window) to the browser', () => {
    const { calls, link } = mount()
    for (const key of ['ctrlKey', 'metaKey', 'shiftKey', 'altKey']) expect(fireEvent.click(link, { button: 0, [key]: true })).toBe(true)
    expect(fireEvent.click(link, { button: 1 })).toBe(true)
    expect(calls).toEqual([])
  })
})
