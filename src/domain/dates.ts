import { ADULT_AGE, AGE_WINDOW_YEARS, DEFAULT_TIMEZONE, MAX_AGE, NEWBORN_LIMIT_DAYS } from './constants.ts'

/**
 * Calendar dates (date-only, no time of day, no zone) and the birth-date rules of spec 5.
 *
 * A string in ISO form 'YYYY-MM-DD' (or Turkish 'DD.MM.YYYY') is read as a calendar date as it is,
 * so no time-zone shift can move a birthday. A `Date` is an instant: it is read as the calendar date
 * it falls on in Europe/Istanbul (the product's default zone), unless another zone is given.
 * "N years ago" is the same month and day N years back; comparisons are on (year, month, day)
 * tuples, so someone born on 29 February reaches a birthday on 1 March in common years.
 */
export type CalendarDate = { readonly year: number; readonly month: number; readonly day: number }

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
}

export function daysInMonth(year: number, month: number): number {
  return month === 2 ? (isLeapYear(year) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31
}

function makeDate(year: number, month: number, day: number): CalendarDate | null {
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day)) return null
  if (year < 1 || year > 9999 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null
  return { year, month, day }
}

const formatters = new Map<string, Intl.DateTimeFormat>()
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone)
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric', calendar: 'gregory', numberingSystem: 'latn' })
    formatters.set(timeZone, f)
  }
  return f
}

/** The calendar date an instant falls on in a time zone (Europe/Istanbul by default). */
export function calendarDateOf(instant: Date, timeZone: string = DEFAULT_TIMEZONE): CalendarDate | null {
  if (!(instant instanceof Date) || Number.isNaN(instant.getTime())) return null
  let year = 0
  let month = 0
  let day = 0
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    if (part.type === 'year') year = Number(part.value)
    else if (part.type === 'month') month = Number(part.value)
    else if (part.type === 'day') day = Number(part.value)
  }
  return makeDate(year, month, day)
}

/**
 * Reads a calendar date: 'YYYY-MM-DD' or 'DD.MM.YYYY' strings as written (null when not a real
 * date, e.g. '2023-02-29'), a Date as the date it falls on in `timeZone`.
 */
export function toCalendarDate(value: Date | string, timeZone: string = DEFAULT_TIMEZONE): CalendarDate | null {
  if (value instanceof Date) return calendarDateOf(value, timeZone)
  if (typeof value !== 'string') return null
  const v = value.trim()
  let m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v)
  if (m) return makeDate(Number(m[1]), Number(m[2]), Number(m[3]))
  m = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(v)
  if (m) return makeDate(Number(m[3]), Number(m[2]), Number(m[1]))
  return null
}

/** 'YYYY-MM-DD'. */
export function formatIsoDate(date: CalendarDate): string {
  return `${String(date.year).padStart(4, '0')}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`
}

/** Negative when a is before b, 0 when equal, positive when after. */
export function compareDates(a: CalendarDate, b: CalendarDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day
}

/**
 * The same month and day `years` back. The day may be 29 February of a common year: kept as is
 * on purpose, it still orders correctly (after 28 February, before 1 March).
 */
function yearsBefore(date: CalendarDate, years: number): CalendarDate {
  return { year: date.year - years, month: date.month, day: date.day }
}

/** The real calendar date `days` days before (proleptic Gregorian, through UTC arithmetic). */
export function addDays(date: CalendarDate, days: number): CalendarDate {
  const t = new Date(0)
  t.setUTCFullYear(date.year, date.month - 1, date.day + days)
  return { year: t.getUTCFullYear(), month: t.getUTCMonth() + 1, day: t.getUTCDate() }
}

/** Completed years between a birth date and today (negative when born in the future). */
export function ageInYears(birth: CalendarDate, today: CalendarDate): number {
  const beforeBirthday = today.month < birth.month || (today.month === birth.month && today.day < birth.day)
  return today.year - birth.year - (beforeBirthday ? 1 : 0)
}

function both(date: Date | string, now: Date, timeZone: string): [CalendarDate, CalendarDate] | null {
  const birth = toCalendarDate(date, timeZone)
  const today = calendarDateOf(now, timeZone)
  return birth && today ? [birth, today] : null
}

/**
 * Birth date, first variant: at least 18 years ago and at most 100 years ago (both inclusive: valid
 * from the 18th birthday through the 100th birthday).
 */
export function isAdultBirthDate(date: Date | string, now: Date, timeZone: string = DEFAULT_TIMEZONE): boolean {
  const p = both(date, now, timeZone)
  if (!p) return false
  const [birth, today] = p
  return compareDates(birth, yearsBefore(today, ADULT_AGE)) <= 0 && compareDates(birth, yearsBefore(today, MAX_AGE)) >= 0
}

/**
 * Birth date, second variant: later than the date 18 years ago, read as "under 18" (a minor; on
 * the 18th birthday it is false). A date after today is not a birth date and is refused.
 */
export function isMinorBirthDate(date: Date | string, now: Date, timeZone: string = DEFAULT_TIMEZONE): boolean {
  const p = both(date, now, timeZone)
  if (!p) return false
  const [birth, today] = p
  return compareDates(birth, yearsBefore(today, ADULT_AGE)) > 0 && compareDates(birth, today) <= 0
}

/** Date range check: later than 69 years ago and earlier than 15 days ago (both exclusive). */
export function isWithinInsurableAgeRange(date: Date | string, now: Date, timeZone: string = DEFAULT_TIMEZONE): boolean {
  const p = both(date, now, timeZone)
  if (!p) return false
  const [birth, today] = p
  return compareDates(birth, yearsBefore(today, AGE_WINDOW_YEARS)) > 0 && compareDates(birth, addDays(today, -NEWBORN_LIMIT_DAYS)) < 0
}

/** Child rule: under 18 and older than 15 days (born before the date 15 days ago). */
export function isChildBirthDate(date: Date | string, now: Date, timeZone: string = DEFAULT_TIMEZONE): boolean {
  const p = both(date, now, timeZone)
  if (!p) return false
  const [birth, today] = p
  return compareDates(birth, yearsBefore(today, ADULT_AGE)) > 0 && compareDates(birth, addDays(today, -NEWBORN_LIMIT_DAYS)) < 0
}
