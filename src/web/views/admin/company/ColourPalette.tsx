import { useId } from 'react'
import { useLingui } from '@lingui/react/macro'
import { JOB_TITLE_COLOURS, isReadableColour, textColourOn } from '../../../../domain/company.ts'
import styles from './Company.module.css'
import fieldStyles from '../../../components/Field.module.css'

/** The colours offered: the palette's, only those whose text stays readable (4.5:1, WCAG AA). */
export const OFFERED_COLOURS: readonly string[] = JOB_TITLE_COLOURS.filter((c) => isReadableColour(c))

/**
 * The job title's colour: a radio group (arrow keys move and choose, as native radios do), each
 * swatch showing sample text in the colour it will be read in.
 */
export function ColourPalette({ value, onChange, sample, error, disabled, colours = OFFERED_COLOURS }: {
  value: string
  onChange: (colour: string) => void
  sample: string
  error?: string | null
  disabled?: boolean
  colours?: readonly string[]
}) {
  const { t } = useLingui()
  const id = useId()
  const offered = colours.filter((c) => isReadableColour(c))
  return (
    <fieldset className={styles.palette} aria-describedby={error ? `${id}-error` : undefined} aria-invalid={error ? true : undefined}>
      <legend>{t`Renk`}</legend>
      {offered.map((c) => (
        <label key={c} className={styles.swatch}>
          <input type="radio" name="colorCode" value={c} checked={value.toLowerCase() === c} disabled={disabled}
            onChange={() => onChange(c)} aria-label={t`Renk ${c}`} />
          <span style={{ background: c, color: textColourOn(c) }} aria-hidden="true">{sample || t`Örnek metin`}</span>
        </label>
      ))}
      {error && <div id={`${id}-error`} className={fieldStyles.error} role="alert">{error}</div>}
    </fieldset>
  )
}
