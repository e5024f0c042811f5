/**
 * The last card payment of this tab (sessionStorage): its order id and receipt token, written when
 * the gateway answers, and whether its outcome was shown. Tiny and dependency-free, so `/` can tell
 * without loading the form's code that a payment was left behind (a reload or Back during the 3-D
 * step) and load the form to say what happened to it.
 */
export const RESULT_KEY = 'ke-payment'

export type LastPayment = { orderId: string; receipt: string; seen: boolean }

export function readLastPayment(): LastPayment | null {
  let saved: { orderId?: unknown; receipt?: unknown; seen?: unknown } | null
  try {
    saved = JSON.parse(sessionStorage.getItem(RESULT_KEY) ?? 'null') as typeof saved
  } catch {
    return null
  }
  if (!saved || typeof saved.orderId !== 'string' || typeof saved.receipt !== 'string') return null
  return { orderId: saved.orderId, receipt: saved.receipt, seen: saved.seen === true }
}

export function saveLastPayment(orderId: string, receipt: string): void {
  sessionStorage.setItem(RESULT_KEY, JSON.stringify({ orderId, receipt, seen: false }))
}

/** The outcome was shown to the customer (a result page, or the notice above the form). */
export function markLastPaymentSeen(orderId: string): void {
  const last = readLastPayment()
  if (last && last.orderId === orderId && !last.seen) sessionStorage.setItem(RESULT_KEY, JSON.stringify({ ...last, seen: true }))
}

/** A payment of this tab whose outcome the customer has not been shown. */
export function hasUnseenPayment(): boolean {
  return readLastPayment()?.seen === false
}
