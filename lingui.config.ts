import { defineConfig } from '@lingui/conf'
import { formatter } from '@lingui/format-po'

export default defineConfig({
  sourceLocale: 'tr',
  locales: ['tr', 'en', 'ru'],
  fallbackLocales: { default: 'tr' },
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['<rootDir>/src/web', '<rootDir>/src/domain', '<rootDir>/src/server/i18n.ts'],
      exclude: ['<rootDir>/src/web/views/KvkkNoticeView.tsx', '<rootDir>/src/web/i18n/notice.ts'],
    },
    // the KVKK notice's long legal text has its own catalog, loaded with its page: `/` does not carry it
    {
      path: '<rootDir>/src/locales/{locale}/kvkk',
      include: ['<rootDir>/src/web/views/KvkkNoticeView.tsx', '<rootDir>/src/web/i18n/notice.ts'],
    },
  ],
  format: formatter({ lineNumbers: false }),
})
