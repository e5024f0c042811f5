import { and, eq, sql } from 'drizzle-orm'
import { CURRENCY_BY_LANGUAGE } from '../../domain/company.ts'
import { ROLE_BUNDLES } from '../../domain/permission-catalogue.ts'
import type { Db } from './client.ts'
import * as t from './schema.ts'
import * as reference from '../reference/index.ts'
import { checkPassword } from '../../domain/password.ts'
import { hashPassword, randomPassword } from '../services/passwords.ts'
import { DEFAULT_SECURITY, policyOf, recordedPolicyOf } from '../services/settings.ts'

/**
 * The policy a seeded password is recorded under (issue 28 item 6): the default policy when the
 * password meets it, else none (its owner is asked for a new one at the first sign-in). Without a
 * recorded policy, saving the unchanged policy used to force every seeded user to change.
 */
function seededPolicy(password: string, username: string) {
  return checkPassword(password, policyOf(DEFAULT_SECURITY), { username }).ok ? recordedPolicyOf(DEFAULT_SECURITY) : null
}

async function insertInBatches<T extends Record<string, unknown>>(db: Db, table: Parameters<Db['insert']>[0], rows: T[], size = 2000) {
  for (let i = 0; i < rows.length; i += size) {
    await db.insert(table).values(rows.slice(i, i + size) as never)
  }
}

/**
 * The 73k neighbourhoods in one statement: six arrays unnested server-side, an order of magnitude
 * faster than batches of VALUES rows on both PGlite and PostgreSQL.
 */
async function insertHometowns(db: Db, rows: Array<typeof t.hometown.$inferInsert>) {
  // each column travels as one text[] parameter (a plain array would become one parameter per value)
  const col = (k: keyof typeof rows[number]) => sql.param(rows.map((r) => r[k] as string))
  await db.execute(sql`insert into hometown (country_code, city_code, district_code, code, name, zipcode)
    select * from unnest(${col('countryCode')}::text[], ${col('cityCode')}::text[], ${col('districtCode')}::text[],
      ${col('code')}::text[], ${col('name')}::text[], ${col('zipcode')}::text[])`)
}

/**
 * Reference data (lookups): replaced as a whole, in one transaction, when the derived data's
 * version differs from what the database holds; otherwise nothing is written.
 */
export async function seedReferenceData(db: Db): Promise<'seeded' | 'unchanged'> {
  const version = reference.referenceVersion()
  const current = await db.select().from(t.referenceMeta).where(eq(t.referenceMeta.key, 'version'))
  if (current[0]?.value === version) return 'unchanged'
  await db.transaction(async (tx) => {
    const d = tx as unknown as Db
    for (const table of [t.industry, t.country, t.nationality, t.city, t.district, t.hometown, t.optionItem]) {
      await d.delete(table)
    }
    await insertInBatches(d, t.industry, reference.industries())
    await insertInBatches(d, t.country, reference.countries())
    await insertInBatches(d, t.nationality, reference.nationalities().map((row, sort) => ({ ...row, sort })))
    await insertInBatches(d, t.city, reference.cities())
    await insertInBatches(d, t.district, reference.districts())
    await insertHometowns(d, reference.hometowns())
    await insertInBatches(d, t.optionItem, reference.options())
    await d.insert(t.referenceMeta).values({ key: 'version', value: version })
      .onConflictDoUpdate({ target: t.referenceMeta.key, set: { value: version } })
  })
  return 'seeded'
}

export type AdminSeed = { username: string; password: string | null; email: string }

/**
 * The first company, the system roles and a superadmin, only when no company exists yet.
 * Returns the generated password when one was made (the caller prints it once).
 */
export async function seedFirstCompany(db: Db, admin: AdminSeed): Promise<{ created: boolean; generatedPassword: string | null }> {
  const existing = await db.select({ n: sql<number>`count(*)::int` }).from(t.company)
  if ((existing[0]?.n ?? 0) > 0) return { created: false, generatedPassword: null }
  const generatedPassword = admin.password ? null : randomPassword()
  const passwordHash = await hashPassword(admin.password ?? generatedPassword!)
  await db.transaction(async (tx) => {
    const [company] = await tx.insert(t.company).values({
      name: 'Katılım Emeklilik ve Hayat A.Ş.',
      email: 'info@example.com',
      defaultCurrency: CURRENCY_BY_LANGUAGE,
      language: 'tr',
      timeZone: 'Europe/Istanbul',
    }).returning()
    const roles = await tx.insert(t.role).values(
      (['ROLE_SUPERADMIN', 'ROLE_ADMIN', 'ROLE_USER'] as const).map((name) => ({
        companyId: company!.id, name, owner: 'SYSTEM', roleType: 'main', isMainRole: true, permissions: ROLE_BUNDLES[name],
        gdprLevel: name === 'ROLE_USER' ? 'PUBLIC' : 'SENSITIVE',
      })),
    ).returning()
    const [user] = await tx.insert(t.appUser).values({
      companyId: company!.id,
      username: admin.username,
      firstName: 'Sistem',
      lastName: 'Yöneticisi',
      email: admin.email,
      passwordHash,
      passwordPolicy: seededPolicy(admin.password ?? generatedPassword!, admin.username),
    }).returning()
    const superadmin = roles.find((r) => r.name === 'ROLE_SUPERADMIN')!
    await tx.insert(t.userRole).values({ userId: user!.id, roleId: superadmin.id, isMain: true, isDefault: true })
    await tx.insert(t.auditLog).values({ actor: 'system', action: 'seed.firstCompany', target: user!.id, detail: { username: admin.username } })
  })
  return { created: true, generatedPassword }
}

/**
 * The system roles of every company carry their documented bundles (docs/permissions.md): a
 * database made before the permission catalogue had them empty. Roles an admin has since given
 * permissions are left alone.
 */
export async function syncSystemRoleBundles(db: Db): Promise<number> {
  let updated = 0
  for (const [name, bundle] of Object.entries(ROLE_BUNDLES)) {
    const rows = await db.update(t.role).set({ permissions: bundle })
      .where(and(eq(t.role.name, name), eq(t.role.owner, 'SYSTEM'), sql`${t.role.permissions} = '[]'::jsonb`)).returning({ id: t.role.id })
    updated += rows.length
  }
  return updated
}

/** Demo staff of the first company (only when DEMO_DATA is on): one of each kind the flows need. */
export const DEMO_USERS = [
  { username: 'ayse.yilmaz', firstName: 'Ayşe', lastName: 'Yılmaz', email: 'ayse.yilmaz@example.com', roles: ['ROLE_ADMIN', 'ROLE_USER'], expired: false },
  { username: 'mehmet.demir', firstName: 'Mehmet', lastName: 'Demir', email: 'mehmet.demir@example.com', roles: ['ROLE_USER'], expired: false },
  { username: 'elif.kaya', firstName: 'Elif', lastName: 'Kaya', email: 'elif.kaya@example.com', roles: ['ROLE_USER'], expired: true },
  { username: 'zeynep.arslan', firstName: 'Zeynep', lastName: 'Arslan', email: 'zeynep.arslan@example.com', roles: ['ROLE_USER'], expired: false },
  { username: 'burak.celik', firstName: 'Burak', lastName: 'Çelik', email: 'burak.celik@example.com', roles: ['ROLE_USER'], expired: false },
] as const

export async function seedDemoUsers(db: Db, password: string, now: Date): Promise<boolean> {
  const [company] = await db.select().from(t.company).limit(1)
  if (!company) return false
  const existing = await db.select({ n: sql<number>`count(*)::int` }).from(t.appUser).where(eq(t.appUser.username, DEMO_USERS[0].username))
  if ((existing[0]?.n ?? 0) > 0) return false
  const roles = await db.select().from(t.role).where(eq(t.role.companyId, company.id))
  const passwordHash = await hashPassword(password)
  for (const demo of DEMO_USERS) {
    const [user] = await db.insert(t.appUser).values({
      companyId: company.id, username: demo.username, firstName: demo.firstName, lastName: demo.lastName, email: demo.email, passwordHash,
      passwordPolicy: seededPolicy(password, demo.username),
      passwordChangedAt: demo.expired ? new Date(now.getTime() - 400 * 86_400_000) : now,
    }).returning()
    for (const [i, name] of demo.roles.entries()) {
      const role = roles.find((r) => r.name === name)!
      await db.insert(t.userRole).values({ userId: user!.id, roleId: role.id, isMain: i === 0, isDefault: i === demo.roles.length - 1 })
    }
  }
  return true
}
