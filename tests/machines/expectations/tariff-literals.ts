/**
 * The prices the purchase models expect, worked out from figures restated here as literals: the
 * tariff's version 1 as docs/decisions/tariff.md writes it down (the spec gives no TSS or travel
 * prices, only TSS's 8, 10 or 12 outpatient visits a year) and spec 9's BES plan figures ("early BES
 * monthly 100 TL, practical 150 TL"). Nothing here imports the production price code
 * (src/domain/tariff.ts, src/domain/purchase.ts) or its constants: a wrong figure or rule there
 * shows as a price the models and the browser replay do not expect. Sums are in whole percent (exact
 * integers), rounded to the lira once, as the tariff says ("rounded to whole lira").
 */

/** Completed years on `day` (YYYY-MM-DD), as a person counts them. */
export function yearsOn(birthdate: string, day: string): number {
  const [by, bm, bd] = birthdate.split('-').map(Number) as [number, number, number]
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0)
}

/** TSS: yearly inpatient premium by age band (completed years), TRY. */
const TSS_BANDS: Array<[from: number, to: number, lira: number]> = [[0, 17, 4_200], [18, 29, 5_400], [30, 39, 6_600], [40, 49, 8_400], [50, 59, 11_800], [60, 68, 15_600]]
/** TSS city groups by plate code, in percent: 06, 34, 35 x1.20; the second group x1.05; the rest x0.90. */
const TSS_CITY_1 = ['06', '34', '35']
const TSS_CITY_2 = ['01', '07', '16', '26', '27', '33', '38', '41', '42', '48', '59']
const cityPercent = (plate: string) => (TSS_CITY_1.includes(plate) ? 120 : TSS_CITY_2.includes(plate) ? 105 : 90)
/** Outpatient visits a year (spec 3.1's 8, 10 or 12) adding 55, 65 or 75 percent of the inpatient premium; none: inpatient only. */
const OUTPATIENT_PERCENT: Record<number, number> = { 0: 100, 8: 155, 10: 165, 12: 175 }

export type TssQuoteLiteral = { gender: string; citycode: string; birthdate: string; visits: number; birthCollateral?: boolean }

/** The yearly TSS premium of a quote on `day`, or null where the tariff refuses it (outside 15 days to 69 years, a visit count it has not). */
export function tssYearly(q: TssQuoteLiteral, day: string): number | null {
  const age = yearsOn(q.birthdate, day)
  const band = TSS_BANDS.find(([from, to]) => age >= from && age <= to)
  const out = OUTPATIENT_PERCENT[q.visits]
  if (!band || out === undefined || age > 68) return null
  // women of 18-44: x1.10; birth cover (offered to them only): x1.18 more
  const woman = q.gender === 'female' && age >= 18 && age <= 44
  const factors = [cityPercent(q.citycode), woman ? 110 : 100, woman && q.birthCollateral ? 118 : 100, out]
  const num = factors.reduce((a, f) => a * BigInt(f), BigInt(band[2]))
  const den = 100n ** BigInt(factors.length)
  return Number((num * 2n + den) / (2n * den))
}

/** Travel: standard Schengen premium by trip length (days, both ends counted), TRY. */
const TRAVEL_LENGTHS: Array<[from: number, to: number, lira: number]> = [[1, 7, 450], [8, 15, 650], [16, 31, 950], [32, 62, 1_600], [63, 92, 2_200], [93, 180, 3_600], [181, 365, 5_800]]
/** Region, cover level, age and Covid-19 factors, in percent. */
const TRAVEL_REGION: Record<string, number> = { schengen: 100, worldwideExclUsCa: 160, worldwide: 260 }
const TRAVEL_COVER: Record<string, number> = { standard: 100, plus: 135, premium: 180 }
const TRAVEL_AGE: Array<[from: number, to: number, percent: number]> = [[0, 17, 70], [18, 64, 100], [65, 74, 200], [75, 100, 300]]

export type TravelPlanLiteral = { birthdate: string; travelLocation: string; coverageType: string; covid: boolean; startDate: string; endDate: string }

const dayNumber = (iso: string) => Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))) / 86_400_000

/** The travel premium of a plan quoted on `day`, or null where the tariff refuses it. */
export function travelPremium(p: TravelPlanLiteral, day: string): number | null {
  const days = dayNumber(p.endDate) - dayNumber(p.startDate) + 1
  const length = TRAVEL_LENGTHS.find(([from, to]) => days >= from && days <= to)
  const age = yearsOn(p.birthdate, day)
  const ageBand = TRAVEL_AGE.find(([from, to]) => age >= from && age <= to)
  const region = TRAVEL_REGION[p.travelLocation]
  const cover = TRAVEL_COVER[p.coverageType]
  if (!length || !ageBand || region === undefined || cover === undefined) return null
  const factors = [region, cover, ageBand[2], p.covid ? 115 : 100]
  const num = factors.reduce((a, f) => a * BigInt(f), BigInt(length[2]))
  const den = 100n ** BigInt(factors.length)
  return Number((num * 2n + den) / (2n * den))
}

/** Spec 9's displayed plan prices: the monthly minimum contribution of early BES (100 TL) and practical BES (150 TL). */
export const BES_MONTHLY_MINIMUM: Record<'erkenbes' | 'pratikbes', number> = { erkenbes: 100, pratikbes: 150 }

/**
 * An amount as the Turkish pages write it (spec 9: TRY for tr, 2 decimals): "₺13.068,00", the
 * lira sign first, dots between thousands, a comma before the kuruş. Written out here, not by the
 * product's formatter.
 */
export function tl(amount: number): string {
  const [lira, kurus] = amount.toFixed(2).split('.') as [string, string]
  return `₺${lira.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${kurus}`
}
