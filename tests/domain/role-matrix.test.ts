import { describe, expect, it } from 'vitest'
import { permissionsAboveLevel } from '../../src/domain/data-privacy.ts'
import { allPermissions } from '../../src/domain/permission-catalogue.ts'
import { allHeld, cellState, moveInGrid, splitByLevel, toggleCell, toggleColumn, toggleRow } from '../../src/domain/role-matrix.ts'

describe('the role editor permission matrix', () => {
  it('says why a cell is closed: not in the catalogue, or above the data-privacy level', () => {
    expect(cellState('audit', 'delete', 'SENSITIVE')).toEqual({ kind: 'absent' })
    expect(cellState('user', 'read', 'INTERNAL')).toEqual({ kind: 'aboveLevel', needs: 'CONFIDENTIAL' })
    expect(cellState('company', 'update', 'PUBLIC')).toEqual({ kind: 'aboveLevel', needs: 'INTERNAL' })
    expect(cellState('company', 'read', 'PUBLIC')).toEqual({ kind: 'open' })
    // the open cells are exactly what the server accepts at each level
    for (const level of ['PUBLIC', 'INTERNAL', 'CONFIDENTIAL', 'SENSITIVE'] as const) {
      const open = allPermissions().filter((p) => cellState(p.split(':')[0]!, p.split(':')[1]!, level).kind === 'open')
      expect(permissionsAboveLevel(open, level)).toEqual([])
      expect(open.length + permissionsAboveLevel(allPermissions(), level).length).toBe(allPermissions().length)
    }
  })

  it('toggles a cell, never a closed one', () => {
    expect(toggleCell([], 'group', 'read', 'PUBLIC')).toEqual(['group:read'])
    expect(toggleCell(['group:read'], 'group', 'read', 'PUBLIC')).toEqual([])
    expect(toggleCell([], 'group', 'create', 'PUBLIC')).toEqual([])
    expect(toggleCell([], 'audit', 'delete', 'SENSITIVE')).toEqual([])
  })

  it('toggles a row or a column as a whole, over its open cells only', () => {
    expect(toggleRow([], 'group', 'INTERNAL')).toEqual(['group:create', 'group:delete', 'group:read', 'group:update'])
    expect(toggleRow(['group:read'], 'group', 'PUBLIC')).toEqual([])
    expect(toggleRow(['group:read', 'user:read'], 'group', 'INTERNAL')).toEqual(['group:create', 'group:delete', 'group:read', 'group:update', 'user:read'])
    const reads = toggleColumn([], 'read', 'PUBLIC')
    expect(reads).toEqual(['company:read', 'dashboard:read', 'address:read', 'jobtitle:read', 'group:read', 'role:read', 'profile:read'].sort())
    expect(allHeld(reads, [['group', 'read'], ['user', 'read']], 'PUBLIC')).toBe(true)
    expect(toggleColumn(reads, 'read', 'PUBLIC')).toEqual([])
    expect(toggleColumn([], 'consent', 'CONFIDENTIAL')).toEqual([])
  })

  it('drops what a lowered level may not hold', () => {
    expect(splitByLevel(['company:read', 'company:update', 'user:read'], 'PUBLIC')).toEqual({ kept: ['company:read'], dropped: ['company:update', 'user:read'] })
  })

  it('moves through the grid with arrows, Home and End, stopping at the edges', () => {
    expect(moveInGrid({ row: 0, col: 0 }, 'ArrowLeft', 3, 3)).toEqual({ row: 0, col: 0 })
    expect(moveInGrid({ row: 0, col: 0 }, 'ArrowRight', 3, 3)).toEqual({ row: 0, col: 1 })
    expect(moveInGrid({ row: 2, col: 1 }, 'ArrowDown', 3, 3)).toEqual({ row: 2, col: 1 })
    expect(moveInGrid({ row: 2, col: 1 }, 'ArrowUp', 3, 3)).toEqual({ row: 1, col: 1 })
    expect(moveInGrid({ row: 1, col: 1 }, 'End', 3, 3)).toEqual({ row: 1, col: 2 })
    expect(moveInGrid({ row: 1, col: 1 }, 'Home', 3, 3, true)).toEqual({ row: 0, col: 0 })
    expect(moveInGrid({ row: 1, col: 1 }, 'x', 3, 3)).toBeNull()
  })
})
