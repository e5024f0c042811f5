import { formatMoney } from '../domain/money.ts'
import { TRAVEL_COVERAGES } from '../domain/tariff.ts'
import { SEED_TARIFF, type TariffFigures } from '../domain/tariff-version.ts'

/**
 * The prerendered pages (scripts/prerender.ts) are built with version 1 of the tariff, the seeded
 * figures. Where a page shows a figure before its JavaScript runs, a later version in force must
 * show there too (issue 24 "Tariffs and funds are data"): a customer on a slow phone would otherwise
 * read version 1's cover until hydration replaced it. Today the one such figure is the travel cover
 * level's amount in its choice ("Standart: €30.000") on the travel purchase and quick-quote pages;
 * the prices themselves are computed after the customer's answers, in the browser or the server,
 * always with the version in force. Each amount is replaced in its own `<option value="level">`
 * only, written as the prerender wrote it (Turkish notation), so the hydrating render (which reads
 * the same figures from the page's app-config) finds the text it renders itself.
 */
const LEVELS = TRAVEL_COVERAGES
const PRERENDER_LOCALE = 'tr-TR'
const eur = (n: number) => formatMoney(n, 'EUR', PRERENDER_LOCALE, { fractionDigits: 0 })
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

export function withFiguresInForce(html: string, figures: TariffFigures | null | undefined, built: TariffFigures = SEED_TARIFF): string {
  if (!figures) return html
  let out = html
  for (const level of LEVELS) {
    const was = built.travel.coverEur[level]
    const now = figures.travel.coverEur[level]
    if (was === now || now === undefined) continue
    const option = new RegExp(`(<option value="${level}"[^>]*>[^<]*?)${escape(eur(was))}(</option>)`, 'g')
    out = out.replace(option, (_m, head: string, tail: string) => `${head}${eur(now)}${tail}`)
  }
  return out
}
