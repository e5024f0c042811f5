import { Hono } from 'hono'
import * as z from 'zod/mini'
import type { AppEnv } from '../types.ts'
import { readQuery } from '../http.ts'
import { may, permit } from '../services/permissions.ts'
import { searchCompany } from '../services/search.ts'

const SearchQuery = z.strictObject({ q: z.string().check(z.minLength(2), z.maxLength(100)) })

/**
 * Global search of the top menu (spec 2.2): users by name, username or e-mail, groups and roles by
 * name, in the caller's company; each kind only when the active role may read it.
 */
export function searchRoutes() {
  const r = new Hono<AppEnv>()
  r.get('/', permit('user:read', 'group:read', 'role:read'), async (c) => {
    const { q } = readQuery(c, SearchQuery)
    const kinds = { users: await may(c, 'user:read'), roles: await may(c, 'role:read'), groups: await may(c, 'group:read') }
    const { users, groups, roles } = await searchCompany(c.get('deps').db, c.get('session').companyId, q, kinds)
    return c.json({ q, users, groups, roles })
  })

  return r
}
