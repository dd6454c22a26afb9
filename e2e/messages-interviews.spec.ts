import { expect, test } from '@playwright/test';
import {
  applyAs,
  CAROL,
  DEMO_PASSWORD,
  expectNoAxeViolations,
  mailFromOutbox,
  openResponses,
  postJobAs,
  shootScreens,
  signInFast,
  signUpAs,
  uniqueSuffix,
} from './fixtures';

/*
 * Messages and interviews (issue 33 items 5 and 6; decision record 42): Carol opens a candidate's page from
 * Responses, writes to them and proposes two times; the candidate answers from Applied Jobs and picks one; both see
 * the interview booked, and Carol's invitation is in the outbox.
 */

test('the employer messages a candidate and proposes times; the candidate replies and picks one', async ({
  browser,
  page,
}) => {
  // Two people, two pages, axe twice and eight screenshots.
  test.setTimeout(180_000);
  const n = uniqueSuffix();
  const title = `Interview Job ${n}`;

  const carol = await browser.newContext();
  const carolPage = await carol.newPage();
  await signInFast(carolPage, CAROL, DEMO_PASSWORD);
  const jobId = await postJobAs(carolPage, title);
  const seekerEmail = await signUpAs(page, 'Tess Talker', `talker-${n}`);
  await applyAs(page, jobId, { coverNote: 'I would love to talk.' });

  // Carol opens the candidate page from the Responses row's name.
  const row = await openResponses(carolPage, jobId, seekerEmail);
  await row.getByRole('link', { name: 'Tess Talker' }).click();
  await expect(carolPage.getByRole('heading', { level: 1, name: 'Tess Talker' })).toBeVisible();
  await expect(carolPage.getByText('I would love to talk.')).toBeVisible();

  await carolPage.getByLabel('Write to Tess Talker').fill('Hello Tess, could we talk next month?');
  await carolPage.getByRole('button', { name: 'Send message' }).click();
  await expect(carolPage.getByRole('list', { name: 'Messages' })).toContainText('could we talk next month?');

  await carolPage.getByRole('button', { name: 'Propose an interview' }).click();
  const form = carolPage.getByRole('form', { name: 'Propose interview times' });
  await form.getByLabel('Time 1').fill('2031-05-17T14:30');
  await form.getByRole('button', { name: 'Add another time' }).click();
  await form.getByLabel('Time 2').fill('2031-05-19T09:00');
  await form.getByLabel('Time zone').selectOption('Europe/Paris');
  await form.getByLabel('Place or video link').fill('https://meet.example/e2e');
  await form.getByRole('button', { name: 'Propose times' }).click();
  await expect(carolPage.getByText('Waiting for the candidate to pick a time')).toBeVisible();
  await expectNoAxeViolations(carolPage, 'the candidate page');

  // The candidate's side, from Applied Jobs: the header and the row say a message waits, until it is read.
  await page.goto('/jobs-applied');
  const main = page.getByRole('navigation', { name: 'Main' });
  await expect(main.getByRole('link', { name: /^Applied Jobs\W+1 unread message$/ })).toBeVisible();
  await expect(page.getByTestId('unread-messages')).toHaveText('1 new message');
  await page.getByRole('link', { name: 'Messages and interviews' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Messages' })).toContainText('could we talk next month?');
  await expect(main.getByRole('link', { name: 'Applied Jobs', exact: true })).toBeVisible();
  await page.getByLabel('Write to E2E Widgets').fill('Gladly, thank you!');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('list', { name: 'Messages' })).toContainText('Gladly, thank you!');
  await page
    .getByRole('button', { name: /^Pick .*2031.*Europe\/Paris/ })
    .first()
    .click();
  await expect(page.getByText(/^Booked: /)).toBeVisible();
  await expectNoAxeViolations(page, "the candidate's thread");
  await shootScreens(page, 'seeker-thread');

  // Carol sees the reply and the booking; her invitation is in the outbox.
  await carolPage.reload();
  await expect(carolPage.getByRole('list', { name: 'Messages' })).toContainText('Gladly, thank you!');
  await expect(carolPage.getByText(/^Booked: /)).toBeVisible();
  // Other specs book interviews with Carol at the same time: the subject names this job.
  const invitation = await mailFromOutbox(CAROL, new RegExp(`^Interview booked: ${title}$`));
  expect(invitation.body).toContain(title);
  await shootScreens(carolPage, 'candidate-page');
  await carol.close();
});
