import path from 'node:path';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, setTheme, signInFast, uniqueSuffix } from './fixtures';

// The message dialogs (decision record 32): the spec's texts, axe-clean in both themes at desktop and phone widths.
// DIALOG_SHOTS=<dir> also writes a screenshot of each.
const SHOTS = process.env.DIALOG_SHOTS;
const SIZES = [
  { name: '1280', width: 1280, height: 800 },
  { name: '390', width: 390, height: 844 },
];

test('success, error and confirmation dialogs: named, focused, axe clean, both themes and widths', async ({ page }) => {
  test.setTimeout(120_000);
  const id = uniqueSuffix();
  const response = await page.request.post('/api/auth/signup', {
    data: { name: 'Dee Dialog', username: `dee-${id}`, email: `dee-${id}@example.com`, password: 'a-long-enough-pw' },
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
  await signInFast(page, `dee-${id}@example.com`, 'a-long-enough-pw');
  const shoot = async (name: string) => {
    await page.waitForTimeout(150);
    if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
  };

  for (const size of SIZES) {
    for (const dark of [false, true]) {
      const label = `${dark ? 'dark' : 'light'}-${size.name}`;
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.goto('/profile');
      await setTheme(page, dark);

      await page.getByLabel('Resume link').fill(`https://example.com/dee-${label}.pdf`);
      await page.getByRole('button', { name: 'Update' }).click();
      const success = page.getByRole('dialog', { name: 'User Updated Successfully' });
      await expect(success.getByRole('button', { name: 'OK' })).toBeFocused();
      await expectNoAxeViolations(page, `success dialog ${label}`);
      await shoot(`dialog-success-${label}`);
      await page.keyboard.press('Enter');
      await expect(success).toHaveCount(0);

      await page.getByLabel('Username').fill('alice');
      await page.getByRole('button', { name: 'Update' }).click();
      const error = page.getByRole('dialog', { name: 'Error in updating User' });
      await expect(error).toBeVisible();
      await expectNoAxeViolations(page, `error dialog ${label}`);
      await shoot(`dialog-error-${label}`);
      await page.keyboard.press('Escape');
      await expect(error).toHaveCount(0);
      await page.getByLabel('Username').fill(`dee-${id}`);

      await page.getByRole('button', { name: 'Delete Account' }).click();
      const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
      await expect(confirm).toHaveAccessibleDescription('You will not be able to recover this account!');
      await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
      await expectNoAxeViolations(page, `confirmation ${label}`);
      await shoot(`dialog-confirm-${label}`);
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await expect(confirm).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Delete Account' })).toBeFocused();
    }
  }
});
