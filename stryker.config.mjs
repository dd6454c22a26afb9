// @ts-check
/**
 * `npm run mutation`: StrykerJS over what must never silently break (docs/reliability.md, "Mutation testing").
 * Outside CI: it takes long on two cores. Reports: reports/mutation/ (HTML and JSON).
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  mutate: [
    // http/: session, CSRF, rate limits, errors.
    'apps/server/src/http/session.ts',
    'apps/server/src/http/csrf.ts',
    'apps/server/src/http/rate-limit.ts',
    'apps/server/src/http/errors.ts',
    'apps/server/src/http/error-handler.ts',
    // Auth: sign-up, sign-in, sign-out, sessions, passwords (google.service.ts is not in this first scope: its
    // tests run a real OpenID provider and took most of the run's time).
    'apps/server/src/modules/auth/auth.service.ts',
    'apps/server/src/modules/auth/auth.routes.ts',
    'apps/server/src/modules/sessions/*.ts',
    'apps/server/src/modules/passwords/*.ts',
    // Apply rules.
    'apps/server/src/modules/applications/applications.service.ts',
    // Ownership rules of jobs (findOwnJob, update, delete, listJobsOfPoster): keep the range on those functions.
    'apps/server/src/modules/jobs/jobs.service.ts:226-258',
    '!**/*.test.ts',
  ],
  coverageAnalysis: 'perTest',
  ignoreStatic: true,
  // Two shared cores.
  concurrency: 2,
  // Generous: a mutant's run rebuilds the apps of its test files (seconds each when the machine is busy), and a
  // false timeout restarts the runner, which costs more still.
  timeoutMS: 60_000,
  timeoutFactor: 2,
  thresholds: { high: 90, low: 80, break: 80 },
  // event-recorder: one file per tested mutant as it finishes (reports/mutation/events), so a long run can be read before
  // it ends.
  reporters: ['progress-append-only', 'clear-text', 'html', 'json', 'event-recorder'],
  eventReporter: { baseDir: 'reports/mutation/events' },
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  // Results are kept between runs: only mutants in changed code, or covered by changed tests, run again.
  incremental: true,
  incrementalFile: 'reports/mutation/stryker-incremental.json',
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
