/**
 * Business constants and limits of spec section 9 (and the few of sections 3-5 that are numbers).
 * Pure data: shared by the browser, the statecharts and the server.
 */

// --- Calls and notices ---------------------------------------------------------------------
export const REQUEST_TIMEOUT_MS = 60_000
export const TOAST_DURATION_MS = 5_000

// --- Session, lock and inactivity ------------------------------------------------------------
export const LOCK_EXPIRY_S = 1_800
export const INACTIVE_USER_THRESHOLD_MS = 600_000
export const ACTIVITY_THROTTLE_MS = 120_000
export const LOGOUT_WAIT_MS = 1_800_000
export const TIME_TO_LOCK_MS = 30_000

// --- SMS verification ------------------------------------------------------------------------
export const SMS_CODE_LENGTH = 6
export const SMS_CODE_VALIDITY_S = 120

// --- Ages and identity -----------------------------------------------------------------------
export const ADULT_AGE = 18
export const MAX_AGE = 100
export const AGE_WINDOW_YEARS = 69
export const NEWBORN_LIMIT_DAYS = 15
export const TCKN_LENGTH = 11

// --- Cards -----------------------------------------------------------------------------------
/** The default card-number mask: 16 digits in groups of four ('0' marks a digit). */
export const CARD_MASK_DEFAULT = '0000 0000 0000 0000'
export const BIN_LENGTH = 6
export const BANK_CODE_LENGTH = 4
/** The card colours of spec 3.3, in the spec's order. */
export const CARD_COLORS = ['grey', 'green', 'lime', 'orange', 'purple', 'red', 'yellow', 'lightblue', 'cyan'] as const
export type CardColor = (typeof CARD_COLORS)[number]

// --- Card payment form -----------------------------------------------------------------------
export const INSTALLMENT_MIN = 1
export const INSTALLMENT_MAX = 24
export const DEFAULT_INSTALLMENT = '1'
export const DEFAULT_AMOUNT = '1'
/** The largest amount one test payment may charge (our choice; the spec names none): 100,000.00. */
export const PAYMENT_AMOUNT_MAX = 100_000
export const DEFAULT_TRX_TYPE = 'P01'
/**
 * Transaction types of spec 3.4, in the order the form offers them; `name` is the one source of
 * each type's name, a Lingui message (Turkish source; English and Russian in src/locales).
 */
export const TRX_TYPES = [
  { code: 'P01', name: /*i18n*/ { id: 'TRX_P01', message: '3D Provizyon' } },
  { code: 'S01', name: /*i18n*/ { id: 'TRX_S01', message: '3D Satış' } },
  { code: 'P02', name: /*i18n*/ { id: 'TRX_P02', message: 'Normal Provizyon' } },
  { code: 'S02', name: /*i18n*/ { id: 'TRX_S02', message: 'Normal Satış' } },
  { code: 'T01', name: /*i18n*/ { id: 'TRX_T01', message: 'İptal' } },
  { code: 'T02', name: /*i18n*/ { id: 'TRX_T02', message: 'İade' } },
] as const
export type TrxTypeCode = (typeof TRX_TYPES)[number]['code']
export const TRX_TYPE_CODES: readonly TrxTypeCode[] = TRX_TYPES.map((t) => t.code)
/** Only these run the 3-D payment (spec 4). */
export const THREE_D_TRX_TYPES = ['P01', 'S01'] as const satisfies readonly TrxTypeCode[]
/** The gateway's `provision` header is true for these (spec 7.4). */
export const PROVISION_TRX_TYPES = ['P01', 'P02'] as const satisfies readonly TrxTypeCode[]
export const NAME_MAX_LENGTH = 40
export const BANK_CODE_MAX = 10
export const CURR_CODE_MAX = 10
export const ORDER_ID_PREFIX = 'KEM'

// --- Money, locale, time ---------------------------------------------------------------------
/** Displayed monthly plan prices, in TL (spec 9). */
export const PLAN_PRICES = {
  earlyBes: 100,
  practical: 150,
  affordable: 235,
  beautiful: 2235,
  special: 940,
  comfortable: 155,
  valuable: 465,
} as const
export type PlanId = keyof typeof PLAN_PRICES
export const CURRENCY_BY_LOCALE = { en: 'USD', tr: 'TRY' } as const
export const CURRENCY_DECIMALS = 2
export const DEFAULT_TIMEZONE = 'Europe/Istanbul'
export const DEFAULT_LOCALE = 'tr'
export const CLIENT_VERSION = '1.1.02'
export const SMTP_SUGGESTED_PORT = 587

// --- Pension facts shown on the site ---------------------------------------------------------
export const STATE_CONTRIBUTION_RATE = 0.25
export const AUTO_ENROLMENT_EXTRA_TL = 1000
export const AUTO_ENROLMENT_OPT_OUT_MONTHS = 2
export const RETIREMENT_MIN_YEARS = 10
export const RETIREMENT_MIN_AGE = 56
/** Health insurance outpatient visits per year. */
export const OUTPATIENT_VISITS = [8, 10, 12] as const

// --- Misc ------------------------------------------------------------------------------------
export const INITIALS_MAX_WORDS = 3

/**
 * The company's registration details (the sales site's footer and KVKK notice). Demo values: a
 * real deployment puts the provider's own here.
 */
export const COMPANY = {
  tradeName: 'Katılım Emeklilik ve Hayat A.Ş.',
  mersisNo: '0123456789000015',
  registryNo: '123456-5',
  address: 'Esentepe Mah. Büyükdere Cad. No: 199, 34394 Şişli/İstanbul',
  kep: 'katilimemeklilik.demo@hs01.kep.tr',
  privacyEmail: 'kvkk@katilimemeklilik.example',
  /** The customer line (the site's header and footer) and the travel policies' 24/7 assistance line (issue 24 item 5). */
  phone: '0850 222 0 565',
  assistancePhone: '+90 850 222 0 566',
} as const
