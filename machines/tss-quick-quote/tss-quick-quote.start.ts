/**
 * The TSS quick quote's initial context, apart from the machine: the page draws its form from it
 * before the machine's code (and xstate) has loaded (issue 23 goal 2, src/web/views/sales/TssQuickQuoteView.tsx).
 * Typed where it is used (the machine's `context`, the view), so this file imports nothing.
 */
export const TSS_QUICK_QUOTE_START = {
  cities: [],
  values: { gender: '', citycode: '', birthdate: '' },
  errors: {},
  quote: null,
  loadError: null,
  chosen: null,
}
