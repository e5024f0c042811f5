import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { I18nProvider } from '@lingui/react'
import { i18n } from '@lingui/core'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { messages as tr } from '../../src/locales/tr/messages.po'
import { PreInformationStep } from '../../src/web/components/sales/PurchaseSteps.tsx'

beforeAll(() => {
  i18n.load({ tr })
  i18n.activate('tr')
})
afterEach(cleanup)

const form = (id: string, line: string) => ({ id, title: 'Ön Bilgilendirme Formu', sections: [{ heading: 'Şirket', lines: [line] }] })

function step(f: ReturnType<typeof form> | null, confirmed: boolean[]) {
  return (
    <I18nProvider i18n={i18n}>
      <PreInformationStep form={f} busy={false} reason={null} unconfirmed={false} onConfirm={(a) => confirmed.push(a)} onBack={() => {}} onDownload={() => {}} />
    </I18nProvider>
  )
}

describe('the pre-information step (issue 24 items 1 and 4)', () => {
  it('a renewed form (the purchase refused the one confirmed: PRE_INFORMATION_CHANGED) is confirmed anew: its box is unticked again', () => {
    const confirmed: boolean[] = []
    const { rerender } = render(step(form('f1', 'eski'), confirmed))
    const box = () => screen.getByRole('checkbox') as HTMLInputElement
    fireEvent.click(box())
    expect(box().checked).toBe(true)
    // the page asks for the new form (the step stays on screen, "Yükleniyor…"), then shows it
    rerender(step(null, confirmed))
    expect(screen.getByRole('status').textContent).toBe('Yükleniyor…')
    rerender(step(form('f2', 'yeni'), confirmed))
    expect(screen.getByText('yeni')).toBeTruthy()
    expect(box().checked).toBe(false)
    fireEvent.click(screen.getByRole('button', { name: 'Ödemeye geç' }))
    expect(confirmed).toEqual([false])
  })

  it('the same form drawn again keeps the customer\'s tick', () => {
    const confirmed: boolean[] = []
    const { rerender } = render(step(form('f1', 'eski'), confirmed))
    fireEvent.click(screen.getByRole('checkbox'))
    rerender(step(form('f1', 'eski'), confirmed))
    fireEvent.click(screen.getByRole('button', { name: 'Ödemeye geç' }))
    expect(confirmed).toEqual([true])
  })
})
