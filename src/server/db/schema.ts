import { sql } from 'drizzle-orm'
import {
  boolean, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid, uniqueIndex, index,
} from 'drizzle-orm/pg-core'

export type LocalizedName = { tr: string; en: string; ru: string }

// ---- reference data (seeded, read by /lookup/*) ----

export const referenceMeta = pgTable('reference_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
})

export const industry = pgTable('industry', {
  code: text('code').primaryKey(),
  level: integer('level').notNull(),
  parentCode: text('parent_code'),
  name: jsonb('name').$type<LocalizedName>().notNull(),
})

export const country = pgTable('country', {
  code: text('code').primaryKey(),
  alpha3: text('alpha3').notNull(),
  name: jsonb('name').$type<LocalizedName>().notNull(),
  icon: text('icon').notNull(),
})

export const nationality = pgTable('nationality', {
  code: text('code').primaryKey(),
  name: jsonb('name').$type<LocalizedName>().notNull(),
  sort: integer('sort').notNull(),
})

export const city = pgTable('city', {
  countryCode: text('country_code').notNull(),
  code: text('code').notNull(),
  name: text('name').notNull(),
}, (t) => [primaryKey({ columns: [t.countryCode, t.code] })])

export const district = pgTable('district', {
  countryCode: text('country_code').notNull(),
  cityCode: text('city_code').notNull(),
  code: text('code').notNull(),
  name: text('name').notNull(),
}, (t) => [primaryKey({ columns: [t.countryCode, t.cityCode, t.code] })])

export const hometown = pgTable('hometown', {
  countryCode: text('country_code').notNull(),
  cityCode: text('city_code').notNull(),
  districtCode: text('district_code').notNull(),
  code: text('code').notNull(),
  name: text('name').notNull(),
  zipcode: text('zipcode').notNull(),
}, (t) => [primaryKey({ columns: [t.countryCode, t.cityCode, t.districtCode, t.code] })])

export const optionItem = pgTable('option_item', {
  list: text('list').notNull(),
  value: text('value').notNull(),
  name: jsonb('name').$type<LocalizedName>().notNull(),
  level: integer('level'),
  sort: integer('sort').notNull(),
}, (t) => [primaryKey({ columns: [t.list, t.value] })])

// ---- tenants and staff ----

export const company = pgTable('company', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  name: text('name').notNull(),
  email: text('email'),
  phone: text('phone'),
  taxNumber: text('tax_number'),
  size: text('size'),
  sector: text('sector'),
  webPage: text('web_page'),
  logo: text('logo'),
  defaultCurrency: text('default_currency').notNull().default('TRY'),
  language: text('language').notNull().default('tr'),
  timeZone: text('time_zone').notNull().default('Europe/Istanbul'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

export const appUser = pgTable('app_user', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  companyId: uuid('company_id').notNull().references(() => company.id),
  username: text('username').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  email: text('email').notNull(),
  passwordHash: text('password_hash').notNull(),
  passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
  mustChangePassword: boolean('must_change_password').notNull().default(false),
  status: text('status').notNull().default('active'),
  failedLogins: integer('failed_logins').notNull().default(0),
  lockedAt: timestamp('locked_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('app_user_username_uq').on(sql`lower(${t.username})`)])

export const role = pgTable('role', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  companyId: uuid('company_id').notNull().references(() => company.id),
  name: text('name').notNull(),
  roleType: text('role_type').notNull().default('main'),
  owner: text('owner').notNull().default('SYSTEM'),
  permissions: jsonb('permissions').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
}, (t) => [uniqueIndex('role_company_name_uq').on(t.companyId, t.name)])

export const userRole = pgTable('user_role', {
  userId: uuid('user_id').notNull().references(() => appUser.id),
  roleId: uuid('role_id').notNull().references(() => role.id),
  isMain: boolean('is_main').notNull().default(false),
  isDefault: boolean('is_default').notNull().default(false),
  validUntil: timestamp('valid_until', { withTimezone: true }),
}, (t) => [primaryKey({ columns: [t.userId, t.roleId] })])

export const auditLog = pgTable('audit_log', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  actor: text('actor'),
  action: text('action').notNull(),
  target: text('target'),
  requestId: text('request_id'),
  detail: jsonb('detail').$type<Record<string, unknown>>(),
}, (t) => [index('audit_log_at_idx').on(t.at)])

// ---- company settings (security policy, mail server, preferences, notifications), one row per category ----

export const companySetting = pgTable('company_setting', {
  companyId: uuid('company_id').notNull().references(() => company.id),
  category: text('category').notNull(),
  data: jsonb('data').$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.companyId, t.category] })])

// ---- staff sessions (SECURITY.md "Sessions"): only the token's SHA-256 is stored ----

export const staffSession = pgTable('staff_session', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  tokenHash: text('token_hash').notNull(),
  userId: uuid('user_id').notNull().references(() => appUser.id),
  companyId: uuid('company_id').notNull().references(() => company.id),
  activeRole: text('active_role'),
  rememberMe: boolean('remember_me').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  absoluteExpiresAt: timestamp('absolute_expires_at', { withTimezone: true }).notNull(),
  lockedAt: timestamp('locked_at', { withTimezone: true }),
  inactiveSeconds: integer('inactive_seconds').notNull().default(0),
  endedAt: timestamp('ended_at', { withTimezone: true }),
  endReason: text('end_reason'),
  ip: text('ip'),
  userAgent: text('user_agent'),
}, (t) => [uniqueIndex('staff_session_token_uq').on(t.tokenHash), index('staff_session_user_idx').on(t.userId)])

/** Fixed-window counters for throttling (per client IP, per username, per phone number, ...). */
export const rateCounter = pgTable('rate_counter', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
})

export const passwordHistory = pgTable('password_history', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  userId: uuid('user_id').notNull().references(() => appUser.id),
  passwordHash: text('password_hash').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('password_history_user_idx').on(t.userId)])

/** A forgotten-password temporary password: valid 30 minutes, single use, kept apart from the real one. */
export const tempPassword = pgTable('temp_password', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  userId: uuid('user_id').notNull().references(() => appUser.id),
  passwordHash: text('password_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('temp_password_user_idx').on(t.userId)])

// ---- card payments (SECURITY.md "Card data"): never the card number or CVC, at most first 6 + last 4 ----

export const paymentOrder = pgTable('payment_order', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  orderId: text('order_id').notNull(),
  companyId: uuid('company_id'),
  gateway: text('gateway').notNull(),
  bin6: text('bin6').notNull(),
  last4: text('last4').notNull(),
  amount: text('amount').notNull(),
  currency: text('currency').notNull(),
  installment: integer('installment').notNull(),
  trxType: text('trx_type').notNull(),
  status: text('status').notNull().default('created'),
  reason: text('reason'),
  mdStatus: text('md_status'),
  /** Origin of the page that started the payment: where the callback page posts close3DBox. */
  returnOrigin: text('return_origin').notNull(),
  /** SHA-256 of the receipt token the browser needs to read this order's outcome. */
  receiptHash: text('receipt_hash').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('payment_order_order_id_uq').on(t.orderId)])

/** The built-in 3-D Secure bank simulator's own records (a test bank: kept apart from our orders). */
export const bankSimTransaction = pgTable('bank_sim_transaction', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  orderId: text('order_id').notNull(),
  scenario: text('scenario').notNull(),
  otp: text('otp').notNull(),
  bin6: text('bin6').notNull(),
  last4: text('last4').notNull(),
  amount: text('amount').notNull(),
  currency: text('currency').notNull(),
  okUrl: text('ok_url').notNull(),
  failUrl: text('fail_url').notNull(),
  installment: integer('installment').notNull().default(1),
  /** What the merchant asked for (NestPay islemtipi: Auth or PreAuth). */
  trxKind: text('trx_kind').notNull().default('Auth'),
  attempts: integer('attempts').notNull().default(0),
  status: text('status').notNull().default('pending'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('bank_sim_order_idx').on(t.orderId)])

// ---- SMS verification codes (SECURITY.md "SMS codes"): stored only as an HMAC ----

export const smsCode = pgTable('sms_code', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  phone: text('phone').notNull(),
  purpose: text('purpose').notNull(),
  codeHmac: text('code_hmac').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  attempts: integer('attempts').notNull().default(0),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  ip: text('ip'),
}, (t) => [index('sms_code_phone_idx').on(t.phone, t.purpose), index('sms_code_ip_idx').on(t.ip, t.createdAt)])

// ---- legal permissions (consents) of the sales flows, spec 7.3: append-only proof ----

export const legalPermission = pgTable('legal_permission', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  companyId: uuid('company_id').references(() => company.id),
  saleId: text('sale_id').notNull(),
  processStep: text('process_step').notNull(),
  partyId: text('party_id').notNull(),
  name: text('name').notNull(),
  status: text('status').notNull(),
  scope: text('scope').notNull(),
  documentId: text('document_id').notNull(),
  documentVersion: integer('document_version').notNull(),
  /** The language of the text the customer was shown, and the SHA-256 (hex) of that exact text. */
  locale: text('locale').notNull(),
  textSha256: text('text_sha256').notNull(),
  channel: text('channel').notNull(),
  ip: text('ip').notNull(),
  userAgent: text('user_agent'),
  requestId: text('request_id').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull(),
}, (t) => [index('legal_permission_party_idx').on(t.partyId, t.name, t.at), index('legal_permission_sale_idx').on(t.saleId)])

// ---- unfinished online applications (issue 15): one per verified phone and product, kept a while ----

export const salesApplication = pgTable('sales_application', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  phone: text('phone').notNull(),
  product: text('product').notNull(),
  step: text('step').notNull(),
  data: jsonb('data').$type<Record<string, unknown>>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
}, (t) => [uniqueIndex('sales_application_phone_product_idx').on(t.phone, t.product), index('sales_application_expires_idx').on(t.expiresAt)])
