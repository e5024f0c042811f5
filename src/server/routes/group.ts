import { Hono } from 'hono'
import * as z from 'zod/mini'
import { and, asc, count, eq, sql } from 'drizzle-orm'
import { checkMove, canParent, isGroupLevel, levelRank, type GroupLevel, type TreeNode } from '../../domain/groups.ts'
import { GroupBody, GroupMoveBody, GroupUpdateBody } from '../../domain/schemas/admin.ts'
import type { AppEnv } from '../types.ts'
import type { Db } from '../db/client.ts'
import { appUser, role, userGroup } from '../db/schema.ts'
import { AppError, isUniqueViolation } from '../errors.ts'
import { idParam, readJson, readQuery, uuidString } from '../http.ts'
import { auditBySession } from '../services/audit.ts'
import { permit } from '../services/permissions.ts'

type GroupRow = typeof userGroup.$inferSelect

const LevelQuery = z.strictObject({ filterByLevelType: z.optional(z.enum(['management', 'unit', 'team'])) })


function view(row: GroupRow, counts?: { members: number; subgroups: number; roles: number }) {
  return {
    id: row.id, name: row.name, description: row.description, level: row.level as GroupLevel, parentId: row.parentId,
    version: row.version, updatedAt: row.updatedAt.toISOString(), ...(counts ?? {}),
  }
}

async function companyGroups(db: Db, companyId: string): Promise<GroupRow[]> {
  return db.select().from(userGroup).where(eq(userGroup.companyId, companyId)).orderBy(asc(userGroup.name))
}

async function counts(db: Db, companyId: string) {
  const [members, roles] = await Promise.all([
    db.select({ id: appUser.groupId, n: count() }).from(appUser).where(and(eq(appUser.companyId, companyId), sql`${appUser.groupId} is not null`)).groupBy(appUser.groupId),
    db.select({ id: role.groupId, n: count() }).from(role).where(and(eq(role.companyId, companyId), sql`${role.groupId} is not null`)).groupBy(role.groupId),
  ])
  return { members: new Map(members.map((r) => [r.id, r.n])), roles: new Map(roles.map((r) => [r.id, r.n])) }
}

function nodes(rows: GroupRow[]): TreeNode[] {
  return rows.filter((r) => isGroupLevel(r.level)).map((r) => ({ id: r.id, parentId: r.parentId, level: r.level as GroupLevel }))
}

/** The group's descendants (itself included), from the company's rows. */
function subtree(rows: GroupRow[], id: string): GroupRow[] {
  const self = rows.find((r) => r.id === id)
  if (!self) return []
  // each group's children once, in the rows' order (by name)
  const children = new Map<string, GroupRow[]>()
  for (const r of rows) {
    if (!r.parentId) continue
    const list = children.get(r.parentId)
    if (list) list.push(r)
    else children.set(r.parentId, [r])
  }
  const out: GroupRow[] = [self]
  const walk = (parent: string) => {
    for (const r of children.get(parent) ?? []) { out.push(r); walk(r.id) }
  }
  walk(id)
  return out
}

/** Serializes the company's tree writes: every one locks the company row first (it always exists). */
async function lockCompanyTree(t: Db, companyId: string) {
  await t.execute(sql`select id from company where id = ${companyId}::uuid for update`)
}

/** Locks the company's tree and returns its groups and the one being changed, at the version the caller read. */
async function lockedGroup(t: Db, companyId: string, id: string, version: number) {
  await lockCompanyTree(t, companyId)
  const rows = await companyGroups(t, companyId)
  const current = rows.find((g) => g.id === id)
  if (!current) throw new AppError(404, 'NOT_FOUND')
  if (current.version !== version) throw new AppError(409, 'CONFLICT')
  return { rows, current }
}


/**
 * The organisation tree (issue 13): groups of the caller's company. Moves run in a transaction that
 * locks the company's groups first, so two admins moving at once are applied one after the other
 * and the second sees the first (a stale version is a conflict, a cycle is refused).
 */
export function groupRoutes() {
  const r = new Hono<AppEnv>()

  r.get('/', permit('group:read'), async (c) => {
    const { db } = c.get('deps')
    const companyId = c.get('session').companyId
    readQuery(c, z.strictObject({}))
    const [rows, n] = await Promise.all([companyGroups(db, companyId), counts(db, companyId)])
    return c.json({
      items: rows.map((row) => view(row, {
        members: n.members.get(row.id) ?? 0, roles: n.roles.get(row.id) ?? 0, subgroups: rows.filter((x) => x.parentId === row.id).length,
      })),
    })
  })

  /**
   * Spec 7.5 `GET /group/{id}` (optional filterByLevelType), as `GET /role/{id}` takes it: for the
   * company's id, the company's groups with their counts (an empty list when it has none yet);
   * for a group's id, that group and its subtree. One group alone: `GET /group/{id}/detail`.
   */
  r.get('/:id', permit('group:read'), async (c) => {
    const id = idParam(c)
    const { filterByLevelType } = readQuery(c, LevelQuery)
    const { db } = c.get('deps')
    const companyId = c.get('session').companyId
    const rows = await companyGroups(db, companyId)
    const wanted = (g: GroupRow) => !filterByLevelType || g.level === filterByLevelType
    if (id === companyId) {
      const n = await counts(db, companyId)
      // children counted once (5,000 groups: not 25 million comparisons)
      const children = new Map<string, number>()
      for (const g of rows) if (g.parentId) children.set(g.parentId, (children.get(g.parentId) ?? 0) + 1)
      return c.json({
        items: rows.filter(wanted).map((row) => view(row, {
          members: n.members.get(row.id) ?? 0, roles: n.roles.get(row.id) ?? 0, subgroups: children.get(row.id) ?? 0,
        })),
      })
    }
    const picked = subtree(rows, id)
    if (picked.length === 0) throw new AppError(404, 'NOT_FOUND')
    return c.json({ items: picked.filter(wanted).map((g) => view(g)) })
  })

  /** One group of the caller's company with its counts (the group form's read). */
  r.get('/:id/detail', permit('group:read'), async (c) => {
    const id = idParam(c)
    readQuery(c, z.strictObject({}))
    const { db } = c.get('deps')
    const companyId = c.get('session').companyId
    const rows = await companyGroups(db, companyId)
    const row = rows.find((g) => g.id === id)
    if (!row) throw new AppError(404, 'NOT_FOUND')
    const n = await counts(db, companyId)
    return c.json(view(row, { members: n.members.get(id) ?? 0, roles: n.roles.get(id) ?? 0, subgroups: rows.filter((x) => x.parentId === id).length }))
  })

  r.post('/', permit('group:create'), async (c) => {
    const body = await readJson(c, GroupBody)
    const { db, clock } = c.get('deps')
    const companyId = c.get('session').companyId
    const row = await db.transaction(async (tx) => {
      const t = tx as unknown as Db
      await lockCompanyTree(t, companyId)
      let parentLevel: GroupLevel | null = null
      if (body.parentId) {
        const [parent] = await t.select().from(userGroup).where(and(eq(userGroup.id, body.parentId), eq(userGroup.companyId, companyId)))
        if (!parent) throw new AppError(400, 'VALIDATION', [{ path: 'parentId', code: 'parentId.unknown' }])
        parentLevel = parent.level as GroupLevel
      }
      if (!canParent(parentLevel, body.level)) throw new AppError(422, 'LEVEL_ERROR', [{ path: 'parentId', code: 'level' }])
      try {
        const now = clock.now()
        const [created] = await t.insert(userGroup).values({
          companyId, name: body.name.trim(), description: body.description?.trim() || null, level: body.level, parentId: body.parentId, createdAt: now, updatedAt: now,
        }).returning()
        return created!
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError(409, 'GROUP_EXISTS', [{ path: 'name', code: 'exists' }])
        throw error
      }
    })
    await auditBySession(c, 'group.created', row.id, { after: view(row) })
    return c.json(view(row), 201)
  })

  r.put('/:id', permit('group:update'), async (c) => {
    const id = idParam(c)
    const body = await readJson(c, GroupUpdateBody)
    const { db, clock } = c.get('deps')
    const companyId = c.get('session').companyId
    const { before, after } = await db.transaction(async (tx) => {
      const t = tx as unknown as Db
      const { rows, current } = await lockedGroup(t, companyId, id, body.version)
      const parent = current.parentId ? rows.find((g) => g.id === current.parentId) : null
      const children = rows.filter((g) => g.parentId === id)
      const levelOk = canParent(parent ? (parent.level as GroupLevel) : null, body.level) &&
        children.every((child) => levelRank(body.level) > levelRank(child.level as GroupLevel))
      if (!levelOk) throw new AppError(422, 'LEVEL_ERROR', [{ path: 'level', code: 'level' }])
      try {
        const [updated] = await t.update(userGroup).set({
          name: body.name.trim(), description: body.description?.trim() || null, level: body.level, version: current.version + 1, updatedAt: clock.now(),
        }).where(and(eq(userGroup.id, id), eq(userGroup.version, body.version))).returning()
        if (!updated) throw new AppError(409, 'CONFLICT')
        return { before: current, after: updated }
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError(409, 'GROUP_EXISTS', [{ path: 'name', code: 'exists' }])
        throw error
      }
    })
    await auditBySession(c, 'group.updated', id, { before: view(before), after: view(after) })
    return c.json(view(after))
  })

  r.post('/:id/move', permit('group:update'), async (c) => {
    const id = idParam(c)
    const body = await readJson(c, GroupMoveBody)
    const { db, clock } = c.get('deps')
    const companyId = c.get('session').companyId
    const { before, after } = await db.transaction(async (tx) => {
      const t = tx as unknown as Db
      const { rows, current } = await lockedGroup(t, companyId, id, body.version)
      const check = checkMove(nodes(rows), id, body.parentId)
      if (!check.ok) {
        if (check.reason === 'unknown') throw new AppError(400, 'VALIDATION', [{ path: 'parentId', code: 'parentId.unknown' }])
        if (check.reason === 'cycle') throw new AppError(422, 'GROUP_CYCLE', [{ path: 'parentId', code: 'cycle' }])
        throw new AppError(422, 'LEVEL_ERROR', [{ path: 'parentId', code: 'level' }])
      }
      const [updated] = await t.update(userGroup).set({ parentId: body.parentId, version: current.version + 1, updatedAt: clock.now() })
        .where(and(eq(userGroup.id, id), eq(userGroup.version, body.version))).returning()
      if (!updated) throw new AppError(409, 'CONFLICT')
      return { before: current, after: updated }
    })
    await auditBySession(c, 'group.moved', id, { before: { parentId: before.parentId }, after: { parentId: after.parentId } })
    return c.json(view(after))
  })

  r.delete('/:id', permit('group:delete'), async (c) => {
    const id = idParam(c)
    const { version } = readQuery(c, z.strictObject({ version: z.string().check(z.regex(/^[1-9][0-9]{0,9}$/)) }))
    const { db } = c.get('deps')
    const companyId = c.get('session').companyId
    const deleted = await db.transaction(async (tx) => {
      const t = tx as unknown as Db
      const { rows, current } = await lockedGroup(t, companyId, id, Number(version))
      const [[members], [roles]] = await Promise.all([
        t.select({ n: count() }).from(appUser).where(and(eq(appUser.companyId, companyId), eq(appUser.groupId, id))),
        t.select({ n: count() }).from(role).where(and(eq(role.companyId, companyId), eq(role.groupId, id))),
      ])
      const subgroups = rows.filter((g) => g.parentId === id).length
      const issues = [
        ...(subgroups ? [{ path: 'subgroups', code: String(subgroups) }] : []),
        ...(members!.n ? [{ path: 'members', code: String(members!.n) }] : []),
        ...(roles!.n ? [{ path: 'roles', code: String(roles!.n) }] : []),
      ]
      if (issues.length) throw new AppError(409, 'GROUP_NOT_EMPTY', issues)
      await t.delete(userGroup).where(and(eq(userGroup.id, id), eq(userGroup.version, current.version)))
      return current
    })
    await auditBySession(c, 'group.deleted', id, { before: view(deleted) })
    return c.json({ ok: true })
  })

  return r
}
