import { MODERATION_MESSAGES } from '@jobboard/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { alice, mockFetch, renderPage } from '../../../test/render';
import { AuditLogPage } from './AuditLogPage';

const admin = { ...alice, isAdmin: true };
const entry = {
  id: '7',
  at: '2026-11-26T10:00:00.000Z',
  adminEmail: 'mod@example.com',
  action: 'user.ban',
  targetId: 'u9',
  targetLabel: 'spammer@example.com',
  reason: 'Posted the same scam twice',
};

describe('the audit log page (issue 34 item 1)', () => {
  it('lists what administrators did, filtered by the address’s action and administrator, with a CSV of the same', async () => {
    const fetch = mockFetch((url) =>
      url === '/api/admin/audit?action=user.ban&admin=mod'
        ? { body: { items: [entry], total: 1, page: 1, pageSize: 25 } }
        : undefined,
    );
    renderPage(<AuditLogPage />, { path: '/admin/audit?action=user.ban&admin=mod', user: admin });
    const card = await screen.findByTestId('audit-entry');
    expect(card).toHaveTextContent(/Account banned\s*spammer@example.com/);
    expect(card).toHaveTextContent('by mod@example.com');
    expect(card).toHaveTextContent('Posted the same scam twice');
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(screen.getByLabelText('Action')).toHaveValue('user.ban');
    expect(screen.getByLabelText('Administrator')).toHaveValue('mod');
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      '/api/admin/audit.csv?action=user.ban&admin=mod',
    );
    expect(screen.getByLabelText('Action').closest('form')).toHaveAttribute('method', 'get');
  });

  it('says when nothing is recorded, and shows non-administrators the refusal without asking the server', async () => {
    const fetch = mockFetch((url) =>
      url.startsWith('/api/admin/audit') ? { body: { items: [], total: 0, page: 1, pageSize: 25 } } : undefined,
    );
    const { unmount } = renderPage(<AuditLogPage />, { path: '/admin/audit', user: admin });
    expect(await screen.findByText('Nothing recorded yet.')).toBeInTheDocument();
    unmount();
    fetch.mockClear();
    renderPage(<AuditLogPage />, { path: '/admin/audit', user: alice });
    expect(screen.getByText(MODERATION_MESSAGES.adminsOnly, { exact: false })).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });
});
