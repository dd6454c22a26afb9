import { expect, test } from '@playwright/test';
import { ALICE, fillJobForm, shootScreens, signInFast, uniqueSuffix } from './fixtures';

/*
 * A job's language (issue 35, item 6), as a poster and a seeker meet it: the form asks it, the job page marks the
 * text with it and says so to a reader of another language, search matches the job's words in that language, and
 * the filters narrow by it. With SHOTS_DIR set, the form, the job page and the filtered results are photographed.
 */
test('a German job: posted in German, marked so, found by German words, narrowed by the language filter', async ({
  page,
}) => {
  const word = `Buchhalter${uniqueSuffix().replace(/\W/g, '')}`;
  await signInFast(page, ALICE);
  await page.goto('/post-job');
  await fillJobForm(page, word);
  const language = page.getByLabel('Language of the posting');
  await expect(language).toHaveValue('en');
  await language.selectOption('de');
  await page.getByLabel('Job Description').fill('Wir suchen Verstärkung für unsere Buchhaltung in London.');
  await shootScreens(page, 'job-language-form');
  await page.getByRole('button', { name: 'Create Job' }).click();
  await page.getByRole('link', { name: 'View the job' }).click();

  await expect(page.getByRole('heading', { level: 1, name: word })).toHaveAttribute('lang', 'de');
  await expect(page.getByTestId('job-description')).toHaveAttribute('lang', 'de');
  await expect(page.getByTestId('job-language')).toHaveText('Written in German');
  await shootScreens(page, 'job-language-page');

  // "Buchhaltungen" stems to "buchhalt" in German only: the English stem ("buchhaltungen") would miss the job.
  await page.goto(`/?q=Buchhaltungen%20${encodeURIComponent(word)}`);
  await expect(page.getByRole('link', { name: word })).toBeVisible();

  await page.goto(`/?q=${encodeURIComponent(word)}`);
  const filter = page.getByLabel('Language of the job').filter({ visible: true });
  await filter.selectOption('fr');
  await expect(page).toHaveURL(/language=fr/);
  await expect(page.getByTestId('empty-results')).toBeVisible();
  await page.getByLabel('Language of the job').filter({ visible: true }).selectOption('de');
  await expect(page).toHaveURL(/language=de/);
  await expect(page.getByRole('link', { name: word })).toBeVisible();
  await shootScreens(page, 'job-language-results');
});
