import { FUNDS, type Fund } from './funds.ts'
import { SEED_TRAVEL, SEED_TSS, type TravelFigures, type TssFigures } from './tariff.ts'

/**
 * A tariff version's figures (issue 24 "Tariffs and funds are data", docs/decisions/tariffs.md):
 * the TSS and travel price tables and the pension funds offered. The server keeps every version in
 * `tariff_version` with the date it takes effect and prices a sale with the one in force on the
 * sale's day (Europe/Istanbul); the pricing functions of ./tariff.ts and ./purchase.ts receive
 * these figures as data. `SEED_TARIFF` is version 1, the figures the database is seeded with.
 */
export type TariffFigures = { tss: TssFigures; travel: TravelFigures; funds: readonly Fund[] }

export const SEED_TARIFF: TariffFigures = { tss: SEED_TSS, travel: SEED_TRAVEL, funds: FUNDS }

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
