import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/server', 'apps/web'],
    // Two files at a time on two cores (Vitest's default is one fewer than the cores): the API files spend much of
    // their time waiting on PostgreSQL, timers and child processes.
    maxWorkers: 2,
  },
});
