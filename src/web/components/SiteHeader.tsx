import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useId, useRef, useState } from 'react'
import { Clock } from './Clock.tsx'
import { LanguageSelector } from './LanguageSelector.tsx'
import { ONLINE_BRANCHES, PHONE, PRODUCT_MENUS, type SiteLink } from './site-links.ts'
import type { Locale } from '../i18n/index.ts'
import styles from './SiteHeader.module.css'

export function linkHref(link: SiteLink, mainSite: (path: string) => string): string {
  return link.internal ? link.path : mainSite(link.path)
}

export function SiteHeader({ mainSite, onLocaleChange }: { mainSite: (path: string) => string; onLocaleChange: (l: Locale) => void }) {
  const { i18n, t } = useLingui()
  const id = useId()
  const [open, setOpen] = useState(false)
  const headerRef = useRef<HTMLElement>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    const header = headerRef.current
    if (!header) return
    const openMenus = () => [...header.querySelectorAll<HTMLDetailsElement>('details[open]')]
    // a tap or click elsewhere closes the product menus, and the phone menu when outside the header
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node
      for (const d of openMenus()) if (!d.contains(target)) d.open = false
      if (!header.contains(target)) setOpen(false)
    }
    // Escape closes the innermost open thing: a product menu (focus back on its title), else the phone menu
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      const menus = openMenus()
      if (menus.length > 0) {
        for (const d of menus) d.open = false
        menus[0]!.querySelector('summary')?.focus()
        return
      }
      if (open) {
        setOpen(false)
        buttonRef.current?.focus()
      }
    }
    document.addEventListener('pointerdown', onPointerDown)
    document.addEventListener('keydown', onKeyDown)
    return () => {
      document.removeEventListener('pointerdown', onPointerDown)
      document.removeEventListener('keydown', onKeyDown)
    }
  }, [open])
  return (
    <header ref={headerRef} className={open ? `${styles.header} ${styles.open}` : styles.header}>
      <a className="skip-link" href="#main">
        <Trans>İçeriğe geç</Trans>
      </a>
      <div className={styles.topbar} id={`${id}-bar`}>
        <div className={`container ${styles.topbarInner}`}>
          <a className={styles.phone} href={PHONE.href}>
            <span className="visually-hidden"><Trans>Müşteri hizmetleri</Trans> </span>
            {PHONE.display}
          </a>
          <ul className={styles.branches}>
            {ONLINE_BRANCHES.map((link) => (
              <li key={link.path}>
                <a href={linkHref(link, mainSite)}>{i18n._(link.label)}</a>
              </li>
            ))}
          </ul>
          <span className={styles.spacer} />
          <Clock className={styles.clock} />
          <LanguageSelector className={styles.lang} onChange={onLocaleChange} />
        </div>
      </div>
      <div className={styles.main}>
        <div className={`container ${styles.mainInner}`}>
          <a className={styles.logo} href="/">
            <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true">
              <rect width="32" height="32" rx="7" fill="currentColor" />
              <path d="M9 23V9h3.2v5.6L17 9h3.9l-5.4 6.1L21.4 23h-4l-4.1-5.8-1.1 1.2V23z" fill="#fff" />
            </svg>
            <span>Katılım Emeklilik</span>
          </a>
          <button
            ref={buttonRef}
            type="button"
            className={styles.menuButton}
            aria-expanded={open}
            aria-controls={`${id}-nav ${id}-bar`}
            onClick={() => setOpen((o) => !o)}
          >
            <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
              <path d="M2 4h16M2 10h16M2 16h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
            <span><Trans>Menü</Trans></span>
          </button>
          <nav className={styles.nav} aria-label={t`Ürünler`} id={`${id}-nav`}>
            <ul className={styles.menus}>
              {PRODUCT_MENUS.map((menu) => (
                <li key={menu.label.id}>
                  <details className={styles.menu}>
                    <summary>{i18n._(menu.label)}</summary>
                    <ul className={styles.menuList}>
                      {menu.links.map((link) => (
                        <li key={link.path}>
                          <a href={linkHref(link, mainSite)}>{i18n._(link.label)}</a>
                        </li>
                      ))}
                    </ul>
                  </details>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </div>
    </header>
  )
}
