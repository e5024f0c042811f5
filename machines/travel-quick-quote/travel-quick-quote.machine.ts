import { assign, setup } from 'xstate'
import { toCalendarDate } from '../../src/domain/dates.ts'
import {
  quoteTravel, TRAVEL_COVERAGES, TRAVEL_REGIONS, type TravelCoverage, type TravelQuote, type TravelRegion,
} from '../../src/domain/tariff.ts'
import { TRAVEL_QUICK_QUOTE_START } from './travel-quick-quote.start.ts'

/**
 * The travel health quick quote (`/urunler/market/seyahatsaglikhizliteklif`, spec 3.2 travel plan):
 * birth date, gender, destination region, cover level, covid cover and the trip's dates in; the
 * premium, the trip length and the medical cover (and whether it meets the Schengen visa minimum)
 * out, from src/domain/tariff.ts. No effects: the tariff is local. `quote.buy` ends the flow.
 */
export type TravelPlanValues = {
  birthdate: string
  gender: string
  travelLocation: string
  coverageType: string
  covid: boolean
  startDate: string
  endDate: string
}
export type TravelField = 'birthdate' | 'gender' | 'travelLocation' | 'coverageType' | 'startDate' | 'endDate'
export type TravelFieldError = 'required' | 'requiredSelection' | 'date' | 'ageRange' | 'startInPast' | 'startTooFar' | 'endBeforeStart' | 'tooLong'
export type TravelQuickQuoteContext = {
  values: TravelPlanValues
  errors: Partial<Record<TravelField, TravelFieldError>>
  quote: Extract<TravelQuote, { ok: true }> | null
}
export type TravelQuickQuoteEvent = ({ type: 'form.submit'; at: string } & TravelPlanValues) | { type: 'quote.buy' }

const REASON_FIELD: Record<Exclude<TravelQuote, { ok: true }>['reason'], [TravelField, TravelFieldError]> = {
  AGE_OUT_OF_RANGE: ['birthdate', 'ageRange'],
  BAD_DATE: ['startDate', 'date'],
  START_IN_PAST: ['startDate', 'startInPast'],
  START_TOO_FAR: ['startDate', 'startTooFar'],
  END_BEFORE_START: ['endDate', 'endBeforeStart'],
  TOO_LONG: ['endDate', 'tooLong'],
}

type Submit = Extract<TravelQuickQuoteEvent, { type: 'form.submit' }>

function assess(e: Submit): Pick<TravelQuickQuoteContext, 'errors' | 'quote'> {
  const errors: TravelQuickQuoteContext['errors'] = {}
  for (const f of ['birthdate', 'startDate', 'endDate'] as const) {
    if (!e[f].trim()) errors[f] = 'required'
    else if (!toCalendarDate(e[f])) errors[f] = 'date'
  }
  if (e.gender !== 'female' && e.gender !== 'male') errors.gender = 'requiredSelection'
  if (!(TRAVEL_REGIONS as readonly string[]).includes(e.travelLocation)) errors.travelLocation = 'requiredSelection'
  if (!(TRAVEL_COVERAGES as readonly string[]).includes(e.coverageType)) errors.coverageType = 'requiredSelection'
  if (Object.keys(errors).length) return { errors, quote: null }
  const q = quoteTravel({
    birthdate: e.birthdate, travelLocation: e.travelLocation as TravelRegion, coverageType: e.coverageType as TravelCoverage,
    covid: e.covid, startDate: e.startDate, endDate: e.endDate,
  }, new Date(e.at))
  if (q.ok) return { errors: {}, quote: q }
  const [field, code] = REASON_FIELD[q.reason]
  return { errors: { [field]: code }, quote: null }
}

const pick = (e: Submit): TravelPlanValues => ({
  birthdate: e.birthdate.trim(), gender: e.gender, travelLocation: e.travelLocation, coverageType: e.coverageType,
  covid: e.covid, startDate: e.startDate.trim(), endDate: e.endDate.trim(),
})

export const travelQuickQuoteMachine = setup({
  types: {} as { context: TravelQuickQuoteContext; events: TravelQuickQuoteEvent; output: { values: TravelPlanValues } },
  guards: {
    isQuotable: ({ event }) => event.type === 'form.submit' && assess(event).quote !== null,
  },
  actions: {
    assess: assign(({ event }) => ({ values: pick(event as Submit), ...assess(event as Submit) })),
  },
}).createMachine({
  id: 'travelQuickQuote',
  context: TRAVEL_QUICK_QUOTE_START,
  initial: 'editing',
  states: {
    editing: {
      on: {
        'form.submit': [
          { guard: 'isQuotable', target: 'quoted', actions: 'assess' },
          { actions: 'assess' },
        ],
      },
    },
    quoted: {
      on: {
        'form.submit': [
          { guard: 'isQuotable', actions: 'assess' },
          { target: 'editing', actions: 'assess' },
        ],
        'quote.buy': 'buying',
      },
    },
    buying: { type: 'final' },
  },
  output: ({ context }) => ({ values: context.values }),
})
