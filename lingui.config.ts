import { defineConfig } from '@lingui/conf'
import { formatter } from '@lingui/format-po'

export default defineConfig({
  locales: ['en', 'ar'],
  sourceLocale: 'en',
  // Missing Arabic entries fall back to English rather than to message ids.
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/src/web/locales/{locale}/messages',
      include: ['<rootDir>/src/web'],
      exclude: ['**/*.test.*', '**/routeTree.gen.ts'],
    },
  ],
  format: formatter({ lineNumbers: false }),
  compileNamespace: 'ts',
})
