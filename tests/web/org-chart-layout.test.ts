import { describe, expect, it } from 'vitest'
import { i18n } from '@lingui/core'
import { messages as tr } from '../../src/locales/tr/messages.po'
import type { GroupLevel } from '../../src/domain/groups.ts'
import { fieldErrorText } from '../../src/web/i18n/reasons.ts'
import { culled, edgePath, firstView, fitView, INDENT, layoutTree, LEAF, NODE, nodeAt, reveal, ROOT_ID, zoomAround } from '../../src/web/views/admin/team/layout.ts'

type G = { id: string; name: string; level: GroupLevel; parentId: string | null }

/** `managers` management groups, 9 units each, 10 teams per unit (the bench's shape). */
function company(managers: number): G[] {
  const out: G[] = []
  for (let m = 0; m < managers; m++) {
    out.push({ id: `m${m}`, name: `Yönetim ${m}`, level: 'management', parentId: null })
    for (let u = 0; u < 9; u++) {
      out.push({ id: `m${m}u${u}`, name: `Birim ${m}.${u}`, level: 'unit', parentId: `m${m}` })
      for (let t = 0; t < 10; t++) out.push({ id: `m${m}u${u}t${t}`, name: `Ekip ${m}.${u}.${t}`, level: 'team', parentId: `m${m}u${u}` })
    }
  }
  return out
}

describe('org chart layout (compact: team columns, rows of subtrees)', () => {
  const small: G[] = [
    { id: 'b', name: 'Bölge', level: 'management', parentId: null },
    { id: 'g', name: 'Genel', level: 'management', parentId: null },
    { id: 's', name: 'Satış', level: 'unit', parentId: 'g' },
    { id: 'e', name: 'Ekip', level: 'team', parentId: 's' },
    { id: 'f', name: 'Ekip 2', level: 'team', parentId: 's' },
    { id: 'o', name: 'Yetim', level: 'team', parentId: 'gone' },
  ]
  it('puts the company on top, each group below its parent, siblings by name, orphans under the company; teams stack in a column', () => {
    const l = layoutTree(small)
    expect(l.order).toEqual([ROOT_ID, 'b', 'g', 's', 'e', 'f', 'o'])
    expect(l.children.get(ROOT_ID)).toEqual(['b', 'g', 'o'])
    const n = (id: string) => l.nodes.get(id)!
    for (const id of ['b', 'g', 's', 'e', 'f', 'o']) {
      const p = n(n(id).parentId!)
      expect(n(id).y, id).toBeGreaterThanOrEqual(p.y + p.h)
      expect(n(id).x - n(id).w / 2, id).toBeGreaterThan(p.x - p.w / 2) // indented under its parent
    }
    // a unit's teams: one column, indented, in name order, smaller blocks
    expect(n('e').x).toBe(n('f').x)
    expect(n('f').y).toBe(n('e').y + LEAF.height + LEAF.gapY)
    expect([n('e').w, n('e').h]).toEqual([LEAF.width, LEAF.height])
    expect(n('e').x - n('e').w / 2).toBe(n('s').x - n('s').w / 2 + INDENT)
    // siblings in rows, by name, never overlapping
    expect(n('g').x - n('b').x).toBeGreaterThanOrEqual(NODE.width)
  })

  it('1,000 groups fit a 1280x800 pane at about a quarter (a tidy tree: 2%), no two blocks overlap, every link is drawn', () => {
    const l = layoutTree(company(10))
    expect(l.nodes.size).toBe(1001)
    const w = l.bounds.maxX - l.bounds.minX
    const h = l.bounds.maxY - l.bounds.minY
    expect(w).toBeLessThan(5000)
    expect(h).toBeLessThan(3200)
    const fit = fitView(l, { width: 1280, height: 800 }, (z) => Math.max(0.02, z))
    expect(fit.zoom).toBeGreaterThan(0.24)
    // no overlap: sweep by left edge
    const boxes = [...l.nodes.values()].map((n) => ({ id: n.id, l: n.x - n.w / 2, r: n.x + n.w / 2, t: n.y, b: n.y + n.h })).sort((a, b) => a.l - b.l)
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length && boxes[j]!.l < boxes[i]!.r; j++) {
        const [a, b] = [boxes[i]!, boxes[j]!]
        expect(a.t >= b.b || b.t >= a.b, `${a.id} overlaps ${b.id}`).toBe(true)
      }
    }
    // a link ends at each group's block: a branch into its left edge (teams) or its top centre
    const ends = new Set(l.segments.flatMap(([x1, y1, x2, y2]) => [`${x1},${y1}`, `${x2},${y2}`]))
    for (const n of l.nodes.values()) {
      if (!n.parentId) continue
      expect(ends.has(`${n.x - n.w / 2},${n.y + n.h / 2}`) || ends.has(`${n.x},${n.y}`), n.id).toBe(true)
    }
    // at 1× the pane draws about a hundred blocks at most, with their links
    const size = { width: 800, height: 500 }
    const near = zoomAround(fitView(l, size, (z) => z), 1, size.width / 2, size.height / 2)
    const shown = culled(l, near, size)
    expect(shown.length).toBeGreaterThan(0)
    expect(shown.length).toBeLessThan(120)
    expect(edgePath(l, near, size)).toMatch(/^M/)
    expect(culled(l, { x: 1e7, y: 1e7, zoom: 1 }, size)).toEqual([])
    // a taller pane gets a taller chart
    const tall = layoutTree(company(10), 0.8)
    expect((tall.bounds.maxY - tall.bounds.minY) / (tall.bounds.maxX - tall.bounds.minX)).toBeGreaterThan(h / w)
  })

  it('the point under the pointer finds its block', () => {
    const l = layoutTree(small)
    const e = l.nodes.get('e')!
    expect(nodeAt(l, e.x, e.y + e.h / 2)).toBe('e')
    expect(nodeAt(l, e.x + e.w, e.y + e.h / 2)).toBeUndefined()
  })

  it('fit centres the whole tree; zoom keeps the point under the pointer; reveal pans a node into view', () => {
    const l = layoutTree(small)
    const size = { width: 1000, height: 600 }
    const fit = fitView(l, size, (z) => z)
    const w = (l.bounds.maxX - l.bounds.minX) * fit.zoom
    expect(fit.x + l.bounds.minX * fit.zoom).toBeCloseTo((size.width - w) / 2)
    const z = zoomAround({ x: 10, y: 20, zoom: 1 }, 2, 100, 100)
    expect((100 - z.x) / z.zoom).toBeCloseTo((100 - 10) / 1)
    const far = { x: -5000, y: 0, zoom: 1 }
    const seen = reveal(l, far, size, 'e')
    const left = (l.nodes.get('e')!.x - l.nodes.get('e')!.w / 2) * seen.zoom + seen.x
    expect(left).toBeGreaterThanOrEqual(0)
    expect(left + l.nodes.get('e')!.w).toBeLessThanOrEqual(size.width)
  })
})

describe('the first view (issue 25 item 10)', () => {
  const clamp = (z: number) => Math.min(2, Math.max(0.02, Math.round(z * 1000) / 1000))
  it('is the whole tree while its 14 px labels read 12 px or more, else 12 px labels from the top with the company in view', () => {
    const small = layoutTree(company(1).slice(0, 4))
    const pane = { width: 700, height: 512 }
    expect(firstView(small, pane, clamp)).toEqual(fitView(small, pane, clamp))
    const big = layoutTree(company(3))
    expect(fitView(big, pane, clamp).zoom).toBeLessThan(0.5)
    const v = firstView(big, pane, clamp)
    // 12 px on screen, not 11.998 (the zoom's 0.001 steps round down)
    expect(14 * v.zoom).toBeGreaterThanOrEqual(12)
    expect(14 * v.zoom).toBeLessThan(12.1)
    const root = big.nodes.get(ROOT_ID)!
    const top = root.y * v.zoom + v.y
    const left = (root.x - root.w / 2) * v.zoom + v.x
    expect(top).toBeGreaterThanOrEqual(0)
    expect(left).toBeGreaterThanOrEqual(0)
    expect(left + root.w * v.zoom).toBeLessThanOrEqual(pane.width)
  })
})

describe('field error texts', () => {
  it('reads the spec 5 group message, and a field-prefixed code by its last part', () => {
    i18n.load({ tr })
    i18n.activate('tr')
    expect(fieldErrorText('group.nameAndType', i18n)).toBe('Grup adı ve grup tipi tanımlanmalıdır')
    expect(fieldErrorText('name.tooLong', i18n)).toBe('Değer çok uzun')
    expect(fieldErrorText('name.whatever', i18n)).toBe('Girilen değeri kontrol ediniz')
  })
})
