import { expect, test } from '@playwright/test';
import { ALICE, BOB, CAROL, closeDialog, fillJobForm, signInFast, uniqueSuffix } from './fixtures';

test.describe('posting, applying and responses', () => {
  test('post, find, edit, apply (as another user), see the response, delete', async ({ browser }) => {
    const title = `E2E Engineer ${uniqueSuffix()}`;
    const carolContext = await browser.newContext();
    const page = await carolContext.newPage();
    await signInFast(page, CAROL);

    // Post: empty form is refused, a full one is created and the form resets.
    await page.goto('/post-job');
    await expect(page.getByLabel('Job Title')).toHaveValue('Web Developer');
    await page.getByLabel('Job Title').fill('');
    await page.getByRole('button', { name: 'Create Job' }).click();
    await expect(page.getByText('Job title is required')).toBeVisible();
    await expect(page.getByText('Choose at least one skill')).toBeVisible();
    await fillJobForm(page, title);
    await page.getByRole('button', { name: 'Create Job' }).click();
    await closeDialog(page, 'Job Created Successfully');
    await expect(page.getByLabel('Job Title')).toHaveValue('Web Developer');
    await expect(page.getByRole('button', { name: 'Remove React' })).toHaveCount(0);

    // My jobs: search locally by title, edit.
    await page.goto('/my-job');
    await expect(page.getByRole('heading', { name: 'All My Jobs' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'POST A NEW JOB' })).toHaveAttribute('href', '/post-job');
    for (const header of ['NO.', 'TITLE', 'COMPANY NAME', 'SALARY'])
      await expect(page.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
    await page.getByLabel('Search my jobs by title').fill(title.toUpperCase());
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.locator('tbody tr')).toHaveCount(1);
    await expect(page.locator('tbody')).toContainText(title);
    await page.getByRole('link', { name: `Edit ${title}` }).click();
    await expect(page).toHaveURL(/\/edit-job\//);
    await expect(page.getByLabel('Job Title')).toHaveValue(title);
    await expect(page.getByLabel('Company', { exact: true }).locator('option:checked')).toHaveText('E2E Widgets');
    const patches: { skills?: unknown }[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PATCH') patches.push(r.postDataJSON() as { skills?: unknown });
    });
    await page.getByLabel('Maximum Salary').fill('130000');
    await page.getByRole('button', { name: 'Update Job' }).click();
    await closeDialog(page, 'Job Updated Successfully');
    expect(patches[0]?.skills).toEqual([
      { value: 'React', label: 'React' },
      { value: 'Node', label: 'Node' },
    ]);
    const jobUrl = page.url().replace('/edit-job/', '/job/');

    // The poster is offered Edit and their applicants instead of Apply Now (the API still refuses
    // 'You cannot apply to your own posted job': applications.api.test.ts).
    await page.goto(jobUrl);
    await expect(page.getByText(/\$20,000\s?–\s?\$?130,000 a year/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Edit', exact: true })).toHaveAttribute('href', /\/edit-job\//);
    await expect(page.getByRole('link', { name: 'View applicants' })).toHaveAttribute('href', /\/responses\?job=/);
    await expect(page.getByRole('button', { name: 'Apply Now' })).toHaveCount(0);

    // Bob applies; the button becomes disabled with the note beside it.
    const bobContext = await browser.newContext();
    const bob = await bobContext.newPage();
    await signInFast(bob, BOB);
    await bob.goto(jobUrl);
    await bob.getByRole('button', { name: 'Apply Now' }).click();
    // The apply dialog (decision record 23): sent without a note or CV, the spec's one-click application.
    await bob
      .getByRole('dialog', { name: /^Apply to / })
      .getByRole('button', { name: 'Send application' })
      .click();
    await closeDialog(bob, 'Applied Successfully');
    const applyButton = bob.getByRole('button', { name: 'Apply Now' });
    await expect(applyButton).toBeDisabled();
    await expect(bob.getByTestId('already-applied-note')).toHaveText("You've already applied to this job");
    await expect(bob.getByTestId('already-applied-note')).toBeVisible();

    // Bob's applied list has it, with the salary in dollars and the date.
    await bob.goto('/jobs-applied');
    await expect(bob.getByRole('heading', { name: 'Your Applied Jobs' })).toBeVisible();
    for (const header of ['NO.', 'TITLE', 'COMPANY NAME', 'SALARY', 'APPLICATION DATE'])
      await expect(bob.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
    let found = false;
    for (let i = 0; i < 5 && !found; i += 1) {
      found = (await bob.locator('tbody').textContent())?.includes(title) ?? false;
      if (!found) await bob.getByRole('button', { name: 'Next' }).click();
    }
    expect(found).toBe(true);
    const row = bob.locator('tbody tr', { hasText: title });
    // Pay as it was posted (structured, in dollars a year), not the spec's "$min - $max" of free-text fields.
    await expect(row).toContainText('$20,000 – $130,000 a year');
    await expect(row).toContainText(new Date().toISOString().slice(0, 10));

    // Carol sees the response with Bob's resume link.
    await page.goto('/responses');
    await expect(page.getByRole('heading', { name: 'Job Responses' })).toBeVisible();
    for (const header of ['NO.', 'TITLE', 'NAME', 'RESUME LINK', 'E-MAIL', 'APPLICATION DATE'])
      await expect(page.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
    const response = page.locator('tbody tr', { hasText: title });
    await expect(response).toContainText('bob@example.com');
    const resume = response.getByRole('link', { name: /Resume/ });
    await expect(resume).toHaveAttribute('target', '_blank');

    // Delete asks first, then removes the row.
    await page.goto('/my-job');
    await page.getByLabel('Search my jobs by title').fill(title);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('button', { name: `Delete ${title}` }).click();
    await expect(page.getByRole('dialog')).toContainText('Are you sure?');
    await page.getByRole('dialog').getByRole('button', { name: 'Yes, delete it!' }).click();
    await closeDialog(page, 'Job Deleted successfully');
    await expect(page.locator('tbody')).toContainText('No Data Found !');
    await carolContext.close();
    await bobContext.close();
  });

  test('table paging works at the edges (4 rows a page)', async ({ page }) => {
    await signInFast(page, ALICE);
    await page.goto('/my-job');
    await expect(page.locator('tbody tr')).toHaveCount(4);
    // My Jobs: Previous appears only above page 1; Next only while rows remain.
    await expect(page.getByRole('button', { name: 'Previous' })).toHaveCount(0);
    const firstRow = await page.locator('tbody tr').first().textContent();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.locator('tbody tr').first()).not.toHaveText(firstRow ?? '');
    await expect(page.locator('tbody tr').first()).toContainText('5');
    await expect(page.getByRole('button', { name: 'Previous' })).toBeVisible();
    // Each click waits for its page (in the URL, and its rows on screen) before looking for Next again: a Next still
    // on screen from the page before would otherwise be clicked as it goes away, and the click would wait for it
    // until the test timed out (the URL changes before the new page's rows arrive).
    for (let shown = 2; (await page.getByRole('button', { name: 'Next' }).count()) > 0 && shown < 100; shown += 1) {
      const before = await page.locator('tbody tr').first().textContent();
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(page).toHaveURL(new RegExp(`[?&]page=${shown + 1}(&|$)`));
      await expect(page.locator('tbody tr').first()).not.toHaveText(before ?? '');
    }
    const lastRows = await page.locator('tbody tr').count();
    expect(lastRows).toBeGreaterThanOrEqual(1);
    expect(lastRows).toBeLessThanOrEqual(4);

    // Responses (alice received several): Previous disabled on page 1, Next disabled on the last.
    await page.goto('/responses');
    await expect(page.locator('tbody tr')).toHaveCount(4);
    await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
    // As above, each click waits for its page to render ("Page 3 of 4"): a Next seen enabled on the page before and
    // disabled as the last page renders would be waited for until the test timed out.
    const responsesNext = page.getByRole('button', { name: 'Next' });
    for (let shown = 1; (await responsesNext.isEnabled()) && shown < 100; shown += 1) {
      await responsesNext.click();
      await expect(page.getByText(new RegExp(`^Page ${shown + 1} of \\d+$`))).toBeVisible();
    }
    await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Previous' })).toBeEnabled();
    await expect(page.getByText(/No Resume Listed|Resume/).first()).toBeVisible();
  });
});
