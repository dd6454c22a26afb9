import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEMO_PASSWORD, expectNoAxeViolations, uniqueSuffix, shootScreens } from './fixtures';

/**
 * Site settings on two instances (issue 34, item 2): two app processes (the built bundle) on one fresh PostgreSQL
 * database, as behind a load balancer. Dan (an administrator) changes the site name and the footer links on the
 * first; the second shows them within a second, in its API, its server-rendered page and the app. Needs a
 * PostgreSQL server (E2E_PG_URL, else DATABASE_URL, else the local test server); without one the spec is skipped.
 * SHOTS_DIR: the Settings and Pages screens, the footer and the Privacy page, light and dark, 1280 and 390 px.
 */
const PG_URL = process.env.E2E_PG_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PORTS = [4452, 4453] as const;
const ADMIN = 'dan@example.com';
const root = path.resolve(import.meta.dirname, '..');

const servers: ChildProcess[] = [];
const dataDirs: string[] = [];
let database = '';
let reachable = true;

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** One app instance on the shared database; resolves once it answers /api/health. */
async function startInstance(port: number, url: string): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobboard-e2e-settings-'));
  dataDirs.push(dataDir);
  const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/server.js')], {
    cwd: root,
    stdio: 'ignore',
    env: {
      ...process.env,
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      DEMO_DATA: 'on',
      ADMIN_EMAILS: ADMIN,
      LOG_LEVEL: 'warn',
      SIGN_IN_PER_ADDRESS: '2000',
    },
  });
  servers.push(server);
  const until = Date.now() + 90_000;
  while (Date.now() < until) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`instance on ${port} did not start`);
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  database = `jobboard_e2e_settings_${uniqueSuffix()}`.replace(/[^a-z0-9_]/g, '');
  try {
    await admin(`CREATE DATABASE ${database}`);
  } catch {
    reachable = false;
    return;
  }
  const url = new URL(PG_URL);
  url.pathname = `/${database}`;
  // One after the other: the first migrates and loads the demo data, the second finds them there.
  for (const port of PORTS) await startInstance(port, url.toString());
});

test.afterAll(async () => {
  for (const server of servers) server.kill('SIGTERM');
  await Promise.all(servers.map((server) => new Promise((resolve) => server.once('exit', resolve))));
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  if (reachable && database) await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
});

const origin = (index: 0 | 1) => `http://127.0.0.1:${PORTS[index]}`;

const shoot = (page: Page, name: string) => shootScreens(page, `settings-${name}`);

async function signedInAsAdmin(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext({ baseURL: origin(0) })).newPage();
  const response = await page.request.post(`${origin(0)}/api/auth/signin`, {
    data: { email: ADMIN, password: DEMO_PASSWORD },
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(response.status(), await response.text()).toBe(200);
  return page;
}

test('an administrator changes the site name and footer links; a second instance shows them within a second', async ({
  browser,
}) => {
  test.skip(!reachable, `no PostgreSQL server at ${PG_URL}`);
  const page = await signedInAsAdmin(browser);
  await page.goto('/admin/settings');
  await expect(page.getByRole('heading', { name: 'Site settings' })).toBeVisible();
  await expectNoAxeViolations(page, 'site settings');
  await shoot(page, 'console-before');
  const name = `Harbour Jobs ${uniqueSuffix()}`;
  await page.getByLabel('Site name').fill(name);
  await page.getByRole('button', { name: 'Add a link' }).click();
  await page.getByLabel('Link 1 label').fill('Our blog');
  await page.getByLabel('Link 1 address').fill('https://blog.example.com/');
  await page.getByLabel('Accent colour').fill('#1d4ed8');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  const savedAt = Date.now();

  // The second instance: its API within a second of the save, then its pages.
  let seen = '';
  while (Date.now() - savedAt < 1000 && seen !== name) {
    seen = ((await (await fetch(`${origin(1)}/api/site`)).json()) as { siteName?: string }).siteName ?? '';
    if (seen !== name) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(seen, 'the second instance within a second of the save').toBe(name);
  const rendered = await (await fetch(`${origin(1)}/`)).text();
  expect(rendered).toContain(name);
  // The accent's stylesheet is linked from every page the server sends: rendered ones and the app's shell.
  const accent = '<link rel="stylesheet" href="/api/site/accent.css?color=1d4ed8" />';
  expect(rendered).toContain(accent);
  expect(await (await fetch(`${origin(1)}/privacy`)).text()).toContain(accent);
  expect(await (await fetch(`${origin(1)}/api/site/accent.css?color=1d4ed8`)).text()).toContain(
    '--color-teal-700:#1d4ed8',
  );
  const visitor = await (await browser.newContext({ baseURL: origin(1) })).newPage();
  await visitor.goto('/');
  await expect(visitor.getByRole('link', { name: `${name} home` })).toBeVisible();
  const footer = visitor.getByRole('navigation', { name: 'Footer' });
  await expect(footer.getByRole('link', { name: 'Our blog' })).toHaveAttribute('href', 'https://blog.example.com/');
  await expect(footer.getByRole('link', { name: 'Privacy' })).toBeVisible();
  await expect(visitor).toHaveTitle(new RegExp(name));
  await expect(
    visitor
      .getByRole('link', { name: `${name} home` })
      .locator('span')
      .first(),
  ).toHaveCSS('background-color', 'rgb(29, 78, 216)');
  await visitor.goto('/privacy');
  await expect(visitor.getByTestId('site-page-body')).toContainText('session cookie');
  await expectNoAxeViolations(visitor, 'privacy page');
  await shoot(visitor, 'privacy-page');
  await shoot(page, 'console-saved');
  await visitor.context().close();
});

test('an administrator edits the Terms; the page on the other instance shows the new text, linked from sign-up', async ({
  browser,
}) => {
  test.skip(!reachable, `no PostgreSQL server at ${PG_URL}`);
  const page = await signedInAsAdmin(browser);
  await page.goto('/admin/pages');
  await page.getByRole('tab', { name: 'Terms' }).click();
  await page
    .getByLabel('Text of Terms')
    .fill('## House rules\n\nPost **real** jobs only. See <https://example.com/rules>.');
  await page.getByRole('button', { name: 'Save page' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  await expectNoAxeViolations(page, 'site pages console');
  await shoot(page, 'pages-console');
  const visitor = await (await browser.newContext({ baseURL: origin(1) })).newPage();
  await visitor.goto('/sign-up');
  await visitor.getByRole('link', { name: 'Terms' }).first().click();
  await expect(visitor).toHaveURL(/\/terms$/);
  await expect(visitor.getByTestId('site-page-body').locator('strong', { hasText: 'real' })).toBeVisible();
  await shoot(visitor, 'terms-page');
  await visitor.context().close();
  await page.context().close();
});
