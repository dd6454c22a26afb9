import { expect, test, type Page } from '@playwright/test';
import {
  applyInDialog,
  CAROL,
  calendarParts,
  fillJobForm,
  mailFromOutbox,
  minimalPdf,
  openResponses,
  shootDialog,
  shootScreens,
  signInFast,
  signUpAs,
  uniqueSuffix,
} from './fixtures';

/*
 * Issue 33's hiring loop in one story, through the screens: Carol drafts a job, previews the draft, posts it with
 * two screening questions; a seeker stores a CV and applies with it, answering them; Carol gets the e-mail, opens
 * the candidate from it, writes and proposes two times; the candidate picks one and both get the invitation
 * (.ics, METHOD:REQUEST, the picked time); Carol moves them to Offer with her own message, which is sent once the
 * undo window (5 s on the e2e server) has passed.
 */

// With SHOTS_DIR set, 40 full-page screenshots more than the journey's own minute and a half.
test.describe.configure({ timeout: process.env.SHOTS_DIR ? 300_000 : 120_000 });

/** Post a Job: two questions added, the draft saved, previewed from My Jobs and resumed with them; the job created. */
async function postWithDraftAndQuestions(carol: Page, title: string): Promise<string> {
  await carol.goto('/post-job');
  await fillJobForm(carol, title);
  const section = carol.getByRole('region', { name: 'How to apply' });
  await section.getByRole('button', { name: 'Add a question' }).click();
  await section.getByRole('textbox', { name: 'Question 1', exact: true }).fill('Can you work in the EU?');
  await section.getByLabel('Knock-out answer').selectOption('no');
  await section.getByLabel('Required').first().check();
  await section.getByRole('button', { name: 'Add a question' }).click();
  await section.getByLabel('Kind').nth(1).selectOption('number');
  await section.getByRole('textbox', { name: 'Question 2', exact: true }).fill('Years of TypeScript');
  await section.scrollIntoViewIfNeeded();
  await shootScreens(carol, 'hiring-job-form');
  await carol.getByRole('button', { name: 'Save draft' }).click();
  await expect(carol.getByTestId('draft-status')).toContainText('Draft saved');
  await expect(carol).toHaveURL(/\/post-job\?draft=/);

  await carol.goto('/my-job');
  const drafts = carol.getByRole('list', { name: 'Drafts' });
  await drafts.getByRole('button', { name: `Preview ${title}` }).click();
  const preview = carol.getByRole('dialog', { name: /Preview/ });
  await expect(preview.getByRole('heading', { name: title })).toBeVisible();
  await expect(preview).toContainText('Build and ship delightful features');
  await shootDialog(carol, 'hiring-draft-preview');
  await preview.getByRole('button', { name: 'Close' }).click();
  await drafts.getByRole('link', { name: `Resume ${title}` }).click();
  await expect(carol.getByLabel('Job Title')).toHaveValue(title);
  // The draft kept the questions as they were typed.
  await expect(section.getByRole('textbox', { name: 'Question 1', exact: true })).toHaveValue(
    'Can you work in the EU?',
  );
  await expect(section.getByRole('textbox', { name: 'Question 2', exact: true })).toHaveValue('Years of TypeScript');

  await carol.getByRole('button', { name: 'Create Job' }).click();
  const created = carol.getByRole('dialog');
  await expect(created).toContainText('Job Created Successfully');
  await created.getByRole('link', { name: 'View the job' }).click();
  await expect(carol.getByRole('heading', { name: title })).toBeVisible();
  return carol.url().split('/job/')[1] ?? '';
}

/** The seeker's profile: one CV stored. */
async function storeCv(seeker: Page, n: string): Promise<void> {
  await seeker.goto('/profile');
  const cvs = seeker.getByRole('region', { name: 'Your CVs' });
  await cvs.getByLabel(/Add a CV/).setInputFiles({
    name: 'Journey CV.pdf',
    mimeType: 'application/pdf',
    buffer: minimalPdf(`Journey ${n}`),
  });
  await expect(cvs.getByTestId('stored-cv')).toHaveCount(1);
}

/** The candidate page: a message, then two times proposed (17 and 19 May 2031, Paris time). */
async function messageAndPropose(carol: Page): Promise<void> {
  await carol.getByLabel('Write to Jo Journey').fill('Hello Jo, thank you: could we talk in May?');
  await carol.getByRole('button', { name: 'Send message' }).click();
  await expect(carol.getByRole('list', { name: 'Messages' })).toContainText('could we talk in May?');
  await carol.getByRole('button', { name: 'Propose an interview' }).click();
  const form = carol.getByRole('form', { name: 'Propose interview times' });
  await form.getByLabel('Time 1').fill('2031-05-17T14:30');
  await form.getByRole('button', { name: 'Add another time' }).click();
  await form.getByLabel('Time 2').fill('2031-05-19T09:00');
  await form.getByLabel('Time zone').selectOption('Europe/Paris');
  await form.getByLabel('Place or video link').fill('https://meet.example/journey');
  await form.getByRole('button', { name: 'Propose times' }).click();
  await expect(carol.getByText('Waiting for the candidate to pick a time')).toBeVisible();
}

/** Both sides' "Interview booked" e-mails carry the invitation for 19 May 2031, 09:00 in Paris. */
async function expectInvitations(addresses: string[], title: string): Promise<void> {
  const subject = new RegExp(`^Interview booked: ${title}$`);
  for (const address of addresses) {
    const mail = await mailFromOutbox(address, subject);
    const calendars = await calendarParts(mail.raw);
    expect(calendars.length, `a calendar part in the mail to ${address}`).toBeGreaterThan(0);
    for (const ics of calendars) {
      expect(ics).toContain('METHOD:REQUEST');
      expect(ics).toMatch(/DTSTART;TZID=Europe\/Paris:20310519T090000/);
    }
  }
}

test('the hiring loop: draft, questions, stored CV, e-mail, messages, interview times, the offer', async ({
  browser,
}) => {
  const n = uniqueSuffix();
  const title = `Journey Engineer ${n}`;
  const carol = await (await browser.newContext()).newPage();
  await signInFast(carol, CAROL);
  const jobId = await postWithDraftAndQuestions(carol, title);

  // The seeker: a new account, a stored CV, the application with the CV picked and both questions answered.
  const seeker = await (await browser.newContext()).newPage();
  const seekerEmail = await signUpAs(seeker, 'Jo Journey', `journey-${n}`, { confirm: true });
  await storeCv(seeker, n);
  await applyInDialog(seeker, jobId, title, async (dialog) => {
    await expect(
      dialog.getByRole('group', { name: 'CV' }).getByRole('radio', { name: /journey-cv\.pdf/ }),
    ).toBeChecked();
    const answers = dialog.getByTestId('screening-answers');
    await answers.getByLabel(/Can you work in the EU/).selectOption('yes');
    await answers.getByLabel(/Years of TypeScript/).fill('6');
    await shootDialog(seeker, 'hiring-apply-dialog');
  });

  // Carol's e-mail names the applicant and links to the job's Responses.
  const mail = await mailFromOutbox(CAROL, new RegExp(`^New application: ${title}$`));
  expect(mail.body).toContain('Jo Journey applied');
  const link = /https?:\/\/[^\s/]+(\/responses\?job=[0-9a-f-]+)/.exec(mail.body)?.[1] ?? '';
  expect(link).toBe(`/responses?job=${jobId}`);
  await carol.goto(link);
  const row = carol.getByTestId('response-row').filter({ hasText: seekerEmail });
  await expect(carol.getByTestId('application-materials')).toContainText('journey-cv.pdf');
  await expect(carol.getByTestId('screening-answers-view')).toContainText('Years of TypeScript');
  await shootScreens(carol, 'hiring-responses');

  await row.getByRole('link', { name: 'Jo Journey' }).click();
  await expect(carol.getByRole('heading', { level: 1, name: 'Jo Journey' })).toBeVisible();
  await messageAndPropose(carol);
  await shootScreens(carol, 'hiring-candidate-proposed');

  // The candidate reads the message from Applied Jobs and picks the second time.
  await seeker.goto('/jobs-applied');
  await seeker.getByRole('link', { name: 'Messages and interviews' }).first().click();
  await expect(seeker.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(seeker.getByRole('list', { name: 'Messages' })).toContainText('could we talk in May?');
  await shootScreens(seeker, 'hiring-interview-picking');
  await seeker
    .getByRole('button', { name: /^Pick .*2031.*Europe\/Paris/ })
    .nth(1)
    .click();
  await expect(seeker.getByText(/^Booked: .*2031/)).toBeVisible();
  await shootScreens(seeker, 'hiring-messages');
  await expectInvitations([seekerEmail, CAROL], title);

  // Carol sees the booking, its time once; then the offer, with her message, after the undo window.
  await carol.reload();
  const booked = carol.getByText(/^Booked: .*2031/);
  await expect(booked).toBeVisible();
  const bookedTime = ((await booked.textContent()) ?? '').replace(/^Booked: /, '');
  await expect(carol.getByText(bookedTime, { exact: false })).toHaveCount(1);
  await shootScreens(carol, 'hiring-candidate-booked');

  const responsesRow = await openResponses(carol, jobId, seekerEmail);
  await responsesRow.getByRole('combobox', { name: /^Stage of Jo Journey/ }).selectOption('offer');
  await responsesRow.getByRole('button', { name: /^Move Jo Journey/ }).click();
  const dialog = carol.getByRole('dialog', { name: 'Move Jo Journey to Offer?' });
  const offer = `Your offer: 61,000 a year, starting in June (${n}).`;
  await dialog.getByLabel('Your message (plain text)').fill(offer);
  await dialog.getByRole('button', { name: 'Move and e-mail' }).click();
  const note = carol.getByTestId('stage-note');
  await expect(note).toHaveText(/^Jo Journey moved to Offer; the e-mail to them goes in \d+ seconds\.Undo$/);
  await expect(note).toHaveText('Jo Journey moved to Offer; they were e-mailed about it.', { timeout: 40_000 });
  const offerMail = await mailFromOutbox(seekerEmail, /offer/i);
  expect(offerMail.body).toContain(offer);

  await carol.request.patch(`/api/job/update-job/${jobId}`, { data: { status: 'closed' } });
  await carol.context().close();
  await seeker.context().close();
});
