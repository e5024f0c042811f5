import { Hono, type Context } from 'hono'
import * as z from 'zod/mini'
import { GROUP_TREE } from '../../domain/groups.ts'
import { GroupBody, GroupMoveBody, GroupUpdateBody } from '../../domain/schemas/admin.ts'
import type { AppEnv } from '../types.ts'
import { acceptsGzip } from '../compress.ts'
import { idParam, readJson, readQuery } from '../http.ts'
import { auditBySession } from '../services/audit.ts'
import {
  createGroup, deleteGroup, groupDetail, groupSubtree, groupTreeAnswer, groupView, listGroupsAnswer, moveGroup, answerGzip, updateGroup,
} from '../services/groups.ts'
import { permit } from '../services/permissions.ts'

/** Below this many characters a kept answer goes out as it is (gzip would save little). */
const KEPT_GZIP_MIN = 1024

/**
 * A kept answer (services/groups.ts: built once per version of what it shows) with that version as
 * its ETag: a browser holding it is answered 304 without a body; else the JSON, gzipped once per
 * answer (not per read, as the app's other answers are: ../compress.ts) for a client that accepts
 * it. A sealed answer (spec 7.1's envelope, app.ts) is sealed from the JSON text.
 */
async function sendKept(c: Context<AppEnv>, answer: { json: string; gzipped?: Uint8Array<ArrayBuffer> }, tag: string): Promise<Response> {
  const etag = `"${tag}"`
  c.header('Cache-Control', 'private, no-cache')
  c.header('Vary', 'Accept-Encoding')
  if ((c.req.header('if-none-match') ?? '').split(',').some((t) => t.trim().replace(/^W\//, '') === etag)) {
    c.header('ETag', etag)
    return c.body(null, 304)
  }
  if (answer.json.length >= KEPT_GZIP_MIN && !c.get('encrypted') && acceptsGzip(c.req.header('accept-encoding'))) {
    c.header('ETag', `W/${etag}`)
    return c.body(await answerGzip(answer), 200, { 'content-type': 'application/json', 'content-encoding': 'gzip' })
  }
  c.header('ETag', etag)
  return c.body(answer.json, 200, { 'content-type': 'application/json' })
}

/** The ETag of a "groups with counts" answer: the tree's and the counts' versions (and the level asked for). */
const countsTag = (a: { treeVersion: number; countsVersion: number }, level?: string) => `groups-${a.treeVersion}-${a.countsVersion}${level ? `-${level}` : ''}`

/** `view=tree`: only what the org chart draws (id, name, level, parentId, version), without counts. */
const LevelQuery = z.strictObject({ filterByLevelType: z.optional(z.enum(['management', 'unit', 'team'])), view: z.optional(z.literal(GROUP_TREE.view)) })

/**
 * The organisation tree (issue 13): groups of the caller's company. Moves run in a transaction that
 * locks the company's groups first, so two admins moving at once are applied one after the other
 * and the second sees the first (a stale version is a conflict, a cycle is refused): services/groups.ts.
 */
export function groupRoutes() {
  const r = new Hono<AppEnv>()

  r.get('/', permit('group:read'), async (c) => {
    const { db } = c.get('deps')
    const companyId = c.get('session').companyId
    readQuery(c, z.strictObject({}))
    const answer = await listGroupsAnswer(db, companyId)
    return sendKept(c, answer, countsTag(answer))
  })

  /**
   * Spec 7.5 `GET /group/{id}` (optional filterByLevelType), as `GET /role/{id}` takes it: for the
   * company's id, the company's groups with their counts (an empty list when it has none yet);
   * for a group's id, that group and its subtree. One group alone: `GET /group/{id}/detail`.
   * With `view=tree` the same groups as the org chart draws them (issue 25 item 14): five fields
   * each in the column form of domain/groups.ts `GroupTreeWire`, no counts, one query (the chart and
   * the group pickers load this), served from the tree's version (services/groups.ts) with that
   * version as its ETag, gzipped once per version for a client that accepts it. The groups with
   * counts are kept alike, per (tree version, counts version), which their ETag names.
   */
  r.get('/:id', permit('group:read'), async (c) => {
    const id = idParam(c)
    const { filterByLevelType, view } = readQuery(c, LevelQuery)
    const { db } = c.get('deps')
    const companyId = c.get('session').companyId
    if (view === 'tree') {
      const answer = await groupTreeAnswer(db, companyId, id === companyId ? undefined : id, filterByLevelType)
      return sendKept(c, answer, `tree-${answer.version}`)
    }
    if (id === companyId) {
      // the counts change with users and roles too: the answer's tag holds both versions
      const answer = await listGroupsAnswer(db, companyId, filterByLevelType)
      return sendKept(c, answer, countsTag(answer, filterByLevelType))
    }
    return c.json({ items: await groupSubtree(db, companyId, id, filterByLevelType) })
  })

  /** One group of the caller's company with its counts (the group form's read). */
  r.get('/:id/detail', permit('group:read'), async (c) => {
    const id = idParam(c)
    readQuery(c, z.strictObject({}))
    return c.json(await groupDetail(c.get('deps').db, c.get('session').companyId, id))
  })

  r.post('/', permit('group:create'), async (c) => {
    const body = await readJson(c, GroupBody)
    const { db, clock } = c.get('deps')
    const row = await createGroup(db, c.get('session').companyId, body, () => clock.now())
    await auditBySession(c, 'group.created', row.id, { after: groupView(row) })
    return c.json(groupView(row), 201)
  })

  r.put('/:id', permit('group:update'), async (c) => {
    const id = idParam(c)
    const body = await readJson(c, GroupUpdateBody)
    const { db, clock } = c.get('deps')
    const { before, after } = await updateGroup(db, c.get('session').companyId, id, body, () => clock.now())
    await auditBySession(c, 'group.updated', id, { before: groupView(before), after: groupView(after) })
    return c.json(groupView(after))
  })

  r.post('/:id/move', permit('group:update'), async (c) => {
    const id = idParam(c)
    const body = await readJson(c, GroupMoveBody)
    const { db, clock } = c.get('deps')
    const { before, after } = await moveGroup(db, c.get('session').companyId, id, body, () => clock.now())
    await auditBySession(c, 'group.moved', id, { before: { parentId: before.parentId }, after: { parentId: after.parentId } })
    return c.json(groupView(after))
  })

  r.delete('/:id', permit('group:delete'), async (c) => {
    const id = idParam(c)
    const { version } = readQuery(c, z.strictObject({ version: z.string().check(z.regex(/^[1-9][0-9]{0,9}$/)) }))
    const deleted = await deleteGroup(c.get('deps').db, c.get('session').companyId, id, Number(version))
    await auditBySession(c, 'group.deleted', id, { before: groupView(deleted) })
    return c.json({ ok: true })
  })

  return r
}
