import { Trans } from '@lingui/react/macro'
import { useId } from 'react'
import styles from './Quote.module.css'

/** The quick profile's and travel plan's gender: two native radios in a fieldset, with its error. */
export function GenderChoice({ value, error }: { value: string; error?: string }) {
  const id = useId()
  return (
    <fieldset className={styles.fieldset} aria-describedby={error ? id : undefined}>
      <legend className={styles.legend}><Trans>Cinsiyet</Trans></legend>
      <div className={styles.radios}>
        <label><input type="radio" name="gender" value="female" defaultChecked={value === 'female'} /> <Trans>Kadın</Trans></label>
        <label><input type="radio" name="gender" value="male" defaultChecked={value === 'male'} /> <Trans>Erkek</Trans></label>
      </div>
      {error && <p id={id} className={styles.error} role="alert">{error}</p>}
    </fieldset>
  )
}
