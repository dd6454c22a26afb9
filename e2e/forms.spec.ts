import { expect, test, type Page } from '@playwright/test';
import { CAROL, signInFast } from './fixtures';

/** The bottom of the sticky header and the box of an element, in viewport pixels. */
async function boxes(page: Page, selector: string) {
  return page.evaluate((sel) => {
    const header = document.querySelector('header')?.getBoundingClientRect();
    const field = document.querySelector(sel)?.getBoundingClientRect();
    return {
      headerBottom: header?.bottom ?? 0,
      top: field?.top ?? -1,
      bottom: field?.bottom ?? -1,
      viewport: window.innerHeight,
    };
  }, selector);
}

for (const viewport of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`a failed submit shows the first invalid field and its message below the sticky header (${viewport.width}x${viewport.height})`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await signInFast(page, CAROL);
    await page.goto('/post-job');
    const title = page.getByLabel('Job Title');
    await title.fill('');
    // Scroll so the first field sits just under the header: on screen as far as the browser is concerned,
    // hidden from the person.
    await page.evaluate(() => {
      const rect = document.getElementById('jobTitle')?.getBoundingClientRect();
      window.scrollBy(0, (rect?.top ?? 0) - 24);
    });
    const before = await boxes(page, '#jobTitle');
    expect(before.top).toBeLessThan(before.headerBottom);

    await page.evaluate(() => document.querySelector('form')?.requestSubmit());
    await expect(title).toBeFocused();
    const message = page.locator('#jobTitle-error');
    await expect(message).toHaveText('Job title is required');
    await expect
      .poll(async () => {
        const field = await boxes(page, '#jobTitle');
        return field.top >= field.headerBottom;
      })
      .toBe(true);
    const field = await boxes(page, '#jobTitle');
    const text = await boxes(page, '#jobTitle-error');
    expect(field.top).toBeGreaterThanOrEqual(field.headerBottom);
    expect(text.top).toBeGreaterThanOrEqual(text.headerBottom);
    expect(text.bottom).toBeLessThanOrEqual(text.viewport);
  });
}

test('sign-up: each server message beside its field, cleared as that field changes', async ({ page }) => {
  await page.goto('/sign-up');
  await page.getByLabel('Email').fill('someone-new@example.com');
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  const name = page.getByLabel('Name', { exact: true });
  await expect(name).toHaveAccessibleDescription('Name is required');
  await expect(page.getByLabel('Username')).toHaveAccessibleDescription('Username is required');
  await expect(page.getByLabel('Password', { exact: true })).toHaveAccessibleDescription(
    'Password must be at least 8 characters',
  );
  await expect(name).toBeFocused();
  // Never the raw "field: message; field: message" text.
  await expect(page.getByText(/name: Name is required/)).toHaveCount(0);
  await name.fill('Erin');
  await expect(name).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#name-error')).toHaveCount(0);
  await expect(page.getByLabel('Username')).toHaveAccessibleDescription('Username is required');
});
