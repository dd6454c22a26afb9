import type { SavedJobIds } from '@jobboard/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../lib/query-keys';
import { createQueryClient } from '../../lib/session';
import { alice, mockFetch, renderPage } from '../../test/render';
import { SaveJobButton } from './SaveJobButton';

const idsAnswer = (ids: string[]) => ({ body: { ids } satisfies SavedJobIds });

/** A fetch answer that waits until the test lets it go. */
function deferred() {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { gate, release: () => release() };
}

describe('SaveJobButton', () => {
  it('a visitor sees "Save job", unpressed, and is taken to sign in and back to the same page', async () => {
    const fetch = mockFetch(() => undefined);
    renderPage(<SaveJobButton jobId="j1" />, { path: '/?q=react&page=2' });
    const button = screen.getByRole('button', { name: 'Save job' });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(button);
    expect(screen.getByTestId('where')).toHaveTextContent(`/sign-in?next=${encodeURIComponent('/?q=react&page=2')}`);
    // Nothing is asked of the server for a visitor.
    expect(fetch.mock.calls.map(([url]) => String(url))).not.toContain('/api/saved-jobs/ids');
  });

  it('renders the same markup on the server as on a first render that does not yet know the user', () => {
    const client = createQueryClient();
    const html = renderToString(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <SaveJobButton jobId="j1" describedBy="t1" />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(html).toContain('aria-pressed="false"');
    expect(html).toContain('Save job');
    expect(html).toContain('aria-describedby="t1"');
  });

  it('shows a saved job as "Saved", pressed, and unsaves it at once (before the server answers)', async () => {
    const answer = deferred();
    const fetch = mockFetch((url, init) => {
      if (url === '/api/saved-jobs/ids') return idsAnswer(['j1', 'j2']);
      if (url === '/api/saved-jobs/j1' && init?.method === 'DELETE')
        return { body: { jobId: 'j1', saved: false, savedAt: null } };
      return undefined;
    });
    // The DELETE is held until released: the toggle must already show the new state.
    const held = fetch.getMockImplementation();
    fetch.mockImplementation(async (input, init) => {
      if (init?.method === 'DELETE') await answer.gate;
      if (!held) throw new Error('no implementation');
      return held(input, init);
    });
    const { client } = renderPage(<SaveJobButton jobId="j1" variant="button" />, { user: alice });
    const button = await screen.findByRole('button', { name: 'Saved' });
    expect(button).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(button);
    expect(screen.getByRole('button', { name: 'Save job' })).toHaveAttribute('aria-pressed', 'false');
    expect(client.getQueryData<SavedJobIds>(queryKeys.savedJobIds(alice._id))?.ids).toEqual(['j2']);
    answer.release();
    await waitFor(() =>
      expect(fetch.mock.calls.some(([url, init]) => url === '/api/saved-jobs/j1' && init?.method === 'DELETE')).toBe(
        true,
      ),
    );
  });

  it("saves with PUT, and sets the job back with the server's message when the save is refused", async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const fetch = mockFetch((url, init) => {
      if (url === '/api/saved-jobs/ids') return idsAnswer([]);
      if (url === '/api/saved-jobs/j1' && init?.method === 'PUT') {
        return {
          status: 409,
          body: { success: false, statusCode: 409, message: 'You can keep at most 1,000 saved jobs.' },
        };
      }
      return undefined;
    });
    // The ids asked for again after the refusal never come back: only the rollback can unpress the toggle.
    const answer = fetch.getMockImplementation();
    let idsCalls = 0;
    fetch.mockImplementation(async (input, init) => {
      if (input === '/api/saved-jobs/ids' && ++idsCalls > 1) return new Promise<Response>(() => undefined);
      if (!answer) throw new Error('no implementation');
      return answer(input, init);
    });
    renderPage(<SaveJobButton jobId="j1" />, { user: alice });
    await waitFor(() => expect(fetch).toHaveBeenCalledWith('/api/saved-jobs/ids', expect.anything()));
    await userEvent.click(screen.getByRole('button', { name: 'Save job' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You can keep at most 1,000 saved jobs.');
    const button = screen.getByRole('button', { name: 'Save job' });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    expect(fetch.mock.calls.some(([url, init]) => url === '/api/saved-jobs/j1' && init?.method === 'PUT')).toBe(true);
    expect(idsCalls).toBe(2);
    consoleError.mockRestore();
  });

  it('a save that succeeds stays pressed and asks for the ids again', async () => {
    let saved: string[] = [];
    const fetch = mockFetch((url, init) => {
      if (url === '/api/saved-jobs/ids') return idsAnswer(saved);
      if (url === '/api/saved-jobs/j1' && init?.method === 'PUT') {
        saved = ['j1'];
        return { body: { jobId: 'j1', saved: true, savedAt: '2026-11-24T10:00:00.000Z' } };
      }
      return undefined;
    });
    renderPage(<SaveJobButton jobId="j1" />, { user: alice });
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    await userEvent.click(screen.getByRole('button', { name: 'Save job' }));
    expect(screen.getByRole('button', { name: 'Saved' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(fetch.mock.calls.filter(([url]) => url === '/api/saved-jobs/ids')).toHaveLength(2));
    expect(screen.getByRole('button', { name: 'Saved' })).toHaveAttribute('aria-pressed', 'true');
  });

  it("a 401 from a save ends the session the app's way (the user is asked for again and forgotten)", async () => {
    const unauthorized = {
      status: 401,
      body: { success: false, statusCode: 401, message: 'You must be signed in to do that' },
    };
    mockFetch((url, init) => {
      if (url === '/api/saved-jobs/ids') return idsAnswer([]);
      if (url === '/api/saved-jobs/j1' && init?.method === 'PUT') return unauthorized;
      if (url === '/api/auth/me') return unauthorized;
      return undefined;
    });
    const { client } = renderPage(<SaveJobButton jobId="j1" />, { user: alice });
    await userEvent.click(screen.getByRole('button', { name: 'Save job' }));
    await waitFor(() => expect(client.getQueryData(queryKeys.me)).toBeNull());
    expect(screen.getByRole('button', { name: 'Save job' })).toHaveAttribute('aria-pressed', 'false');
  });
});
