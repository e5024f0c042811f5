import { eq } from 'drizzle-orm'
import type { Db } from '../../src/server/db/client.ts'
import { appUser, company, role, userRole } from '../../src/server/db/schema.ts'
import { hashPassword } from '../../src/server/services/passwords.ts'

/** A staff user in the seeded company, with the given roles (the first is the main role). */
export async function createUser(db: Db, opts: { username: string; password: string; email?: string; roles?: string[]; passwordHash?: string }) {
  const [co] = await db.select().from(company).limit(1)
  const [user] = await db.insert(appUser).values({
    companyId: co!.id,
    username: opts.username,
    firstName: 'Mehmet',
    lastName: 'Öztürk',
    email: opts.email ?? `${opts.username}@example.com`,
    passwordHash: opts.passwordHash ?? (await hashPassword(opts.password)),
  }).returning()
  const names = opts.roles ?? ['ROLE_USER']
  for (const [i, name] of names.entries()) {
    const [r] = await db.select().from(role).where(eq(role.name, name)).limit(1)
    await db.insert(userRole).values({ userId: user!.id, roleId: r!.id, isMain: i === 0, isDefault: i === names.length - 1 })
  }
  return user!
}

/** A tiny HTTP client over app.request that keeps cookies (in `jar`: pass one to share it) and sends the spec's headers. */
export function agent(request: (path: string, init?: RequestInit) => Response | Promise<Response>, jar = new Map<string, string>()) {
  const send = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await request(path, {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        trxType: 'FRM',
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        ...headers,
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    })
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';')
      const [name, ...rest] = pair!.split('=')
      const value = rest.join('=')
      if (value === '' || /max-age=0/i.test(line)) jar.delete(name!.trim())
      else jar.set(name!.trim(), value)
    }
    const text = await res.text()
    let json: unknown = null
    try { json = text ? JSON.parse(text) : null } catch { json = text }
    return { status: res.status, body: json as Record<string, unknown>, headers: res.headers, setCookies: res.headers.getSetCookie() }
  }
  return {
    jar,
    post: (path: string, body: unknown = {}, headers?: Record<string, string>) => send('POST', path, body, headers),
    get: (path: string, headers?: Record<string, string>) => send('GET', path, undefined, headers),
    put: (path: string, body: unknown = {}, headers?: Record<string, string>) => send('PUT', path, body, headers),
    del: (path: string, headers?: Record<string, string>) => send('DELETE', path, undefined, headers),
  }
}

/** A job title ('Uzman') and a company location ('Genel Müdürlük', Berlin): what a user's job title and work location point to. */
export async function jobTitleAndLocation(a: ReturnType<typeof agent>, companyId: string): Promise<{ jobTitleId: string; locationId: string }> {
  const level = ((await a.get('/lookup/experiencelevels')).body as unknown as Array<{ value: string }>)[0]!.value
  const jobTitleId = (await a.post('/company/jobtitle', { title: 'Uzman', experienceLevel: level, colorCode: '#1f4e79' })).body.jobtitleid as string
  const type = ((await a.get('/lookup/locationTypes')).body as unknown as Array<{ value: string }>)[0]!.value
  const locationId = (await a.post(`/party/address?entityname=company&entityid=${companyId}`, {
    locationtype: type, locationname: 'Genel Müdürlük', countrycode: 'DE', citycode: null, districtcode: null, suburbcode: null, zipcode: '10115', addresstext: 'Berlin',
  })).body.addressid as string
  return { jobTitleId, locationId }
}
