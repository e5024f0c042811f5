import { sql } from 'drizzle-orm'
import {
  bigserial, boolean, customType, date, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uuid, uniqueIndex, index,
} from 'drizzle-orm/pg-core'

/** Binary data: a Buffer goes to both drivers (node-postgres would send a plain Uint8Array as text). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea', toDriver: (v) => Buffer.from(v.buffer, v.byteOffset, v.byteLength) })

import type { RolePermission } from '../../domain/permission-catalogue.ts'

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
  /** A currency code, or 'LANGUAGE' for spec 9's rule (USD for English, TRY for Turkish). */
  defaultCurrency: text('default_currency').notNull().default('LANGUAGE'),
  language: text('language').notNull().default('tr'),
  timeZone: text('time_zone').notNull().default('Europe/Istanbul'),
  version: integer('version').notNull().default(1),
  /**
   * The version of the company's group tree (issue 25 item 14): every group write bumps it in its own
   * transaction (services/groups.ts, which locks this row first), so the org chart's tree is served
   * from a cache of that version and answered 304 to a browser that holds it.
   */
  groupTreeVersion: integer('group_tree_version').notNull().default(0),
  /**
   * The version of the company's group counts (issue 25 item 14): bumped by triggers (custom
   * migration 0029_perf25f_counts) in the transaction of every write that puts a user or a role in a
   * group or takes one out (insert, delete, a changed group_id), whichever code path makes it, so
   * "groups with counts" is served from a cache of (tree version, counts version) (services/groups.ts).
   */
  groupCountsVersion: integer('group_counts_version').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/** The company logo, re-encoded on the server (never the uploaded bytes). */
export const companyLogo = pgTable('company_logo', {
  companyId: uuid('company_id').primaryKey().references(() => company.id),
  contentType: text('content_type').notNull(),
  data: bytea('data').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/** Job titles (spec 3.1): title, experience level (lookup), colour code from the readable palette. */
export const jobTitle = pgTable('job_title', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  companyId: uuid('company_id').notNull().references(() => company.id),
  title: text('title').notNull(),
  experienceLevel: text('experience_level').notNull(),
  colorCode: text('color_code').notNull(),
  version: integer('version').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('job_title_company_title_uq').on(t.companyId, sql`lower(${t.title})`)])

/** Addresses (spec 3.1): the company's locations, and people's addresses (entity name + id). */
export const address = pgTable('address', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  companyId: uuid('company_id').notNull().references(() => company.id),
  entityName: text('entity_name').notNull(),
  entityId: uuid('entity_id').notNull(),
  locationType: text('location_type').notNull(),
  locationName: text('location_name').notNull(),
  countryCode: text('country_code').notNull(),
  cityCode: text('city_code'),
  districtCode: text('district_code'),
  suburbCode: text('suburb_code'),
  zipCode: text('zip_code'),
  addressText: text('address_text').notNull(),
  version: integer('version').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('address_entity_idx').on(t.companyId, t.entityName, t.entityId)])

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
  /** The policy the current password was checked against when it was set (null: not recorded). */
  passwordPolicy: jsonb('password_policy').$type<{ minLength: number; complexity: string; rules?: number }>(),
  /** The person's own language (tr, en, ru; issue 25 item 5); null: the browser's when the company allows it, else the company's. */
  locale: text('locale'),
  status: text('status').notNull().default('active'),
  failedLogins: integer('failed_logins').notNull().default(0),
  lockedAt: timestamp('locked_at', { withTimezone: true }),
  /** The group the user belongs to (spec 3.1 "group name"). */
  groupId: uuid('group_id'),
  // spec 3.1 "User" details (the create-user wizard's first step)
  gender: text('gender'),
  countryCode: text('country_code'),
  nationalId: text('national_id'),
  passportNo: text('passport_no'),
  jobTitleId: uuid('job_title_id'),
  workLocationId: uuid('work_location_id'),
  mobilePhone: text('mobile_phone'),
  birthDate: text('birth_date'),
  version: integer('version').notNull().default(1),
  /** Version of the user's role assignments (PUT /user/{id}/roles): a stale list is a conflict. */
  rolesVersion: integer('roles_version').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('app_user_username_uq').on(sql`lower(${t.username})`),
  index('app_user_company_group_idx').on(t.companyId, t.groupId),
  uniqueIndex('app_user_company_email_uq').on(t.companyId, sql`lower(${t.email})`),
  uniqueIndex('app_user_company_national_id_uq').on(t.companyId, t.nationalId),
  // the list's free-text search (issue 14, issue 25 item 14): `q` anywhere in the username, the names
  // and the national ID (one trigram index over USER_SEARCH_TEXT), and at the start of the e-mail
  // address or of its domain (two prefix indexes). E-mail addresses share their domain (and often a
  // prefix), so their trigrams are in every row and made a trigram scan of an e-mail slow (86 ms at
  // 100,000 users); a prefix is one range of a btree (0.1 ms). services/users.ts says why.
  index('app_user_search_trgm_idx').using('gin', sql`(lower(${t.username} || ' ' || ${t.firstName} || ' ' || ${t.lastName} || ' ' || coalesce(${t.nationalId}, ''))) gin_trgm_ops`),
  index('app_user_company_email_prefix_idx').on(t.companyId, sql`lower(${t.email}) text_pattern_ops`),
  index('app_user_company_email_domain_idx').on(t.companyId, sql`lower(split_part(${t.email}, '@', 2)) text_pattern_ops`),
  // the locked accounts (few): the "locked only" filter and its count without reading every user
  index('app_user_company_locked_idx').on(t.companyId, t.username, t.id).where(sql`${t.lockedAt} is not null`),
  // the list's page in each of its sorts (issue 25 item 14): read in order and stopped at the page,
  // not 100,000 users sorted for 20 (first page 129 ms -> 0.1 ms on PostgreSQL at 100,000 users)
  index('app_user_company_username_idx').on(t.companyId, t.username, t.id),
  index('app_user_company_first_name_idx').on(t.companyId, t.firstName, t.id),
  index('app_user_company_last_name_idx').on(t.companyId, t.lastName, t.id),
  index('app_user_company_email_idx').on(t.companyId, t.email, t.id),
  index('app_user_company_created_at_idx').on(t.companyId, t.createdAt, t.id),
  index('app_user_company_status_idx').on(t.companyId, t.status, t.id),
])

/** A user's profile photo (issue 14): the re-encoded square PNG, never the uploaded bytes. */
export const userPhoto = pgTable('user_photo', {
  userId: uuid('user_id').primaryKey().references(() => appUser.id),
  contentType: text('content_type').notNull(),
  data: bytea('data').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/** The organisation tree (spec 3.1 "Group"): management group > organisational unit > team; the root is the company. */
export const userGroup = pgTable('user_group', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  companyId: uuid('company_id').notNull().references(() => company.id),
  name: text('name').notNull(),
  description: text('description'),
  level: text('level').notNull(),
  parentId: uuid('parent_id'),
  version: integer('version').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('user_group_company_name_uq').on(t.companyId, sql`lower(${t.name})`),
  index('user_group_parent_idx').on(t.companyId, t.parentId),
])

export const role = pgTable('role', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  companyId: uuid('company_id').notNull().references(() => company.id),
  name: text('name').notNull(),
  roleType: text('role_type').notNull().default('main'),
  owner: text('owner').notNull().default('SYSTEM'),
  groupId: uuid('group_id').references(() => userGroup.id),
  /** Data-privacy level (the gdprlevels lookup's value): the most sensitive data its holders may handle. */
  gdprLevel: text('gdpr_level').notNull().default('SENSITIVE'),
  teamSize: integer('team_size'),
  isMainRole: boolean('is_main_role').notNull().default(false),
  version: integer('version').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /** The spec's shape (3.1): `{ permtag, actions[] }[]`, cells of the catalogue only. */
  permissions: jsonb('permissions').$type<RolePermission[]>().notNull().default(sql`'[]'::jsonb`),
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
  /** The company the entry belongs to (null for entries about no known account). */
  companyId: uuid('company_id'),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  actor: text('actor'),
  action: text('action').notNull(),
  target: text('target'),
  requestId: text('request_id'),
  detail: jsonb('detail').$type<Record<string, unknown>>(),
  /**
   * The order entries were written in (issue 25 item 7): entries of one transaction share their
   * time (`now()`), and a list must not shuffle them between two reads; `at` then `seq` is a fixed
   * order. Existing rows are numbered when the column is added.
   */
  seq: bigserial('seq', { mode: 'number' }).notNull(),
}, (t) => [
  index('audit_log_at_idx').on(t.at),
  index('audit_log_company_at_idx').on(t.companyId, t.at),
  index('audit_log_company_action_at_idx').on(t.companyId, t.action, t.at),
  // one user's events (their sign-ins on the user's page, issue 25)
  index('audit_log_target_at_idx').on(t.target, t.at),
  // at a million entries (issue 25 item 14): the actor filter and the search's actor prefix
  // (lower(actor) = / like 'x%'), the search's action prefix, and the sort by actor with its
  // newest-first tie-breakers (1,081 ms -> 0.2 ms; the search 542 -> 30 ms, on the loaded machine)
  index('audit_log_company_actor_lower_idx').on(t.companyId, sql`(lower(${t.actor})) text_pattern_ops`, t.at),
  index('audit_log_company_action_pattern_idx').on(t.companyId, t.action.op('text_pattern_ops')),
  index('audit_log_company_actor_at_idx').on(t.companyId, t.actor, t.at.desc().nullsFirst(), t.seq.desc().nullsFirst()),
  // the sort by actor descending keeps the newest first within an actor (actor desc, at desc, seq
  // desc): the index above read backwards gives the oldest first, so it has an index of its own
  index('audit_log_company_actor_desc_at_idx').on(t.companyId, t.actor.desc().nullsFirst(), t.at.desc().nullsFirst(), t.seq.desc().nullsFirst()),
])

// ---- company settings (security policy, mail server, preferences, notifications), one row per category ----

export const companySetting = pgTable('company_setting', {
  companyId: uuid('company_id').notNull().references(() => company.id),
  category: text('category').notNull(),
  data: jsonb('data').$type<Record<string, unknown>>().notNull(),
  version: integer('version').notNull().default(1),
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

/**
 * A forgotten-password temporary password: valid 30 minutes, signs in once (`usedAt`), then serves
 * one change of password within 30 minutes of that use; void (`voidedAt`) once any other one is
 * used or the password changes. `passwordHash` is the SHA-256 of the random password (128+ bits,
 * so a slow hash adds nothing but a timing difference).
 */
export const tempPassword = pgTable('temp_password', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  userId: uuid('user_id').notNull().references(() => appUser.id),
  passwordHash: text('password_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  voidedAt: timestamp('voided_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('temp_password_user_idx').on(t.userId)])

/**
 * Durable outbox of slow work done after the answer (mail, the forgot-password job): a worker in
 * every server process claims due rows (FOR UPDATE SKIP LOCKED), retries with backoff, and clears
 * the payload once done. Mail text is sealed (AES-256-GCM under SECRETS_KEY): it can hold a
 * temporary password.
 */
export const outbox = pgTable('outbox', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  kind: text('kind').notNull(),
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
  claimedUntil: timestamp('claimed_until', { withTimezone: true }),
  doneAt: timestamp('done_at', { withTimezone: true }),
  lastError: text('last_error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /**
   * What the "Posta kutusu" page shows of a mail (issue 25 item 3), kept after the sealed text is
   * erased on sending: the company, the recipient and the subject (never the text: it may hold a
   * temporary password). Null for jobs until they turn into a mail.
   */
  companyId: uuid('company_id'),
  recipient: text('recipient'),
  subject: text('subject'),
}, (t) => [index('outbox_due_idx').on(t.doneAt, t.nextAttemptAt), index('outbox_company_created_idx').on(t.companyId, t.createdAt)])

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
  /** The online purchase this payment pays (issue 15): its amount came from the purchase, not the client. */
  purchaseId: text('purchase_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('payment_order_order_id_uq').on(t.orderId),
  // one live payment per purchase (issue 21): a second card payment while one waits for the bank cannot be recorded
  uniqueIndex('payment_order_live_purchase_uq').on(t.purchaseId).where(sql`${t.purchaseId} IS NOT NULL AND ${t.status} IN ('created', 'awaiting3ds')`),
  index('payment_order_purchase_idx').on(t.purchaseId, t.status),
])

/**
 * Payments needing a person's action (issue 21): money the bank took that no purchase needs, e.g.
 * a signed approval for a purchase another order had paid already. Kept until someone records what
 * was done (a reversal at the bank); shown to staff holding payment:read.
 */
export const paymentAction = pgTable('payment_action', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  companyId: uuid('company_id'),
  orderId: text('order_id').notNull(),
  purchaseId: text('purchase_id'),
  amount: text('amount').notNull(),
  currency: text('currency').notNull(),
  /** ALREADY_PAID: the purchase was paid by another order; the charge is to be reversed. */
  reason: text('reason').notNull(),
  /** The order that paid the purchase, when another one did. */
  paidBy: text('paid_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  resolvedBy: text('resolved_by'),
  note: text('note'),
}, (t) => [
  uniqueIndex('payment_action_order_reason_uq').on(t.orderId, t.reason),
  index('payment_action_company_created_idx').on(t.companyId, t.createdAt),
])

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

/**
 * Ended SMS verifications: a ticket (services/sms/codes.ts) of this phone and purpose issued at or
 * before `endedAt` proves nothing any more, as if its 30 minutes had passed. Only the SMS catcher's
 * test route writes it today (routes/dev.ts: a verification that expires while a page uses it).
 */
export const smsTicketEnd = pgTable('sms_ticket_end', {
  phone: text('phone').notNull(),
  purpose: text('purpose').notNull(),
  endedAt: timestamp('ended_at', { withTimezone: true, precision: 3 }).notNull(),
}, (t) => [primaryKey({ columns: [t.phone, t.purpose] })])

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
  /**
   * The SMS-verified phone (E.164) that recorded it (issue 24 item 10): the customer's consent page
   * shows and withdraws the records of the phone it verifies. Null only for records older than it
   * that no application, purchase or pre-information form of a phone names.
   */
  phone: text('phone'),
}, (t) => [
  index('legal_permission_party_idx').on(t.partyId, t.name, t.at), index('legal_permission_sale_idx').on(t.saleId),
  index('legal_permission_phone_idx').on(t.phone, t.at),
])

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

// ---- pre-information forms given before payment (issue 24 item 4): which version, when, confirmed when ----

export const preInformation = pgTable('pre_information', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  /** The application it was made from (kept after the application is deleted: no foreign key). */
  applicationId: uuid('application_id').notNull(),
  phone: text('phone').notNull(),
  product: text('product').notNull(),
  documentId: text('document_id').notNull(),
  documentVersion: integer('document_version').notNull(),
  locale: text('locale').notNull(),
  /** The SHA-256 (hex) of the exact text given (with the customer's answers and price), and that text. */
  textSha256: text('text_sha256').notNull(),
  text: text('text').notNull(),
  amount: text('amount').notNull(),
  currency: text('currency').notNull(),
  givenAt: timestamp('given_at', { withTimezone: true }).notNull(),
  /** When the customer ticked its box and went on to pay (set once; the copy is mailed then). */
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  ip: text('ip').notNull(),
  requestId: text('request_id').notNull(),
}, (t) => [index('pre_information_application_idx').on(t.applicationId, t.givenAt)])

// ---- tariff versions (issue 24, docs/decisions/tariffs.md): the TSS and travel prices and the pension funds, as data ----

/**
 * One version of the figures (src/domain/tariff-version.ts), in force from `effective_from` (a day
 * in Europe/Istanbul) until the next version's day. Never changed once written: a correction is a
 * new version. Version 1 is seeded with the figures of src/domain (migration 'tariffs24c-seed').
 */
export const tariffVersion = pgTable('tariff_version', {
  id: serial('id').primaryKey(),
  /** 1, 2, 3... in the order loaded (the upload holds a table lock while it numbers). */
  version: integer('version').notNull(),
  effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
  figures: jsonb('figures').$type<Record<string, unknown>>().notNull(),
  /** Who loaded it (the username; 'system' for the seed), when, from which file, with what note. */
  createdBy: text('created_by').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  sourceName: text('source_name'),
  note: text('note'),
  /** The SHA-256 of the uploaded file (hex), to tell which file it was. */
  sourceSha256: text('source_sha256'),
}, (t) => [
  uniqueIndex('tariff_version_version_uq').on(t.version),
  // one version per day: the version in force on a day is never ambiguous
  uniqueIndex('tariff_version_effective_uq').on(t.effectiveFrom),
])

// ---- online purchases (issue 15, docs/decisions/purchase.md): an application priced by the server, paid by card ----

export const purchase = pgTable('purchase', {
  /** Unguessable (144 random bits, base64url): the result page and the PDF are read by it. */
  id: text('id').primaryKey(),
  product: text('product').notNull(),
  phone: text('phone').notNull(),
  applicationId: uuid('application_id').notNull(),
  /** The application's sections as they were bought (personal data: kept with the policy). */
  data: jsonb('data').$type<Record<string, unknown>>().notNull(),
  /** What the card payment charges, computed on the server from the tariff (decimal text, 2 places). */
  amount: text('amount').notNull(),
  currency: text('currency').notNull(),
  /** awaitingPayment (a failed payment leaves it so: pay again) -> issued. */
  status: text('status').notNull(),
  policyNumber: text('policy_number'),
  /** The order that paid it (once issued). */
  orderId: text('order_id'),
  /**
   * The payment order waiting for the bank now, and since when (issue 21): set and cleared by
   * guarded updates of this row, so that two tabs cannot start two payments of one purchase.
   */
  liveOrderId: text('live_order_id'),
  liveSince: timestamp('live_since', { withTimezone: true }),
  locale: text('locale').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  issuedAt: timestamp('issued_at', { withTimezone: true }),
  /** The pre-information form the customer confirmed before paying (issue 24 item 4; null for purchases made before it). */
  preInformationId: uuid('pre_information_id'),
  /** The tariff version the amount was priced with (issue 24: the version in force on the purchase's day; null before versions). */
  tariffVersionId: integer('tariff_version_id').references(() => tariffVersion.id),
  /**
   * The verification code printed on the policy or contract document (issue 24 item 5, src/domain/document-code.ts):
   * drawn when the purchase is issued (or, for a purchase issued before codes existed, when its document is first made).
   */
  documentCode: text('document_code'),
}, (t) => [
  uniqueIndex('purchase_policy_number_uq').on(t.policyNumber),
  uniqueIndex('purchase_document_code_uq').on(t.documentCode),
  // one purchase per application (issue 21): the same application gives back its purchase
  uniqueIndex('purchase_application_uq').on(t.applicationId),
])

// ---- keys the server generated for itself (issue 9): used when the environment sets none ----

/** Generated at the first start in production, shared by every server process on the database. */
export const serverKey = pgTable('server_key', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

// ---- authority (issue 28): e-mail changes confirmed by the new address, sign-in limits per address ----

/**
 * A requested change of a user's e-mail address (issue 28 item 2): the old address is told (with a
 * link that cancels it), the new one gets a single-use link; the address changes only when that link
 * is used within its time. Only the SHA-256 of each link's token is stored. A newer request voids
 * the older ones (`voidedAt`).
 */
export const emailChange = pgTable('email_change', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  userId: uuid('user_id').notNull().references(() => appUser.id),
  companyId: uuid('company_id').notNull().references(() => company.id),
  oldEmail: text('old_email').notNull(),
  newEmail: text('new_email').notNull(),
  confirmTokenHash: text('confirm_token_hash').notNull(),
  cancelTokenHash: text('cancel_token_hash').notNull(),
  /** Who asked (the user themselves, or an administrator). */
  requestedBy: uuid('requested_by').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  /** Cancelled from the old address's link, or replaced by a newer request. */
  voidedAt: timestamp('voided_at', { withTimezone: true }),
}, (t) => [
  uniqueIndex('email_change_confirm_uq').on(t.confirmTokenHash),
  uniqueIndex('email_change_cancel_uq').on(t.cancelTokenHash),
  // at most one open request per user
  uniqueIndex('email_change_open_uq').on(t.userId).where(sql`${t.confirmedAt} is null and ${t.voidedAt} is null`),
])

/**
 * Failed sign-ins per client address, one row per distinct username (issue 28 item 7): an address
 * that failed for more usernames than the company allows in the window is spraying passwords.
 * `usernameKey` is an HMAC of the lower-cased username (what people type there is sometimes their
 * password). `pending` counts attempts in flight (reserved before the password check).
 */
export const loginAddressFailure = pgTable('login_address_failure', {
  ip: text('ip').notNull(),
  usernameKey: text('username_key').notNull(),
  failures: integer('failures').notNull().default(0),
  pending: integer('pending').notNull().default(0),
  lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
}, (t) => [primaryKey({ columns: [t.ip, t.usernameKey] })])

/**
 * Where a user signed in successfully (issue 28 item 7): from such an address the user's correct
 * password is not refused by the address's failure limit (nor from a browser with a device cookie).
 */
export const loginTrust = pgTable('login_trust', {
  userId: uuid('user_id').notNull().references(() => appUser.id),
  ip: text('ip').notNull(),
  lastSuccessAt: timestamp('last_success_at', { withTimezone: true }).notNull(),
}, (t) => [primaryKey({ columns: [t.userId, t.ip] })])
