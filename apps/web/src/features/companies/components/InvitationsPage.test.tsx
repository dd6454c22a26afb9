import type { MyInvitation } from '@jobboard/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { alice, mockFetch, renderPage } from '../../../test/render';
import { InvitationsPage } from './InvitationsPage';

const invitation: MyInvitation = {
  id: '7d0c2a2e-8a43-4d3e-9d49-3b1d3d7cf001',
  company: { id: 'c1', slug: 'tidewater-labs', name: 'Tidewater Labs', logo: '' },
  createdAt: '2026-01-01T00:00:00.000Z',
  expiresAt: '2026-01-08T00:00:00.000Z',
};

describe('company invitations page', () => {
  it('accepts the invitation a mailed link names, by its token', async () => {
    const token = 'T'.repeat(43);
    const fetch = mockFetch((url, init) => {
      if (url === '/api/invitations' && init?.method !== 'POST') return { body: [] };
      if (url === '/api/invitations/accept') return { body: { accepted: true, company: invitation.company } };
      return undefined;
    });
    renderPage(<InvitationsPage />, {
      path: `/company-invitation?token=${token}`,
      route: '/company-invitation',
      user: alice,
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Accept invitation' }));
    await waitFor(() => expect(fetch.mock.calls.some(([url]) => url === '/api/invitations/accept')).toBe(true));
    const call = fetch.mock.calls.find(([url]) => url === '/api/invitations/accept');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ token });
  });

  it('lists the invitations to the address, each to accept or decline', async () => {
    const fetch = mockFetch((url, init) => {
      if (url === '/api/invitations' && init?.method !== 'POST') return { body: [invitation] };
      if (url === '/api/invitations/decline') return { body: { accepted: false } };
      return undefined;
    });
    renderPage(<InvitationsPage />, { path: '/company-invitation', route: '/company-invitation', user: alice });
    expect(await screen.findByText('Tidewater Labs')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Decline Tidewater Labs' }));
    await waitFor(() => expect(fetch.mock.calls.some(([url]) => url === '/api/invitations/decline')).toBe(true));
    const call = fetch.mock.calls.find(([url]) => url === '/api/invitations/decline');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ id: invitation.id });
  });
});
