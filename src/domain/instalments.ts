/**
 * A card payment in instalments that adds up (issue 24 item 8): the total split into `count`
 * instalments of whole kuruş, each the same but the first, which carries the rounding (13,504.00 in
 * 12: the first 1,125.37, then 11 x 1,125.33). One instalment is the whole amount.
 */
export type InstalmentPlan = { count: number; first: number; rest: number; total: number }
export function instalmentPlan(total: number, count: number): InstalmentPlan {
  const n = Math.max(1, Math.floor(count))
  const kurus = Math.round(total * 100)
  const rest = Math.floor(kurus / n)
  const first = kurus - rest * (n - 1)
  return { count: n, first: first / 100, rest: rest / 100, total: kurus / 100 }
}

/** The TSS quick quote shows each option's annual premium as 12 monthly instalments (issue 24 item 8). */
export const TSS_MONTHLY_INSTALMENTS = 12

/** An annual premium in the quick quote's 12 monthly instalments: they add up to it, the first carries the rounding. */
export function monthlyPlan(annualTry: number): InstalmentPlan {
  return instalmentPlan(annualTry, TSS_MONTHLY_INSTALMENTS)
}
