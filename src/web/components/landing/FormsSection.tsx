import { Trans, useLingui } from '@lingui/react/macro'
import { Tabs } from './Tabs.tsx'
import { FORMS, FORM_CATEGORIES, formHref } from './forms.ts'
import styles from './Landing.module.css'

/** Spec 2.3 "Formlar": four tabs (a select on narrow screens); each form a PDF opened in a new tab. */
export function FormsSection() {
  const { i18n, t } = useLingui()
  return (
    <>
      <h2><Trans>Formlar</Trans></h2>
      <p><Trans>İşleminize uygun formu indirip doldurun ve imzalayarak acentemize, anlaşmalı banka şubesine ya da genel müdürlüğümüze iletin.</Trans></p>
      <Tabs
        label={t`Form türleri`}
        idPrefix="forms"
        variant="secondary"
        selectLabel={t`Form türü`}
        optionLabels={FORM_CATEGORIES.map((c) => i18n._(c.label))}
        items={FORM_CATEGORIES.map((c) => ({
          id: c.id,
          label: i18n._(c.label),
          panel: (
            <ul className={styles.formList}>
              {FORMS.filter((f) => f.category === c.id).map((f) => (
                <li key={f.file}>
                  <a href={formHref(f)} target="_blank" rel="noopener">
                    {i18n._(f.title)} <span className={styles.fileType}>(PDF<span className="visually-hidden">{t`, yeni sekmede açılır`}</span>)</span>
                  </a>
                </li>
              ))}
            </ul>
          ),
        }))}
      />
    </>
  )
}
