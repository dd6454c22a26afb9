import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Each file builds its own app on its own database; PGlite start-up and Argon2 take a moment.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
