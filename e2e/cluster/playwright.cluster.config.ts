import { defineConfig, devices } from '@playwright/test';

// The Playwright journey of the cluster test (npm run test:cluster, apps/server/test/cluster/run.ts): the built
// app through the load balancer in front of two instances. The harness starts everything and sets CLUSTER_URL;
// there is no webServer here. Specs are *.cluster.ts, so the main suite (playwright.config.ts) never runs them.
const BASE_URL = process.env.CLUSTER_URL ?? 'http://127.0.0.1:1';

export default defineConfig({
  testDir: '.',
  testMatch: '*.cluster.ts',
  outputDir: '../../test-results/cluster',
  workers: 1,
  retries: 0,
  timeout: 90_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [{ name: 'cluster', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } }],
});
