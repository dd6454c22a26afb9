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

describe('post a job', () => {
  it('explains that the address must be confirmed first, with a way to a new link, instead of the form', async () => {
    const unverified: Account = { ...alice, emailVerified: false, pendingEmail: null };
    mockFetch((url) => (url === '/api/auth/resend-verification' ? { body: { success: true, message: MESSAGES.verificationSent } } : undefined));
    renderPage(<PostJobPage />, { path: '/post-job', user: unverified });
    expect(screen.getByTestId('confirm-to-post')).toHaveTextContent(`We sent a link to ${alice.email}`);
    expect(screen.queryByLabelText('Job Title')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create Job' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send the link again' }));
    await waitFor(() => expect(screen.getByTestId('resend-status')).toHaveTextContent(MESSAGES.verificationSent));
  });

  it('gives a confirmed user the form', async () => {
    const verified: Account = { ...alice, emailVerified: true, pendingEmail: null };
    mockFetch(() => undefined);
    renderPage(<PostJobPage />, { path: '/post-job', user: verified });
    expect(await screen.findByRole('button', { name: 'Create Job' })).toBeInTheDocument();
    expect(screen.queryByTestId('confirm-to-post')).not.toBeInTheDocument();
  });
});
