import { expect, request, test } from '@playwright/test';
import { ALICE, setTheme, signInFast, uniqueSuffix } from './fixtures';

/** Issue 36: an owner makes an API key on the company page, a machine uses it, the owner revokes it. */

const SHOTS = process.env.SHOTS_DIR;

test('an owner creates an API key (shown once), a client uses it, the owner revokes it', async ({ page, baseURL }) => {
  await signInFast(page, ALICE);
  const made = await page.request.post('/api/companies', { data: { name: `Keyed ${uniqueSuffix()}` } });
  expect(made.status(), await made.text()).toBe(201);
  const { slug } = (await made.json()) as { slug: string };
  await page.goto(`/company/${slug}`);
  const panel = page.getByRole('region', { name: 'API keys' });
  await expect(panel.getByText('No keys yet.')).toBeVisible();

  await panel.getByLabel("New key's name").fill('Careers site sync');
  await panel.getByLabel('Read applications').check();
  await panel.getByRole('button', { name: 'Create key' }).click();
  const secret = (await panel.getByTestId('api-key-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^jb_live_[A-Za-z0-9_-]{43}$/);

  // A machine: no cookie, the key only.
  const machine = await request.newContext({
    baseURL: baseURL ?? '',
    extraHTTPHeaders: { authorization: `Bearer ${secret}` },
  });
  expect((await machine.get('/api/v1/jobs')).status()).toBe(200);

  await page.reload();
  await expect(panel.getByText(/last used \d{4}-\d{2}-\d{2}/)).toBeVisible();
  // Shown once: gone after a reload.
  await expect(panel.getByTestId('api-key-secret')).toHaveCount(0);
  if (SHOTS) {
    for (const width of [1280, 390]) {
      for (const dark of [false, true]) {
        await page.setViewportSize({ width, height: 900 });
        await setTheme(page, dark);
        await panel.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${SHOTS}/api-keys-${width}-${dark ? 'dark' : 'light'}.png`, fullPage: true });
      }
    }
    await setTheme(page, false);
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  await panel.getByRole('button', { name: 'Revoke Careers site sync' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes, revoke' }).click();
  await expect(panel.getByText('Revoked', { exact: true })).toBeVisible();
  const refused = await machine.get('/api/v1/jobs');
  expect(refused.status()).toBe(401);
  expect(((await refused.json()) as { message: string }).message).toBe('API key revoked');
  await machine.dispose();
});
