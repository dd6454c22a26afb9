import { expect, test } from '@playwright/test';

/*
 * Issue 29, the last items: cards say how long ago a job was posted (beside the spec's date), and the footer has a
 * Contact link to the address the operator configured (CONTACT_EMAIL of scripts/e2e-server.mjs).
 */

test('a card shows its posting date and how long ago that was; the footer links Contact to the configured address', async ({
  page,
}) => {
  await page.goto('/');
  const card = page.locator('article').first();
  const date = card.locator('time[datetime]');
  await expect(date).toHaveText(/^\d{4}-\d{2}-\d{2}$/);
  await expect(date.locator('..')).toContainText(
    /· (today|yesterday|\d+ (days|weeks|months|years) ago|last (week|month|year))/,
  );
  const contact = page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Contact' });
  await expect(contact).toHaveAttribute('href', 'mailto:help@jobboard-e2e.example');
});
