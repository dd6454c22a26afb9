import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { alice, mockFetch, renderPage } from '../../../test/render';
import type { ImportRun, ImportSource } from '../api/imports';
import { ImportsPanel } from './ImportsPanel';

const report: ImportRun = {
  id: 'r1',
  startedAt: '2026-11-21T10:00:00.000Z',
  finishedAt: '2026-11-21T10:00:02.000Z',
  added: 2,
  updated: 1,
  closed: 1,
  refused: [{ sourceId: '127819', reason: 'jobTitle: Job title is required' }],
  error: null,
};
const source: ImportSource = {
  id: 's1',
  kind: 'greenhouse',
  target: 'vaulttec',
  createdAt: '2026-11-20T10:00:00.000Z',
  lastRunAt: report.startedAt,
  lastRun: report,
};

describe('the owner’s job imports (issue 36 item 4)', () => {
  it('shows each source’s last report with the refused entries’ reasons, and runs one now', async () => {
    const fetch = mockFetch((url, init) => {
      if (url === '/api/companies/acme/imports') return { body: [source] };
      if (url === '/api/companies/acme/imports/s1/run' && init?.method === 'POST')
        return { body: { ...report, id: 'r2', added: 0, updated: 0, closed: 0, refused: [] } };
      return undefined;
    });
    renderPage(<ImportsPanel slug="acme" />, { user: alice });
    const row = await screen.findByTestId('import-source');
    expect(row).toHaveTextContent('vaulttec');
    expect(row).toHaveTextContent('Greenhouse');
    expect(within(row).getByTestId('import-run')).toHaveTextContent('2 added, 1 updated, 1 closed, 1 refused');
    await userEvent.click(within(row).getByText('Refused entries'));
    expect(row).toHaveTextContent('127819: jobTitle: Job title is required');
    await userEvent.click(within(row).getByRole('button', { name: 'Run now' }));
    await waitFor(() =>
      expect(fetch).toHaveBeenCalledWith(
        '/api/companies/acme/imports/s1/run',
        expect.objectContaining({ method: 'POST' }),
      ),
    );
  });

  it('shows why a run failed', async () => {
    mockFetch((url) =>
      url === '/api/companies/acme/imports'
        ? { body: [{ ...source, lastRun: { ...report, error: 'the answer is larger than 5000000 bytes' } }] }
        : undefined,
    );
    renderPage(<ImportsPanel slug="acme" />, { user: alice });
    expect(await screen.findByTestId('import-run')).toHaveTextContent(
      'failed: the answer is larger than 5000000 bytes',
    );
  });

  it('connects a source of the chosen kind, and shows the server’s reason when it refuses', async () => {
    const fetch = mockFetch((url, init) => {
      if (url !== '/api/companies/acme/imports') return undefined;
      if (init?.method !== 'POST') return { body: [] };
      const body = JSON.parse(String(init.body)) as { kind: string; target: string };
      return body.target.startsWith('https://10.')
        ? { status: 400, body: { success: false, statusCode: 400, message: 'target: a public address is required' } }
        : { status: 201, body: { ...source, ...body, lastRun: null } };
    });
    renderPage(<ImportsPanel slug="acme" />, { user: alice });
    expect(await screen.findByText('No import sources yet.')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Import from'), 'indeed-xml');
    await userEvent.type(screen.getByLabelText('Feed address'), 'https://10.0.0.1/jobs.xml');
    await userEvent.click(screen.getByRole('button', { name: 'Connect source' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('target: a public address is required');
    await userEvent.clear(screen.getByLabelText('Feed address'));
    await userEvent.type(screen.getByLabelText('Feed address'), 'https://example.com/jobs.xml');
    await userEvent.click(screen.getByRole('button', { name: 'Connect source' }));
    await waitFor(() => {
      const posts = fetch.mock.calls.filter(([, init]) => init?.method === 'POST');
      expect(JSON.parse(String(posts.at(-1)?.[1]?.body))).toEqual({
        kind: 'indeed-xml',
        target: 'https://example.com/jobs.xml',
      });
    });
  });

  it('says so when the sources cannot be loaded', async () => {
    mockFetch((url) =>
      url === '/api/companies/acme/imports'
        ? {
            status: 403,
            body: {
              success: false,
              statusCode: 403,
              message: 'Only the owner of a company or an administrator can manage its job imports',
            },
          }
        : undefined,
    );
    renderPage(<ImportsPanel slug="acme" />, { user: alice });
    expect(await screen.findByRole('alert')).toHaveTextContent('Only the owner of a company');
  });
});
