/**
 * The permission catalogue (spec 6): one tag per administered resource, each with the actions that
 * mean something for it. Roles carry the spec's shape `{ permtag, actions[] }[]`; a signed-in user's
 * active role is flattened to 'tag:action' strings, which `hasPermission` (./permissions.ts) checks.
 * The catalogue table of docs/permissions.md is this list in words.
 */
import { PERMISSION_ACTIONS, type PermissionAction } from './permissions.ts'

export const PERMISSION_CATALOGUE = [
  { tag: 'company', actions: ['read', 'update'] },
  { tag: 'address', actions: ['read', 'create', 'update', 'delete'] },
  { tag: 'jobtitle', actions: ['read', 'create', 'update', 'delete'] },
  { tag: 'notification', actions: ['read', 'update'] },
  { tag: 'mailserver', actions: ['read', 'update'] },
  { tag: 'security', actions: ['read', 'update'] },
  { tag: 'preferences', actions: ['read', 'update'] },
  { tag: 'group', actions: ['read', 'create', 'update', 'delete'] },
  { tag: 'role', actions: ['read', 'create', 'update', 'delete'] },
  { tag: 'user', actions: ['read', 'create', 'update', 'delete'] },
  { tag: 'userstatus', actions: ['read', 'update'] },
  { tag: 'audit', actions: ['read'] },
  { tag: 'dashboard', actions: ['read'] },
  { tag: 'consent', actions: ['read', 'consent'] },
  // payments needing action (issue 21): read the list; update records what was done (a reversal)
  { tag: 'payment', actions: ['read', 'update'] },
  // the products' tariffs and funds (issue 24): read the versions; update loads a new version
  { tag: 'tariff', actions: ['read', 'update'] },
  { tag: 'profile', actions: ['read', 'update'] },
] as const satisfies ReadonlyArray<{ tag: string; actions: readonly PermissionAction[] }>

export type PermissionTag = (typeof PERMISSION_CATALOGUE)[number]['tag']
export const PERMISSION_TAGS: readonly PermissionTag[] = PERMISSION_CATALOGUE.map((e) => e.tag)

/** A role's permission entry, as the spec shapes it (3.1 "Role: permissions list"). */
export type RolePermission = { permtag: string; actions: PermissionAction[] }

/** Whether the catalogue offers `action` on `tag` (the matrix's enabled cells). */
export function isCatalogued(tag: string, action: string): boolean {
  const entry = PERMISSION_CATALOGUE.find((e) => e.tag === tag)
  return !!entry && (entry.actions as readonly string[]).includes(action)
}

/** Every catalogued permission as 'tag:action'. */
export function allPermissions(): string[] {
  return PERMISSION_CATALOGUE.flatMap((e) => e.actions.map((a) => `${e.tag}:${a}`))
}

/** The spec shape flattened to sorted, de-duplicated 'tag:action' strings; unknown cells are dropped. */
export function toPermissionStrings(entries: readonly RolePermission[] | readonly string[] | null | undefined): string[] {
  const out = new Set<string>()
  for (const entry of entries ?? []) {
    if (typeof entry === 'string') {
      const [tag, action] = entry.split(':')
      if (tag && action && isCatalogued(tag, action)) out.add(entry)
      continue
    }
    if (!entry || typeof entry.permtag !== 'string' || !Array.isArray(entry.actions)) continue
    for (const action of entry.actions) if (isCatalogued(entry.permtag, action)) out.add(`${entry.permtag}:${action}`)
  }
  return [...out].sort()
}

/** 'tag:action' strings back to the spec shape, in catalogue order. */
export function toRolePermissions(strings: readonly string[]): RolePermission[] {
  const held = new Set(strings)
  return PERMISSION_CATALOGUE.flatMap((e) => {
    const actions = PERMISSION_ACTIONS.filter((a) => held.has(`${e.tag}:${a}`) && isCatalogued(e.tag, a))
    return actions.length ? [{ permtag: e.tag, actions }] : []
  })
}

const every = (tag: PermissionTag): RolePermission => ({
  permtag: tag,
  actions: [...PERMISSION_CATALOGUE.find((e) => e.tag === tag)!.actions],
})

/**
 * The bundles of the three system roles (owner SYSTEM), seeded with the first company:
 * - ROLE_SUPERADMIN: everything.
 * - ROLE_ADMIN: runs the company day to day: everything except the security policy and mail server
 *   (read only) and deleting roles; reads the audit log; sees and settles payments needing action;
 *   reads the tariff versions (loading a new one, which changes what customers pay, is the superadmin's
 *   or a role given `tariff:update`; docs/decisions/tariffs.md).
 * - ROLE_USER: a staff member: the dashboard, reading the company, its groups and roles, and their
 *   own profile.
 */
export const ROLE_BUNDLES: Record<'ROLE_SUPERADMIN' | 'ROLE_ADMIN' | 'ROLE_USER', RolePermission[]> = {
  ROLE_SUPERADMIN: PERMISSION_CATALOGUE.map((e) => every(e.tag)),
  ROLE_ADMIN: [
    every('company'), every('address'), every('jobtitle'), every('notification'),
    { permtag: 'mailserver', actions: ['read'] },
    { permtag: 'security', actions: ['read'] },
    every('preferences'), every('group'),
    { permtag: 'role', actions: ['read', 'create', 'update'] },
    every('user'), every('userstatus'), every('audit'), every('dashboard'), every('consent'), every('payment'),
    { permtag: 'tariff', actions: ['read'] },
    every('profile'),
  ],
  ROLE_USER: [
    { permtag: 'company', actions: ['read'] },
    { permtag: 'group', actions: ['read'] },
    { permtag: 'role', actions: ['read'] },
    { permtag: 'dashboard', actions: ['read'] },
    every('profile'),
  ],
}
