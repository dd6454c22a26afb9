import { expect, test, type Page } from '@playwright/test';
import {
  applyAs,
  CAROL,
  DEMO_PASSWORD,
  expectNoAxeViolations,
  linkFromOutbox,
  mailFromOutbox,
  openResponses,
  shootDialog,
  shootScreens,
  signInFast,
  signUpAs,
  uniqueSuffix,
} from './fixtures';

/*
 * Issue 33, items 7 and 8 (decision record 43): Carol, an owner, moves a candidate to Offer with her own message,
 * sees the undo window, and the message is what is sent after it; then she invites a viewer, who accepts and
 * reads Responses without a way to change them.
 */

test.setTimeout(120_000);

/** A company of Carol's with one job and one fresh applicant to it. */
async function companyWithApplicant(carol: Page, page: Page, n: string) {
  const company = await carol.request.post('/api/companies', { data: { name: `Team Harbour ${n}` } });
  expect(company.status(), await company.text()).toBe(201);
  const { id: companyId, slug } = (await company.json()) as { id: string; slug: string };
  const posted = await carol.request.post('/api/job/post-job', {
    data: {
      jobTitle: `Harbour Pilot ${n}`,
      companyId,
      jobLocation: 'London',
      employmentType: 'Full-time',
      experienceLevel: 'Any Experience',
      salaryType: 'Yearly',
      minPrice: '$20k',
      maxPrice: '$120k',
      description: 'A job whose candidate is moved to Offer with an edited message in the end-to-end test.',
      skills: [{ value: 'React', label: 'React' }],
    },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  const { insertedId: jobId } = (await posted.json()) as { insertedId: string };
  const seekerEmail = await signUpAs(page, 'Olive Offer', `offer-${n}`);
  await applyAs(page, jobId);
  return { slug, jobId, seekerEmail };
}

test('an owner moves a candidate to Offer with an edited message: the undo window, then that message is sent', async ({
  browser,
  page,
}) => {
  const n = uniqueSuffix();
  const carol = await (await browser.newContext()).newPage();
  await signInFast(carol, CAROL, DEMO_PASSWORD);
  const { jobId, seekerEmail } = await companyWithApplicant(carol, page, n);

  const row = await openResponses(carol, jobId, seekerEmail);
  await row.getByRole('combobox', { name: /^Stage of Olive Offer/ }).selectOption('offer');
  await row.getByRole('button', { name: /^Move Olive Offer/ }).click();
  const dialog = carol.getByRole('dialog', { name: 'Move Olive Offer to Offer?' });
  const message = `Your offer: 52,000 a year, starting in March (${n}).`;
  await dialog.getByLabel('Your message (plain text)').fill(message);
  await expectNoAxeViolations(carol, 'the move dialog');
  await shootDialog(carol, 'stage-move-dialog', { fullPage: true });
  await dialog.getByRole('button', { name: 'Move and e-mail' }).click();
  await expect(carol.getByTestId('stage-note')).toHaveText(
    /^Olive Offer moved to Offer; the e-mail to them goes in \d+ seconds\.Undo$/,
  );
  await expect(carol.getByTestId('stage-note')).toHaveText('Olive Offer moved to Offer; they were e-mailed about it.', {
    timeout: 40_000,
  });
  const mail = await mailFromOutbox(seekerEmail, /offer/i);
  expect(mail.body).toContain(message);
  expect(mail.body).not.toContain('They will be in touch about the next steps.');
});

test('an owner invites a viewer, who accepts and reads Responses without changing them', async ({ browser, page }) => {
  const n = uniqueSuffix();
  const carol = await (await browser.newContext()).newPage();
  await signInFast(carol, CAROL, DEMO_PASSWORD);
  const { slug, jobId, seekerEmail } = await companyWithApplicant(carol, page, n);

  await carol.goto(`/company/${slug}`);
  const members = carol.getByRole('region', { name: 'Members' });
  await members.getByLabel('Invite a member by e-mail').fill(`viewer-${n}@example.com`);
  await members.getByLabel('Role', { exact: true }).selectOption('viewer');
  await members.getByRole('button', { name: 'Send invitation' }).click();
  await expect(members.getByRole('status')).toContainText(`An invitation was sent to viewer-${n}@example.com`);
  await expect(members).toContainText(`viewer-${n}@example.com (Viewer)`);
  await expect(carol.getByTestId('stage-templates')).toContainText('Hiring stages and e-mails');
  await expectNoAxeViolations(carol, 'members and stage settings');
  await shootScreens(carol, 'members-and-templates');

  // The viewer signs up with the invited address and accepts by the mailed link.
  const viewer = await (await browser.newContext()).newPage();
  await signUpAs(viewer, 'Vera Viewer', `viewer-${n}`);
  await viewer.goto(await linkFromOutbox(`viewer-${n}@example.com`, '/company-invitation'));
  const accepted = viewer.waitForResponse((r) => r.url().endsWith('/api/invitations/accept'));
  await viewer.getByRole('button', { name: 'Accept invitation' }).click();
  expect((await accepted).status()).toBe(200);
  await expect((await accepted).json()).resolves.toMatchObject({ accepted: true, company: { slug } });

  const row = await openResponses(viewer, jobId, seekerEmail);
  await expect(row.getByTestId('stage-read-only')).toContainText('Applied');
  await expect(row.getByRole('combobox', { name: /^Stage of/ })).toHaveCount(0);
  // Notes are read, not written: the server refuses a viewer's note, so the form is not offered.
  await row.getByRole('button', { name: /^Notes on Olive Offer/ }).click();
  await expect(viewer.getByText('No notes yet.')).toBeVisible();
  await expect(viewer.getByLabel('Add a note')).toHaveCount(0);
  await expectNoAxeViolations(viewer, 'responses for a viewer');

  // Carol sees the viewer among the members, with a role she may change.
  await carol.reload();
  await expect(carol.getByLabel(`Role of viewer-${n}@example.com`)).toHaveValue('viewer', { timeout: 30_000 });
});
