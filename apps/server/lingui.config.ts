import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/**
 * The server's catalogue (e-mails): hand-written .po files keyed by id (the server has no macros to extract from),
 * compiled by `npm run i18n:compile -w @jobboard/server` into the committed src/locales/*.ts the code imports.
 */
export default defineConfig({
  locales: ['en', 'de', 'ar'],
  sourceLocale: 'en',
  fallbackLocales: { default: 'en' },
  catalogs: [{ path: '<rootDir>/src/locales/{locale}', include: [] }],
  format: formatter({ lineNumbers: false, explicitIdAsDefault: true }),
});
