import { DEFAULT_TIMEZONE } from './constants.ts'
import type { GENDERS } from './schemas/common.ts'
import {
  addDays, ageInYears, calendarDateOf, compareDates, isAdultBirthDate, isChildBirthDate, isWithinInsurableAgeRange,
  toCalendarDate, type CalendarDate,
} from './dates.ts'

/**
 * The online tariff of the complementary health (TSS) and travel health products: the figures and
 * their reasons are in docs/decisions/tariff.md. Pure functions of the customer's answers and
 * "today", so the browser's quote and the server's price are the same. Amounts are whole kuruş
 * (integers) until shown; annual premiums are rounded to whole lira.
 */

// ---- TSS (complementary health) ------------------------------------------------------------

export const OUTPATIENT_OPTIONS = [8, 10, 12] as const
export type OutpatientVisits = (typeof OUTPATIENT_OPTIONS)[number]
export type Gender = (typeof GENDERS)[number]

/**
 * The figures of one tariff version (issue 24 "Tariffs and funds are data", docs/decisions/tariffs.md):
 * the server keeps them versioned in the database (`tariff_version`) and prices a sale with the
 * version in force on its day; the constants below are version 1, the figures the database is
 * seeded with, and the figures the browser's quick quote uses when it is given none.
 */
export type AgeBand = { from: number; to: number }
export type TssFigures = {
  ageBands: ReadonlyArray<AgeBand & { inpatientTry: number }>
  cityGroup1: readonly string[]
  cityGroup2: readonly string[]
  cityFactors: Readonly<Record<CityGroup, number>>
  outpatientLoading: Readonly<Record<OutpatientVisits, number>>
  femaleLoading: number
  birthLoading: number
  birthWaitingMonths: number
}
export type TravelFigures = {
  coverEur: Readonly<Record<TravelCoverage, number>>
  coverageFactor: Readonly<Record<TravelCoverage, number>>
  regionFactor: Readonly<Record<TravelRegion, number>>
  lengthBands: ReadonlyArray<AgeBand & { baseTry: number }>
  ageFactors: ReadonlyArray<AgeBand & { factor: number }>
  covidLoading: number
}

/** Age bands (completed years on the quote date) and the yearly inpatient premium in TRY. */
export const TSS_AGE_BANDS: ReadonlyArray<{ from: number; to: number; inpatientTry: number }> = [
  { from: 0, to: 17, inpatientTry: 4_200 },
  { from: 18, to: 29, inpatientTry: 5_400 },
  { from: 30, to: 39, inpatientTry: 6_600 },
  { from: 40, to: 49, inpatientTry: 8_400 },
  { from: 50, to: 59, inpatientTry: 11_800 },
  { from: 60, to: 69, inpatientTry: 15_600 },
]

/** City groups by province plate code: contracted-hospital prices differ most between them. */
export const TSS_CITY_GROUP_1 = ['06', '34', '35'] as const
export const TSS_CITY_GROUP_2 = ['01', '07', '16', '26', '27', '33', '38', '41', '42', '48', '59'] as const
export type CityGroup = 1 | 2 | 3
export const TSS_CITY_FACTORS: Readonly<Record<CityGroup, number>> = { 1: 1.2, 2: 1.05, 3: 0.9 }

/** Outpatient cover adds this share of the inpatient premium. */
export const TSS_OUTPATIENT_LOADING: Record<OutpatientVisits, number> = { 8: 0.55, 10: 0.65, 12: 0.75 }
/** Women of 18-44 years: a higher maternity-related loading; birth cover is offered to them only. */
export const TSS_FEMALE_LOADING = 0.1
export const TSS_BIRTH_LOADING = 0.18
export const TSS_BIRTH_WAITING_MONTHS = 10

/** Version 1's TSS figures (the constants above). */
export const SEED_TSS: TssFigures = {
  ageBands: TSS_AGE_BANDS, cityGroup1: TSS_CITY_GROUP_1, cityGroup2: TSS_CITY_GROUP_2, cityFactors: TSS_CITY_FACTORS,
  outpatientLoading: TSS_OUTPATIENT_LOADING, femaleLoading: TSS_FEMALE_LOADING, birthLoading: TSS_BIRTH_LOADING,
  birthWaitingMonths: TSS_BIRTH_WAITING_MONTHS,
}

/**
 * The figures a call without figures uses: the version in force that the browser page was served
 * with (src/web/config.ts puts the page's `tariff` on globalThis as `__servedTariff`; read at each
 * call, checked for shape), else version 1's. The server always passes the version it loaded and
 * never sets it. `setFiguresInUse` overrides both (tests).
 */
let override: { tss: TssFigures; travel: TravelFigures } | null = null
export function setFiguresInUse(tss: TssFigures | null, travel: TravelFigures | null): void {
  override = tss && travel ? { tss, travel } : null
}
export function figuresInUse(): { tss: TssFigures; travel: TravelFigures } {
  if (override) return override
  const served = (globalThis as { __servedTariff?: { tss?: TssFigures; travel?: TravelFigures } }).__servedTariff
  if (served && Array.isArray(served.tss?.ageBands) && Array.isArray(served.travel?.lengthBands)) return { tss: served.tss, travel: served.travel }
  return { tss: SEED_TSS, travel: SEED_TRAVEL }
}

export function cityGroupOf(cityCode: string, figures: TssFigures = figuresInUse().tss): CityGroup {
  if (figures.cityGroup1.includes(cityCode)) return 1
  if (figures.cityGroup2.includes(cityCode)) return 2
  return 3
}

function today(now: Date): CalendarDate {
  return calendarDateOf(now, DEFAULT_TIMEZONE)!
}

function ageOn(birthdate: string, now: Date): number | null {
  const birth = toCalendarDate(birthdate)
  return birth ? ageInYears(birth, today(now)) : null
}

export type TssQuoteInput = { gender: Gender; citycode: string; birthdate: string; birthCollateral?: boolean }
export type TssOption = { visits: OutpatientVisits | 0; annualTry: number; monthlyTry: number }
export type TssQuote =
  | { ok: true; age: number; cityGroup: CityGroup; birthCoverAvailable: boolean; birthCollateral: boolean; options: TssOption[] }
  | { ok: false; reason: 'AGE_OUT_OF_RANGE' | 'BAD_DATE' | 'BAD_CITY' }

function tryOf(kurus: number): number {
  // the factors' products carry binary noise (950 x 1.15 = 1092.4999... lira): rounded once to the lira, half up, on the exact sum
  return Math.round(Number((kurus / 100).toFixed(6)))
}

/** Yearly and monthly premium for inpatient only (visits 0) and for each outpatient option. */
export function quoteTss(input: TssQuoteInput, now: Date, figures: TssFigures = figuresInUse().tss): TssQuote {
  if (!/^\d{2}$/.test(input.citycode) || Number(input.citycode) < 1 || Number(input.citycode) > 81) return { ok: false, reason: 'BAD_CITY' }
  const age = ageOn(input.birthdate, now)
  if (age === null) return { ok: false, reason: 'BAD_DATE' }
  // spec 5's window: later than 69 years ago and earlier than 15 days ago
  if (!isWithinInsurableAgeRange(input.birthdate, now)) return { ok: false, reason: 'AGE_OUT_OF_RANGE' }
  const band = figures.ageBands.find((b) => age >= b.from && age <= b.to)
  if (!band) return { ok: false, reason: 'AGE_OUT_OF_RANGE' }
  const cityGroup = cityGroupOf(input.citycode, figures)
  const birthCoverAvailable = input.gender === 'female' && age >= 18 && age <= 44
  const birthCollateral = birthCoverAvailable && !!input.birthCollateral
  let inpatient = band.inpatientTry * 100 * figures.cityFactors[cityGroup]
  if (birthCoverAvailable) inpatient *= 1 + figures.femaleLoading
  if (birthCollateral) inpatient *= 1 + figures.birthLoading
  const option = (visits: OutpatientVisits | 0): TssOption => {
    const annual = tryOf(inpatient * (1 + (visits === 0 ? 0 : figures.outpatientLoading[visits])))
    return { visits, annualTry: annual, monthlyTry: Math.ceil((annual / 12) * 100) / 100 }
  }
  return { ok: true, age, cityGroup, birthCoverAvailable, birthCollateral, options: [option(0), ...OUTPATIENT_OPTIONS.map(option)] }
}

// ---- Travel health ----------------------------------------------------------------------------

export const TRAVEL_REGIONS = ['schengen', 'worldwideExclUsCa', 'worldwide'] as const
export type TravelRegion = (typeof TRAVEL_REGIONS)[number]
export const TRAVEL_COVERAGES = ['standard', 'plus', 'premium'] as const
export type TravelCoverage = (typeof TRAVEL_COVERAGES)[number]

/** Medical cover per person and trip, in EUR. A Schengen visa needs at least EUR 30,000. */
export const TRAVEL_COVER_EUR: Record<TravelCoverage, number> = { standard: 30_000, plus: 50_000, premium: 100_000 }
export const SCHENGEN_MINIMUM_EUR = 30_000
export const TRAVEL_COVERAGE_FACTOR: Record<TravelCoverage, number> = { standard: 1, plus: 1.35, premium: 1.8 }
export const TRAVEL_REGION_FACTOR: Record<TravelRegion, number> = { schengen: 1, worldwideExclUsCa: 1.6, worldwide: 2.6 }
/** Trip-length bands (days, both ends included) and the standard Schengen premium in TRY. */
export const TRAVEL_LENGTH_BANDS: ReadonlyArray<{ from: number; to: number; baseTry: number }> = [
  { from: 1, to: 7, baseTry: 450 },
  { from: 8, to: 15, baseTry: 650 },
  { from: 16, to: 31, baseTry: 950 },
  { from: 32, to: 62, baseTry: 1_600 },
  { from: 63, to: 92, baseTry: 2_200 },
  { from: 93, to: 180, baseTry: 3_600 },
  { from: 181, to: 365, baseTry: 5_800 },
]
export const TRAVEL_AGE_FACTORS: ReadonlyArray<{ from: number; to: number; factor: number }> = [
  { from: 0, to: 17, factor: 0.7 },
  { from: 18, to: 64, factor: 1 },
  { from: 65, to: 74, factor: 2 },
  { from: 75, to: 100, factor: 3 },
]
export const TRAVEL_COVID_LOADING = 0.15
/** Version 1's travel figures (the constants above). */
export const SEED_TRAVEL: TravelFigures = {
  coverEur: TRAVEL_COVER_EUR, coverageFactor: TRAVEL_COVERAGE_FACTOR, regionFactor: TRAVEL_REGION_FACTOR,
  lengthBands: TRAVEL_LENGTH_BANDS, ageFactors: TRAVEL_AGE_FACTORS, covidLoading: TRAVEL_COVID_LOADING,
}
/** A policy can be bought up to this many days before the trip starts. */
export const TRAVEL_MAX_DAYS_AHEAD = 180

export type TravelQuoteInput = {
  birthdate: string
  travelLocation: TravelRegion
  coverageType: TravelCoverage
  covid: boolean
  startDate: string
  endDate: string
}
export type TravelQuote =
  | { ok: true; age: number; days: number; coverEur: number; meetsSchengenVisa: boolean; premiumTry: number }
  | { ok: false; reason: 'AGE_OUT_OF_RANGE' | 'BAD_DATE' | 'START_IN_PAST' | 'START_TOO_FAR' | 'END_BEFORE_START' | 'TOO_LONG' }

/** Days of the trip, both the start and the end day included. */
export function tripDays(start: CalendarDate, end: CalendarDate): number {
  const t = (d: CalendarDate) => Date.UTC(d.year, d.month - 1, d.day)
  return Math.round((t(end) - t(start)) / 86_400_000) + 1
}

export function quoteTravel(input: TravelQuoteInput, now: Date, figures: TravelFigures = figuresInUse().travel): TravelQuote {
  const start = toCalendarDate(input.startDate)
  const end = toCalendarDate(input.endDate)
  const age = ageOn(input.birthdate, now)
  if (!start || !end || age === null) return { ok: false, reason: 'BAD_DATE' }
  // spec 5: an adult (18 to 100) or a child (under 18 and older than 15 days)
  if (!isAdultBirthDate(input.birthdate, now) && !isChildBirthDate(input.birthdate, now)) return { ok: false, reason: 'AGE_OUT_OF_RANGE' }
  const day = today(now)
  if (compareDates(start, day) < 0) return { ok: false, reason: 'START_IN_PAST' }
  if (compareDates(start, addDays(day, TRAVEL_MAX_DAYS_AHEAD)) > 0) return { ok: false, reason: 'START_TOO_FAR' }
  if (compareDates(end, start) < 0) return { ok: false, reason: 'END_BEFORE_START' }
  const days = tripDays(start, end)
  const band = figures.lengthBands.find((b) => days >= b.from && days <= b.to)
  if (!band) return { ok: false, reason: 'TOO_LONG' }
  const ageBand = figures.ageFactors.find((b) => age >= b.from && age <= b.to)
  if (!ageBand) return { ok: false, reason: 'AGE_OUT_OF_RANGE' }
  let kurus = band.baseTry * 100 * figures.regionFactor[input.travelLocation] * figures.coverageFactor[input.coverageType] * ageBand.factor
  if (input.covid) kurus *= 1 + figures.covidLoading
  const coverEur = figures.coverEur[input.coverageType]
  return { ok: true, age, days, coverEur, meetsSchengenVisa: coverEur >= SCHENGEN_MINIMUM_EUR, premiumTry: tryOf(kurus) }
}
