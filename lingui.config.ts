import { defineConfig } from '@lingui/conf'
import { formatter } from '@lingui/format-po'

export default defineConfig({
  sourceLocale: 'tr',
  locales: ['tr', 'en', 'ru'],
  fallbackLocales: { default: 'tr' },
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['<rootDir>/src/web', '<rootDir>/src/domain'],
    },
  ],
  format: formatter({ lineNumbers: false }),
})
