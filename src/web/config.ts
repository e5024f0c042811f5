/** Runtime configuration the server injects into index.html (`<script type="application/json" id="app-config">`). */
export type RuntimeConfig = {
  apiBase: string
  /** The payment service's base path (spec 7.4); the API base unless configured apart. */
  paymentApiBase: string
  mainSiteOrigin: string | null
  encryptRequests: boolean
  envelopeKey: string | null
  inspector: boolean
  /** Messages the server keeps instead of sending (its built-in catchers): staff pages say so. */
  caughtMessages: CaughtMessages
  /** The tariff version in force when the page was served (issue 24), its figures unchecked: ../domain/tariff-version.ts `setTariffInUse` checks them. */
  tariff?: { id: number; version: number; effectiveFrom: string; figures: unknown } | null
}

export type CaughtMessages = { mail: boolean; sms: boolean }

const DEFAULTS: RuntimeConfig = {
  apiBase: '/api/v1', paymentApiBase: '/api/v1', mainSiteOrigin: null, encryptRequests: false, envelopeKey: null, inspector: false,
  caughtMessages: { mail: false, sms: false },
}

function read(): RuntimeConfig {
  if (typeof document === 'undefined') return DEFAULTS
  const text = document.getElementById('app-config')?.textContent
  if (!text) return DEFAULTS
  try {
    const parsed = { ...DEFAULTS, ...(JSON.parse(text) as Partial<RuntimeConfig>) }
    return { ...parsed, paymentApiBase: parsed.paymentApiBase || parsed.apiBase }
  } catch {
    return DEFAULTS
  }
}

export const runtimeConfig: RuntimeConfig = read()

// the tariff version in force the page was served with (issue 24): src/domain/tariff.ts and funds.ts
// price and list funds with it (a global, so that pages without prices load none of that code)
if (runtimeConfig.tariff) (globalThis as { __servedTariff?: unknown }).__servedTariff = runtimeConfig.tariff.figures

/** A page of the provider's main site ({host} in the spec); this app's own origin by default. */
export function mainSiteUrl(path: string): string {
  return (runtimeConfig.mainSiteOrigin ?? '') + path
}
