import type { Alert } from '@jobboard/shared';
import { ALERT_MESSAGES } from '@jobboard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { alice, mockFetch, renderPage } from '../../../test/render';
import { AlertMeButton } from './AlertMeButton';
import { AlertsPage } from './AlertsPage';
import { UnsubscribePage } from './UnsubscribePage';

vi.mock('../../../components/ui/dialogs', () => ({ confirmDialog: vi.fn(async () => true) }));

const alert = (id: string, overrides: Partial<Alert> = {}): Alert => ({
  id,
  query: 'q=react&where=Berlin',
  description: 'react in Berlin',
  frequency: 'daily',
  createdAt: '2026-11-20T09:30:00.000Z',
  lastSentAt: null,
  ...overrides,
});

describe('Alert me', () => {
  it('signed out, leads to sign-in and back to the search', async () => {
    mockFetch(() => undefined);
    renderPage(<AlertMeButton query={{ q: 'react', where: 'Berlin', page: 2 }} />, {
      path: '/?q=react&where=Berlin&page=2',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Alert me' }));
    expect(screen.getByTestId('where')).toHaveTextContent(
      `/sign-in?next=${encodeURIComponent('/?q=react&where=Berlin&page=2')}`,
    );
  });

  it('shows the search in words, creates a daily or instant alert of it (page and order left out), and confirms', async () => {
    const fetch = mockFetch((url, init) =>
      url === '/api/alerts' && init?.method === 'POST'
        ? {
            status: 201,
            body: { alert: alert('a1', { frequency: 'instant' }), created: true, message: ALERT_MESSAGES.created },
          }
        : undefined,
    );
    renderPage(<AlertMeButton query={{ q: 'react', where: 'Berlin', workplace: 'remote', page: 3, sort: 'pay' }} />, {
      user: alice,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Alert me' }));
    const dialog = await screen.findByRole('dialog', { name: 'Alert me about new jobs' });
    expect(dialog).toHaveTextContent('react in Berlin, Remote');
    expect(within(dialog).getByRole('radio', { name: /Daily/ })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('radio', { name: /Instant/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create alert' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(ALERT_MESSAGES.created);
    const post = fetch.mock.calls.find(([url]) => url === '/api/alerts');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      query: 'q=react&where=Berlin&workplace=remote',
      frequency: 'instant',
    });
    expect(within(dialog).getByRole('link', { name: 'See your alerts' })).toHaveAttribute('href', '/alerts');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("shows the server's refusal (an unconfirmed address, too many alerts) and closes with Escape", async () => {
    mockFetch((url) =>
      url === '/api/alerts'
        ? { status: 403, body: { success: false, statusCode: 403, message: ALERT_MESSAGES.verifyFirst } }
        : undefined,
    );
    renderPage(<AlertMeButton query={{ page: 1 }} />, { user: alice });
    await userEvent.click(screen.getByRole('button', { name: 'Alert me' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('All jobs');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create alert' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(ALERT_MESSAGES.verifyFirst);
    // Focus stays in the dialog: from its last button, Tab wraps to its first control.
    within(dialog).getByRole('button', { name: 'Create alert' }).focus();
    await userEvent.tab();
    expect(within(dialog).getByRole('radio', { name: /Daily/ })).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(within(dialog).getByRole('button', { name: 'Create alert' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Alert me' })).toHaveFocus();
  });
});

describe('Alerts page', () => {
  it('lists the alerts in words with their frequency, dates and a link to the search, and deletes one', async () => {
    let alerts = [
      alert('a1', { lastSentAt: '2026-11-22T08:00:00.000Z' }),
      alert('a2', { query: '', description: 'All jobs', frequency: 'instant' }),
    ];
    const fetch = mockFetch((url, init) => {
      if (url === '/api/alerts') return { body: alerts };
      if (url === '/api/alerts/a1' && init?.method === 'DELETE') {
        alerts = alerts.filter((a) => a.id !== 'a1');
        return { body: { success: true, message: ALERT_MESSAGES.deleted } };
      }
      return undefined;
    });
    renderPage(<AlertsPage />, { path: '/alerts', user: alice });
    expect(screen.getByText('Loading your alerts...')).toBeInTheDocument();
    const rows = await screen.findAllByTestId('alert');
    expect(rows).toHaveLength(2);
    const [first, second] = rows as [HTMLElement, HTMLElement];
    expect(within(first).getByRole('heading', { name: 'react in Berlin' })).toBeInTheDocument();
    expect(first).toHaveTextContent(/Daily · created November 20, 2026 · last e-mail November 22, 2026/);
    expect(within(first).getByRole('link', { name: 'Run search' })).toHaveAttribute('href', '/?q=react&where=Berlin');
    expect(second).toHaveTextContent(/Instant · created .* · no e-mail yet/);
    expect(within(second).getByRole('link', { name: 'Run search' })).toHaveAttribute('href', '/');
    await userEvent.click(within(first).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getAllByTestId('alert')).toHaveLength(1));
    expect(fetch.mock.calls.some(([url, init]) => url === '/api/alerts/a1' && init?.method === 'DELETE')).toBe(true);
  });

  it('says there are none yet, with a way to search', async () => {
    mockFetch((url) => (url === '/api/alerts' ? { body: [] } : undefined));
    renderPage(<AlertsPage />, { path: '/alerts', user: alice });
    expect(await screen.findByText('No alerts yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find jobs' })).toHaveAttribute('href', '/');
  });

  it('says when the list could not be loaded, and tries again', async () => {
    let fail = true;
    mockFetch((url) =>
      url === '/api/alerts'
        ? fail
          ? { status: 503, body: { success: false, statusCode: 503, message: 'Down for a moment.' } }
          : { body: [alert('a1')] }
        : undefined,
    );
    renderPage(<AlertsPage />, { path: '/alerts', user: alice });
    const error = await screen.findByRole('alert', {}, { timeout: 4000 });
    expect(error).toHaveTextContent('Could not load your alerts');
    fail = false;
    await userEvent.click(within(error).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('alert')).toBeInTheDocument();
  });
});

describe('Unsubscribe page', () => {
  const token = `${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}.${'A'.repeat(43)}`;
  const api = `/api/alerts/unsubscribe?token=${encodeURIComponent(token)}`;

  it('signed out: shows what stops, changes nothing until the button is pressed, then confirms', async () => {
    const fetch = mockFetch((url, init) => {
      if (url === api && (init?.method ?? 'GET') === 'GET')
        return { body: { active: true, description: 'react in Berlin', frequency: 'instant' } };
      if (url === api && init?.method === 'POST')
        return { body: { success: true, message: ALERT_MESSAGES.unsubscribed } };
      return undefined;
    });
    renderPage(<UnsubscribePage />, { path: `/unsubscribe?token=${token}` });
    expect(await screen.findByText(/Stop the instant e-mails about/)).toHaveTextContent('react in Berlin');
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByTestId('unsubscribe-done')).toHaveTextContent(ALERT_MESSAGES.unsubscribed);
    expect(fetch.mock.calls.filter(([url, init]) => url === api && init?.method === 'POST')).toHaveLength(1);
  });

  it('says so when the alert is gone already, and when the link is bad', async () => {
    mockFetch((url) => (url === api ? { body: { active: false, description: null, frequency: null } } : undefined));
    const { unmount } = renderPage(<UnsubscribePage />, { path: `/unsubscribe?token=${token}` });
    expect(await screen.findByTestId('unsubscribe-done')).toHaveTextContent(ALERT_MESSAGES.alreadyUnsubscribed);
    unmount();

    mockFetch(() => ({ status: 400, body: { success: false, statusCode: 400, message: ALERT_MESSAGES.badLink } }));
    renderPage(<UnsubscribePage />, { path: '/unsubscribe?token=forged' });
    expect(await screen.findByRole('alert')).toHaveTextContent(ALERT_MESSAGES.badLink);
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
  });
});
