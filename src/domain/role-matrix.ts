/**
 * The role editor's permission matrix (issue 13): catalogue tags (rows) x actions (columns). A cell
 * is `absent` when the catalogue does not offer that action on the tag, `aboveLevel` when the role's
 * data-privacy level may not hold it (spec 6; ./data-privacy.ts, the same rule the server applies),
 * otherwise `open`. Held permissions are sorted 'tag:action' strings.
 */
import { isAllowedAtLevel, minimumLevel, type DataPrivacyLevel } from './data-privacy.ts'
import { PERMISSION_CATALOGUE, isCatalogued } from './permission-catalogue.ts'
import { PERMISSION_ACTIONS } from './permissions.ts'

export const MATRIX_TAGS: readonly string[] = PERMISSION_CATALOGUE.map((e) => e.tag)
export const MATRIX_ACTIONS = PERMISSION_ACTIONS

export type CellState =
  | { kind: 'absent' }
  | { kind: 'aboveLevel'; needs: DataPrivacyLevel }
  | { kind: 'open' }

export function cellState(tag: string, action: string, level: DataPrivacyLevel): CellState {
  if (!isCatalogued(tag, action)) return { kind: 'absent' }
  if (!isAllowedAtLevel(tag, action, level)) return { kind: 'aboveLevel', needs: minimumLevel(tag, action) }
  return { kind: 'open' }
}

const sorted = (set: Set<string>) => [...set].sort()

/** Holds or drops one cell; a cell that is not open stays as it is. */
export function toggleCell(held: readonly string[], tag: string, action: string, level: DataPrivacyLevel): string[] {
  if (cellState(tag, action, level).kind !== 'open') return [...held]
  const set = new Set(held)
  const key = `${tag}:${action}`
  if (set.has(key)) set.delete(key)
  else set.add(key)
  return sorted(set)
}

/** Toggles a set of cells together: all open ones held already -> drop them, otherwise hold them all. */
function toggleAll(held: readonly string[], cells: Array<[string, string]>, level: DataPrivacyLevel): string[] {
  const open = cells.filter(([t, a]) => cellState(t, a, level).kind === 'open').map(([t, a]) => `${t}:${a}`)
  const set = new Set(held)
  const allHeld = open.length > 0 && open.every((p) => set.has(p))
  for (const p of open) {
    if (allHeld) set.delete(p)
    else set.add(p)
  }
  return sorted(set)
}

/** The row's "all" toggle. */
export function toggleRow(held: readonly string[], tag: string, level: DataPrivacyLevel): string[] {
  return toggleAll(held, MATRIX_ACTIONS.map((a) => [tag, a]), level)
}

/** The column's "all" toggle. */
export function toggleColumn(held: readonly string[], action: string, level: DataPrivacyLevel): string[] {
  return toggleAll(held, MATRIX_TAGS.map((t) => [t, action]), level)
}

/** Whether every open cell of a row (or column) is held: the "all" toggle's pressed state. */
export function allHeld(held: readonly string[], cells: Array<[string, string]>, level: DataPrivacyLevel): boolean {
  const open = cells.filter(([t, a]) => cellState(t, a, level).kind === 'open')
  return open.length > 0 && open.every(([t, a]) => held.includes(`${t}:${a}`))
}

/** After a level change: the permissions kept and the ones the new level may not hold. */
export function splitByLevel(held: readonly string[], level: DataPrivacyLevel): { kept: string[]; dropped: string[] } {
  const kept: string[] = []
  const dropped: string[] = []
  for (const p of held) {
    const [tag = '', action = ''] = p.split(':')
    if (isAllowedAtLevel(tag, action, level)) kept.push(p)
    else dropped.push(p)
  }
  return { kept, dropped }
}

/** Grid navigation: the next position for an arrow, Home or End key within rows x cols, or null. */
export function moveInGrid(pos: { row: number; col: number }, key: string, rows: number, cols: number, ctrl = false): { row: number; col: number } | null {
  const clamp = (n: number, max: number) => Math.max(0, Math.min(max - 1, n))
  switch (key) {
    case 'ArrowRight': return { row: pos.row, col: clamp(pos.col + 1, cols) }
    case 'ArrowLeft': return { row: pos.row, col: clamp(pos.col - 1, cols) }
    case 'ArrowDown': return { row: clamp(pos.row + 1, rows), col: pos.col }
    case 'ArrowUp': return { row: clamp(pos.row - 1, rows), col: pos.col }
    case 'Home': return ctrl ? { row: 0, col: 0 } : { row: pos.row, col: 0 }
    case 'End': return ctrl ? { row: rows - 1, col: cols - 1 } : { row: pos.row, col: cols - 1 }
    default: return null
  }
}
