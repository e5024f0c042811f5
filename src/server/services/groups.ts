import type * as z from 'zod/mini'
import { and, asc, count, eq, isNotNull, sql } from 'drizzle-orm'
import { promisify } from 'node:util'
import { gzip } from 'node:zlib'
import { checkMove, canParent, encodeGroupTree, isGroupLevel, levelRank, type GroupLevel, type TreeGroup, type TreeNode } from '../../domain/groups.ts'
import type { GroupBody, GroupMoveBody, GroupUpdateBody } from '../../domain/schemas/admin.ts'
import type { Db } from '../db/client.ts'
import { appUser, company, role, userGroup } from '../db/schema.ts'
import { AppError, isUniqueViolation } from '../errors.ts'

/**
 * The organisation tree (issue 13): the queries and rules of routes/group.ts (issue 26 item 3).
 * Every write is one transaction that locks the company's tree first, so two admins changing it at
 * once are applied one after the other and the second sees the first (a stale version is a
 * conflict, a cycle or a wrong level is refused).
 */

type GroupRow = typeof userGroup.$inferSelect
const gzipAsync = promisify(gzip)

export function groupView(row: GroupRow, counts?: { members: number; subgroups: number; roles: number }) {
  return {
    id: row.id, name: row.name, description: row.description, level: row.level as GroupLevel, parentId: row.parentId,
    version: row.version, updatedAt: row.updatedAt.toISOString(), ...(counts ?? {}),
  }
}

export async function companyGroups(db: Db, companyId: string): Promise<GroupRow[]> {
  return db.select().from(userGroup).where(eq(userGroup.companyId, companyId)).orderBy(asc(userGroup.name))
}

function nodes(rows: GroupRow[]): TreeNode[] {
  return rows.filter((r) => isGroupLevel(r.level)).map((r) => ({ id: r.id, parentId: r.parentId, level: r.level as GroupLevel }))
}

/** Each group's children, in the rows' order (by name): built once, not one scan of every group per group. */
function childrenOf<R extends { id: string; parentId: string | null }>(rows: R[]): Map<string, R[]> {
  const children = new Map<string, R[]>()
  for (const r of rows) {
    if (!r.parentId) continue
    const list = children.get(r.parentId)
    if (list) list.push(r)
    else children.set(r.parentId, [r])
  }
  return children
}

/** The group's descendants (itself included), from the company's rows. */
function subtree<R extends { id: string; parentId: string | null }>(rows: R[], id: string): R[] {
  const self = rows.find((r) => r.id === id)
  if (!self) return []
  const children = childrenOf(rows)
  const out: R[] = [self]
  const walk = (parent: string) => {
    for (const r of children.get(parent) ?? []) { out.push(r); walk(r.id) }
  }
  walk(id)
  return out
}

/**
 * Serializes the company's tree writes: every one locks the company row first (it always exists),
 * and bumps the tree's version there in the same transaction (a write rolled back bumps nothing),
 * so a tree read at the old version is never served again (`groupTree`).
 */
async function lockCompanyTree(t: Db, companyId: string) {
  await t.execute(sql`update company set group_tree_version = group_tree_version + 1 where id = ${companyId}::uuid`)
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

/** A "groups with counts" answer: its JSON, the versions it was read at, and its gzip form once asked for. */
export type CountsAnswer = { json: string; treeVersion: number; countsVersion: number; gzipped?: Uint8Array<ArrayBuffer> }
const countsCache = new WeakMap<Db, Map<string, CountsAnswer>>()

/**
 * The company's groups with their counts (members, roles, subgroups), optionally of one level only,
 * as the JSON of `{ items }` (spec 7.5's read; issue 25 item 14). Served from a cache kept per
 * (tree version, counts version): every group write bumps the first in its transaction
 * (`lockCompanyTree`), and every write that puts a user or a role in a group or takes one out bumps
 * the second in its transaction (database triggers, migration 0029_perf25f_counts). A read asks
 * both (one row by its key) and sends the JSON it has for them; else it reads the groups, their
 * counts and both versions in one statement (one snapshot: the JSON is exactly those versions').
 * Its gzip form is made once per answer too (`answerGzip`): 1.1 MB of JSON at 5,000 groups is not
 * compressed again on every read.
 */
export async function listGroupsAnswer(db: Db, companyId: string, level?: string): Promise<CountsAnswer> {
  const [co] = await db.select({ tree: company.groupTreeVersion, counts: company.groupCountsVersion }).from(company).where(eq(company.id, companyId))
  const key = `${companyId} ${level ?? ''}`
  let cache = countsCache.get(db)
  if (!cache) countsCache.set(db, (cache = new Map()))
  const kept = cache.get(key)
  if (kept && co && kept.treeVersion === co.tree && kept.countsVersion === co.counts) return kept
  const members = db.select({ groupId: appUser.groupId, members: count().as('members') }).from(appUser)
    .where(and(eq(appUser.companyId, companyId), isNotNull(appUser.groupId))).groupBy(appUser.groupId).as('m')
  const roles = db.select({ groupId: role.groupId, roles: count().as('roles') }).from(role)
    .where(and(eq(role.companyId, companyId), isNotNull(role.groupId))).groupBy(role.groupId).as('r')
  const rows = await db.select({
    group: userGroup, members: members.members, roles: roles.roles,
    versions: sql<string>`(select group_tree_version || ' ' || group_counts_version from company where id = ${companyId}::uuid)`,
  }).from(userGroup).leftJoin(members, eq(members.groupId, userGroup.id)).leftJoin(roles, eq(roles.groupId, userGroup.id))
    .where(eq(userGroup.companyId, companyId)).orderBy(asc(userGroup.name))
  // an empty company reads no row: its versions are the ones read first
  const [treeVersion, countsVersion] = rows.length > 0 ? rows[0]!.versions.split(' ').map(Number) as [number, number] : [co?.tree ?? 0, co?.counts ?? 0]
  // 5,000 groups: the children counted once, not 25 million comparisons
  const children = childrenOf(rows.map((r) => r.group))
  const items = rows.filter((r) => !level || r.group.level === level).map((r) => groupView(r.group, {
    members: Number(r.members ?? 0), roles: Number(r.roles ?? 0), subgroups: children.get(r.group.id)?.length ?? 0,
  }))
  const answer: CountsAnswer = { json: JSON.stringify({ items }), treeVersion, countsVersion }
  cache.delete(key)
  cache.set(key, answer)
  while (cache.size > TREE_CACHE_SIZE) cache.delete(cache.keys().next().value!)
  return answer
}

/** A tree answer: its JSON, the tree's version, and its gzip form once a client that accepts gzip asked for it. */
export type TreeAnswer = { json: string; version: number; gzipped?: Uint8Array<ArrayBuffer> }

/** The trees served lately, by database (a test's or the server's), company, version and filters. */
const TREE_CACHE_SIZE = 32
const treeCache = new WeakMap<Db, Map<string, TreeAnswer>>()

/**
 * The org chart's tree (issue 25 item 14): every group of the company (or `rootId`'s subtree) with
 * only what the chart draws and moves (id, name, level, parent, version), by name, in one query of
 * five columns, in the column form of `encodeGroupTree` (one array per field, a parent by its index:
 * 296 KB instead of 527 KB at 5,000 groups). A group's counts and description come with its own
 * read (`groupDetail`) when it is opened.
 *
 * Answered as its JSON with the tree's version (`company.group_tree_version`, which every group
 * write bumps in its transaction): a read first asks the version (one row by its key) and serves
 * the answer it built for that version when it has it; else it reads the groups and the version in
 * one statement (one snapshot, so the JSON is exactly that version's) and keeps it. Its gzip form is
 * made once per version too (`answerGzip`), so a browser's read is a lookup and a send.
 */
export async function groupTreeAnswer(db: Db, companyId: string, rootId?: string, level?: string): Promise<TreeAnswer> {
  const [co] = await db.select({ v: company.groupTreeVersion }).from(company).where(eq(company.id, companyId))
  const key = `${companyId} ${rootId ?? ''} ${level ?? ''}`
  let cache = treeCache.get(db)
  if (!cache) treeCache.set(db, (cache = new Map()))
  const kept = cache.get(key)
  if (kept && co && kept.version === co.v) return kept
  const rows = await db.select({
    id: userGroup.id, name: userGroup.name, level: userGroup.level, parentId: userGroup.parentId, version: userGroup.version,
    treeVersion: sql<number>`(select group_tree_version from company where id = ${companyId}::uuid)`,
  }).from(userGroup).where(eq(userGroup.companyId, companyId)).orderBy(asc(userGroup.name))
  // an empty tree reads no row: its version is the one read first
  const version = rows.length > 0 ? Number(rows[0]!.treeVersion) : (co?.v ?? 0)
  const groups = rows.filter((r) => isGroupLevel(r.level)).map(({ treeVersion: _, ...g }) => g as TreeGroup)
  let picked = groups
  if (rootId) {
    picked = subtree(groups, rootId)
    if (picked.length === 0) throw new AppError(404, 'NOT_FOUND')
  }
  const answer: TreeAnswer = { json: JSON.stringify(encodeGroupTree(level ? picked.filter((g) => g.level === level) : picked)), version }
  cache.delete(key)
  cache.set(key, answer)
  // the oldest out first (a Map keeps its insertion order)
  while (cache.size > TREE_CACHE_SIZE) cache.delete(cache.keys().next().value!)
  return answer
}

/** A kept answer's JSON gzipped (a tree's or the groups with counts'), made once per answer (in the thread pool) and kept with it. */
export async function answerGzip(answer: { json: string; gzipped?: Uint8Array<ArrayBuffer> }): Promise<Uint8Array<ArrayBuffer>> {
  if (!answer.gzipped) {
    const zipped = await gzipAsync(answer.json)
    answer.gzipped = new Uint8Array(zipped.byteLength)
    answer.gzipped.set(zipped)
  }
  return answer.gzipped
}

/** A group and its subtree (optionally of one level only); 404 NOT_FOUND for none of the company's. */
export async function groupSubtree(db: Db, companyId: string, id: string, level?: string) {
  const picked = subtree(await companyGroups(db, companyId), id)
  if (picked.length === 0) throw new AppError(404, 'NOT_FOUND')
  return picked.filter((g) => !level || g.level === level).map((g) => groupView(g))
}

/** One group of the company with its counts (its own members and roles, counted by the (company, group) indexes). */
export async function groupDetail(db: Db, companyId: string, id: string) {
  const rows = await companyGroups(db, companyId)
  const row = rows.find((g) => g.id === id)
  if (!row) throw new AppError(404, 'NOT_FOUND')
  const [[members], [roles]] = await Promise.all([
    db.select({ n: count() }).from(appUser).where(and(eq(appUser.companyId, companyId), eq(appUser.groupId, id))),
    db.select({ n: count() }).from(role).where(and(eq(role.companyId, companyId), eq(role.groupId, id))),
  ])
  return groupView(row, { members: members!.n, roles: roles!.n, subgroups: rows.filter((g) => g.parentId === id).length })
}

/** A new group under a parent of a higher level (or at the top); 409 GROUP_EXISTS for a name the company has. */
export async function createGroup(db: Db, companyId: string, body: z.infer<typeof GroupBody>, now: () => Date): Promise<GroupRow> {
  return db.transaction(async (tx) => {
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
      const at = now()
      const [created] = await t.insert(userGroup).values({
        companyId, name: body.name.trim(), description: body.description?.trim() || null, level: body.level, parentId: body.parentId, createdAt: at, updatedAt: at,
      }).returning()
      return created!
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError(409, 'GROUP_EXISTS', [{ path: 'name', code: 'exists' }])
      throw error
    }
  })
}

/** Name, description and level, at the version the caller read; the level stays between the parent's and the children's. */
export async function updateGroup(db: Db, companyId: string, id: string, body: z.infer<typeof GroupUpdateBody>, now: () => Date): Promise<{ before: GroupRow; after: GroupRow }> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db
    const { rows, current } = await lockedGroup(t, companyId, id, body.version)
    const parent = current.parentId ? rows.find((g) => g.id === current.parentId) : null
    const children = rows.filter((g) => g.parentId === id)
    const levelOk = canParent(parent ? (parent.level as GroupLevel) : null, body.level) &&
      children.every((child) => levelRank(body.level) > levelRank(child.level as GroupLevel))
    if (!levelOk) throw new AppError(422, 'LEVEL_ERROR', [{ path: 'level', code: 'level' }])
    try {
      const [updated] = await t.update(userGroup).set({
        name: body.name.trim(), description: body.description?.trim() || null, level: body.level, version: current.version + 1, updatedAt: now(),
      }).where(and(eq(userGroup.id, id), eq(userGroup.version, body.version))).returning()
      if (!updated) throw new AppError(409, 'CONFLICT')
      return { before: current, after: updated }
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError(409, 'GROUP_EXISTS', [{ path: 'name', code: 'exists' }])
      throw error
    }
  })
}

/** A new parent: refused when unknown, a cycle, or of a level that may not hold the group. */
export async function moveGroup(db: Db, companyId: string, id: string, body: z.infer<typeof GroupMoveBody>, now: () => Date): Promise<{ before: GroupRow; after: GroupRow }> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db
    const { rows, current } = await lockedGroup(t, companyId, id, body.version)
    const check = checkMove(nodes(rows), id, body.parentId)
    if (!check.ok) {
      if (check.reason === 'unknown') throw new AppError(400, 'VALIDATION', [{ path: 'parentId', code: 'parentId.unknown' }])
      if (check.reason === 'cycle') throw new AppError(422, 'GROUP_CYCLE', [{ path: 'parentId', code: 'cycle' }])
      throw new AppError(422, 'LEVEL_ERROR', [{ path: 'parentId', code: 'level' }])
    }
    const [updated] = await t.update(userGroup).set({ parentId: body.parentId, version: current.version + 1, updatedAt: now() })
      .where(and(eq(userGroup.id, id), eq(userGroup.version, body.version))).returning()
    if (!updated) throw new AppError(409, 'CONFLICT')
    return { before: current, after: updated }
  })
}

/** Deletes an empty group (no subgroups, members or roles: 409 GROUP_NOT_EMPTY says which) at the version the caller read. */
export async function deleteGroup(db: Db, companyId: string, id: string, version: number): Promise<GroupRow> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db
    const { rows, current } = await lockedGroup(t, companyId, id, version)
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
}
