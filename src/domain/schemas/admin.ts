import * as z from 'zod/mini'
import { DATA_PRIVACY_LEVELS } from '../data-privacy.ts'
import { GROUP_LEVELS } from '../groups.ts'
import { PERMISSION_ACTIONS, isValidRoleName } from '../permissions.ts'
import { currentPasswordField } from './common.ts'

/**
 * Write payloads of the organisation and role administration (spec 3.1 "Group", "Role"; spec 5).
 * Strict objects: they name exactly the writable fields, so a body cannot set anything else (no
 * mass assignment). Issue messages are codes; the spec's texts are in the browser's catalogue and
 * the server's i18n table.
 */
const uuid = z.string().check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'id.invalid'))
const noControl = (v: string) => !/[\u0000-\u001f\u007f]/.test(v)
const version = z.number().check(z.int(), z.minimum(1), z.maximum(1_000_000_000))

/** Spec 5: "Group name and group type must be defined". */
export const GroupBody = z.strictObject({
  name: z.string().check(z.maxLength(80, 'name.tooLong'), z.refine((v) => v.trim() !== '', 'group.nameAndType'), z.refine(noControl, 'name.invalid')),
  description: z.optional(z.string().check(z.maxLength(500, 'description.tooLong'), z.refine(noControl, 'description.invalid'))),
  level: z.enum(GROUP_LEVELS, 'group.nameAndType'),
  parentId: z.nullable(uuid),
})
export type GroupInput = z.output<typeof GroupBody>

export const GroupUpdateBody = z.strictObject({
  version,
  name: GroupBody.shape.name,
  description: GroupBody.shape.description,
  level: GroupBody.shape.level,
})

export const GroupMoveBody = z.strictObject({ version, parentId: z.nullable(uuid) })

export const RolePermissionsSchema = z.array(z.strictObject({
  permtag: z.string().check(z.regex(/^[a-z]{2,30}$/, 'permtag.invalid')),
  actions: z.array(z.enum(PERMISSION_ACTIONS)).check(z.maxLength(5)),
})).check(z.maxLength(50))

/** Spec 5: role name must start with ROLE_. */
export const RoleBody = z.strictObject({
  rolename: z.string().check(z.maxLength(64, 'rolename.tooLong'), z.refine(isValidRoleName, 'rolename.prefix')),
  roleType: z.enum(['main', 'default'], 'roleType.required'),
  groupId: z.nullable(uuid),
  gdprLevel: z.enum(DATA_PRIVACY_LEVELS, 'gdprLevel.required'),
  teamSize: z.nullable(z.number().check(z.int('teamSize.invalid'), z.minimum(0, 'teamSize.invalid'), z.maximum(100_000, 'teamSize.invalid'))),
  isMainRole: z.boolean(),
  permissions: RolePermissionsSchema,
})
export type RoleInput = z.output<typeof RoleBody>

/** A change; `currentPassword` is required by the server when the permissions change (issue 28). */
export const RoleUpdateBody = z.strictObject({ version, ...RoleBody.shape, currentPassword: currentPasswordField })

/**
 * SYSTEM-owned roles cannot be fully updated (spec 6): their name, type, main-role flag and
 * data-privacy level are fixed, and ROLE_SUPERADMIN always holds every permission; their group,
 * team size and (other than the superadmin's) permissions stay editable. They cannot be deleted.
 * The server refuses a change to these (422 SYSTEM_ROLE_FIXED); the role editor shows them read-only.
 */
export const SYSTEM_ROLE_FIXED_FIELDS = ['rolename', 'roleType', 'isMainRole', 'gdprLevel'] as const
/** The system role whose permissions are fixed too (it always holds the whole catalogue). */
export const FIXED_BUNDLE_ROLE = 'ROLE_SUPERADMIN'
