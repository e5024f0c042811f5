import { stratify, tree } from 'd3-hierarchy'
import type { GroupLevel } from '../../../../domain/groups.ts'

/**
 * The org chart's geometry (spec 9 order: company > management group > organisational unit > team):
 * a tidy tree (Reingold-Tilford, d3-hierarchy) top-down, in world units; the view scales and pans it.
 * `culled` keeps only what the viewport shows, so 1,000 groups draw as a few dozen blocks.
 */
export const NODE = { width: 168, height: 52, gapX: 24, gapY: 72 } as const
export const ROOT_ID = '__company__'

export type LaidNode = { id: string; parentId: string | null; level: GroupLevel | 'company'; x: number; y: number; depth: number }
export type Layout = {
  nodes: Map<string, LaidNode>
  /** Tree order (pre-order, siblings by name), the company root first. */
  order: string[]
  children: Map<string, string[]>
  bounds: { minX: number; maxX: number; minY: number; maxY: number }
}

type In = { id: string; name: string; level: GroupLevel; parentId: string | null }

export function layoutTree(groups: readonly In[]): Layout {
  const known = new Set(groups.map((g) => g.id))
  const rows = [
    { id: ROOT_ID, parent: null as string | null, name: '', level: 'company' as const },
    ...groups.map((g) => ({ id: g.id, parent: g.parentId && known.has(g.parentId) ? g.parentId : ROOT_ID, name: g.name, level: g.level })),
  ]
  const root = stratify<(typeof rows)[number]>().id((r) => r.id).parentId((r) => r.parent)(rows)
  root.sort((a, b) => a.data.name.localeCompare(b.data.name, 'tr') || a.data.id.localeCompare(b.data.id))
  tree<(typeof rows)[number]>().nodeSize([NODE.width + NODE.gapX, NODE.height + NODE.gapY])(root)
  const nodes = new Map<string, LaidNode>()
  const children = new Map<string, string[]>()
  const order: string[] = []
  const bounds = { minX: Infinity, maxX: -Infinity, minY: Infinity, maxY: -Infinity }
  root.eachBefore((n) => {
    const x = n.x ?? 0
    const y = n.y ?? 0
    nodes.set(n.data.id, { id: n.data.id, parentId: n.parent ? n.parent.data.id : null, level: n.data.level, x, y, depth: n.depth })
    children.set(n.data.id, (n.children ?? []).map((c) => c.data.id))
    order.push(n.data.id)
    bounds.minX = Math.min(bounds.minX, x - NODE.width / 2)
    bounds.maxX = Math.max(bounds.maxX, x + NODE.width / 2)
    bounds.minY = Math.min(bounds.minY, y)
    bounds.maxY = Math.max(bounds.maxY, y + NODE.height)
  })
  return { nodes, order, children, bounds }
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
    if (n.x + NODE.width / 2 >= r.minX && n.x - NODE.width / 2 <= r.maxX && n.y + NODE.height >= r.minY && n.y <= r.maxY) out.push(n)
  }
  return out
}

/** The connector path (parent's bottom to child's top, an elbow) of every link that meets the viewport. */
export function edgePath(layout: Layout, view: View, size: Size): string {
  const r = visibleRect(view, size)
  let d = ''
  for (const n of layout.nodes.values()) {
    if (!n.parentId) continue
    const p = layout.nodes.get(n.parentId)!
    const top = p.y + NODE.height
    if (Math.max(n.x, p.x) < r.minX || Math.min(n.x, p.x) > r.maxX || n.y < r.minY || top > r.maxY) continue
    const mid = top + NODE.gapY / 2
    d += `M${p.x},${top}V${mid}H${n.x}V${n.y}`
  }
  return d
}

/** The view that shows the whole tree centred (never above 1×). */
export function fitView(layout: Layout, size: Size, clamp: (z: number) => number): View {
  const pad = 24
  const w = layout.bounds.maxX - layout.bounds.minX
  const h = layout.bounds.maxY - layout.bounds.minY
  const zoom = clamp(Math.min(1, (size.width - 2 * pad) / w, (size.height - 2 * pad) / h))
  return { zoom, x: (size.width - w * zoom) / 2 - layout.bounds.minX * zoom, y: pad - layout.bounds.minY * zoom }
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
  const left = (n.x - NODE.width / 2) * view.zoom + view.x
  const right = (n.x + NODE.width / 2) * view.zoom + view.x
  const top = n.y * view.zoom + view.y
  const bottom = (n.y + NODE.height) * view.zoom + view.y
  let { x, y } = view
  if (left < pad) x += pad - left
  else if (right > size.width - pad) x -= right - (size.width - pad)
  if (top < pad) y += pad - top
  else if (bottom > size.height - pad) y -= bottom - (size.height - pad)
  return x === view.x && y === view.y ? view : { ...view, x, y }
}
