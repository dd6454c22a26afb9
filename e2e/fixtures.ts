import fs from 'node:fs';
import path from 'node:path';
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

/**
 * With SHOTS_DIR set: `<name>-<light|dark>-<1280|390>.png` of the whole page, then back to light at 1280 x 800.
 * Without it, nothing: the screenshots are for people looking at the screens, not for the assertions.
 */
export async function shootScreens(page: Page, name: string): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  for (const dark of [false, true]) {
    await setTheme(page, dark);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({
        path: path.join(dir, `${name}-${dark ? 'dark' : 'light'}-${width}.png`),
        fullPage: true,
      });
    }
  }
  await setTheme(page, false);
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** axe on the whole page (WCAG 2.x A and AA); fails with the list of violations. */
export async function expectNoAxeViolations(page: Page, label: string): Promise<void> {
  // Let entrance transitions settle so contrast is measured on final colours.
  await page.waitForTimeout(250);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const summary = results.violations.map(
    (v) =>
      `${v.id}: ${v.help} -> ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 5)
        .join(' | ')}`,
  );
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

/** Where the e2e server writes mail without SMTP: DATA_DIR/outbox/*.eml (E2E_DATA_DIR, playwright.config.ts). */
export function outboxDir(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run the suite through playwright.config.ts');
  return path.join(dataDir, 'outbox');
}

interface Mail {
  to: string;
  subject: string;
  body: string;
  mtimeMs: number;
}

/** Headers and body of one .eml; the body decoded from quoted-printable (soft line breaks, =XX) when it is that. */
function parseMail(raw: string, mtimeMs: number): Mail {
  const text = raw.replace(/\r\n/g, '\n');
  const split = text.indexOf('\n\n');
  const head = (split < 0 ? text : text.slice(0, split)).replace(/\n[ \t]+/g, ' ');
  let body = split < 0 ? '' : text.slice(split + 2);
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  if (/quoted-printable/i.test(header('Content-Transfer-Encoding'))) {
    body = body
      .replace(/=\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  }
  return { to: header('To'), subject: header('Subject'), body, mtimeMs };
}

/**
 * The newest mail to `email` whose body has a link to `pathname` (say '/verify-email'), waited for (at most
 * 10 s: the mail queue sends in the background); answers the link's path and query, to open on this site.
 */
export async function linkFromOutbox(email: string, pathname: string, { after = 0 } = {}): Promise<string> {
  const pattern = new RegExp(
    `https?://[^\\s/]+(${pathname.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\?token=[A-Za-z0-9_.-]+)`,
  );
  let found: string | undefined;
  await expect
    .poll(
      () => {
        const dir = outboxDir();
        const mails = fs.existsSync(dir)
          ? fs
              .readdirSync(dir)
              .filter((name) => name.endsWith('.eml'))
              .map((name) => {
                const file = path.join(dir, name);
                return parseMail(fs.readFileSync(file, 'utf8'), fs.statSync(file).mtimeMs);
              })
          : [];
        const mine = mails
          .filter((mail) => mail.to.toLowerCase().includes(email.toLowerCase()) && mail.mtimeMs >= after)
          .sort((a, b) => b.mtimeMs - a.mtimeMs);
        found = mine.map((mail) => pattern.exec(mail.body)?.[1]).find((link) => link !== undefined);
        return found;
      },
      { timeout: 10_000, message: `a mail to ${email} with a ${pathname} link in ${outboxDir()}` },
    )
    .toBeDefined();
  return found ?? '';
}

/** The newest mail to `email` whose subject matches, waited for (at most 10 s: the mail queue sends in the background). */
export async function mailFromOutbox(email: string, subject: RegExp): Promise<{ subject: string; body: string }> {
  let found: Mail | undefined;
  await expect
    .poll(
      () => {
        const dir = outboxDir();
        const mails = fs.existsSync(dir)
          ? fs
              .readdirSync(dir)
              .filter((name) => name.endsWith('.eml'))
              .map((name) => {
                const file = path.join(dir, name);
                return parseMail(fs.readFileSync(file, 'utf8'), fs.statSync(file).mtimeMs);
              })
          : [];
        found = mails
          .filter((mail) => mail.to.toLowerCase().includes(email.toLowerCase()) && subject.test(mail.subject))
          .sort((a, b) => b.mtimeMs - a.mtimeMs)[0];
        return found;
      },
      { timeout: 10_000, message: `a mail to ${email} with the subject ${String(subject)} in ${outboxDir()}` },
    )
    .toBeDefined();
  return { subject: found?.subject ?? '', body: found?.body ?? '' };
}

/** Follows the confirmation link the server mailed to `email` (after signing up) and waits for the confirmation. */
export async function confirmEmailFromOutbox(page: Page, email: string): Promise<void> {
  await page.goto(await linkFromOutbox(email, '/verify-email'));
  await expect(page.getByRole('heading', { name: 'E-mail address confirmed' })).toBeVisible();
}

/** Every field of the Post a Job / Edit Job form, with valid values; the company 'E2E Widgets', created the first time. */
export async function fillJobForm(page: Page, title: string) {
  await page.getByLabel('Job Title').fill(title);
  const company = page.getByLabel('Company', { exact: true });
  await expect(company).toBeEnabled();
  if ((await company.locator('option', { hasText: /^E2E Widgets$/ }).count()) > 0) {
    await company.selectOption({ label: 'E2E Widgets' });
  } else {
    await company.selectOption({ label: 'New company...' });
    await page.getByLabel('Company Name').fill('E2E Widgets');
    await page.getByLabel('Company Logo').fill('/static/logos/tidewater.svg');
  }
  await page.getByLabel('Minimum Salary').fill('20000');
  await page.getByLabel('Maximum Salary').fill('120000');
  await page.getByLabel('Currency').selectOption('USD');
  await page.getByLabel('Pay period').selectOption('year');
  await page.getByLabel('City').fill('London');
  await page.getByLabel('Country').selectOption('GB');
  await page.getByLabel('Experience Type').selectOption('Full-time');
  await page.getByLabel('Experience Level').selectOption('Any Experience');
  const skills = page.getByLabel('Required Skill Sets');
  for (const skill of ['React', 'Node']) {
    await skills.fill(skill);
    await skills.press('Enter');
    await expect(page.getByRole('button', { name: `Remove ${skill}` })).toBeVisible();
  }
  await page
    .getByLabel('Job Description')
    .fill('Build and ship delightful features for our job board in an end-to-end tested team.');
}
