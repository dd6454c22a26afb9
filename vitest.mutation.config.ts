import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/** Fast files first: a mutant is usually killed by the first test that covers it, and Stryker stops there. */
const ORDER = [
  'errors.test.ts',
  'mutation-gaps',
  'jobs.api',
  'auth.api',
  'applications.api',
  'housekeeping.api',
  'errors.api',
  'google.api',
  'security-controls',
];
class FastFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const index = ORDER.findIndex((name) => file.moduleId.includes(name));
      return index < 0 ? ORDER.length : index;
    };
    return [...files].sort((a, b) => rank(a) - rank(b));
  }
}

/**
 * The tests `npm run mutation` (StrykerJS, stryker.config.mjs) runs against each mutant: the server's unit tests
 * and the API suites that pin sessions, CSRF, rate limits, errors, auth, applications and job ownership. PGlite
 * only (DATABASE_URL is ignored); the slow suites (fuzzing, races, real-process and scale tests) stay out.
 */
export default defineConfig({
  test: {
    name: 'mutation',
    root: 'apps/server',
    include: [
      'src/**/*.test.ts',
      'test/auth.api.test.ts',
      'test/applications.api.test.ts',
      'test/jobs.api.test.ts',
      'test/errors.api.test.ts',
      'test/security-controls.test.ts',
      'test/housekeeping.api.test.ts',
      // The Google routes of auth.routes.ts: without it their mutants count as not covered.
      'test/google.api.test.ts',
      'test/google-accounts.api.test.ts',
      // Cache-Control no-store, CSRF by route and the throttles: the abuse findings' tests.
      'test/abuse.api.test.ts',
      'test/mutation-gaps.test.ts',
      // Every route documents its body and answers: without it, a route's whole schema could go (auth.routes.ts).
      'test/contracts.api.test.ts',
    ],
    // One module graph for all files: importing the app (fastify, swagger, the AWS SDK...) once, not per file.
    isolate: false,
    env: { DATABASE_URL: '' },
    // Seconds of waiting on a closed pool, for a path the broken-database test covers too.
    testNamePattern: /^(?!.*a closed database gives a 5xx).*$/,
    sequence: { sequencer: FastFirst },
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
