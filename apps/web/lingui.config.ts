import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

/**
 * The screens every visitor may see first (the shell, home, search, the job page): their messages are the core
 * catalogue, in the entry. Every other screen's feature has a catalogue of its own, fetched with the screen
 * (src/lib/i18n.tsx, loadCatalogue), so the home page does not carry the whole product's texts.
 */
const CORE = [
  '<rootDir>/src/app',
  '<rootDir>/src/components',
  '<rootDir>/src/lib',
  '<rootDir>/src/features/search',
  '<rootDir>/src/features/jobs/components/{JobPage,JobMain,JobFacts,JobOwnerActions,MobileApplyBar,ExternalApplyLink}.tsx',
  '<rootDir>/src/features/alerts/components/AlertMeButton.tsx',
];

/**
 * The page crumb and the site's pages: fetched alone (lib/feature-catalogues.ts), as the crumb comes with every
 * server-rendered page but home, and needs neither the forms' texts nor the server's.
 */
const PAGES = [
  '<rootDir>/src/app/crumbs.ts',
  '<rootDir>/src/app/layout/PageCrumb.tsx',
  '<rootDir>/src/app/pages/{AboutPage,SitePage}.tsx',
];

/** Shared parts only screens after the first load use (forms, tables): fetched with every other catalogue. */
const COMMON = [
  '<rootDir>/src/components/account',
  '<rootDir>/src/app/layout/UnverifiedBanner.tsx',
  '<rootDir>/src/components/ui/{LogoField,TableSize,CardList,Combobox,FileInput}.tsx',
  // The server's texts (the @jobboard/shared tables), hundreds of messages: lib/feature-catalogues.ts loads them.
  '<rootDir>/src/components/server-text.ts',
];

/** The features with a catalogue of their own: src/features/<name>/locales/<language>.po. */
export const FEATURE_CATALOGUES = [
  'alerts',
  'applications',
  'auth',
  'companies',
  'conversations',
  'jobs',
  'moderation',
  'profile',
  'saved-jobs',
] as const;

const NOT_MESSAGES = ['**/*.test.*', '<rootDir>/src/lib/i18n.tsx'];

// One catalogue per language, written as .po (what translators' tools open); English holds the spec's texts.
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'de', 'ar'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: CORE,
      exclude: [...NOT_MESSAGES, ...PAGES, ...COMMON],
    },
    { path: '<rootDir>/src/components/locales/{locale}', include: COMMON, exclude: NOT_MESSAGES },
    { path: '<rootDir>/src/app/pages/locales/{locale}', include: PAGES, exclude: NOT_MESSAGES },
    ...FEATURE_CATALOGUES.map((name) => ({
      path: `<rootDir>/src/features/${name}/locales/{locale}`,
      include: [`<rootDir>/src/features/${name}`],
      exclude: [...NOT_MESSAGES, ...CORE],
    })),
  ],
  // File names without line numbers: a change elsewhere in a screen does not rewrite every catalogue.
  format: formatter({ lineNumbers: false }),
  // Screens outside a provider (unit tests) fall back to English: src/lib/i18n.tsx.
  runtimeConfigModule: { Trans: ['jobboard-i18n', 'Trans'], useLingui: ['jobboard-i18n', 'useLingui'] },
});
