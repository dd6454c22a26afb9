import { defineConfig } from '@lingui/conf';

// One catalogue per language, written as .po (what translators' tools open); English holds the spec's texts.
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'de', 'ar'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['<rootDir>/src'],
      exclude: ['**/*.test.*', '<rootDir>/src/lib/i18n.tsx'],
    },
  ],
  format: 'po',
  // Screens outside a provider (unit tests) fall back to English: src/lib/i18n.tsx.
  runtimeConfigModule: { Trans: ['jobboard-i18n', 'Trans'], useLingui: ['jobboard-i18n', 'useLingui'] },
});
