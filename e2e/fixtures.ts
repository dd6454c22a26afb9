import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';
import { simpleParser } from 'mailparser';

export const DEMO_PASSWORD = 'jobboard-demo';
export const ALICE = 'alice@example.com';
export const BOB = 'bob@example.com';
export const CAROL = 'carol@example.com';
/** The password of the seekers the specs sign up. */
export const SEEKER_PASSWORD = 'a long seeker passphrase';

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

/**
 * shootScreens for a page with a modal open: the modal's backdrop keeps the header's theme toggle from being
 * clicked, so the theme's class is set on the page's root element (what the toggle does), then taken off.
 */
export async function shootDialog(page: Page, name: string, { fullPage = false } = {}): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  for (const dark of [false, true]) {
    await page.evaluate((on) => document.documentElement.classList.toggle('dark', on), dark);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: path.join(dir, `${name}-${dark ? 'dark' : 'light'}-${width}.png`), fullPage });
    }
  }
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
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

/**
 * Collects every Content Security Policy violation the page reports from now on, across navigations (the server's
 * policy allows no eval and no inline script): the list to expect empty once the screens were visited.
 */
export async function recordCspViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation;
      report(
        `${location.pathname}: ${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  return violations;
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
  raw: string;
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
  return { to: header('To'), subject: header('Subject'), body, mtimeMs, raw };
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
export async function mailFromOutbox(
  email: string,
  subject: RegExp,
): Promise<{ subject: string; body: string; raw: string }> {
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
  return { subject: found?.subject ?? '', body: found?.body ?? '', raw: found?.raw ?? '' };
}

/**
 * Follows the confirmation link the server mailed to `email` (after signing up) and waits for the confirmation: by
 * its test id, not its heading, so the helper serves a reader in any language.
 */
export async function confirmEmailFromOutbox(page: Page, email: string): Promise<void> {
  await page.goto(await linkFromOutbox(email, '/verify-email'));
  await expect(page.getByTestId('email-confirmed')).toBeVisible();
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

/** The calendar parts (text/calendar: the alternative and the invite.ics attachment) of a raw mail, as text. */
export async function calendarParts(raw: string): Promise<string[]> {
  const parsed = await simpleParser(raw);
  return parsed.attachments
    .filter((part) => part.contentType.startsWith('text/calendar') || part.filename?.endsWith('.ics'))
    .map((part) => part.content.toString('utf8'));
}

/** A minimal valid PDF with `text` on its page: a CV to upload. */
export function minimalPdf(text: string): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R >>',
    `<< /Length ${text.length + 25} >>\nstream\nBT /F1 12 Tf (${text}) Tj ET\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/**
 * A new seeker signed up through the API (`username` and `email` from `handle`) and signed in on `page`; with
 * `confirm`, their address confirmed first by the mailed link (what uploading CVs needs). Answers the address.
 */
export async function signUpAs(
  page: Page,
  name: string,
  handle: string,
  { confirm = false, password = SEEKER_PASSWORD } = {},
): Promise<string> {
  const email = `${handle}@example.com`;
  const signup = await page.request.post('/api/auth/signup', { data: { name, username: handle, email, password } });
  expect(signup.ok(), await signup.text()).toBe(true);
  if (confirm) await confirmEmailFromOutbox(page, email);
  await signInFast(page, email, password);
  return email;
}

/** A job posted through the API by the user signed in on `page` (company 'E2E Widgets' unless `extra` says). */
export async function postJobAs(page: Page, title: string, extra: Record<string, unknown> = {}): Promise<string> {
  const posted = await page.request.post('/api/job/post-job', {
    data: {
      jobTitle: title,
      companyName: 'E2E Widgets',
      companyLogo: '/static/logos/tidewater.svg',
      jobLocation: 'London',
      employmentType: 'Full-time',
      experienceLevel: 'Any Experience',
      salaryType: 'Yearly',
      minPrice: '$20k',
      maxPrice: '$120k',
      description: `The job "${title}" of an end-to-end test.`,
      skills: [{ value: 'React', label: 'React' }],
      ...extra,
    },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  return ((await posted.json()) as { insertedId: string }).insertedId;
}

/** The user signed in on `page` applies to the job through the API (201 expected). */
export async function applyAs(page: Page, jobId: string, extra: Record<string, unknown> = {}): Promise<void> {
  const applied = await page.request.post('/api/apply/apply-job', { data: { job: jobId, ...extra } });
  expect(applied.status(), await applied.text()).toBe(201);
}

/**
 * The user signed in on `page` applies to the job through its page's Apply dialog: `fill` answers it (CV, note,
 * questions), then the application is sent and the success dialog closed.
 */
export async function applyInDialog(
  page: Page,
  jobId: string,
  title: string,
  fill: (dialog: Locator) => Promise<void> = async () => {},
): Promise<void> {
  await page.goto(`/job/${jobId}`);
  await page.getByRole('button', { name: 'Apply Now' }).click();
  const dialog = page.getByRole('dialog', { name: `Apply to ${title}` });
  await fill(dialog);
  await dialog.getByRole('button', { name: 'Send application' }).click();
  await closeDialog(page, 'Applied Successfully');
}

/** Responses for one job, and the row of the applicant whose address is `applicantEmail`, waited for. */
export async function openResponses(page: Page, jobId: string, applicantEmail: string): Promise<Locator> {
  await page.goto(`/responses?job=${jobId}`);
  const row = page.getByTestId('response-row').filter({ hasText: applicantEmail });
  await expect(row).toBeVisible();
  return row;
}
