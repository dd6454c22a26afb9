import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// The built app on the real server (scripts/e2e-server.mjs: fresh temp DATA_DIR, demo data on).
const PORT = Number(process.env.E2E_PORT ?? 4317);
// E2E_BASE_URL points the suite at an already running app (for example `vite preview` in front of a dev API).
const BASE_URL = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${PORT}`;
// The server's DATA_DIR, known to the specs too: mail lands in DATA_DIR/outbox as .eml files (e2e/fixtures.ts reads
// the links out of them). Set here, so the test workers, which load this file as well, see the same value.
const DATA_DIR = (process.env.E2E_DATA_DIR ??= path.join(os.tmpdir(), `jobboard-e2e-${PORT}`));

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  fullyParallel: false,
  // One browser at a time: the journeys share one server and database, and the machine has two cores.
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
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
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } }],
  webServer: process.env.E2E_BASE_URL
    ? undefined
    : {
        command: 'node scripts/e2e-server.mjs',
        url: `${BASE_URL}/api/health`,
        env: { PORT: String(PORT), E2E_DATA_DIR: DATA_DIR },
        reuseExistingServer: !process.env.CI,
        timeout: 120_000,
        stdout: 'ignore',
        stderr: 'pipe',
      },
});
