import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import styles from './Landing.module.css'

export type TabItem = { id: string; label: ReactNode; panel: ReactNode }

type Props = {
  /** Accessible name of the tab list. */
  label: string
  /** Unique prefix for the tab and panel ids. */
  idPrefix: string
  items: TabItem[]
  /** Narrow screens show a <select> instead of the tab list (spec 2.3 forms); its label. */
  selectLabel?: string
  /** Labels as plain text for the <select> options. */
  optionLabels?: string[]
  variant?: 'primary' | 'secondary'
}

/**
 * WAI-ARIA tabs (automatic activation): arrows move and select, Home/End go to the ends, Tab leaves
 * the list for the panel. Every panel is in the HTML (inactive ones `hidden`), so prerendered pages
 * carry all content.
 */
export function Tabs({ label, idPrefix, items, selectLabel, optionLabels, variant = 'primary' }: Props) {
  const [active, setActive] = useState(0)
  const refs = useRef<(HTMLButtonElement | null)[]>([])
  const tabId = (i: number) => `${idPrefix}-tab-${items[i]!.id}`
  const panelId = (i: number) => `${idPrefix}-panel-${items[i]!.id}`

  const select = (i: number, focus: boolean) => {
    setActive(i)
    if (focus) refs.current[i]?.focus()
  }

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const last = items.length - 1
    const next = { ArrowRight: active === last ? 0 : active + 1, ArrowLeft: active === 0 ? last : active - 1, Home: 0, End: last }[e.key]
    if (next === undefined) return
    e.preventDefault()
    select(next, true)
  }

  return (
    <div className={variant === 'primary' ? styles.tabs : styles.subTabs}>
      {selectLabel && (
        <div className={styles.tabSelect}>
          <label htmlFor={`${idPrefix}-select`}>{selectLabel}</label>
          <select id={`${idPrefix}-select`} value={items[active]!.id} onChange={(e) => setActive(items.findIndex((t) => t.id === e.target.value))}>
            {items.map((t, i) => (
              <option key={t.id} value={t.id}>
                {optionLabels?.[i] ?? t.id}
              </option>
            ))}
          </select>
        </div>
      )}
      <div
        role="tablist"
        aria-label={label}
        className={`${styles.tabList} ${selectLabel ? styles.tabListWide : ''}`}
        onKeyDown={onKeyDown}
      >
        {items.map((t, i) => (
          <button
            key={t.id}
            ref={(el) => { refs.current[i] = el }}
            type="button"
            role="tab"
            id={tabId(i)}
            aria-selected={i === active}
            aria-controls={panelId(i)}
            tabIndex={i === active ? 0 : -1}
            className={styles.tab}
            onClick={() => select(i, false)}
          >
            {t.label}
          </button>
        ))}
      </div>
      {items.map((t, i) => (
        <div key={t.id} role="tabpanel" id={panelId(i)} aria-labelledby={tabId(i)} tabIndex={0} hidden={i !== active} className={styles.panel}>
          {t.panel}
        </div>
      ))}
    </div>
  )
}
