/**
 * The BES purchase's steps in the browser's history (issue 24 item 1, docs/decisions/purchase-history.md):
 * each resting step has its own history entry naming it; a page reloaded (or come back to with
 * Forward) at a step after the verification returns to it.
 */
export const BES_HISTORY_STEPS = ['quick', 'sms', 'personal', 'custodian', 'payer', 'contract', 'consents', 'summary', 'preInformation', 'payment'] as const
export type BesHistoryStep = (typeof BES_HISTORY_STEPS)[number]
/** Steps a reload returns to: those after the verification (the quick profile and the SMS step start as a plain visit). */
export const BES_RESTORABLE_STEPS: readonly BesHistoryStep[] = ['personal', 'custodian', 'payer', 'contract', 'consents', 'summary', 'preInformation', 'payment']

type Answers = { restoreTo: BesHistoryStep | null; profile: unknown; custodian: unknown; payer: unknown; contract: unknown; minor: boolean; payerIsOther: boolean }

/**
 * Where a reloaded page goes back to: the step of its history entry when the saved application has
 * the answers of every step before it (a custodian only for a minor, a payer only when someone else
 * pays); else the first step without answers. The pre-information form and the card form come back
 * as the form given again (the card form's purchase is made from the confirmed form).
 */
export function besRestoreTarget(c: Answers): string {
  const sections = [
    ['personal', c.profile] as const,
    ...(c.minor ? [['custodian', c.custodian] as const] : []),
    ...(c.payerIsOther ? [['payer', c.payer] as const] : []),
    ['contract', c.contract] as const,
  ]
  const missing = sections.findIndex(([, answers]) => answers == null)
  const wanted = sections.findIndex(([step]) => step === c.restoreTo)
  if (wanted >= 0) return sections[missing >= 0 && missing < wanted ? missing : wanted]![0]
  if (missing >= 0) return sections[missing]![0]
  // a section this application has no use for (a custodian of an adult): the last section
  if (c.restoreTo === 'custodian' || c.restoreTo === 'payer' || c.restoreTo === 'personal') return 'contract'
  if (c.restoreTo === 'summary') return 'summary'
  if (c.restoreTo === 'preInformation' || c.restoreTo === 'payment') return 'loadingPreInformation'
  return 'consents'
}
