/**
 * The participation (interest-free) pension investment funds a BES contract can choose
 * (sales-background "Funds"; docs/decisions/bes-purchase.md). A participation plan invests only in
 * funds approved by the provider's advisory board; the customer splits the contribution across
 * them in whole percentages that sum to 100. Fund names are proper names (kept in Turkish, as on
 * the fund's own documents); the kind is translated by the web layer. `risk` is the fund's risk
 * value on the 1 (lowest) to 7 (highest) scale of its KID.
 */
export const FUND_KINDS = ['moneyMarket', 'sukuk', 'standard', 'flexible', 'gold', 'equity'] as const
export type FundKind = (typeof FUND_KINDS)[number]
export type Fund = { code: string; name: string; kind: FundKind; risk: 1 | 2 | 3 | 4 | 5 | 6 | 7 }

/** Version 1's funds (issue 24: the server keeps the funds offered in each tariff version, docs/decisions/tariffs.md). */
export const FUNDS: readonly Fund[] = [
  { code: 'KEP', name: 'Katılım Emeklilik Para Piyasası Katılım Emeklilik Yatırım Fonu', kind: 'moneyMarket', risk: 1 },
  { code: 'KEK', name: 'Katılım Emeklilik Kira Sertifikaları Katılım Emeklilik Yatırım Fonu', kind: 'sukuk', risk: 2 },
  { code: 'KES', name: 'Katılım Emeklilik Standart Katılım Emeklilik Yatırım Fonu', kind: 'standard', risk: 3 },
  { code: 'KED', name: 'Katılım Emeklilik Dengeli Değişken Katılım Emeklilik Yatırım Fonu', kind: 'flexible', risk: 4 },
  { code: 'KEA', name: 'Katılım Emeklilik Altın Katılım Emeklilik Yatırım Fonu', kind: 'gold', risk: 5 },
  { code: 'KEH', name: 'Katılım Emeklilik Hisse Senedi Katılım Emeklilik Yatırım Fonu', kind: 'equity', risk: 6 },
]

export type FundShare = { code: string; share: number }

/**
 * The funds offered where no version is given: the version in force the browser page was served
 * with (`__servedTariff`, as ./tariff.ts reads it), else version 1's; `setFundsInUse` overrides (tests).
 */
let override: readonly Fund[] | null = null
export function setFundsInUse(funds: readonly Fund[] | null): void {
  override = funds
}
export function fundsOffered(): readonly Fund[] {
  if (override) return override
  const served = (globalThis as { __servedTariff?: { funds?: unknown } }).__servedTariff?.funds
  if (Array.isArray(served) && served.length > 0 && served.every((f: Partial<Fund>) => typeof f?.code === 'string' && typeof f.name === 'string')) return served as Fund[]
  return FUNDS
}

/** At most this many funds in one distribution (a contract splits across a few, not all). */
export const MAX_FUNDS_PER_CONTRACT = FUNDS.length

export function fundByCode(code: string, funds: readonly Fund[] = fundsOffered()): Fund | undefined {
  return funds.find((f) => f.code === code)
}

/** The sum of the shares (whole percentages). */
export function sharesTotal(shares: readonly FundShare[]): number {
  return shares.reduce((sum, s) => sum + s.share, 0)
}

export type FundChoiceProblem = 'empty' | 'unknownFund' | 'duplicateFund' | 'notWhole' | 'outOfRange' | 'notHundred'

/**
 * What is wrong with a distribution, or null when it is valid: known funds, each once, each share a
 * whole percentage from 1 to 100, together exactly 100. Funds with share 0 are left out before.
 * `funds` null: any well-formed fund code (the server's request schema; the purchase then checks
 * the codes against the tariff version in force, whose funds may differ from version 1's).
 */
export function fundChoiceProblem(shares: readonly FundShare[], funds: readonly Fund[] | null = fundsOffered()): FundChoiceProblem | null {
  if (shares.length === 0) return 'empty'
  const seen = new Set<string>()
  for (const s of shares) {
    if (funds ? !fundByCode(s.code, funds) : !/^[A-Z]{3}$/.test(s.code)) return 'unknownFund'
    if (seen.has(s.code)) return 'duplicateFund'
    seen.add(s.code)
    if (!Number.isInteger(s.share)) return 'notWhole'
    if (s.share < 1 || s.share > 100) return 'outOfRange'
  }
  return sharesTotal(shares) === 100 ? null : 'notHundred'
}
