import sharp from 'sharp';
import { expect, test } from '@playwright/test';
import { MESSAGES } from '@jobboard/shared';
import {
  ALICE,
  closeDialog,
  confirmEmailFromOutbox,
  DEMO_PASSWORD,
  signIn,
  signInFast,
  uniqueSuffix,
} from './fixtures';

test.describe('accounts', () => {
  test('sign in: wrong password shows the server message, leaving clears it, show/hide password, Google not configured', async ({
    page,
  }) => {
    await page.goto('/sign-in');
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Sign In');
    await expect(page.getByLabel('Email')).toHaveAttribute('type', 'email');
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('not-the-password');
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    await page.getByLabel('Email').fill(ALICE);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByTestId('auth-error')).toHaveText('Wrong email or password');
    await page.getByRole('link', { name: 'Sign up' }).first().click();
    await expect(page).toHaveURL(/\/sign-up$/);
    await page.getByRole('link', { name: 'Sign in', exact: true }).last().click();
    await expect(page.getByTestId('auth-error')).toHaveText('');

    // This server has no Google sign-in configured: the page offers none (a button that fails once pressed, before).
    expect(await (await page.request.get('/api/auth/google/config')).json()).toEqual({ configured: false });
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continue with Google' })).toHaveCount(0);
  });

  test('sign in reads Loading... while busy and goes home', async ({ page }) => {
    await page.route('**/api/auth/signin', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    await page.goto('/sign-in');
    await page.getByLabel('Email').fill(ALICE);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('button', { name: 'Loading...' })).toBeDisabled();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('profile-link')).toBeVisible();
  });

  test('sign up signs in automatically; profile update, avatar rules, sign out, sign back in, delete account', async ({
    page,
  }) => {
    const id = uniqueSuffix();
    const email = `e2e-${id}@example.com`;
    await page.goto('/sign-up');
    await page.getByLabel('Name', { exact: true }).fill('Erin Example');
    await page.getByLabel('Username').fill(`erin-${id}`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    // The server's message stands beside the field it is about.
    await expect(page.getByLabel('Password', { exact: true })).toHaveAccessibleDescription(/at least 8 characters/);
    await page.getByLabel('Password', { exact: true }).fill('a-long-enough-password');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page).toHaveURL(/\/$/);
    const profileLink = page.getByTestId('profile-link');
    await expect(profileLink).toBeVisible();

    // Profile: only changed fields are sent.
    await profileLink.click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Erin Example');
    const bodies: unknown[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/user/update/')) bodies.push(r.postDataJSON());
    });
    await page.getByLabel('Resume link').fill('https://example.com/erin.pdf');
    await page.getByRole('button', { name: 'Update' }).click();
    await closeDialog(page, 'User Updated Successfully');
    expect(bodies).toEqual([{ resume: 'https://example.com/erin.pdf' }]);

    // A duplicate username fails with the alert.
    await page.getByLabel('Username').fill('alice');
    await page.getByRole('button', { name: 'Update' }).click();
    await closeDialog(page, 'Error in updating User');
    await page.getByLabel('Username').fill(`erin-${id}`);

    // Avatar: too large -> the spec's message; a small image uploads with a percentage then success.
    const fileInput = page.getByTestId('avatar-file');
    await fileInput.setInputFiles({
      name: 'big.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(2 * 1024 * 1024 + 10),
    });
    await expect(page.getByTestId('upload-status')).toHaveText('Error image upload (image must be less than 2 mb)');
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    // Until the address is confirmed, a picture is refused, and the page says why (not "too large").
    await fileInput.setInputFiles({ name: 'early.png', mimeType: 'image/png', buffer: png });
    await expect(page.getByTestId('upload-status')).toHaveText(MESSAGES.avatarUnconfirmed);
    await confirmEmailFromOutbox(page, email);
    await page.goto('/profile');
    // A slow uplink, so the real upload progress events show a percentage before the success message.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 150 * 1024,
    });
    const noisy = await sharp(Buffer.from(Array.from({ length: 360 * 360 * 3 }, (_, i) => (i * 2654435761) >>> 24)), {
      raw: { width: 360, height: 360, channels: 3 },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    await fileInput.setInputFiles({ name: 'slow.png', mimeType: 'image/png', buffer: noisy });
    await expect(page.getByTestId('upload-status')).toHaveText(/^Uploading \d{1,3}%$/);
    await expect(page.getByTestId('upload-status')).toHaveText('Image successfully uploaded!', { timeout: 20_000 });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await fileInput.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    await expect(page.getByTestId('upload-status')).toHaveText('Image successfully uploaded!');
    // Saved with the upload, no Update needed; the server re-encoded the image and the header now shows it.
    const headerAvatar = page.locator('header img').first();
    // <upload time>-<64 random bits>-<safe original name>: never the same URL twice (decision 5).
    await expect(headerAvatar).toHaveAttribute('src', /^\/uploads\/\d{13}-[0-9a-f]{16}-me\.webp$/);
    await expect.poll(() => headerAvatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(256);

    // Sign out, then back in through the form.
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/sign-in$/);
    await expect(page.locator('header').getByRole('link', { name: 'Sign in' })).toBeVisible();
    await signIn(page, email, 'a-long-enough-password');

    // Delete: confirm dialog with the spec's texts; cancel keeps the account.
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Delete Account' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Are you sure?');
    await expect(dialog).toContainText('You will not be able to recover this account!');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    // The dialog asks for the current password (the server requires it: decision record 25).
    await page.getByRole('button', { name: 'Delete Account' }).click();
    await page
      .getByRole('dialog')
      .getByLabel(/^Current password/)
      .fill('a-long-enough-password');
    await page.getByRole('dialog').getByRole('button', { name: 'Yes, delete it!' }).click();
    await closeDialog(page, 'User deleted successfully!');
    await expect(page.locator('header').getByRole('link', { name: 'Sign in' })).toBeVisible();
    const again = await page.request.post('/api/auth/signin', { data: { email, password: 'a-long-enough-password' } });
    expect(again.status()).toBe(401);
  });

  test('a stale persisted user is cleared when the server says the session is gone', async ({ page }) => {
    await signInFast(page, ALICE);
    await page.context().clearCookies();
    await page.reload();
    await expect(page.locator('header').getByRole('link', { name: 'Sign in' })).toBeVisible();
  });
});
