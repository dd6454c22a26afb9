import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'jobboard-demo';
export const ALICE = 'alice@example.com';
export const BOB = 'bob@example.com';
export const CAROL = 'carol@example.com';

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('profile-link')).toBeVisible();
}

export async function setTheme(page: Page, dark: boolean): Promise<void> {
  const isDark = await page.evaluate(() => document.documentElement.classList.contains('dark'));
  if (isDark !== dark) await page.getByTestId('theme-toggle').click();
  await expect(page.locator('html')).toHaveClass(dark ? /dark/ : /^(?!.*dark).*$/);
}

/** axe on the whole page (WCAG 2.x A and AA); fails with the list of violations. */
export async function expectNoAxeViolations(page: Page, label: string): Promise<void> {
  // Let entrance transitions settle so contrast is measured on final colours.
  await page.waitForTimeout(250);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.help} -> ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(' | ')}`);
  expect(summary, `axe violations on ${label}`).toEqual([]);
}

export function uniqueSuffix(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
}

/** Signs in through the API (one request, no form) and lets the app pick the session up via /api/auth/me. */
export async function signInFast(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  const response = await page.request.post('/api/auth/signin', { data: { email, password } });
  expect(response.status(), await response.text()).toBe(200);
  await page.goto('/about');
  await expect(page.getByTestId('profile-link')).toBeVisible();
}

export async function closeDialog(page: Page, title: string): Promise<void> {
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(title);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();
}
