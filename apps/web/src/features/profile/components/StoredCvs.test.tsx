import type { StoredCv } from '@jobboard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { alice, mockFetch, renderPage } from '../../../test/render';
import { confirmDialog } from '../../../components/ui/dialogs';
import { CandidateDetails } from './CandidateDetails';
import { StoredCvs } from './StoredCvs';

vi.mock('../../../components/ui/dialogs', () => ({
  showSuccess: vi.fn(async () => {}),
  showError: vi.fn(async () => {}),
  confirmDialog: vi.fn(async () => true),
  confirmWithPassword: vi.fn(async () => undefined),
}));

const cv = (id: string, label: string, isDefault: boolean): StoredCv => ({
  id,
  label,
  isDefault,
  fileName: `${id}.pdf`,
  size: 2048,
  contentType: 'application/pdf',
  addedAt: '2026-11-20T10:00:00.000Z',
});

describe('StoredCvs on the profile', () => {
  it('lists the CVs with the default marked; Make default and Remove call the API', async () => {
    const calls: { url: string; method: string; body: unknown }[] = [];
    mockFetch((url, init) => {
      if (url === '/api/profile/cvs')
        return { body: { cvs: [cv('a', 'General', true), cv('b', 'Backend', false)], max: 5 } };
      if (url.startsWith('/api/profile/cvs/')) {
        calls.push({ url, method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : null });
        return { body: init?.method === 'DELETE' ? { acknowledged: true, deletedCount: 1 } : cv('b', 'Backend', true) };
      }
      return undefined;
    });
    renderPage(<StoredCvs userId={alice._id} />, { path: '/profile', user: alice });
    const items = await screen.findAllByTestId('stored-cv');
    expect(items).toHaveLength(2);
    expect(within(items[0] as HTMLElement).getByText('Default')).toBeInTheDocument();
    expect(screen.getByText('2 of 5')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Make default: Backend' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove General' }));
    expect(confirmDialog).toHaveBeenCalled();
    await waitFor(() =>
      expect(calls).toEqual([
        { url: '/api/profile/cvs/b', method: 'PATCH', body: { isDefault: true } },
        { url: '/api/profile/cvs/a', method: 'DELETE', body: null },
      ]),
    );
  });

  it('says so when there is none, and when the list cannot be loaded', async () => {
    mockFetch((url) => (url === '/api/profile/cvs' ? { body: { cvs: [], max: 5 } } : undefined));
    const { unmount } = renderPage(<StoredCvs userId={alice._id} />, { path: '/profile', user: alice });
    expect(await screen.findByText(/No CVs yet/)).toBeInTheDocument();
    expect(screen.getByLabelText(/Add a CV/)).toBeEnabled();
    unmount();

    mockFetch(() => ({ status: 500, body: { success: false, statusCode: 500, message: 'Server error' } }));
    renderPage(<StoredCvs userId={alice._id} />, { path: '/profile', user: alice });
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent('Your CVs could not be loaded');
  });

  it('turns the upload off at the limit of 5', async () => {
    const five = ['a', 'b', 'c', 'd', 'e'].map((id, i) => cv(id, `CV ${id}`, i === 0));
    mockFetch((url) => (url === '/api/profile/cvs' ? { body: { cvs: five, max: 5 } } : undefined));
    renderPage(<StoredCvs userId={alice._id} />, { path: '/profile', user: alice });
    expect(await screen.findByLabelText(/Add a CV/)).toBeDisabled();
    expect(screen.getByText(/remove one to add another/)).toBeInTheDocument();
  });
});

describe('CandidateDetails on the profile', () => {
  it('refuses a link that is not https next to the field, then saves valid details', async () => {
    const puts: unknown[] = [];
    mockFetch((url, init) => {
      if (url !== '/api/profile/candidate') return undefined;
      if (init?.method === 'PUT') {
        puts.push(JSON.parse(String(init.body)));
        return { body: JSON.parse(String(init.body)) as object };
      }
      return { body: { headline: '', location: '', links: [] } };
    });
    renderPage(<CandidateDetails userId={alice._id} />, { path: '/profile', user: alice });
    await userEvent.type(await screen.findByLabelText('Headline'), 'Backend engineer');
    await userEvent.type(screen.getByLabelText('Location'), 'Lisbon');
    await userEvent.type(screen.getByLabelText(/Links/), 'http://insecure.example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText('Each link must be a full https:// address')).toBeInTheDocument();
    expect(screen.getByLabelText(/Links/)).toHaveAttribute('aria-invalid', 'true');
    expect(puts).toEqual([]);

    await userEvent.clear(screen.getByLabelText(/Links/));
    await userEvent.type(screen.getByLabelText(/Links/), 'https://github.com/alice{enter}{enter}https://alice.dev');
    await userEvent.click(screen.getByRole('button', { name: 'Save details' }));
    await waitFor(() =>
      expect(puts).toEqual([
        { headline: 'Backend engineer', location: 'Lisbon', links: ['https://github.com/alice', 'https://alice.dev'] },
      ]),
    );
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
  });
});
