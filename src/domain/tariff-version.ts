import { FUNDS, fundsOffered, setFundsInUse, type Fund } from './funds.ts'
import { figuresInUse, SEED_TRAVEL, SEED_TSS, setFiguresInUse, type TravelFigures, type TssFigures } from './tariff.ts'

/**
 * A tariff version's figures (issue 24 "Tariffs and funds are data", docs/decisions/tariffs.md):
 * the TSS and travel price tables and the pension funds offered. The server keeps every version in
 * `tariff_version` with the date it takes effect and prices a sale with the one in force on the
 * sale's day (Europe/Istanbul); the pricing functions of ./tariff.ts and ./purchase.ts receive
 * these figures as data. `SEED_TARIFF` is version 1, the figures the database is seeded with.
 */
export type TariffFigures = { tss: TssFigures; travel: TravelFigures; funds: readonly Fund[] }

export const SEED_TARIFF: TariffFigures = { tss: SEED_TSS, travel: SEED_TRAVEL, funds: FUNDS }

/** The figures pricing uses when it is given none (version 1's, or the browser page's version in force). */
export function tariffInUse(): TariffFigures {
  return { ...figuresInUse(), funds: fundsOffered() }
}

/**
 * The browser's quick quotes, summaries and fund table price with the version in force that the
 * page was served with (the server puts it in the page's configuration); a value that does not look
 * like figures is ignored (version 1's stay). Never called on the server.
 */
export function setTariffInUse(figures: unknown): boolean {
  const f = figures as Partial<TariffFigures> | null
  if (!f || typeof f !== 'object' || !f.tss || !f.travel || !Array.isArray(f.funds) || !Array.isArray(f.tss.ageBands) || !Array.isArray(f.travel.lengthBands)) return false
  setFiguresInUse(f.tss, f.travel)
  setFundsInUse(f.funds)
  return true
}

/** A version as the server describes it (staff page, public figures). */
export type TariffVersionSummary = {
  id: number
  version: number
  effectiveFrom: string
  createdAt: string
  createdBy: string
  sourceName: string | null
  note: string | null
}
