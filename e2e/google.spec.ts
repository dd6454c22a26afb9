import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { MESSAGES } from '@jobboard/shared';
import { completeProviderLogin, startTestProvider, type TestProvider } from '../apps/server/test/oidc-provider-fixture';
import { uniqueSuffix } from './fixtures';

/**
 * "Continue with Google" end to end in Chromium: our server, started here with OIDC_* pointing at a real
 * OpenID Connect provider (oidc-provider) on loopback, the 500x600 popup, the provider's login form, and back.
 */

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

let provider: TestProvider;
let server: ChildProcess;
let dataDir: string;
let base: string;

test.beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  provider = await startTestProvider({
    redirectUris: [`${base}/api/auth/google/callback`],
    accounts: {
      nina: {
        email: 'nina.google@example.com',
        email_verified: true,
        name: 'Nina Google',
        picture: `${base}/static/default-avatar.svg`,
      },
      linked: { email: 'linked.e2e@example.com', email_verified: true, name: 'Linda Linked' },
    },
  });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobboard-e2e-google-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEMO_DATA: 'off',
    LOG_LEVEL: 'warn',
    PUBLIC_URL: base,
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: provider.clientId,
    OIDC_CLIENT_SECRET: provider.clientSecret,
  };
  delete env.DATABASE_URL;
  // The compiled server the suite's own server runs (scripts/e2e-server.mjs built it before any spec).
  server = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/server.js'], { env, stdio: 'ignore' });
  await expect
    .poll(async () => (await fetch(`${base}/api/health`).catch(() => undefined))?.status, { timeout: 60_000 })
    .toBe(200);
});

test.afterAll(async () => {
  server?.kill('SIGTERM');
  await new Promise((resolve) => server?.once('exit', resolve));
  await provider?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/**
 * Clicks 'Continue with Google' and, when the provider asks (it does not for a user it already knows in this
 * browser), signs in on its login page in the popup; then waits for the popup to close itself.
 */
async function continueWithGoogle(page: Page, login: string): Promise<void> {
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  const popup = await popupPromise;
  // The popup may close before this line runs (a provider that knows the user answers at once): listen first,
  // then look whether it is already closed, so a close that came early is not waited for in vain.
  const closed = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the popup stayed open for 30 s')), 30_000);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    popup.once('close', done);
    if (popup.isClosed()) done();
  });
  expect(popup.viewportSize()).toEqual({ width: 500, height: 600 });
  const loginField = popup.locator('input[name="login"]');
  // A provider that knows the user closes the popup at once: the login field's wait then fails with "target
  // closed", which must not win the race against the close itself (it did, now and then, in CI).
  await Promise.race([closed, loginField.waitFor({ timeout: 30_000 }).catch(() => undefined)]);
  if (!popup.isClosed()) {
    await loginField.fill(login);
    await popup.locator('input[name="password"]').fill('any password');
    await popup.locator('button[type="submit"]').click();
  }
  try {
    await closed;
  } catch (error) {
    const where = popup.isClosed() ? 'closed' : `${popup.url()}: ${(await popup.content()).slice(0, 600)}`;
    throw new Error(`the popup did not close itself (${where})`, { cause: error });
  }
}

test.describe('Continue with Google', () => {
  test('a new user signs in through the popup and lands home; returning gives the same account', async ({ page }) => {
    await page.goto(`${base}/sign-in`);
    await continueWithGoogle(page, 'nina');
    await expect(page).toHaveURL(`${base}/`);
    await expect(page.getByTestId('profile-link')).toBeVisible();
    const me = await page.request.get(`${base}/api/auth/me`);
    const first = await me.json();
    expect(first).toMatchObject({ email: 'nina.google@example.com', name: 'Nina Google', username: 'nina.google' });

    await page.request.post(`${base}/api/auth/signout`, { data: {} });
    await page.goto(`${base}/sign-up`);
    await continueWithGoogle(page, 'nina');
    await expect(page).toHaveURL(`${base}/`);
    const again = await (await page.request.get(`${base}/api/auth/me`)).json();
    expect(again._id).toBe(first._id);
  });

  test('a password account with the same verified email is the same account', async ({ page }) => {
    const username = `linda-${uniqueSuffix()}`;
    const signUp = await page.request.post(`${base}/api/auth/signup`, {
      data: { name: 'Linda Linked', username, email: 'linked.e2e@example.com', password: 'linked account pass' },
    });
    expect(signUp.status()).toBe(201);
    await page.goto(`${base}/sign-in`);
    await continueWithGoogle(page, 'linked');
    await expect(page).toHaveURL(`${base}/`);
    const me = await (await page.request.get(`${base}/api/auth/me`)).json();
    expect(me.username).toBe(username);
  });

  test('login CSRF: a callback link finished in another browser signs nobody in here', async ({ page }) => {
    // The attacker starts a flow with their own client, signs in at the provider and stops before the callback.
    const started = await fetch(`${base}/api/auth/google/start`, { redirect: 'manual' });
    const callback = await completeProviderLogin(String(started.headers.get('location')), 'nina', base);
    expect(callback.searchParams.get('state')).toBeTruthy();

    // The victim's browser opens that link: it holds no binding for the state, so nobody is signed in.
    // (The refusal's text is checked in google-accounts.api.test.ts; the page hands it on and moves to /sign-in.)
    const response = await page.goto(callback.href);
    expect(response?.status()).toBe(400);
    await expect(page).toHaveURL(`${base}/sign-in`);
    expect((await page.request.get(`${base}/api/auth/me`)).status()).toBe(401);
  });

  test('closing the popup says so and changes nothing', async ({ page }) => {
    await page.goto(`${base}/sign-in`);
    const popupPromise = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    const popup = await popupPromise;
    await popup.waitForURL(new RegExp(`^${provider.issuer}/`));
    await popup.close();
    await expect(page.getByText(MESSAGES.googleCancelled)).toBeVisible();
    await expect(page).toHaveURL(`${base}/sign-in`);
    expect((await page.request.get(`${base}/api/auth/me`)).status()).toBe(401);
  });

  test('a forged ID token posted to the compatibility call is refused', async ({ page }) => {
    const forged = await page.request.post(`${base}/api/auth/google`, {
      data: { idToken: 'eyJhbGciOiJub25lIn0.eyJlbWFpbCI6ImFsaWNlQGV4YW1wbGUuY29tIn0.' },
    });
    expect(forged.status()).toBe(401);
    const bare = await page.request.post(`${base}/api/auth/google`, {
      data: { name: 'M', email: 'alice@example.com', photo: 'x' },
    });
    expect(bare.status()).toBe(400);
    const expired = await provider.signIdToken(
      { sub: 'x', email: 'expired@example.com', email_verified: true, name: 'Expired' },
      { expiresIn: Math.floor(Date.now() / 1000) - 60 },
    );
    expect((await page.request.post(`${base}/api/auth/google`, { data: { idToken: expired } })).status()).toBe(401);
  });
});
