/**
 * The travel quick quote's initial context, apart from the machine: the page draws its form from it
 * before the machine's code (and xstate) has loaded (issue 23 goal 2, src/web/views/sales/TravelQuickQuoteView.tsx).
 * Typed where it is used (the machine's `context`, the view), so this file imports nothing.
 */
export const TRAVEL_QUICK_QUOTE_START = {
  values: { birthdate: '', gender: '', travelLocation: 'schengen', coverageType: 'standard', covid: false, startDate: '', endDate: '' },
  errors: {},
  quote: null,
}
