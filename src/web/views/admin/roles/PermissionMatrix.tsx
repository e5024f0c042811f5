import { useId, useRef, useState, type KeyboardEvent } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import type { DataPrivacyLevel } from '../../../../domain/data-privacy.ts'
import {
  MATRIX_ACTIONS, MATRIX_TAGS, allHeld, cellState, moveInGrid, toggleCell, toggleColumn, toggleRow,
} from '../../../../domain/role-matrix.ts'
import { ACTION_LABELS, LEVEL_LABELS, tagLabel } from './texts.ts'
import styles from './roles.module.css'

/**
 * The permission matrix (issue 13): catalogue tags (rows) x actions (columns) as an ARIA grid.
 * One cell is in the tab order at a time; arrow keys, Home and End (with Ctrl: the corners) move,
 * Space (or Enter) toggles. Row 0 holds the column "all" toggles, column 0 the row "all" toggles.
 * A cell the catalogue does not offer, or the role's data-privacy level may not hold, is disabled
 * and says why (its description, also the tooltip). `readOnly` (with its reason) locks every cell.
 */
export function PermissionMatrix({ value, level, onChange, readOnly, readOnlyReason, labelledBy }: {
  value: readonly string[]
  level: DataPrivacyLevel
  onChange: (next: string[]) => void
  readOnly?: boolean
  readOnlyReason?: string
  labelledBy: string
}) {
  const { t, i18n } = useLingui()
  const id = useId()
  const grid = useRef<HTMLTableElement>(null)
  const [focus, setFocus] = useState({ row: 1, col: 1 })
  const rows = MATRIX_TAGS.length + 1
  const cols = MATRIX_ACTIONS.length + 1
  const held = new Set(value)
  const levelName = i18n._(LEVEL_LABELS[level]!)
  const all = t`tümü`

  const moveTo = (row: number, col: number) => {
    setFocus({ row, col })
    grid.current?.querySelector<HTMLElement>(`[data-pos="${row}:${col}"]`)?.focus()
  }
  const onKeyDown = (e: KeyboardEvent<HTMLTableElement>) => {
    const next = moveInGrid(focus, e.key, rows, cols, e.ctrlKey)
    if (next) {
      e.preventDefault()
      moveTo(next.row, next.col)
    }
  }
  const activate = (e: KeyboardEvent<HTMLElement>, act: () => void) => {
    if (e.key === ' ' || e.key === 'Enter') {
      e.preventDefault()
      act()
    }
  }
  const tabIndex = (row: number, col: number) => (focus.row === row && focus.col === col ? 0 : -1)
  const change = (next: string[]) => { if (!readOnly) onChange(next) }
  const whyClosed = (tag: string, action: string): string | null => {
    const state = cellState(tag, action, level)
    const needs = state.kind === 'aboveLevel' ? i18n._(LEVEL_LABELS[state.needs]!) : ''
    return state.kind === 'absent' ? t`Bu kaynakta bu işlem yok.`
      : state.kind === 'aboveLevel' ? t`Veri gizliliği seviyesi en az "${needs}" olan bir rol bu yetkiyi alabilir; bu rolün seviyesi "${levelName}".`
      : null
  }
  // the focused cell's reason, visible for keyboard users (screen readers hear it as the cell's description)
  const focusedWhy = focus.row > 0 && focus.col > 0 ? whyClosed(MATRIX_TAGS[focus.row - 1]!, MATRIX_ACTIONS[focus.col - 1]!) : null

  return (
    <div>
      {readOnly && readOnlyReason && <p id={`${id}-ro`} className={styles.reason}>{readOnlyReason}</p>}
      <div className={styles.matrixWrap}>
        <table ref={grid} role="grid" aria-labelledby={labelledBy} aria-readonly={readOnly || undefined}
          aria-describedby={readOnly && readOnlyReason ? `${id}-ro` : `${id}-help`} className={styles.matrix} onKeyDown={onKeyDown}>
          <thead>
            <tr role="row">
              <td role="gridcell">
                <span data-pos="0:0" tabIndex={tabIndex(0, 0)} onFocus={() => setFocus({ row: 0, col: 0 })} className={styles.corner}>
                  <Trans>Kaynak</Trans>
                </span>
              </td>
              {MATRIX_ACTIONS.map((action, i) => {
                const cells = MATRIX_TAGS.map((tag) => [tag, action] as [string, string])
                const pressed = allHeld(value, cells, level)
                const label = i18n._(ACTION_LABELS[action]!)
                return (
                  <th key={action} role="columnheader" scope="col">
                    <button type="button" data-pos={`0:${i + 1}`} tabIndex={tabIndex(0, i + 1)} onFocus={() => setFocus({ row: 0, col: i + 1 })}
                      aria-pressed={pressed} aria-disabled={readOnly || undefined} className={styles.allToggle}
                      onClick={() => change(toggleColumn(value, action, level))}>
                      {label}{' '}<span className="visually-hidden">({all})</span>
                    </button>
                  </th>
                )
              })}
            </tr>
          </thead>
          <tbody>
            {MATRIX_TAGS.map((tag, r) => {
              const row = r + 1
              const area = tagLabel(tag, i18n)
              const pressed = allHeld(value, MATRIX_ACTIONS.map((a) => [tag, a] as [string, string]), level)
              return (
                <tr key={tag} role="row">
                  <th role="rowheader" scope="row">
                    <button type="button" data-pos={`${row}:0`} tabIndex={tabIndex(row, 0)} onFocus={() => setFocus({ row, col: 0 })}
                      aria-pressed={pressed} aria-disabled={readOnly || undefined} className={styles.allToggle}
                      onClick={() => change(toggleRow(value, tag, level))}>
                      {area}{' '}<span className="visually-hidden">({all})</span>
                    </button>
                  </th>
                  {MATRIX_ACTIONS.map((action, c) => {
                    const col = c + 1
                    const state = cellState(tag, action, level)
                    const on = held.has(`${tag}:${action}`)
                    const actionName = i18n._(ACTION_LABELS[action]!)
                    const why = whyClosed(tag, action)
                    const disabled = state.kind !== 'open' || !!readOnly
                    const reasonId = `${id}-${tag}-${action}`
                    return (
                      <td key={action} role="gridcell" className={state.kind === 'open' ? undefined : styles.closed}>
                        <span role="checkbox" data-pos={`${row}:${col}`} data-permission={`${tag}:${action}`} tabIndex={tabIndex(row, col)}
                          onFocus={() => setFocus({ row, col })} aria-checked={on} aria-disabled={disabled || undefined}
                          aria-label={`${area}: ${actionName}`} aria-describedby={why ? reasonId : undefined} title={why ?? undefined}
                          className={on ? styles.cellOn : styles.cell}
                          onClick={() => change(toggleCell(value, tag, action, level))}
                          onKeyDown={(e) => activate(e, () => change(toggleCell(value, tag, action, level)))}>
                          <span aria-hidden="true">{state.kind === 'absent' ? '—' : on ? '✓' : ''}</span>
                        </span>
                        {why && <span id={reasonId} className="visually-hidden">{why}</span>}
                      </td>
                    )
                  })}
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
      <p className={styles.reason} aria-hidden="true" data-focused-reason="">{focusedWhy ?? ' '}</p>
      <p id={`${id}-help`} className={styles.help}>
        <Trans>Ok tuşlarıyla hücreler arasında gezinin, Boşluk ile yetkiyi verin ya da kaldırın. Satır ve sütun başlıkları tümünü değiştirir. Gri hücreler bu rolün veri gizliliği seviyesinde verilemez: üzerine gelin ya da odaklanın, nedenini söyler.</Trans>
      </p>
    </div>
  )
}
