import { useId } from 'react'
import { Trans } from '@lingui/react/macro'
import { useLingui } from '@lingui/react'
import { LABEL_ONLY_LOCALES, LOCALE_LABELS, LOCALES, isLocale, type Locale } from '../i18n/index.ts'
import { setItem } from '../storage.ts'

/** tr, en and ru are selectable; de, es, es-MX and fr are listed as labels only (spec 1). A choice here is remembered as the person's own. */
export function LanguageSelector({ onChange, className }: { onChange: (locale: Locale) => void; className?: string }) {
  const { i18n } = useLingui()
  const id = useId()
  return (
    <span className={className}>
      <label htmlFor={id} className="visually-hidden">
        <Trans>Dil</Trans>
      </label>
      <select
        id={id}
        name="locale"
        value={i18n.locale}
        onChange={(event) => {
          if (!isLocale(event.target.value)) return
          // an explicit choice: from now on it wins over the company's default language
          setItem('localeChosen', '1')
          onChange(event.target.value)
        }}
      >
        {LOCALES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LOCALE_LABELS[code]}
          </option>
        ))}
        {LABEL_ONLY_LOCALES.map((l) => (
          <option key={l.code} value={l.code} lang={l.code} disabled>
            {l.label}
          </option>
        ))}
      </select>
    </span>
  )
}
