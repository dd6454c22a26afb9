import type { StoredCv } from '@jobboard/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { alice, job, mockFetch, renderPage } from '../../../test/render';
import { JobPage } from './JobPage';

/** The apply dialog picks one of the profile's CVs (issue 33, point 4; decision record 44). */

const stored = (id: string, label: string, isDefault: boolean): StoredCv => ({
  id,
  label,
  isDefault,
  fileName: `${id}.pdf`,
  size: 20_000,
  contentType: 'application/pdf',
  addedAt: '2026-11-20T10:00:00.000Z',
});

/** XMLHttpRequest that answers a CV upload with a stored CV. */
class FakeCvUpload {
  status = 201;
  response: unknown = null;
  withCredentials = false;
  responseType = '';
  private listeners: Record<string, () => void> = {};
  upload = { addEventListener: () => {} };
  open() {}
  setRequestHeader() {}
  addEventListener(type: string, cb: () => void) {
    this.listeners[type] = cb;
  }
  send() {
    setTimeout(() => {
      this.response = { id: 'new-cv', fileName: 'fresh.pdf', size: 3, contentType: 'application/pdf' };
      this.listeners.load?.();
    }, 0);
  }
}

function serve(cvs: StoredCv[], kept: unknown[] = []) {
  const applyBodies: unknown[] = [];
  mockFetch((url, init) => {
    if (url === '/api/profile/cvs' && init?.method === 'POST') {
      kept.push(JSON.parse(String(init.body)));
      return { status: 201, body: { ...stored('new-cv', 'fresh.pdf', true) } };
    }
    if (url === '/api/job/all-jobs/j1') return { body: job };
    if (url.startsWith('/api/apply/appliedJobs/')) return { body: [] };
    if (url === '/api/profile/cvs') return { body: { cvs, max: 5 } };
    if (url === '/api/apply/apply-job' && init?.method === 'POST') {
      applyBodies.push(JSON.parse(String(init.body)));
      return { status: 201, body: { acknowledged: true, insertedId: 'a1' } };
    }
    return undefined;
  });
  return applyBodies;
}

async function openDialog() {
  renderPage(<JobPage />, { path: '/job/j1', route: '/job/:id', user: alice });
  await userEvent.click(await screen.findByRole('button', { name: 'Apply Now' }));
  return screen.findByRole('dialog', { name: `Apply to ${job.jobTitle}` }, { timeout: 5000 });
}

describe('CvPicker in the apply dialog', () => {
  it('preselects the default CV and sends the one picked by its id', async () => {
    const bodies = serve([stored('cv-a', 'General', false), stored('cv-b', 'Backend roles', true)]);
    await openDialog();
    const backend = await screen.findByRole('radio', { name: /Backend roles/ });
    expect(backend).toBeChecked();
    expect(screen.getByRole('radio', { name: /General/ })).not.toBeChecked();
    // No file field while a stored CV is chosen.
    expect(screen.queryByLabelText(/^CV \(optional/)).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('radio', { name: /General/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Send application' }));
    await waitFor(() => expect(bodies).toEqual([{ job: job._id, user: alice._id, cvId: 'cv-a' }]));
  }, 20_000);

  it('"Send no CV" sends none; "Upload a new CV" shows the file field and the keep box', async () => {
    const bodies = serve([stored('cv-a', 'General', true)]);
    await openDialog();
    await userEvent.click(await screen.findByRole('radio', { name: 'Upload a new CV' }));
    expect(screen.getByLabelText(/^CV \(optional/)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /Also keep this CV on my profile/ })).toBeEnabled();
    await userEvent.click(screen.getByRole('radio', { name: 'Send no CV' }));
    expect(screen.queryByLabelText(/^CV \(optional/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send application' }));
    await waitFor(() => expect(bodies).toEqual([{ job: job._id, user: alice._id }]));
  }, 20_000);

  it('with no stored CV, shows the upload field as before, and the keep box', async () => {
    serve([]);
    await openDialog();
    expect(await screen.findByLabelText(/^CV \(optional/)).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(await screen.findByRole('checkbox', { name: /Also keep this CV on my profile/ })).toBeInTheDocument();
  });

  it('uploads a new CV, keeps it on the profile when asked, and sends it', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeCvUpload);
    const kept: unknown[] = [];
    const bodies = serve([], kept);
    await openDialog();
    await userEvent.upload(
      await screen.findByLabelText(/^CV \(optional/),
      new File(['%PDF'], 'fresh.pdf', { type: 'application/pdf' }),
    );
    await userEvent.click(await screen.findByRole('checkbox', { name: /Also keep this CV on my profile/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Send application' }));
    await waitFor(() => expect(bodies).toEqual([{ job: job._id, user: alice._id, cvId: 'new-cv' }]));
    expect(kept).toEqual([{ cvId: 'new-cv' }]);
  }, 20_000);
});
