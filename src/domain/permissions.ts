/**
 * Roles and permissions (spec 6). Permissions are 'tag:action' strings; actions are read, update,
 * delete, create, consent. Role names start with ROLE_.
 */
export const PERMISSION_ACTIONS = ['read', 'update', 'delete', 'create', 'consent'] as const
export type PermissionAction = (typeof PERMISSION_ACTIONS)[number]

export const BUILT_IN_ROLES = ['ROLE_SUPERADMIN', 'ROLE_ADMIN', 'ROLE_USER'] as const
/** These land on global settings after login; every other role lands on index (spec 2.1). */
export const SETTINGS_HOME_ROLES = ['ROLE_SUPERADMIN', 'ROLE_ADMIN'] as const

const PERMISSION = /^[A-Za-z0-9_.-]+:(read|update|delete|create|consent)$/
const ROLE_NAME = /^ROLE_[A-Z0-9_]+$/

export function isValidPermission(value: string): boolean {
  return typeof value === 'string' && PERMISSION.test(value)
}

export function permission(tag: string, action: PermissionAction): string {
  return `${tag}:${action}`
}

/** Role name rule: 'ROLE_' followed by at least one of A-Z, 0-9, _. */
export function isValidRoleName(value: string): boolean {
  return typeof value === 'string' && ROLE_NAME.test(value)
}

/**
 * Whether a user with `userPermissions` may see or do something that requires `required`.
 * - A plain string is held when it is in the user's list.
 * - A string with a leading '!' is satisfied when the permission after it is absent.
 * - A list: every '!' entry must be satisfied (an exclusion always excludes) AND, when the list has
 *   plain entries, at least one of them must be held (spec: "any of the required strings").
 * - Deny by default: an empty list, an empty string or a bare '!' gives false.
 */
export function hasPermission(userPermissions: readonly string[], required: string | readonly string[]): boolean {
  const list: readonly string[] = typeof required === 'string' ? [required] : Array.isArray(required) ? required : []
  if (list.length === 0) return false
  const held = new Set(Array.isArray(userPermissions) ? userPermissions : [])
  const positives: string[] = []
  for (const r of list) {
    if (typeof r !== 'string' || r === '' || r === '!') return false
    if (r.startsWith('!')) {
      if (held.has(r.slice(1))) return false
    } else positives.push(r)
  }
  return positives.length === 0 || positives.some((p) => held.has(p))
}

/**
 * A short fingerprint of a permission list (FNV-1a, 32 bits, of the sorted strings). The server
 * sends the active role's on every signed-in answer (`permissions-stamp` header); the browser
 * compares it with the permissions it holds and re-fetches them when they differ, so a change to a
 * role reaches its holders' menus at their next request.
 */
export function permissionsStamp(permissions: readonly string[]): string {
  let hash = 0x811c9dc5
  for (const ch of [...permissions].sort().join(',')) {
    hash ^= ch.charCodeAt(0)
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash.toString(16).padStart(8, '0')
}

/** The response header that carries `permissionsStamp` of the caller's active role. */
export const PERMISSIONS_STAMP_HEADER = 'permissions-stamp'
