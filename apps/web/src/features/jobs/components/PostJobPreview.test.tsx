import type { Company, WriteAck } from '@jobboard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { showSuccess } from '../../../components/ui/dialogs';
import { alice, mockFetch, renderPage } from '../../../test/render';
import { JobFormPage, type JobSave } from './JobFormPage';
import { JobPreviewButton } from './JobPreview';
import { emptyJobForm, type JobFormValues } from './job-form-logic';

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
const filled: JobFormValues = {
  ...emptyJobForm(),
  jobTitle: 'Frontend Engineer',
  employmentType: 'Full-time',
  experienceLevel: 'Any Experience',
  description: 'Build the web app.\nWith care.',
  company: acme.id,
  skills: [{ value: 'React', label: 'React' }],
  city: 'Berlin',
  country: 'DE',
  payMin: '60,000',
  payMax: '75000',
  currency: 'EUR',
  period: 'year',
};

function renderPostForm(save: JobSave) {
  mockFetch((url) => (url === '/api/companies/mine' ? { body: [acme] } : undefined));
  return renderPage(
    <JobFormPage
      title="Post a Job"
      subtitle=""
      initialValues={filled}
      submitLabel="Create Job"
      successMessage="Job Created Successfully"
      successLinks={(ack) => [
        ...('insertedId' in ack ? [{ label: 'View the job', to: `/job/${ack.insertedId}` }] : []),
        { label: 'Go to My Jobs', to: '/my-job' },
      ]}
      extraAction={(values) => <JobPreviewButton values={values} />}
      save={save}
    />,
    { path: '/post-job', user: alice },
  );
}

const idleSave = (mutate: JobSave['mutate'] = () => undefined): JobSave => ({
  isPending: false,
  isError: false,
  error: null,
  mutate,
});

describe('Post a Job: preview and the way on after posting', () => {
  it('Preview shows the job page body from the form, and sends nothing', async () => {
    const mutate = vi.fn();
    renderPostForm(idleSave(mutate));
    await userEvent.click(await screen.findByRole('button', { name: 'Preview' }));
    const dialog = await screen.findByRole('dialog', { name: /Preview/ });
    expect(within(dialog).getByRole('heading', { name: 'Frontend Engineer' })).toBeInTheDocument();
    await waitFor(() => expect(dialog).toHaveTextContent('Acme'));
    expect(dialog).toHaveTextContent('Build the web app.');
    expect(dialog).toHaveTextContent('Berlin, Germany');
    expect(dialog).toHaveTextContent(/60,000/);
    expect(within(dialog).getByRole('list', { name: 'Skills' })).toHaveTextContent('React');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Back to the form' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(mutate).not.toHaveBeenCalled();
  });

  it("the success message keeps the spec's text and links to the new job and to My Jobs", async () => {
    const ack: WriteAck = { acknowledged: true, insertedId: 'j9' };
    renderPostForm(
      idleSave((_body, options) => {
        options.onSuccess(ack);
        options.onSettled();
      }),
    );
    await waitFor(() => expect(screen.getByLabelText('Company')).toHaveValue(acme.id));
    await userEvent.click(screen.getByRole('button', { name: 'Create Job' }));
    await waitFor(() => expect(showSuccess).toHaveBeenCalled());
    const [title, , links] = vi.mocked(showSuccess).mock.calls[0] ?? [];
    expect(title).toBe('Job Created Successfully');
    expect(links?.map((link) => [link.label, link.href])).toEqual([
      ['View the job', '/job/j9'],
      ['Go to My Jobs', '/my-job'],
    ]);
  });
});
