import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations, signInFast, uniqueSuffix, shootScreens } from './fixtures';

/**
 * The console's Companies screen (issue 34): Dan (ADMIN_EMAILS of scripts/e2e-server.mjs) finds a duplicate company
 * and merges it into the one kept, with a reason; the duplicate's page is gone and the audit log says which into
 * which. SHOTS_DIR: the screen with its merge form, light and dark, 1280 and 390 px.
 */
const ADMIN = 'dan@example.com';

const shoot = (page: Page, name: string) => shootScreens(page, `console-${name}`);

test('an administrator merges a duplicate company into the one kept, and the audit log says so', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const page = await (await browser.newContext()).newPage();
  const word = `Quay${uniqueSuffix()}`;
  await signInFast(page, ADMIN);
  const api = page.context().request;
  const make = async (name: string) => {
    const made = await api.post('/api/companies', { data: { name } });
    expect(made.status(), await made.text()).toBe(201);
    return (await made.json()) as { slug: string };
  };
  const kept = await make(`${word} Freight`);
  const duplicate = await make(`${word} Freight Ltd`);

  await page.goto(`/admin/companies?q=${encodeURIComponent(word)}`);
  const row = page.getByTestId('console-company').filter({ hasText: duplicate.slug });
  await expect(page.getByTestId('console-company')).toHaveCount(2);
  await row.getByRole('button', { name: 'Merge into…' }).click();
  const panel = page.getByTestId('console-action');
  await panel.getByLabel('Merge into the company at /company/…').fill(kept.slug);
  await panel.getByLabel('Reason', { exact: true }).fill('The same company twice');
  await expectNoAxeViolations(page, 'the console’s companies with the merge form');
  await shoot(page, 'companies-merge');
  await panel.getByRole('button', { name: 'Merge companies' }).click();
  await expect(page.getByTestId('console-outcome')).toHaveText('Companies merged');
  await expect(page.getByTestId('console-company')).toHaveCount(1);

  expect((await api.get(`/api/companies/${duplicate.slug}`)).status()).toBe(404);
  await page.goto('/admin/audit?action=company.merge');
  await expect(
    page.getByText(`${word} Freight Ltd (${duplicate.slug}) into ${word} Freight (${kept.slug})`),
  ).toBeVisible();
  await expect(page.getByText('The same company twice')).toBeVisible();
});
