import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { alice, mockFetch, renderPage } from '../../../test/render';
import type { Webhook, WebhookDelivery } from '../api/webhooks';
import { WebhooksPanel } from './WebhooksPanel';

const hook: Webhook = {
  id: 'w1',
  url: 'https://hooks.example.com/in',
  events: ['application.created', 'job.closed'],
  secret: 'whsec_abc123',
  createdAt: '2026-11-20T10:00:00.000Z',
};
const failed: WebhookDelivery = {
  id: 'd1',
  event: 'job.closed',
  createdAt: '2026-11-21T10:00:00.000Z',
  state: 'failed',
  attempts: 8,
  nextAttemptAt: null,
  lastAttemptAt: '2026-11-21T11:00:00.000Z',
  lastStatus: 500,
  lastError: null,
  lastResponse: 'down',
};

describe('the owner’s webhooks (issue 36 item 3)', () => {
  it('lists endpoints, shows the secret on request, opens the delivery log and resends a delivery', async () => {
    const fetch = mockFetch((url, init) => {
      if (url === '/api/companies/acme/webhooks') return { body: [hook] };
      if (url === '/api/companies/acme/webhooks/w1/deliveries') return { body: [failed] };
      if (url === '/api/companies/acme/webhooks/w1/deliveries/d1/resend' && init?.method === 'POST')
        return { body: { ...failed, state: 'pending', attempts: 0 } };
      return undefined;
    });
    renderPage(<WebhooksPanel slug="acme" />, { user: alice });
    const row = await screen.findByTestId('webhook');
    expect(row).toHaveTextContent('https://hooks.example.com/in');
    expect(row).not.toHaveTextContent('whsec_abc123');
    await userEvent.click(within(row).getByRole('button', { name: 'Show' }));
    expect(row).toHaveTextContent('whsec_abc123');
    expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/deliveries'))).toBe(false);
    await userEvent.click(within(row).getByText('Recent deliveries'));
    const delivery = await screen.findByTestId('webhook-delivery');
    expect(delivery).toHaveTextContent(/failed.*job\.closed.*8 attempts.*HTTP 500/);
    await userEvent.click(within(delivery).getByRole('button', { name: 'Resend' }));
    await waitFor(() =>
      expect(fetch).toHaveBeenCalledWith(
        '/api/companies/acme/webhooks/w1/deliveries/d1/resend',
        expect.objectContaining({ method: 'POST' }),
      ),
    );
  });

  it('adds an endpoint with the chosen events, and shows the server’s reason when it refuses', async () => {
    const fetch = mockFetch((url, init) => {
      if (url !== '/api/companies/acme/webhooks') return undefined;
      if (init?.method !== 'POST') return { body: [] };
      const body = JSON.parse(String(init.body)) as { url: string };
      return body.url.startsWith('https://')
        ? { status: 201, body: { ...hook, url: body.url } }
        : { status: 400, body: { success: false, statusCode: 400, message: 'url: an https:// address is required' } };
    });
    renderPage(<WebhooksPanel slug="acme" />, { user: alice });
    expect(await screen.findByText('No webhooks yet.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Endpoint address'), 'http://example.com/x');
    await userEvent.click(screen.getByRole('button', { name: 'Add webhook' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('url: an https:// address is required');
    await userEvent.clear(screen.getByLabelText('Endpoint address'));
    await userEvent.type(screen.getByLabelText('Endpoint address'), 'https://example.com/x');
    await userEvent.click(screen.getByLabelText('Job closed'));
    await userEvent.click(screen.getByRole('button', { name: 'Add webhook' }));
    await waitFor(() => {
      const posts = fetch.mock.calls.filter(([, init]) => init?.method === 'POST');
      expect(JSON.parse(String(posts.at(-1)?.[1]?.body))).toEqual({
        url: 'https://example.com/x',
        events: ['application.created', 'job.closed'],
      });
    });
  });
});
