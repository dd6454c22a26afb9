import type { Account, Application } from '@jobboard/shared';
import { MESSAGES } from '@jobboard/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '../../../lib/query-keys';
import { alice, job, mockFetch, renderPage } from '../../../test/render';
import { EditJobPage, NOT_YOUR_JOB } from './EditJobPage';
import { JobPage } from './JobPage';
import { PostJobPage } from './PostJobPage';

const carol = { ...alice, _id: 'u3', name: 'Carol', username: 'carol', email: 'carol@example.com' };

describe('edit job', () => {
  it("shows another user's job as not yours, without the form", async () => {
    mockFetch((url) => (url === '/api/job/all-jobs/j1' ? { body: job } : undefined));
    renderPage(<EditJobPage />, { path: '/edit-job/j1', route: '/edit-job/:id', user: alice });
    expect(await screen.findByRole('alert')).toHaveTextContent(NOT_YOUR_JOB);
    expect(screen.queryByLabelText('Job Title')).not.toBeInTheDocument();
    expect(screen.queryByDisplayValue(job.companyName)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update Job' })).not.toBeInTheDocument();
  });

  it('gives the poster the form, prefilled', async () => {
    mockFetch((url) => (url === '/api/job/all-jobs/j1' ? { body: job } : undefined));
    renderPage(<EditJobPage />, { path: '/edit-job/j1', route: '/edit-job/:id', user: carol });
    expect(await screen.findByLabelText('Job Title')).toHaveValue(job.jobTitle);
    expect(screen.getByRole('button', { name: 'Update Job' })).toBeInTheDocument();
  });
});

describe('job page', () => {
  it('says who posted it by public name and company; the address only when the answer carries it', async () => {
    const publicJob = { ...job, postedBy: job.posterName };
    mockFetch((url) => (url === '/api/job/all-jobs/j1' ? { body: publicJob } : undefined));
    const { unmount } = renderPage(<JobPage />, { path: '/job/j1', route: '/job/:id' });
    const posted = (await screen.findByText('Posted by')).closest('div') as HTMLElement;
    expect(posted).toHaveTextContent(`${job.posterName} at ${job.company.name}`);
    expect(posted).not.toHaveTextContent('@');
    unmount();
    mockFetch((url) => (url === '/api/job/all-jobs/j1' ? { body: job } : undefined));
    renderPage(<JobPage />, { path: '/job/j1', route: '/job/:id', user: carol });
    expect((await screen.findByText('Posted by')).closest('div')).toHaveTextContent(job.postedBy);
  });

  it('a visitor is refused with a link to sign in that comes back to this job', async () => {
    mockFetch((url) => (url === '/api/job/all-jobs/j1' ? { body: job } : undefined));
    renderPage(<JobPage />, { path: '/job/j1', route: '/job/:id' });
    await userEvent.click(await screen.findByRole('button', { name: 'Apply Now' }));
    const link = screen.getByRole('link', { name: 'Sign in to apply for jobs' });
    expect(link).toHaveAttribute('href', '/sign-in?next=%2Fjob%2Fj1');
  });

  it('says in plain text, not a hover tooltip, that the user already applied', async () => {
    const application = { _id: 'a1', user: alice._id, job: job._id } as Application;
    mockFetch((url) => {
      if (url === '/api/job/all-jobs/j1') return { body: job };
      if (url === `/api/apply/appliedJobs/${alice._id}`) return { body: [application] };
      return undefined;
    });
    const { client } = renderPage(<JobPage />, { path: '/job/j1', route: '/job/:id', user: alice });
    const button = await screen.findByRole('button', { name: 'Apply Now' });
    await waitFor(() => expect(button).toBeDisabled());
    expect(button).toHaveAccessibleDescription("You've already applied to this job");
    const note = screen.getByText("You've already applied to this job");
    expect(note).not.toHaveAttribute('role', 'tooltip');
    // Nothing hides it until hovered.
    expect(note.className).not.toMatch(/opacity-0|group-hover|sr-only|hidden/);
    expect(client.getQueryData(queryKeys.myApplications(alice._id))).toHaveLength(1);
  });

  it('shows the company initials when the logo fails to load', async () => {
    mockFetch((url) => (url === '/api/job/all-jobs/j1' ? { body: job } : undefined));
    renderPage(<JobPage />, { path: '/job/j1', route: '/job/:id' });
    const logo = await screen.findByRole('img', { name: 'Tidewater Labs logo' });
    expect(logo.tagName).toBe('IMG');
    fireEvent.error(logo);
    const fallback = screen.getByRole('img', { name: 'Tidewater Labs logo' });
    expect(fallback.tagName).not.toBe('IMG');
    expect(fallback).toHaveTextContent('TL');
  });
});

describe('job page: the job model', () => {
  it('an open job: formatted pay, City, Country, workplace, the closing date, the company linked, and Apply', async () => {
    const remote = {
      ...job,
      workplace: 'remote' as const,
      remoteCountries: ['DE', 'FR'],
      salary: { min: 60000, max: 75000, currency: 'EUR', period: 'year' as const },
      validThrough: '2099-01-31',
    };
    mockFetch((url) => (url === '/api/job/all-jobs/j1' ? { body: remote } : undefined));
    renderPage(<JobPage />, { path: '/job/j1', route: '/job/:id' });
    expect(await screen.findByRole('button', { name: 'Apply Now' })).toBeEnabled();
    expect(screen.getByText(/€60,000.*75,000 a year/)).toBeInTheDocument();
    expect(screen.getByText('London, United Kingdom')).toBeInTheDocument();
    expect(screen.getByText('Remote (Germany, France)')).toBeInTheDocument();
    expect(screen.getByText('Applications close on').nextElementSibling).toHaveTextContent('January 31, 2099');
    expect(screen.getByRole('link', { name: 'Tidewater Labs' })).toHaveAttribute('href', '/company/tidewater-labs');
    expect(screen.queryByTestId('not-accepting')).not.toBeInTheDocument();
  });

  it('a closed job: the banner and no Apply', async () => {
    mockFetch((url) => (url === '/api/job/all-jobs/j1' ? { body: { ...job, status: 'closed' } } : undefined));
    renderPage(<JobPage />, { path: '/job/j1', route: '/job/:id', user: alice });
    expect(await screen.findByTestId('not-accepting')).toHaveTextContent(
      'This job is no longer accepting applications',
    );
    expect(screen.getByTestId('not-accepting')).toHaveTextContent('The employer has closed this job.');
    expect(screen.queryByRole('button', { name: 'Apply Now' })).not.toBeInTheDocument();
    expect(screen.queryByText('Applications close on')).not.toBeInTheDocument();
  });

  it('an expired job: the banner says since when', async () => {
    mockFetch((url) =>
      url === '/api/job/all-jobs/j1' ? { body: { ...job, status: 'expired', validThrough: '2024-06-05' } } : undefined,
    );
    renderPage(<JobPage />, { path: '/job/j1', route: '/job/:id' });
    expect(await screen.findByTestId('not-accepting')).toHaveTextContent('Applications closed on June 5, 2024.');
    expect(screen.queryByRole('button', { name: 'Apply Now' })).not.toBeInTheDocument();
  });

  it("closed while the page was open: the server's 409 is shown and the page turns into the closed one", async () => {
    let status: 'open' | 'closed' = 'open';
    mockFetch((url, init) => {
      if (url === '/api/job/all-jobs/j1') return { body: { ...job, status } };
      if (url === '/api/apply/apply-job' && init?.method === 'POST') {
        status = 'closed';
        return {
          status: 409,
          body: { success: false, statusCode: 409, message: 'This job is no longer accepting applications' },
        };
      }
      if (url.startsWith('/api/apply/appliedJobs/')) return { body: [] };
      return undefined;
    });
    renderPage(<JobPage />, { path: '/job/j1', route: '/job/:id', user: alice });
    await userEvent.click(await screen.findByRole('button', { name: 'Apply Now' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Send application' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This job is no longer accepting applications');
    expect(await screen.findByTestId('not-accepting')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Apply Now' })).not.toBeInTheDocument();
  });
});

describe('the apply dialog (issue 14, point 1)', () => {
  const applyBodies: unknown[] = [];
  const serve = () =>
    mockFetch((url, init) => {
      if (url === '/api/job/all-jobs/j1') return { body: job };
      if (url.startsWith('/api/apply/appliedJobs/')) return { body: [] };
      if (url === '/api/apply/apply-job' && init?.method === 'POST') {
        applyBodies.push(JSON.parse(String(init.body)));
        return { status: 201, body: { acknowledged: true, insertedId: 'a1' } };
      }
      return undefined;
    });

  it("shows what the employer receives, counts the note, and sends it with the spec's fields", async () => {
    applyBodies.length = 0;
    serve();
    renderPage(<JobPage />, { path: '/job/j1', route: '/job/:id', user: alice });
    await userEvent.click(await screen.findByRole('button', { name: 'Apply Now' }));
    const dialog = await screen.findByRole('dialog', { name: `Apply to ${job.jobTitle}` });
    expect(dialog).toHaveTextContent(alice.email);
    expect(dialog).toHaveTextContent(alice.name);
    expect(screen.getByRole('link', { name: 'Edit your profile' })).toHaveAttribute('href', '/profile');
    await userEvent.type(screen.getByLabelText(/Cover note/), 'Hello there');
    expect(dialog).toHaveTextContent('11 / 5,000 characters');
    await userEvent.click(screen.getByRole('button', { name: 'Send application' }));
    await waitFor(() => expect(applyBodies).toEqual([{ job: job._id, user: alice._id, coverNote: 'Hello there' }]));
    // The spec's success dialog follows.
    expect(await screen.findByText(MESSAGES.appliedSuccessfully)).toBeInTheDocument();
  });

  it('refuses a file that is not a PDF or DOCX, or over 5 MB, next to the field, before sending anything', async () => {
    applyBodies.length = 0;
    serve();
    renderPage(<JobPage />, { path: '/job/j1', route: '/job/:id', user: alice });
    await userEvent.click(await screen.findByRole('button', { name: 'Apply Now' }));
    const input = await screen.findByLabelText(/^CV/);
    await userEvent.upload(input, new File(['MZ'], 'setup.exe', { type: 'application/x-msdownload' }), {
      applyAccept: false,
    });
    expect(await screen.findByText('CV must be a PDF or DOCX document')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.pdf', { type: 'application/pdf' });
    await userEvent.upload(input, big);
    expect(await screen.findByText('A CV is at most 5 MB')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send application' }));
    expect(applyBodies).toEqual([]);
  });
});

describe('post a job', () => {
  it('explains that the address must be confirmed first, with a way to a new link, instead of the form', async () => {
    const unverified: Account = { ...alice, emailVerified: false, pendingEmail: null, locale: null };
    mockFetch((url) =>
      url === '/api/auth/resend-verification'
        ? { body: { success: true, message: MESSAGES.verificationSent } }
        : undefined,
    );
    renderPage(<PostJobPage />, { path: '/post-job', user: unverified });
    expect(screen.getByTestId('confirm-to-post')).toHaveTextContent(`We sent a link to ${alice.email}`);
    expect(screen.queryByLabelText('Job Title')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create Job' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send the link again' }));
    await waitFor(() => expect(screen.getByTestId('resend-status')).toHaveTextContent(MESSAGES.verificationSent));
  });

  it('gives a confirmed user the form', async () => {
    const verified: Account = { ...alice, emailVerified: true, pendingEmail: null, locale: null };
    mockFetch(() => undefined);
    renderPage(<PostJobPage />, { path: '/post-job', user: verified });
    expect(await screen.findByRole('button', { name: 'Create Job' })).toBeInTheDocument();
    expect(screen.queryByTestId('confirm-to-post')).not.toBeInTheDocument();
  });
});
