import type { CardColor } from '../../../domain/constants.ts'
import styles from './PaymentForm.module.css'

/** The card preview: the detected brand's colour, logo and icon, the last digits, name and expiry. */
export function CardPreview({ brandId, brandName, color, last4, name, expiry }: {
  brandId: string; brandName: string; color: CardColor; last4: string; name: string; expiry: string
}) {
  return (
    <div className={styles.card} style={{ backgroundColor: `var(--card-${color})` }} data-brand={brandId} data-color={color} data-testid="card-preview" aria-hidden="true">
      <div className={styles.cardTop}>
        <span className={styles.chip} />
        <span className={styles.logo} data-testid="card-logo">{brandName}</span>
      </div>
      <span />
      <div className={styles.cardNumber}>•••• •••• •••• {last4 || '••••'}</div>
      <div className={styles.cardBottom}><span>{name || '—'}</span><span>{expiry || 'AA / YY'}</span></div>
    </div>
  )
}
