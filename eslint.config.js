import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import lingui from 'eslint-plugin-lingui';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Every text of the web app comes from the catalogues (issue 35): a literal text shown to a person is an error. */
const TRANSLATED_WEB_FILES = ['apps/web/src/**/*.tsx', 'apps/web/src/app/crumbs.ts'];

const TOKEN =
  "[a-z0-9!@&_+*/.%()>=#~'-]*[-:\\[][a-z0-9!@:&_+*/.%()>=#~,'\\[\\]-]*|block|flex|grid|inline|hidden|underline|contents|relative|absolute|fixed|sticky|italic|truncate|uppercase|border|rounded|shadow|group|peer|transition|grow|shrink|static|invisible|visible|isolate";

const WEB_FEATURES = ['alerts', 'applications', 'auth', 'companies', 'jobs', 'profile', 'saved-jobs', 'search'];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-ssr/**',
      '**/node_modules/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      '.screenshots/**',
      'reports/**',
      // Compiled from the .po catalogues by `lingui compile` (npm run i18n:compile -w @jobboard/server).
      'apps/server/src/locales/{en,de,ar}.ts',
      '.stryker-tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Rules that read types: they catch bugs a syntax check cannot (a promise nobody awaits, a deprecated API,
    // a condition that is always true).
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: ['*.config.ts', 'packages/shared/vitest.config.ts', 'apps/server/vitest.config.ts'],
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/no-deprecated': 'error',
      '@typescript-eslint/no-unnecessary-condition': ['error', { allowConstantLoopConditions: true }],
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  {
    // Tests set variables up in beforeAll and guard their teardown with `?.` in case setup failed, and flip
    // flags inside callbacks: both read as "unnecessary" to the type checker. The rule stays on for product code.
    files: ['**/*.test.{ts,tsx}', 'apps/server/test/**', 'e2e/**'],
    rules: { '@typescript-eslint/no-unnecessary-condition': 'off' },
  },
  {
    // Size: a function past 80 lines or a file past 400 is a part waiting to be named (warnings, listed by lint).
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/shared/src/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'max-lines-per-function': ['warn', { max: 80, skipBlankLines: true, skipComments: true }],
      'max-lines': ['warn', { max: 400, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    // Tables of words and figures (the demo's role families): data, not a part waiting to be named.
    files: ['**/*.data.ts'],
    rules: { 'max-lines': 'off' },
  },
  {
    // Tool configuration files belong to no project: checked without types.
    files: ['*.config.ts', '**/vitest.config.ts'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // Module boundaries: no import cycles anywhere; the HTTP layer knows no module; modules talk through
    // services and repositories, never through each other's routes; web features do not import each other.
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json'] }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './apps/server/src/http',
              from: './apps/server/src/modules',
              message: 'http/ is below the modules: pass what it needs in (see registerSession).',
            },
            {
              target: './apps/server/src/modules',
              from: './apps/server/src/modules/*/*.routes.ts',
              message: "A module uses another module's services or repositories, never its routes.",
            },
            {
              target: './packages/shared',
              from: './apps',
              message: 'packages/shared is used by the apps, never the other way round.',
            },
            {
              target: './apps/server',
              from: './apps/web',
              message: 'The server and the web app share code only through packages/shared.',
            },
            {
              target: './apps/web',
              from: './apps/server',
              message: 'The server and the web app share code only through packages/shared.',
            },
            ...WEB_FEATURES.map((feature) => ({
              target: `./apps/web/src/features/${feature}`,
              from: './apps/web/src/features',
              except: [`./${feature}`],
              message: 'Features do not import each other: move what both need to components/ or lib/.',
            })),
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: TRANSLATED_WEB_FILES,
    // icons.tsx is SVG path data; the server renderer and the test renderer show no text of their own.
    ignores: [
      '**/*.test.*',
      'apps/web/src/components/ui/icons.tsx',
      'apps/web/src/entry-server.tsx',
      'apps/web/src/test/**',
    ],
    plugins: { lingui },
    rules: {
      'lingui/no-unlocalized-strings': [
        'error',
        {
          useTsTypes: true,
          // What the markup and the code say to each other, never to a person.
          ignoreNames: [
            {
              regex: {
                pattern:
                  '^(className|.*Class|FOCUSABLE|initialFocus|id|.*Id|idPrefix|to|href|src|type|name|role|rel|target|method|action|form|variant|edge|tone|look|size|loading|autoComplete|htmlFor|dir|lang|key|value|path|inputMode|data-.*|aria-(controls|describedby|labelledby|live|current|hidden|autocomplete|haspopup))$',
              },
            },
          ],
          ignoreFunctions: ['console.*', 'document.getElementById', 'lazyScreen', 'Error'],
          // One lowercase word, a path, a media query, or a list of Tailwind classes and selectors (every token a
          // utility with '-', ':' or '[', or a bare utility): markup, not words.
          ignore: ['^[a-z][\\w.-]*$', '^/', '^\\(.*px\\)$', `^\\s*(${TOKEN})(\\s+(${TOKEN}))*\\s*$`],
        },
      ],
    },
  },
  {
    // Plain scripts the browser loads as they are (theme before first paint, the Google popup's last page).
    files: ['apps/web/public/**/*.js', 'apps/server/public/**/*.js'],
    languageOptions: { globals: { ...globals.browser }, sourceType: 'script' },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
);
