import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { alice, mockFetch, renderPage } from '../../../test/render';
import { SettingsPage } from './SettingsPage';

const admin = { ...alice, isAdmin: true };
const values = {
  siteName: 'Jobboard',
  tagline: '',
  logoUrl: '',
  faviconUrl: '',
  accentColor: '#0f766e',
  footerLinks: [],
  moderation: 'post',
  postsPerDay: 7,
  jobDurationDays: 30,
  signInMethods: ['password', 'google'],
  mailSenderName: 'Jobboard',
};
const loaded = {
  values,
  defaults: { ...values, postsPerDay: 20 },
  fromEnvironment: ['postsPerDay'],
  environmentNames: { postsPerDay: 'POSTS_PER_DAY', siteName: 'SITE_NAME' },
};

describe('the site settings screen (issue 34 item 2)', () => {
  it('marks what the environment sets as read-only, and saves only what changed', async () => {
    const fetch = mockFetch((url, init) => {
      if (url !== '/api/admin/settings') return undefined;
      if (init?.method === 'PUT') {
        const changes = JSON.parse(String(init.body)) as Record<string, unknown>;
        return { body: { ...loaded, values: { ...values, ...changes } } };
      }
      return { body: loaded };
    });
    renderPage(<SettingsPage />, { user: admin });
    expect(await screen.findByLabelText('Jobs one account may post a day')).toBeDisabled();
    expect(screen.getByTestId('postsPerDay-locked')).toHaveTextContent('Set by the environment (POSTS_PER_DAY)');
    expect(screen.getByLabelText('Site name')).toBeEnabled();
    await userEvent.clear(screen.getByLabelText('Site name'));
    await userEvent.type(screen.getByLabelText('Site name'), 'Harbour Jobs');
    await userEvent.click(screen.getByRole('button', { name: 'Add a link' }));
    await userEvent.type(screen.getByLabelText('Link 1 label'), 'Blog');
    await userEvent.type(screen.getByLabelText('Link 1 address'), 'https://blog.example.com/');
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Saved: every page shows it within a second.')).toBeInTheDocument();
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({
      siteName: 'Harbour Jobs',
      footerLinks: [{ label: 'Blog', url: 'https://blog.example.com/' }],
    });
    expect(screen.getByLabelText('Site name')).toHaveValue('Harbour Jobs');
  });
});
