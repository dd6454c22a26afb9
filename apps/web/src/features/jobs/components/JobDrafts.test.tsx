import type { Company, JobDraft } from '@jobboard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { alice, mockFetch, renderPage } from '../../../test/render';
import { draftFromForm, formFromDraft } from './draft-logic';
import { emptyJobForm } from './job-form-logic';
import { MyDrafts } from './MyDrafts';
import { PostJobPage } from './PostJobPage';

vi.mock('../../../components/ui/dialogs', () => ({ showSuccess: vi.fn(async () => undefined) }));

const acme: Company = {
  id: '11111111-1111-4111-8111-111111111111',
  slug: 'acme',
  name: 'Acme',
  logo: '',
  website: '',
  description: '',
  canEdit: true,
  openJobs: 3,
};
const complete = draftFromForm({
  ...emptyJobForm(),
  jobTitle: 'Drafted Engineer',
  employmentType: 'Full-time',
  experienceLevel: 'Any Experience',
  description: 'Build the web app with a friendly team.',
  company: acme.id,
  skills: [{ value: 'React', label: 'React' }],
  city: 'Berlin',
  country: 'DE',
  payMin: '60000',
  payMax: '75000',
  currency: 'EUR',
});
const draft = (id: string, payload: JobDraft['payload']): JobDraft => ({
  id,
  payload,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-21T10:00:00.000Z',
});

describe('drafts of Post a Job', () => {
  it('Save draft keeps the form as it is on the server, gives it an address, and saves it there next time', async () => {
    const fetch = mockFetch((url, init) => {
      if (url === '/api/companies/mine') return { body: [acme] };
      if (url === '/api/job-drafts' && init?.method === 'POST') {
        const { payload } = JSON.parse(String(init.body)) as { payload: JobDraft['payload'] };
        return { status: 201, body: draft('d1', payload) };
      }
      if (url === '/api/job-drafts/d1' && init?.method === 'PUT') return { body: draft('d1', {}) };
      return undefined;
    });
    renderPage(<PostJobPage />, { path: '/post-job', user: alice });
    await userEvent.clear(await screen.findByLabelText('Job Title'));
    await userEvent.type(screen.getByLabelText('Job Title'), 'Half done');
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/post-job?draft=d1'));
    expect(screen.getByTestId('draft-status')).toHaveTextContent('Draft saved');
    const posted = fetch.mock.calls.find(([url, init]) => url === '/api/job-drafts' && init?.method === 'POST');
    expect(JSON.parse(String(posted?.[1]?.body))).toMatchObject({
      payload: { jobTitle: 'Half done', payMin: '', applyOptions: { method: 'board', questions: [] } },
    });
    expect(await screen.findByLabelText('Job Title')).toHaveValue('Half done');

    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() =>
      expect(fetch.mock.calls.some(([url, init]) => url === '/api/job-drafts/d1' && init?.method === 'PUT')).toBe(true),
    );
  });

  it('a resumed draft fills the form, and Create Job publishes it through the normal creation, naming the draft', async () => {
    const fetch = mockFetch((url, init) => {
      if (url === '/api/companies/mine') return { body: [acme] };
      if (url === '/api/job-drafts/d7') return { body: draft('d7', complete) };
      if (url === '/api/job/post-job' && init?.method === 'POST')
        return { status: 201, body: { acknowledged: true, insertedId: 'j9' } };
      return undefined;
    });
    renderPage(<PostJobPage />, { path: '/post-job?draft=d7', user: alice });
    expect(await screen.findByLabelText('Job Title')).toHaveValue('Drafted Engineer');
    expect(screen.getByLabelText('City')).toHaveValue('Berlin');
    await userEvent.click(screen.getByRole('button', { name: 'Create Job' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/post-job$/));
    const posted = fetch.mock.calls.find(([url]) => url === '/api/job/post-job');
    expect(JSON.parse(String(posted?.[1]?.body))).toMatchObject({ jobTitle: 'Drafted Engineer', draftId: 'd7' });
  });

  it('a draft keeps how to apply and its questions, and publishing it saves them with the new job', async () => {
    const applyOptions = {
      method: 'email' as const,
      email: 'hiring@acme.example',
      questions: [{ type: 'yesno' as const, text: 'Can you work in Berlin?', required: true, knockOut: 'no' as const }],
    };
    const fetch = mockFetch((url, init) => {
      if (url === '/api/companies/mine') return { body: [acme] };
      if (url === '/api/job-drafts/d7') return { body: draft('d7', { ...complete, applyOptions }) };
      if (url === '/api/job/post-job' && init?.method === 'POST')
        return { status: 201, body: { acknowledged: true, insertedId: 'j9' } };
      if (url === '/api/applications/jobs/j9/apply-options' && init?.method === 'PUT') return { body: {} };
      return undefined;
    });
    renderPage(<PostJobPage />, { path: '/post-job?draft=d7', user: alice });
    expect(await screen.findByDisplayValue('Can you work in Berlin?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create Job' }));
    await waitFor(() =>
      expect(fetch.mock.calls.some(([url]) => url === '/api/applications/jobs/j9/apply-options')).toBe(true),
    );
    const put = fetch.mock.calls.find(([url]) => url === '/api/applications/jobs/j9/apply-options');
    expect(JSON.parse(String(put?.[1]?.body))).toMatchObject({
      method: 'email',
      email: 'hiring@acme.example',
      questions: [{ type: 'yesno', text: 'Can you work in Berlin?', required: true, knockOut: 'no' }],
    });
  });

  it("says so when a draft cannot be opened (another's, or deleted)", async () => {
    mockFetch((url) =>
      url === '/api/job-drafts/gone'
        ? { status: 404, body: { success: false, statusCode: 404, message: 'Draft not found' } }
        : undefined,
    );
    renderPage(<PostJobPage />, { path: '/post-job?draft=gone', user: alice });
    expect(await screen.findByRole('alert')).toHaveTextContent('Draft not found');
    expect(screen.getByRole('link', { name: 'Start a new job instead' })).toHaveAttribute('href', '/post-job');
  });

  it('My Jobs lists the drafts: resume, preview as seekers will see it, delete after asking', async () => {
    const fetch = mockFetch((url, init) => {
      if (url === '/api/companies/mine') return { body: [acme] };
      if (url === '/api/job-drafts' && (init?.method ?? 'GET') === 'GET')
        return { body: [draft('d7', complete), draft('d8', { companyName: 'Newco' })] };
      if (url === '/api/job-drafts/d8' && init?.method === 'DELETE')
        return { body: { success: true, message: 'Draft deleted' } };
      return undefined;
    });
    renderPage(<MyDrafts />, { path: '/my-job', user: alice });
    const list = await screen.findByRole('list', { name: 'Drafts' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByRole('link', { name: 'Resume Drafted Engineer' })).toHaveAttribute(
      'href',
      '/post-job?draft=d7',
    );
    expect(list).toHaveTextContent('Untitled draft');

    await userEvent.click(within(list).getByRole('button', { name: 'Preview Drafted Engineer' }));
    const dialog = await screen.findByRole('dialog', { name: /Preview/ });
    expect(within(dialog).getByRole('heading', { name: 'Drafted Engineer' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Berlin, Germany');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));

    await userEvent.click(within(list).getByRole('button', { name: 'Delete Untitled draft' }));
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Yes, delete it' }));
    await waitFor(() =>
      expect(fetch.mock.calls.some(([url, init]) => url === '/api/job-drafts/d8' && init?.method === 'DELETE')).toBe(
        true,
      ),
    );
  });

  it('a draft with values the form does not offer resumes with the defaults', () => {
    const values = formFromDraft({ workplace: 'moon', period: 'fortnight', jobTitle: 'X' });
    expect(values).toMatchObject({ workplace: 'on-site', period: 'year', jobTitle: 'X', skills: [] });
  });
});
