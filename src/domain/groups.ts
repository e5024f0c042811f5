/**
 * The organisation tree (spec 3.1 "Group", spec 9 group levels): management group > organisational
 * unit > team. A group's parent must be of a strictly higher level; the root is the company itself,
 * above every level, so any group may hang at the root. Cycles are impossible.
 */
export const GROUP_LEVELS = ['management', 'unit', 'team'] as const
export type GroupLevel = (typeof GROUP_LEVELS)[number]

/** Higher is more senior: management 3, unit 2, team 1. */
export function levelRank(level: GroupLevel): number {
  return GROUP_LEVELS.length - GROUP_LEVELS.indexOf(level)
}

export function isGroupLevel(value: unknown): value is GroupLevel {
  return typeof value === 'string' && (GROUP_LEVELS as readonly string[]).includes(value)
}

/** Whether a group of `child` level may sit under a parent of `parent` level (null: the company root). */
export function canParent(parent: GroupLevel | null, child: GroupLevel): boolean {
  return parent === null || levelRank(parent) > levelRank(child)
}

export type TreeNode = { id: string; parentId: string | null; level: GroupLevel }

/** Whether moving `id` under `newParentId` would make a group its own ancestor. */
export function wouldCycle(nodes: readonly TreeNode[], id: string, newParentId: string | null): boolean {
  const parentOf = new Map(nodes.map((n) => [n.id, n.parentId]))
  let cursor = newParentId
  const seen = new Set<string>()
  while (cursor !== null) {
    if (cursor === id || seen.has(cursor)) return true
    seen.add(cursor)
    cursor = parentOf.get(cursor) ?? null
  }
  return false
}

export type MoveCheck = { ok: true } | { ok: false; reason: 'level' | 'cycle' | 'unknown' }

/**
 * Whether `id` may move under `newParentId`: both exist, the parent's level is higher, no cycle,
 * and every descendant keeps a valid level (their own parents do not change, so only the moved
 * group's own link is checked).
 */
export function checkMove(nodes: readonly TreeNode[], id: string, newParentId: string | null): MoveCheck {
  const node = nodes.find((n) => n.id === id)
  const parent = newParentId === null ? null : nodes.find((n) => n.id === newParentId)
  if (!node || parent === undefined) return { ok: false, reason: 'unknown' }
  if (wouldCycle(nodes, id, newParentId)) return { ok: false, reason: 'cycle' }
  if (!canParent(parent ? parent.level : null, node.level)) return { ok: false, reason: 'level' }
  return { ok: true }
}

/**
 * Tree order, as the org chart reads: depth first from the company, siblings by name (Turkish
 * collation, then id); a group whose parent is unknown hangs at the root. Every id once.
 */
export function treeOrder(groups: readonly { id: string; name: string; parentId: string | null }[]): string[] {
  const known = new Set(groups.map((g) => g.id))
  const children = new Map<string | null, typeof groups[number][]>()
  for (const g of groups) {
    const parent = g.parentId !== null && known.has(g.parentId) && g.parentId !== g.id ? g.parentId : null
    const list = children.get(parent) ?? []
    list.push(g)
    children.set(parent, list)
  }
  for (const list of children.values()) list.sort((a, b) => a.name.localeCompare(b.name, 'tr') || a.id.localeCompare(b.id))
  const out: string[] = []
  const seen = new Set<string>()
  const stack = [...(children.get(null) ?? [])].reverse()
  while (stack.length) {
    const g = stack.pop()!
    if (seen.has(g.id)) continue
    seen.add(g.id)
    out.push(g.id)
    for (const c of [...(children.get(g.id) ?? [])].reverse()) stack.push(c)
  }
  // a loop no path from the company reaches (the server never stores one): after the rest
  for (const g of groups) if (!seen.has(g.id)) { seen.add(g.id); out.push(g.id) }
  return out
}

/**
 * The query of `GET /group/{id}` that answers the lean tree (issue 25 item 14): each group with only
 * id, name, level, parentId and version, without counts (the org chart and the group pickers), in
 * the column form `GroupTreeWire` (read with `decodeGroupTree`).
 */
export const GROUP_TREE = { view: 'tree' } as const

/** A group as the tree answer carries it: what the org chart draws and moves. */
export type TreeGroup = { id: string; name: string; level: GroupLevel; parentId: string | null; version: number }

/**
 * The tree on the wire (`GET /group/{id}?view=tree`, issue 25 item 14): one array per field instead
 * of one object per group, so no key is repeated 5,000 times; a level is its index in GROUP_LEVELS
 * and a parent the index of its group in the same arrays (null: the company root); a parent not in
 * the answer (a team's unit when only teams are asked for, a subtree's root's parent) is listed once
 * in `outside`, and its index counts on past the groups (`ids.length + k` for `outside[k]`). At
 * 5,000 groups this is 55 % of the object list's bytes.
 */
export type GroupTreeWire = {
  ids: string[]
  names: string[]
  levels: number[]
  parents: Array<number | null>
  versions: number[]
  outside: string[]
}

/** The wire form of `groups` (in their order). */
export function encodeGroupTree(groups: readonly TreeGroup[]): GroupTreeWire {
  const index = new Map(groups.map((g, i) => [g.id, i]))
  const outside: string[] = []
  const parentIndex = (parentId: string) => {
    let i = index.get(parentId)
    if (i === undefined) {
      i = groups.length + outside.push(parentId) - 1
      index.set(parentId, i)
    }
    return i
  }
  return {
    ids: groups.map((g) => g.id),
    names: groups.map((g) => g.name),
    levels: groups.map((g) => GROUP_LEVELS.indexOf(g.level)),
    parents: groups.map((g) => (g.parentId === null ? null : parentIndex(g.parentId))),
    versions: groups.map((g) => g.version),
    outside,
  }
}

/** The groups of a wire tree, in its order; a malformed answer (arrays of different lengths, a level or parent out of range) throws. */
export function decodeGroupTree(wire: GroupTreeWire): TreeGroup[] {
  const { ids, names, levels, parents, versions, outside } = wire
  const n = ids.length
  if (names.length !== n || levels.length !== n || parents.length !== n || versions.length !== n) throw new Error('group tree: columns of different lengths')
  const out: TreeGroup[] = new Array(n)
  for (let i = 0; i < n; i++) {
    const level = GROUP_LEVELS[levels[i]!]
    const p = parents[i]!
    if (level === undefined) throw new Error(`group tree: level ${levels[i]}`)
    const parentId = p === null ? null : p < n ? ids[p] : outside[p - n]
    if (parentId === undefined) throw new Error(`group tree: parent ${p}`)
    out[i] = { id: ids[i]!, name: names[i]!, level, parentId, version: versions[i]! }
  }
  return out
}
