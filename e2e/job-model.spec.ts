import { expect, test, type Page } from '@playwright/test';
import { ALICE, closeDialog, expectNoAxeViolations, signInFast, uniqueSuffix } from './fixtures';

/*
 * Issue 11 end to end: a remote job paid in EUR, with a skill nobody used before, for a company that did not
 * exist; found with "what" + "where" + the skill filter; its company page; closed from My Jobs, after which it
 * leaves search and its page says it takes no more applications.
 */
test.describe('the job model', () => {
  test('post a remote EUR job for a new company with a new skill, find it, open its company, close it', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const suffix = uniqueSuffix();
    const title = `Remote Platform Engineer ${suffix}`;
    const companyName = `Fjord Labs ${suffix}`;
    const skill = `Zigbee${suffix}`;
    await signInFast(page, ALICE);

    // Post: a new company, a new skill typed and taken with Enter, a suggested one picked, remote in Germany or France.
    await page.goto('/post-job');
    await page.getByLabel('Job Title').fill(title);
    await page.getByLabel('Company', { exact: true }).selectOption({ label: 'New company...' });
    await page.getByLabel('Company Name').fill(companyName);
    await page.getByLabel('Company Website').fill('https://fjord.example');
    await page.getByLabel('About the company').fill('We make developer platforms for the fjords.');
    await page.getByLabel('Experience Type').selectOption('Full-time');
    await page.getByLabel('Experience Level').selectOption('Any Experience');
    const skills = page.getByLabel('Required Skill Sets');
    await skills.fill(skill);
    await skills.press('Enter');
    await expect(page.getByRole('button', { name: `Remove ${skill}` })).toBeVisible();
    await skills.fill('Pyth');
    await page
      .getByRole('listbox')
      .getByRole('option', { name: /^Python/ })
      .click();
    await expect(page.getByRole('button', { name: 'Remove Python' })).toBeVisible();
    await page.getByRole('radio', { name: /Remote/ }).check();
    const countries = page.getByLabel('Countries it can hire in');
    await countries.fill('Germ');
    await page.getByRole('listbox').getByRole('option', { name: 'Germany' }).click();
    await countries.fill('France');
    await countries.press('Enter');
    await expect(page.getByRole('button', { name: 'Remove France' })).toBeVisible();
    // The city typeahead fills the country from the world list.
    await page.getByLabel('City (optional)').fill('Berl');
    await page
      .getByRole('listbox')
      .getByRole('option', { name: /^Berlin/ })
      .first()
      .click();
    await expect(page.getByLabel('Country')).toHaveValue('DE');
    await page.getByLabel('Minimum Salary').fill('60000');
    await page.getByLabel('Maximum Salary').fill('75000');
    await page.getByLabel('Currency').selectOption('EUR');
    await page.getByLabel('Pay period').selectOption('year');
    await page
      .getByLabel('Job Description')
      .fill('Build the platform our engineers deploy with, from anywhere in Germany or France.');
    await page.getByRole('button', { name: 'Create Job' }).click();
    await closeDialog(page, 'Job Created Successfully');
    await expect(page.getByLabel('Job Title')).toHaveValue('Web Developer');

    // Find it: what (a word of the company) + where (remote), then the new skill from the sidebar.
    await page.goto('/');
    await page.getByRole('combobox', { name: /What/ }).fill(suffix);
    await page.getByRole('combobox', { name: /Where/ }).fill('remote');
    // "Where" searches on Enter or a picked place (issue 29), not while typing.
    await page.getByRole('combobox', { name: /Where/ }).press('Enter');
    await expect(page).toHaveURL(new RegExp(`q=${suffix}.*where=remote`));
    const card = page.locator('#results article').filter({ hasText: title });
    await expect(card).toBeVisible();
    await expect(card).toContainText(/€60,000\s?–\s?(€)?75,000 a year/);
    await expect(card).toContainText('Remote (Germany, France)');
    await expect(card).toContainText('Berlin, Germany');
    const filters = page.getByRole('complementary', { name: 'Filters' });
    await filters
      .getByRole('navigation', { name: 'Skills' })
      .getByRole('link', { name: new RegExp(skill) })
      .click();
    await expect(page).toHaveURL(new RegExp(`skill=${skill.toLowerCase()}`));
    await expect(page.getByRole('heading', { name: '1 Job' })).toBeVisible();
    await expect(card).toBeVisible();
    const searchUrl = page.url();

    // Its company page, from the card.
    await card.getByRole('link', { name: companyName }).click();
    await expect(page).toHaveURL(/\/company\/fjord-labs-/);
    await expect(page.getByRole('heading', { level: 1, name: companyName })).toBeVisible();
    await expect(page.getByRole('link', { name: /fjord\.example/ })).toHaveAttribute('href', 'https://fjord.example');
    await expect(page.getByText('1 open job', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: title })).toBeVisible();
    // Alice created it: she may edit it and manage its members.
    await expect(page.getByRole('button', { name: 'Edit company' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Members' })).toContainText(ALICE);
    await expectNoAxeViolations(page, 'company page');
    const companyUrl = page.url();

    // The job page while open: the closing date; its poster is offered Edit and the applicants (issue 29).
    await page.getByRole('link', { name: title }).click();
    await expect(page.getByText('Applications close on')).toBeVisible();
    await expect(page.getByRole('link', { name: 'View applicants' })).toBeVisible();
    const jobUrl = page.url();

    // Close it from My Jobs (after a confirmation).
    await page.goto('/my-job');
    await page.getByLabel('Search my jobs by title').fill(suffix);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const row = page.locator('tbody tr').filter({ hasText: title });
    await expect(row).toContainText('Open');
    await row.getByRole('button', { name: `Close ${title}` }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Close this job?');
    await dialog.getByRole('button', { name: 'Yes, close it' }).click();
    await expect(row).toContainText('Closed');
    await expect(row.getByRole('button', { name: `Reopen ${title}` })).toBeVisible();

    // Gone from search and from its company's open jobs; its page says so, without Apply.
    await expectGoneFromSearch(page, searchUrl);
    await page.goto(companyUrl);
    await expect(page.getByText(`${companyName} has no open jobs at the moment.`)).toBeVisible();
    await page.goto(jobUrl);
    await expect(page.getByTestId('not-accepting')).toContainText('This job is no longer accepting applications');
    await expect(page.getByRole('button', { name: 'Apply Now' })).toHaveCount(0);
    await expectNoAxeViolations(page, 'closed job page');

    // The server refuses applications too (another user, through the API).
    const jobId = new URL(jobUrl).pathname.split('/').pop() ?? '';
    const bob = await page
      .context()
      .browser()
      ?.newContext({ baseURL: new URL(page.url()).origin });
    if (bob) {
      const signIn = await bob.request.post('/api/auth/signin', {
        data: { email: 'bob@example.com', password: 'jobboard-demo' },
      });
      expect(signIn.status()).toBe(200);
      const apply = await bob.request.post('/api/apply/apply-job', { data: { job: jobId } });
      expect(apply.status()).toBe(409);
      expect(((await apply.json()) as { message: string }).message).toBe(
        'This job is no longer accepting applications',
      );
      await bob.close();
    }
  });
});

async function expectGoneFromSearch(page: Page, searchUrl: string) {
  await page.goto(searchUrl);
  await expect(page.getByRole('heading', { name: '0 Jobs' })).toBeVisible();
  await expect(page.getByText('No Data Found !')).toBeVisible();
}
