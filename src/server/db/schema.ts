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
