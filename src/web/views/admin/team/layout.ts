import type { GroupLevel } from '../../../../domain/groups.ts'

/**
 * The org chart's geometry (spec 9 order: company > management group > organisational unit > team),
 * a compact org chart in world units; the view scales and pans it. A tidy tree puts every leaf side by
 * side (1,000 groups: ~190,000 px wide), so instead:
 *  - a group whose subgroups are all leaves (a unit's teams) stacks them as a column under it,
 *    indented, in columns of at most COLUMN_ROWS;
 *  - any other group lays its subgroups' boxes in rows under it, as many per row as keep its box
 *    about square; the company's own rows are chosen so the whole chart best fits a landscape pane.
 * Links run down an indented trunk on the left, with a branch to each subgroup (no two cross).
 * `culled` keeps only what the viewport shows, so 1,000 groups draw as a few dozen blocks.
 */
export const NODE = { width: 168, height: 52, gapX: 24, gapY: 40 } as const
/** A team block (the chart's most numerous leaves): smaller, in a column under its unit. */
export const LEAF = { width: 148, height: 32, gapY: 6 } as const
/** The indent of the subgroups under their parent (the trunk runs in its middle). */
export const INDENT = 20
export const COLUMN_ROWS = 12
/** The pane shape the company's rows aim at (1280 × 800). */
export const PANE_ASPECT = 1.6
export const ROOT_ID = '__company__'

/** `x` is the block's centre, `y` its top; `w` × `h` its size. */
export type LaidNode = { id: string; parentId: string | null; level: GroupLevel | 'company'; x: number; y: number; w: number; h: number; depth: number }
/** An axis-aligned link segment: x1 ≤ x2, y1 ≤ y2. */
export type Segment = [number, number, number, number]
export type Layout = {
  nodes: Map<string, LaidNode>
  /** Tree order (pre-order, siblings by name), the company root first. */
  order: string[]
  children: Map<string, string[]>
  segments: Segment[]
  bounds: { minX: number; maxX: number; minY: number; maxY: number }
}

type In = { id: string; name: string; level: GroupLevel; parentId: string | null }
type Item = { id: string; name: string; level: GroupLevel | 'company'; kids: Item[] }
/** A laid-out subtree, relative to its top-left corner. */
type Box = { w: number; h: number; place: (left: number, top: number, parentId: string | null, depth: number, out: Layout) => void }

const sizeOf = (level: Item['level']) => (level === 'team' ? { w: LEAF.width, h: LEAF.height } : { w: NODE.width, h: NODE.height })

function put(out: Layout, item: Item, left: number, top: number, parentId: string | null, depth: number) {
  const { w, h } = sizeOf(item.level)
  out.nodes.set(item.id, { id: item.id, parentId, level: item.level, x: left + w / 2, y: top, w, h, depth })
  out.children.set(item.id, item.kids.map((k) => k.id))
  out.bounds.minX = Math.min(out.bounds.minX, left)
  out.bounds.maxX = Math.max(out.bounds.maxX, left + w)
  out.bounds.minY = Math.min(out.bounds.minY, top)
  out.bounds.maxY = Math.max(out.bounds.maxY, top + h)
}

function seg(out: Layout, x1: number, y1: number, x2: number, y2: number) {
  out.segments.push([Math.min(x1, x2), Math.min(y1, y2), Math.max(x1, x2), Math.max(y1, y2)])
}

/** Rows of `per` boxes: the size of the whole, and each box's offset. */
function rows(boxes: Box[], per: number) {
  const at: Array<{ x: number; y: number; rowTop: number }> = []
  let y = 0
  let w = 0
  for (let i = 0; i < boxes.length; i += per) {
    const row = boxes.slice(i, i + per)
    let x = 0
    const rowTop = y + NODE.gapY
    for (const b of row) { at.push({ x, y: rowTop, rowTop }); x += b.w + NODE.gapX }
    w = Math.max(w, x - NODE.gapX)
    y = rowTop + Math.max(...row.map((b) => b.h))
  }
  return { w, h: y, at }
}

/**
 * A subtree's box. `aspect`: the width / height its rows aim at below the company (the company
 * tries a few and keeps the one whose whole chart fits the pane largest).
 */
function box(item: Item, aspect: number, pane: number | null): Box {
  const self = sizeOf(item.level)
  if (item.kids.length === 0) return { ...self, place: (left, top, parentId, depth, out) => put(out, item, left, top, parentId, depth) }

  if (item.kids.every((k) => k.kids.length === 0)) {
    // a column (or a few) of leaves under the group, indented
    const cw = Math.max(...item.kids.map((k) => sizeOf(k.level).w))
    const ch = Math.max(...item.kids.map((k) => sizeOf(k.level).h))
    const columns = Math.ceil(item.kids.length / COLUMN_ROWS)
    const perColumn = Math.ceil(item.kids.length / columns)
    const top0 = self.h + LEAF.gapY * 2
    const w = Math.max(self.w, INDENT + columns * (cw + INDENT) - INDENT)
    const h = top0 + perColumn * (ch + LEAF.gapY) - LEAF.gapY
    return {
      w, h,
      place: (left, top, parentId, depth, out) => {
        put(out, item, left, top, parentId, depth)
        const bus = top + self.h + LEAF.gapY
        for (let c = 0; c < columns; c++) {
          const kids = item.kids.slice(c * perColumn, (c + 1) * perColumn)
          const kx = left + INDENT + c * (cw + INDENT)
          const trunk = kx - INDENT / 2
          if (c === 0) seg(out, trunk, top + self.h, trunk, bus)
          else seg(out, left + INDENT / 2, bus, trunk, bus)
          const lastMid = top + top0 + (kids.length - 1) * (ch + LEAF.gapY) + ch / 2
          seg(out, trunk, bus, trunk, lastMid)
          kids.forEach((k, r) => {
            const ky = top + top0 + r * (ch + LEAF.gapY)
            put(out, k, kx, ky, item.id, depth + 1)
            seg(out, trunk, ky + ch / 2, kx, ky + ch / 2)
          })
        }
      },
    }
  }

  // rows of subtrees: the company's fit the pane, any other group's aim at `aspect`
  const kids = item.kids.map((k) => box(k, aspect, null))
  let best = { per: kids.length, cost: Infinity }
  for (let per = 1; per <= kids.length; per++) {
    const r = rows(kids, per)
    const w = Math.max(self.w, INDENT + r.w)
    const h = self.h + r.h
    const cost = pane !== null ? Math.max(w / pane, h) : Math.abs(Math.log(w / h / aspect))
    if (cost < best.cost) best = { per, cost }
  }
  const r = rows(kids, best.per)
  return {
    w: Math.max(self.w, INDENT + r.w),
    h: self.h + r.h,
    place: (left, top, parentId, depth, out) => {
      put(out, item, left, top, parentId, depth)
      const trunk = left + INDENT / 2
      let lastBus = top + self.h
      item.kids.forEach((k, i) => {
        const at = r.at[i]!
        const kx = left + INDENT + at.x
        const ky = top + self.h + at.rowTop
        const bus = ky - NODE.gapY / 2
        const mid = kx + sizeOf(k.level).w / 2
        seg(out, trunk, bus, mid, bus)
        seg(out, mid, bus, mid, ky)
        lastBus = Math.max(lastBus, bus)
        kids[i]!.place(kx, ky, item.id, depth + 1, out)
      })
      seg(out, trunk, top + self.h, trunk, lastBus)
    },
  }
}

const ASPECTS = [0.25, 0.35, 0.5, 0.7, 1, 1.4, 2, 2.8, 4]

/** The chart of `groups`; `pane` is the width / height of the pane it should fit best. */
export function layoutTree(groups: readonly In[], pane = PANE_ASPECT): Layout {
  const known = new Set(groups.map((g) => g.id))
  const items = new Map<string, Item>(groups.map((g) => [g.id, { id: g.id, name: g.name, level: g.level, kids: [] }]))
  const root: Item = { id: ROOT_ID, name: '', level: 'company', kids: [] }
  for (const g of groups) {
    const parent = g.parentId && known.has(g.parentId) && g.parentId !== g.id ? items.get(g.parentId)! : root
    parent.kids.push(items.get(g.id)!)
  }
  const byName = (a: Item, b: Item) => a.name.localeCompare(b.name, 'tr') || a.id.localeCompare(b.id)
  for (const item of [root, ...items.values()]) item.kids.sort(byName)
  const out: Layout = {
    nodes: new Map(), order: [], children: new Map(), segments: [],
    bounds: { minX: Infinity, maxX: -Infinity, minY: Infinity, maxY: -Infinity },
  }
  let chosen: Box | null = null
  for (const aspect of ASPECTS) {
    const b = box(root, aspect, pane)
    if (!chosen || Math.max(b.w / pane, b.h) < Math.max(chosen.w / pane, chosen.h)) chosen = b
  }
  chosen!.place(0, 0, null, 0, out)
  // tree order, depth first (a loop the server never stores would be unreachable: left out)
  const stack = [ROOT_ID]
  while (stack.length) {
    const id = stack.pop()!
    out.order.push(id)
    stack.push(...[...(out.children.get(id) ?? [])].reverse())
  }
  return out
}

export type View = { x: number; y: number; zoom: number }
export type Size = { width: number; height: number }

/** The world rectangle the viewport shows, with a margin of half a block. */
export function visibleRect(view: View, size: Size) {
  const margin = NODE.width / 2
  return {
    minX: -view.x / view.zoom - margin, maxX: (size.width - view.x) / view.zoom + margin,
    minY: -view.y / view.zoom - margin, maxY: (size.height - view.y) / view.zoom + margin,
  }
}

/** The nodes whose block meets the viewport. */
export function culled(layout: Layout, view: View, size: Size): LaidNode[] {
  const r = visibleRect(view, size)
  const out: LaidNode[] = []
  for (const n of layout.nodes.values()) {
    if (n.x + n.w / 2 >= r.minX && n.x - n.w / 2 <= r.maxX && n.y + n.h >= r.minY && n.y <= r.maxY) out.push(n)
  }
  return out
}

/** The SVG path of every link segment that meets the viewport. */
export function edgePath(layout: Layout, view: View, size: Size): string {
  const r = visibleRect(view, size)
  let d = ''
  for (const [x1, y1, x2, y2] of layout.segments) {
    if (x2 < r.minX || x1 > r.maxX || y2 < r.minY || y1 > r.maxY) continue
    d += `M${x1},${y1}L${x2},${y2}`
  }
  return d
}

/** The node whose block holds the world point, if any. */
export function nodeAt(layout: Layout, wx: number, wy: number): string | undefined {
  for (const n of layout.nodes.values()) {
    if (Math.abs(wx - n.x) <= n.w / 2 && wy >= n.y && wy <= n.y + n.h) return n.id
  }
  return undefined
}

/** The view that shows the whole tree centred (never above 1×). */
export function fitView(layout: Layout, size: Size, clamp: (z: number) => number): View {
  const pad = 24
  const w = layout.bounds.maxX - layout.bounds.minX
  const h = layout.bounds.maxY - layout.bounds.minY
  const zoom = clamp(Math.min(1, (size.width - 2 * pad) / w, (size.height - 2 * pad) / h))
  return { zoom, x: (size.width - w * zoom) / 2 - layout.bounds.minX * zoom, y: pad - layout.bounds.minY * zoom }
}

/**
 * The zoom at which a block's labels are 12 px on screen (issue 25 item 10): a name and a level line
 * are 14 px in world pixels (Team.module.css), so at 12/14 they read 12 px (rounded up to the
 * machine's zoom steps of 0.001, which would round 0.857 to 11.998 px).
 */
export const LEGIBLE_ZOOM = Math.ceil((12 / 14) * 1000) / 1000

/**
 * The chart's first view: the whole tree (`fitView`) when its labels are legible there; else, as a
 * map opens on a town rather than the country, the legible zoom with the company and its first
 * groups in the top-left corner ("Sığdır" still shows the whole). With 29 groups a fit pane showed
 * 9.8 px names; no chart opens with labels under 12 px.
 */
export function firstView(layout: Layout, size: Size, clamp: (z: number) => number): View {
  const fit = fitView(layout, size, clamp)
  if (fit.zoom >= LEGIBLE_ZOOM) return fit
  const pad = 24
  const zoom = clamp(LEGIBLE_ZOOM)
  const w = (layout.bounds.maxX - layout.bounds.minX) * zoom
  // a chart narrower than the pane stays centred across; only its height runs on below
  const x = w <= size.width - 2 * pad ? (size.width - w) / 2 - layout.bounds.minX * zoom : pad - layout.bounds.minX * zoom
  return { zoom, x, y: pad - layout.bounds.minY * zoom }
}

/** The view after zooming to `zoom` around the point (px, py) of the viewport: that point stays put. */
export function zoomAround(view: View, zoom: number, px: number, py: number): View {
  const k = zoom / view.zoom
  return { zoom, x: px - (px - view.x) * k, y: py - (py - view.y) * k }
}

/** The view panned just enough to show node `id` whole. */
export function reveal(layout: Layout, view: View, size: Size, id: string): View {
  const n = layout.nodes.get(id)
  if (!n) return view
  const pad = 16
  const left = (n.x - n.w / 2) * view.zoom + view.x
  const right = (n.x + n.w / 2) * view.zoom + view.x
  const top = n.y * view.zoom + view.y
  const bottom = (n.y + n.h) * view.zoom + view.y
  let { x, y } = view
  if (left < pad) x += pad - left
  else if (right > size.width - pad) x -= right - (size.width - pad)
  if (top < pad) y += pad - top
  else if (bottom > size.height - pad) y -= bottom - (size.height - pad)
  return x === view.x && y === view.y ? view : { ...view, x, y }
}
