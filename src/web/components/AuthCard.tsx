import type { ReactNode } from 'react'
import { LanguageSelector } from './LanguageSelector.tsx'
import { DemoBanner } from './DemoBanner.tsx'
import { runtimeConfig } from '../config.ts'
import type { Locale } from '../i18n/index.ts'
import styles from './AuthCard.module.css'

export { styles as authStyles }

/** The frame of the staff sign-in screens: brand, language, a card. */
export function AuthCard({ title, lead, children, onLocaleChange }: { title: ReactNode; lead?: ReactNode; children: ReactNode; onLocaleChange: (l: Locale) => void }) {
  return (
    <main className={styles.page} id="main">
      <div className={styles.card}>
        <DemoBanner caught={runtimeConfig.caughtMessages} />
        <div className={styles.brand}>
          <span>Katılım Emeklilik</span>
          <LanguageSelector onChange={onLocaleChange} />
        </div>
        <h1 className={styles.title}>{title}</h1>
        {lead && <p className={styles.lead}>{lead}</p>}
        {children}
      </div>
    </main>
  )
}
