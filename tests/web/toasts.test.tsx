import { act, render, screen } from '@testing-library/react'
import toast from 'react-hot-toast'
import { afterEach, describe, expect, it, vi } from 'vitest'
import ToastStack from '../../src/web/components/ToastStack.tsx'

/** Issue 23 goal 6: toasts replace each other instead of piling up. */
// jsdom has no matchMedia (react-hot-toast asks for prefers-reduced-motion)
window.matchMedia ??= ((query: string) => ({ matches: false, media: query, onchange: null, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false })) as typeof window.matchMedia

describe('Toasts', () => {
  afterEach(() => { act(() => toast.remove()) })

  it('shows one toast at a time: a new one (another id) dismisses the one on screen', async () => {
    vi.useFakeTimers()
    try {
      render(<ToastStack />)
      act(() => { toast.success('Hoş geldiniz, Ayşe', { id: 'welcome' }) })
      expect(screen.getByText('Hoş geldiniz, Ayşe')).toBeTruthy()
      act(() => { toast.success('Yetkileriniz güncel, değişiklik yok.', { id: 'permissions-refreshed' }) })
      act(() => { toast.error('Bağlantı kurulamadı', { id: 'client-info' }) })
      // well within the 5 s a toast stays: the older two leave (after their exit animation)
      await act(async () => { await vi.advanceTimersByTimeAsync(1_500) })
      expect(screen.queryByText('Hoş geldiniz, Ayşe')).toBeNull()
      expect(screen.queryByText('Yetkileriniz güncel, değişiklik yok.')).toBeNull()
      expect(screen.getByText('Bağlantı kurulamadı')).toBeTruthy()
    } finally {
      vi.useRealTimers()
    }
  })
})
