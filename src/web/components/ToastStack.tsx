import { useEffect } from 'react'
import toast, { Toaster, useToasterStore } from 'react-hot-toast'
import { TOAST_DURATION_MS } from '../../domain/constants.ts'

/**
 * The page's toasts (spec 8), one at a time (issue 23 goal 6): a new notice replaces the one on
 * screen instead of piling up under it ("Hoş geldiniz", then "Yetkiler yenilendi", then a failure).
 * react-hot-toast keeps its newest toast first; every older visible one is dismissed.
 */
export default function ToastStack() {
  const { toasts } = useToasterStore()
  useEffect(() => {
    for (const older of toasts.filter((t) => t.visible).slice(1)) toast.dismiss(older.id)
  }, [toasts])
  return <Toaster position="top-right" toastOptions={{ duration: TOAST_DURATION_MS }} />
}
