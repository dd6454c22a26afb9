import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// The built app on the real server (scripts/e2e-server.mjs: fresh temp DATA_DIR, demo data on), one per worker:
// server i listens on E2E_PORT + i with a database of its own, so the specs, which change the demo accounts, never
// see another worker's changes. E2E_WORKERS=1 runs the suite on one server.
const PORT = Number(process.env.E2E_PORT ?? 4317);
// E2E_BASE_URL points the suite at an already running app (for example `vite preview` in front of a dev API).
const EXTERNAL = process.env.E2E_BASE_URL;
const WORKERS = EXTERNAL ? 1 : Number(process.env.E2E_WORKERS ?? 2);
const dataDirOf = (port: number) => path.join(os.tmpdir(), `jobboard-e2e-${port}`);
// Playwright sets TEST_PARALLEL_INDEX in each worker (0 to WORKERS - 1; a worker replacing a failed one keeps it),
// and the workers load this file too: each takes its own server. The main process only starts them.
const OWN_PORT = PORT + Number(process.env.TEST_PARALLEL_INDEX ?? 0);
const BASE_URL = EXTERNAL ?? `http://127.0.0.1:${OWN_PORT}`;
// The server's DATA_DIR, known to the specs too: mail lands in DATA_DIR/outbox as .eml files (e2e/fixtures.ts reads
// the links out of them).
if (EXTERNAL) process.env.E2E_DATA_DIR ??= dataDirOf(PORT);
else process.env.E2E_DATA_DIR = dataDirOf(OWN_PORT);

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  fullyParallel: false,
  workers: WORKERS,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL: BASE_URL,
    // npm test sets E2E_TRACE=off (scripts/test.mjs).
    trace: process.env.E2E_TRACE === 'off' ? 'off' : 'retain-on-failure',
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
  webServer: EXTERNAL
    ? undefined
    : Array.from({ length: WORKERS }, (_, i) => ({
        command: 'node scripts/e2e-server.mjs',
        url: `http://127.0.0.1:${PORT + i}/api/health`,
        env: { PORT: String(PORT + i), E2E_DATA_DIR: dataDirOf(PORT + i) },
        reuseExistingServer: !process.env.CI,
        timeout: 120_000,
        stdout: 'ignore' as const,
        stderr: 'pipe' as const,
      })),
});
