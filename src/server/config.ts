import { createHmac } from 'node:crypto'
import { isIP } from 'node:net'
import { isBankGateUrl } from '../domain/schemas/gateway.ts'

/**
 * Server configuration, read once from the environment. Every variable has a default so that
 * `npm start` works on a fresh machine; the README lists them all.
 */
import { SMS_DAILY_PER_IP, SMS_DAILY_PER_NUMBER, SMS_RESEND_COOLDOWN_S } from '../domain/sms.ts'

/** Development and test keys; production replaces unset ones with generated, stored ones. */
export const BUILT_IN_SECRETS_KEY = 'katilim-emeklilik-development-secrets-key'
export const BUILT_IN_ENVELOPE_KEY = 'katilim-emeklilik-envelope'

export type TrustProxy = 'none' | 'loopback' | 'all' | number

export type ServerConfig = {
  env: 'production' | 'development' | 'test'
  host: string
  port: number
  /** PGlite data folder; `memory://` keeps the database in memory. Ignored when databaseUrl is set. */
  dataDir: string
  databaseUrl: string | null
  /**
   * A PGlite dump (the tar `dumpDataDir` writes) a new PGlite database starts from instead of an
   * empty one; the start then migrates and seeds only what the dump lacks. Tests use it.
   */
  pgliteDump: string | null
  /** Base path every service is mounted under (spec 7.1: "a versioned base path"). */
  apiBase: string
  /** Base path of the payment service (spec 7.4 "the payment service base"); API_BASE by default. */
  paymentApiBase: string
  /** Origin of the provider's main site; links to {host} pages and the catch-all redirect use it. */
  mainSiteOrigin: string | null
  /** Key of the crypto-js request/response envelope (spec 7.1). Not a security boundary: TLS is. */
  envelopeKey: string
  /** Whether the browser encrypts its request bodies (the server always accepts both). */
  encryptRequests: boolean
  bodyLimitBytes: number
  trustProxy: TrustProxy
  adminUsername: string
  adminPassword: string | null
  adminEmail: string
  /** Start the in-process SMTP catcher on loopback and send mail to it. */
  mailCatcher: boolean
  hsts: boolean
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent'
  inspector: boolean
  /** Spec 9's inactivity constants, overriding the company preferences when set (tests, demos). */
  timing: { throttleMs?: number; inactiveMs?: number; warningMs?: number; logoutWaitMs?: number; lockExpiryS?: number }
  /** Absolute lifetime of a staff session, however active. */
  sessionAbsoluteMs: number
  /**
   * Overrides the Security page's "usernames with failed sign-ins per address" (issue 28 item 7)
   * when set (tests, demos); null: the company setting decides.
   */
  loginFailuresPerIp: number | null
  /**
   * Addresses (IPs or CIDR ranges) a company's mail server may be on although they are loopback,
   * private or link-local (MAIL_SERVER_ALLOW, e.g. `127.0.0.1` for a relay on the same host); such
   * a server may use any port. Every other mail server must be public and on an SMTP port.
   */
  mailServerAllow: string[]
  /** How long a request waits for a database connection before it answers 503 (DB_CONNECT_TIMEOUT_MS). */
  dbConnectTimeoutMs: number
  /**
   * How many matching entries the audit log counts exactly (AUDIT_COUNT_CAP, 10,000; issue 25
   * item 14): past it the list says "10.000+" and counts no further than the page asked for needs.
   */
  auditCountCap: number
  /** The same for the users list (USER_COUNT_CAP, 10,000; issue 25 item 14): "10.000+" past it. */
  userCountCap: number
  /** Secure attribute (and __Host- prefix) on the session cookie. */
  cookieSecure: boolean
  /** Seed demo staff at the first start (default: on with PGlite, off with DATABASE_URL). */
  demoData: boolean
  demoPassword: string | null
  /** The card gateway (issue 5): the built-in 3-D Secure bank simulator, or a NestPay-style 3D Pay bank. */
  gateway: GatewayConfig
  /** Key that seals secrets stored in the database (AES-256-GCM). */
  secretsKey: string
  /**
   * Which keys the environment set. In production the others are generated at the first start and
   * stored in the database (services/server-keys.ts); in development and tests the built-in ones
   * are used. The bank simulator's key is derived from SECRETS_KEY unless set.
   */
  configuredKeys: { secretsKey: boolean; envelopeKey: boolean; bankSimStoreKey: boolean }
  /**
   * The diagnostic routes under API_BASE/dev (the mail catcher's inbox). Off in production unless
   * DEV_ROUTES=true, and then only with DEV_ROUTES_TOKEN as a bearer token; always loopback only.
   */
  devRoutes: { enabled: boolean; token: string | null }
  /**
   * Origin the site is served at for browsers (PUBLIC_ORIGIN): the payment's OkUrl and FailUrl
   * must be on it. Null: the origin the server listens on (set by startServer).
   */
  publicOrigin: string | null
  /** SMS verification (issue 15): the provider and the anti-pumping caps. */
  sms: SmsConfig
}

/**
 * Which messages this server keeps instead of sending (the catchers, the defaults of a fresh
 * start): mail while MAIL_CATCHER is on (for a company that has no mail server of its own), SMS
 * while SMS_PROVIDER is `catcher`. A deployment sets real providers; until then staff pages say so.
 */
export function caughtMessages(config: Pick<ServerConfig, 'mailCatcher' | 'sms'>): { mail: boolean; sms: boolean } {
  return { mail: config.mailCatcher, sms: config.sms.provider === 'catcher' }
}

function int(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback
  const n = Number(value)
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${value}"`)
  return n
}

function optionalInt(value: string | undefined, name: string): number | undefined {
  return value === undefined || value === '' ? undefined : int(value, 0, name)
}

function bool(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback
  return ['1', 'true', 'yes', 'on'].includes(value.toLowerCase())
}

/** A comma-separated list of IP addresses and CIDR ranges (IPv4 or IPv6). */
function addressList(value: string | undefined, name: string): string[] {
  const entries = (value ?? '').split(',').map((s) => s.trim()).filter(Boolean)
  for (const entry of entries) {
    const [address, prefix, extra] = entry.split('/')
    const family = isIP(address ?? '')
    const max = family === 6 ? 128 : 32
    if (!family || extra !== undefined || (prefix !== undefined && !(/^\d{1,3}$/.test(prefix) && Number(prefix) <= max))) {
      throw new Error(`${name} must list IP addresses or CIDR ranges separated by commas, got "${entry}"`)
    }
  }
  return entries
}

function trustProxy(value: string | undefined): TrustProxy {
  if (!value || value === 'none' || value === 'false') return 'none'
  if (value === 'loopback' || value === 'all') return value
  return int(value, 0, 'TRUST_PROXY')
}

function origin(value: string | undefined): string | null {
  if (!value) return null
  const url = new URL(value)
  return url.origin
}

export type GatewayConfig = {
  kind: 'banksim' | 'nestpay'
  /** How long a payment may wait for the bank's 3-D answer before it ends failed. */
  timeoutMs: number
  /**
   * How often each server process sweeps the money path (issue 21: live payments past their limit
   * end timed out, a purchase whose order succeeded is issued); also once at start. 0: at start only.
   */
  sweepMs: number
  /** The bank simulator's merchant store key (it signs its callbacks like a NestPay bank). */
  bankSimStoreKey: string
  nestpay: { clientId: string; storeKey: string; url: string; storeType: string } | null
}

/** A key derived from another one for a named purpose (HMAC-SHA-256, base64url). */
export function deriveKey(secret: string, purpose: string): string {
  return createHmac('sha256', secret).update(purpose).digest('base64url')
}

export const BANK_SIM_KEY_PURPOSE = 'bank-simulator-store-key'

function gatewayConfig(env: NodeJS.ProcessEnv, secretsKey: string): GatewayConfig {
  const kind = (env.PAYMENT_GATEWAY || 'banksim').toLowerCase()
  if (kind !== 'banksim' && kind !== 'nestpay') throw new Error(`PAYMENT_GATEWAY must be banksim or nestpay, got "${kind}"`)
  let nestpay: GatewayConfig['nestpay'] = null
  if (kind === 'nestpay') {
    const clientId = env.NESTPAY_CLIENT_ID ?? ''
    const storeKey = env.NESTPAY_STORE_KEY ?? ''
    const url = env.NESTPAY_3D_URL ?? ''
    if (!clientId || !storeKey || !isBankGateUrl(url)) throw new Error('PAYMENT_GATEWAY=nestpay needs NESTPAY_CLIENT_ID, NESTPAY_STORE_KEY and an https NESTPAY_3D_URL (http only on loopback)')
    nestpay = { clientId, storeKey, url, storeType: env.NESTPAY_STORE_TYPE || '3d_pay' }
  }
  return {
    kind,
    timeoutMs: int(env.PAYMENT_3DS_TIMEOUT_MS, 180_000, 'PAYMENT_3DS_TIMEOUT_MS'),
    sweepMs: int(env.PAYMENT_SWEEP_MS, 300_000, 'PAYMENT_SWEEP_MS'),
    bankSimStoreKey: env.BANK_SIM_STORE_KEY || deriveKey(secretsKey, BANK_SIM_KEY_PURPOSE),
    nestpay,
  }
}

export type SmsConfig = {
  /** `catcher` (built in, default: messages stay on this machine) or `netgsm` (Netgsm REST v2). */
  provider: 'catcher' | 'netgsm'
  netgsm: { url: string; username: string; password: string; sender: string } | null
  dailyPerNumber: number
  dailyPerIp: number
  /** Seconds between two codes to one number: 60 (SECURITY.md) when unset; tests shorten it rather than wait. */
  resendCooldownS?: number
}

function smsConfig(env: NodeJS.ProcessEnv): SmsConfig {
  const provider = (env.SMS_PROVIDER || 'catcher').toLowerCase()
  if (provider !== 'catcher' && provider !== 'netgsm') throw new Error(`SMS_PROVIDER must be catcher or netgsm, got "${provider}"`)
  let netgsm: SmsConfig['netgsm'] = null
  if (provider === 'netgsm') {
    const url = env.SMS_API_URL || 'https://api.netgsm.com.tr/sms/rest/v2/send'
    const username = env.SMS_USERNAME ?? ''
    const password = env.SMS_PASSWORD ?? ''
    const sender = env.SMS_SENDER ?? ''
    if (!username || !password || !sender || !/^https?:\/\//.test(url)) throw new Error('SMS_PROVIDER=netgsm needs SMS_USERNAME, SMS_PASSWORD, SMS_SENDER and an http(s) SMS_API_URL')
    netgsm = { url, username, password, sender }
  }
  const resendCooldownS = int(env.SMS_RESEND_COOLDOWN_S, SMS_RESEND_COOLDOWN_S, 'SMS_RESEND_COOLDOWN_S')
  // the cooldown keeps anyone from pumping paid messages to a number: only a server whose SMS
  // never leave (the catcher) may shorten it, as the tests do rather than wait a minute
  if (resendCooldownS < SMS_RESEND_COOLDOWN_S && provider !== 'catcher') {
    throw new Error(`SMS_RESEND_COOLDOWN_S below ${SMS_RESEND_COOLDOWN_S} is only for the SMS catcher (tests), not for SMS_PROVIDER=${provider}`)
  }
  return {
    provider,
    netgsm,
    resendCooldownS,
    dailyPerNumber: int(env.SMS_DAILY_PER_NUMBER, SMS_DAILY_PER_NUMBER, 'SMS_DAILY_PER_NUMBER'),
    dailyPerIp: int(env.SMS_DAILY_PER_IP, SMS_DAILY_PER_IP, 'SMS_DAILY_PER_IP'),
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const mode = env.NODE_ENV === 'development' ? 'development' : env.NODE_ENV === 'test' ? 'test' : 'production'
  const base = (name: string, fallback: string) => {
    const value = (env[name] || fallback).replace(/\/+$/, '')
    if (!/^\/[A-Za-z0-9/_.-]*$/.test(value)) throw new Error(`${name} must be a path starting with "/"`)
    return value
  }
  const apiBase = base('API_BASE', '/api/v1')
  const paymentApiBase = base('PAYMENT_API_BASE', apiBase)
  const logLevel = (env.LOG_LEVEL ?? 'info') as ServerConfig['logLevel']
  const secretsKey = env.SECRETS_KEY || BUILT_IN_SECRETS_KEY
  const devRoutes = bool(env.DEV_ROUTES, mode !== 'production')
  const devToken = env.DEV_ROUTES_TOKEN || null
  if (devRoutes && mode === 'production' && (!devToken || devToken.length < 16)) {
    throw new Error('DEV_ROUTES=true in production needs DEV_ROUTES_TOKEN (at least 16 characters): the dev routes are never anonymous in production')
  }
  return {
    env: mode,
    host: env.HOST ?? '127.0.0.1',
    port: int(env.PORT, 3000, 'PORT'),
    dataDir: env.DATA_DIR ?? './data',
    databaseUrl: env.DATABASE_URL || null,
    pgliteDump: env.PGLITE_DUMP || null,
    apiBase,
    paymentApiBase,
    mainSiteOrigin: origin(env.MAIN_SITE_ORIGIN),
    envelopeKey: env.ENVELOPE_KEY || BUILT_IN_ENVELOPE_KEY,
    encryptRequests: bool(env.ENCRYPT_REQUESTS, false),
    bodyLimitBytes: int(env.BODY_LIMIT_BYTES, 64 * 1024, 'BODY_LIMIT_BYTES'),
    trustProxy: trustProxy(env.TRUST_PROXY),
    adminUsername: env.ADMIN_USERNAME ?? 'admin',
    adminPassword: env.ADMIN_PASSWORD || null,
    adminEmail: env.ADMIN_EMAIL ?? 'admin@example.com',
    mailCatcher: bool(env.MAIL_CATCHER, true),
    hsts: bool(env.HSTS, true),
    logLevel: ['debug', 'info', 'warn', 'error', 'silent'].includes(logLevel) ? logLevel : 'info',
    inspector: bool(env.INSPECTOR, false),
    timing: {
      throttleMs: optionalInt(env.ACTIVITY_THROTTLE_MS, 'ACTIVITY_THROTTLE_MS'),
      inactiveMs: optionalInt(env.INACTIVE_USER_THRESHOLD_MS, 'INACTIVE_USER_THRESHOLD_MS'),
      warningMs: optionalInt(env.TIME_TO_LOCK_MS, 'TIME_TO_LOCK_MS'),
      logoutWaitMs: optionalInt(env.LOGOUT_WAIT_MS, 'LOGOUT_WAIT_MS'),
      lockExpiryS: optionalInt(env.LOCK_EXPIRY_S, 'LOCK_EXPIRY_S'),
    },
    sessionAbsoluteMs: int(env.SESSION_ABSOLUTE_HOURS, 8, 'SESSION_ABSOLUTE_HOURS') * 3_600_000,
    loginFailuresPerIp: optionalInt(env.LOGIN_FAILURES_PER_IP, 'LOGIN_FAILURES_PER_IP') ?? null,
    mailServerAllow: addressList(env.MAIL_SERVER_ALLOW, 'MAIL_SERVER_ALLOW'),
    dbConnectTimeoutMs: int(env.DB_CONNECT_TIMEOUT_MS, 3_000, 'DB_CONNECT_TIMEOUT_MS'),
    auditCountCap: Math.max(1, int(env.AUDIT_COUNT_CAP, 10_000, 'AUDIT_COUNT_CAP')),
    userCountCap: Math.max(1, int(env.USER_COUNT_CAP, 10_000, 'USER_COUNT_CAP')),
    cookieSecure: bool(env.COOKIE_SECURE, true),
    demoData: bool(env.DEMO_DATA, !env.DATABASE_URL),
    demoPassword: env.DEMO_PASSWORD || null,
    gateway: gatewayConfig(env, secretsKey),
    secretsKey,
    configuredKeys: { secretsKey: !!env.SECRETS_KEY, envelopeKey: !!env.ENVELOPE_KEY, bankSimStoreKey: !!env.BANK_SIM_STORE_KEY },
    devRoutes: { enabled: devRoutes, token: devToken },
    publicOrigin: origin(env.PUBLIC_ORIGIN),
    sms: smsConfig(env),
  }
}
