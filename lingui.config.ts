import { defineConfig } from '@lingui/conf'
import { formatter } from '@lingui/format-po'

export default defineConfig({
  sourceLocale: 'tr',
  locales: ['tr', 'en', 'ru'],
  fallbackLocales: { default: 'tr' },
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['<rootDir>/src/web', '<rootDir>/src/domain', '<rootDir>/src/server/i18n.ts', '<rootDir>/src/server/audit-texts.ts'],
      exclude: [
        '<rootDir>/src/web/views/KvkkNoticeView.tsx', '<rootDir>/src/web/i18n/notice.ts',
        '<rootDir>/src/web/views/sales/DocumentCheckView.tsx', '<rootDir>/src/web/i18n/document-check.ts',
      ],
    },
    // the KVKK notice's long legal text has its own catalog, loaded with its page: `/` does not carry it
    {
      path: '<rootDir>/src/locales/{locale}/kvkk',
      include: ['<rootDir>/src/web/views/KvkkNoticeView.tsx', '<rootDir>/src/web/i18n/notice.ts'],
    },
    // the document check page's texts (issue 24 item 5), loaded with its page: the purchase pages do not carry them
    {
      path: '<rootDir>/src/locales/{locale}/document-check',
      include: ['<rootDir>/src/web/views/sales/DocumentCheckView.tsx', '<rootDir>/src/web/i18n/document-check.ts'],
    },
  ],
  format: formatter({ lineNumbers: false }),
})
