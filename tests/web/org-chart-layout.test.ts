import { describe, expect, it } from 'vitest'
import { i18n } from '@lingui/core'
import { messages as tr } from '../../src/locales/tr/messages.po'
import type { GroupLevel } from '../../src/domain/groups.ts'
import { fieldErrorText } from '../../src/web/i18n/reasons.ts'
import { culled, edgePath, fitView, layoutTree, NODE, reveal, ROOT_ID, zoomAround } from '../../src/web/views/admin/team/layout.ts'

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

describe('org chart layout (tidy tree)', () => {
  const small: G[] = [
    { id: 'b', name: 'Bölge', level: 'management', parentId: null },
    { id: 'g', name: 'Genel', level: 'management', parentId: null },
    { id: 's', name: 'Satış', level: 'unit', parentId: 'g' },
    { id: 'e', name: 'Ekip', level: 'team', parentId: 's' },
    { id: 'o', name: 'Yetim', level: 'team', parentId: 'gone' },
  ]
  it('puts the company on top, each level one row lower, siblings by name, orphans under the company', () => {
    const l = layoutTree(small)
    expect(l.order).toEqual([ROOT_ID, 'b', 'g', 's', 'e', 'o'])
    expect(l.children.get(ROOT_ID)).toEqual(['b', 'g', 'o'])
    const y = (id: string) => l.nodes.get(id)!.y
    expect([y(ROOT_ID), y('g'), y('s'), y('e')]).toEqual([0, 1, 2, 3].map((d) => d * (NODE.height + NODE.gapY)))
    // an only child sits straight under its parent; siblings never overlap
    expect(l.nodes.get('e')!.x).toBe(l.nodes.get('s')!.x)
    expect(l.nodes.get('g')!.x - l.nodes.get('b')!.x).toBeGreaterThanOrEqual(NODE.width + NODE.gapX)
  })

  it('draws only what the viewport shows: 1,000 groups at 1× are a few dozen blocks, with their links', () => {
    const l = layoutTree(company(10))
    expect(l.nodes.size).toBe(1001)
    const size = { width: 800, height: 500 }
    const fit = fitView(l, size, (z) => Math.max(0.02, z))
    expect(fit.zoom).toBe(0.02)
    const near = zoomAround(fit, 1, size.width / 2, fit.y)
    const shown = culled(l, near, size)
    expect(shown.length).toBeGreaterThan(0)
    expect(shown.length).toBeLessThan(40)
    expect(edgePath(l, near, size)).toMatch(/^M/)
    expect(culled(l, { x: 1e7, y: 1e7, zoom: 1 }, size)).toEqual([])
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
    const left = (l.nodes.get('e')!.x - NODE.width / 2) * seen.zoom + seen.x
    expect(left).toBeGreaterThanOrEqual(0)
    expect(left + NODE.width).toBeLessThanOrEqual(size.width)
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
