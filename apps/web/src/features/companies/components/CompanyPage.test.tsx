import type { CompanyPage as CompanyPageData } from '@jobboard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { alice, job, mockFetch, renderPage } from '../../../test/render';
import type { CompanyMember } from '../api/companies';
import { validateCompanyEdit } from './CompanyEditForm';
import { websiteLabel } from './CompanyAbout';
import { CompanyPage } from './CompanyPage';

vi.mock('../../../components/ui/dialogs', () => ({ confirmDialog: vi.fn(async () => true) }));

const company: CompanyPageData = {
  id: 'c1',
  slug: 'tidewater-labs',
  name: 'Tidewater Labs',
  logo: '/static/logos/tidewater.svg',
  website: 'https://www.tidewater.example/',
  description: 'We build boats.\nAnd software.',
  canEdit: false,
  openJobs: 2,
  cover: '',
  links: [],
  descriptionHtml: '<p>We build boats.<br>And software.</p>',
  jobs: [job, { ...job, _id: 'j2', jobTitle: 'Backend Engineer' }],
};

const bob = { ...alice, _id: 'u2', name: 'Bob', username: 'bob', email: 'bob@example.com' };
const members: CompanyMember[] = [
  { email: 'alice@example.com', name: 'Alice', isCreator: true, role: 'owner' },
  { email: 'bob@example.com', name: 'Bob', isCreator: false, role: 'recruiter' },
];

const open = (options: { user?: typeof alice | null } = {}) =>
  renderPage(<CompanyPage />, { path: '/company/tidewater-labs', route: '/company/:slug', user: options.user ?? null });

describe('company page', () => {
  it('shows the company, its website and its open jobs', async () => {
    mockFetch((url) => (url === '/api/companies/tidewater-labs' ? { body: company } : undefined));
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Tidewater Labs' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /tidewater\.example/ })).toHaveAttribute(
      'href',
      'https://www.tidewater.example/',
    );
    expect(screen.getByText('2 open jobs')).toBeInTheDocument();
    expect(screen.getByText(/We build boats/)).toBeInTheDocument();
    // Written by the company: laid out in its own direction (Arabic or Hebrew right to left).
    expect(screen.getByRole('heading', { level: 1 })).toHaveAttribute('dir', 'auto');
    // The about text is the server's HTML (paragraphs inside): its box sets the direction for all of them.
    expect(screen.getByTestId('company-about')).toHaveAttribute('dir', 'auto');
    expect(screen.getByTestId('company-about')).toHaveTextContent(/We build boats/);
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Backend Engineer' })).toHaveAttribute('href', '/job/j2');
    expect(screen.queryByRole('button', { name: /Edit company/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Members' })).not.toBeInTheDocument();
  });

  it('says when it has no open jobs', async () => {
    mockFetch((url) =>
      url === '/api/companies/tidewater-labs' ? { body: { ...company, jobs: [], openJobs: 0 } } : undefined,
    );
    open();
    expect(await screen.findByText('Tidewater Labs has no open jobs at the moment.')).toBeInTheDocument();
    expect(screen.getByText('0 open jobs')).toBeInTheDocument();
  });

  it('a missing company is a not-found page', async () => {
    mockFetch(() => ({ status: 404, body: { success: false, statusCode: 404, message: 'Company not found' } }));
    open();
    expect(await screen.findByRole('heading', { name: 'Company not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to all jobs' })).toHaveAttribute('href', '/');
  });

  it('a failed load can be tried again', async () => {
    let calls = 0;
    mockFetch((url) => {
      if (url !== '/api/companies/tidewater-labs') return undefined;
      calls += 1;
      return calls === 1
        ? {
            status: 500,
            body: { success: false, statusCode: 500, message: 'Something went wrong on our side. Please try again.' },
          }
        : { body: company };
    });
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Tidewater Labs' })).toBeInTheDocument();
  });

  it('a member edits the company; a bad URL is refused before sending', async () => {
    let current: CompanyPageData = { ...company, canEdit: true, role: 'owner' };
    const fetch = mockFetch((url, init) => {
      if (url === '/api/companies/tidewater-labs' && init?.method === 'PATCH') {
        current = { ...current, ...(JSON.parse(String(init.body)) as Partial<CompanyPageData>) };
        const { jobs: _jobs, ...saved } = current;
        return { body: saved };
      }
      if (url === '/api/companies/tidewater-labs') return { body: current };
      if (url === '/api/companies/tidewater-labs/members') return { body: members };
      return undefined;
    });
    open({ user: bob });
    await userEvent.click(await screen.findByRole('button', { name: /Edit company/ }));
    // The form is the members' alone: its chunk loads on the click.
    const website = await screen.findByLabelText('Website');
    await userEvent.clear(website);
    await userEvent.type(website, 'javascript:alert(1)');
    await userEvent.click(screen.getByRole('button', { name: 'Save company' }));
    expect(screen.getByText('Website must be a valid URL')).toBeInTheDocument();
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);

    await userEvent.clear(website);
    await userEvent.clear(screen.getByLabelText(/Company Name/));
    await userEvent.type(screen.getByLabelText(/Company Name/), 'Tidewater Boats');
    await userEvent.click(screen.getByRole('button', { name: 'Save company' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Tidewater Boats' })).toBeInTheDocument();
    const patch = fetch.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.[1]?.body))).toMatchObject({ name: 'Tidewater Boats', website: '' });
    expect(screen.queryByRole('button', { name: 'Save company' })).not.toBeInTheDocument();
  });

  it("shows the cover image, the about text as the server rendered it, and the company's links", async () => {
    const dressed: CompanyPageData = {
      ...company,
      cover: '/uploads/1-abc-office.webp',
      links: ['https://tidewater.example/careers', 'https://www.linkedin.com/company/tidewater'],
      description: 'We build **boats**.',
      descriptionHtml:
        '<p>We build <strong>boats</strong>. <a href="https://boats.example" rel="nofollow ugc noopener">https://boats.example</a></p>',
    };
    mockFetch((url) => (url === '/api/companies/tidewater-labs' ? { body: dressed } : undefined));
    open();
    const cover = await screen.findByTestId('company-cover');
    expect(cover).toHaveAttribute('src', '/uploads/1-abc-office.webp');
    expect(cover).toHaveAttribute('alt', '');
    expect(screen.getByTestId('company-about').querySelector('strong')).toHaveTextContent('boats');
    expect(screen.getByRole('link', { name: 'https://boats.example' })).toHaveAttribute('rel', 'nofollow ugc noopener');
    const links = within(screen.getByRole('list', { name: 'Links' }));
    expect(links.getByRole('link', { name: /tidewater\.example\/careers/ })).toHaveAttribute(
      'href',
      'https://tidewater.example/careers',
    );
    expect(links.getByRole('link', { name: /linkedin\.com\/company\/tidewater/ })).toHaveAttribute('target', '_blank');
  });

  it('a member sets the links (one a line) and removes the cover image in the edit form', async () => {
    let current: CompanyPageData = { ...company, canEdit: true, role: 'owner', cover: '/uploads/1-abc-office.webp' };
    const fetch = mockFetch((url, init) => {
      if (url === '/api/companies/tidewater-labs' && init?.method === 'PATCH') {
        current = { ...current, ...(JSON.parse(String(init.body)) as Partial<CompanyPageData>) };
        const { jobs: _jobs, cover: _cover, links: _links, descriptionHtml: _html, ...saved } = current;
        return { body: saved };
      }
      if (url === '/api/companies/tidewater-labs') return { body: current };
      if (url === '/api/companies/tidewater-labs/members') return { body: members };
      return undefined;
    });
    open({ user: bob });
    await userEvent.click(await screen.findByRole('button', { name: /Edit company/ }));
    await userEvent.type(await screen.findByLabelText(/^Links/), 'https://a.example/jobs{Enter}{Enter}ftp://nope');
    await userEvent.click(screen.getByRole('button', { name: 'Remove cover image' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save company' }));
    expect(screen.getByText('Link must be a valid URL')).toBeInTheDocument();
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);
    await userEvent.clear(screen.getByLabelText(/^Links/));
    await userEvent.type(screen.getByLabelText(/^Links/), 'https://a.example/jobs{Enter} {Enter}https://b.example');
    await userEvent.click(screen.getByRole('button', { name: 'Save company' }));
    await waitFor(() => expect(fetch.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(true));
    const patch = fetch.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.[1]?.body))).toMatchObject({
      cover: '',
      links: ['https://a.example/jobs', 'https://b.example'],
    });
  });

  it('a member who is not the creator sees the members, without invite or remove, and may leave', async () => {
    mockFetch((url) => {
      if (url === '/api/companies/tidewater-labs') return { body: { ...company, canEdit: false, role: 'recruiter' } };
      if (url === '/api/companies/tidewater-labs/members') return { body: members };
      return undefined;
    });
    open({ user: bob });
    const panel = within(await screen.findByRole('region', { name: 'Members' }));
    expect(await panel.findByText('alice@example.com')).toBeInTheDocument();
    expect(panel.getByText('Creator')).toBeInTheDocument();
    expect(panel.queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    expect(panel.queryByLabelText('Invite a member by e-mail')).not.toBeInTheDocument();
    expect(panel.getByRole('button', { name: 'Leave' })).toBeInTheDocument();
  });

  it('the creator invites by e-mail (a member only once they accept), sees pending invitations, removes a member, and sees refusals', async () => {
    let list = [...members];
    let invitations: { id: string; email: string; createdAt: string; expiresAt: string }[] = [];
    const fetch = mockFetch((url, init) => {
      if (url === '/api/companies/tidewater-labs')
        return { body: { ...company, canEdit: true, role: 'owner' as const } };
      if (url === '/api/companies/tidewater-labs/members' && init?.method === 'POST') {
        const { email } = JSON.parse(String(init.body)) as { email: string };
        if (email === 'spam@example.com')
          return {
            status: 429,
            body: {
              success: false,
              statusCode: 429,
              message: 'Too many attempts. Please wait a moment and try again.',
            },
          };
        invitations = [
          ...invitations,
          { id: `inv-${email}`, email, createdAt: '2026-01-01T00:00:00.000Z', expiresAt: '2026-01-08T00:00:00.000Z' },
        ];
        return { status: 202, body: list };
      }
      if (url === '/api/companies/tidewater-labs/invitations') return { body: invitations };
      if (url === '/api/companies/tidewater-labs/members/bob%40example.com' && init?.method === 'DELETE') {
        list = list.filter((m) => m.email !== 'bob@example.com');
        return { body: list };
      }
      if (url === '/api/companies/tidewater-labs/members') return { body: list };
      return undefined;
    });
    open({ user: alice });
    const panel = within(await screen.findByRole('region', { name: 'Members' }));
    const input = await panel.findByLabelText('Invite a member by e-mail');
    await userEvent.type(input, 'spam@example.com');
    await userEvent.click(panel.getByRole('button', { name: 'Send invitation' }));
    expect(await panel.findByRole('alert')).toHaveTextContent('Too many attempts');

    await userEvent.clear(input);
    await userEvent.type(input, 'carol@example.com');
    await userEvent.click(panel.getByRole('button', { name: 'Send invitation' }));
    expect(await panel.findByRole('status')).toHaveTextContent('An invitation was sent to carol@example.com');
    expect(input).toHaveValue('');
    // Pending, not a member: listed under the invitations, with no Remove button.
    expect(await panel.findByText('Pending invitations')).toBeInTheDocument();
    expect(panel.getByText('carol@example.com')).toBeInTheDocument();
    expect(panel.queryByRole('button', { name: 'Remove carol@example.com' })).not.toBeInTheDocument();

    await userEvent.click(panel.getByRole('button', { name: 'Remove bob@example.com' }));
    await waitFor(() => expect(panel.queryByText('bob@example.com')).not.toBeInTheDocument());
    expect(
      fetch.mock.calls.some(
        ([url, init]) => String(url).endsWith('/members/bob%40example.com') && init?.method === 'DELETE',
      ),
    ).toBe(true);
    // The creator cannot be removed.
    expect(panel.queryByRole('button', { name: 'Remove alice@example.com' })).not.toBeInTheDocument();
  });

  it('the owner makes an API key (its secret shown once), sees when keys were used and revokes one; a member sees no keys', async () => {
    type Key = {
      id: string;
      name: string;
      prefix: string;
      scopes: string[];
      createdAt: string;
      lastUsedAt: string | null;
      revokedAt: string | null;
    };
    let keys: Key[] = [
      {
        id: 'k1',
        name: 'ATS sync',
        prefix: 'jb_live_abcd',
        scopes: ['jobs:read'],
        createdAt: '2026-11-01T10:00:00.000Z',
        lastUsedAt: '2026-11-20T08:00:00.000Z',
        revokedAt: null,
      },
    ];
    const fetch = mockFetch((url, init) => {
      if (url === '/api/companies/tidewater-labs')
        return { body: { ...company, canEdit: true, role: 'owner' as const } };
      if (url === '/api/companies/tidewater-labs/members') return { body: members };
      if (url === '/api/companies/tidewater-labs/invitations') return { body: [] };
      if (url === '/api/companies/tidewater-labs/api-keys' && init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as { name: string; scopes: string[] };
        const made = {
          id: 'k2',
          name: body.name,
          prefix: 'jb_live_wxyz',
          scopes: body.scopes,
          createdAt: '2026-11-26T10:00:00.000Z',
          lastUsedAt: null,
          revokedAt: null,
        };
        keys = [made, ...keys];
        return { status: 201, body: { ...made, secret: `jb_live_wxyz${'s'.repeat(39)}` } };
      }
      if (url === '/api/companies/tidewater-labs/api-keys/k1' && init?.method === 'DELETE') {
        keys = keys.map((k) => (k.id === 'k1' ? { ...k, revokedAt: '2026-11-26T11:00:00.000Z' } : k));
        return { body: keys.find((k) => k.id === 'k1') };
      }
      if (url === '/api/companies/tidewater-labs/api-keys') return { body: keys };
      return undefined;
    });
    open({ user: alice });
    const panel = within(await screen.findByRole('region', { name: 'API keys' }));
    expect(await panel.findByText('ATS sync')).toBeInTheDocument();
    expect(panel.getByText(/last used 2026-11-20/)).toBeInTheDocument();

    await userEvent.type(panel.getByLabelText("New key's name"), 'Careers site');
    await userEvent.click(panel.getByLabelText('Read applications'));
    await userEvent.click(panel.getByRole('button', { name: 'Create key' }));
    expect(await panel.findByText(/it will not be shown again/)).toBeInTheDocument();
    expect(panel.getByTestId('api-key-secret')).toHaveTextContent(`jb_live_wxyz${'s'.repeat(39)}`);
    const post = fetch.mock.calls.find(([url, init]) => String(url).endsWith('/api-keys') && init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      name: 'Careers site',
      scopes: ['jobs:read', 'jobs:write', 'applications:read'],
    });
    expect(await panel.findByText('Careers site')).toBeInTheDocument();
    await userEvent.click(panel.getByRole('button', { name: 'Done' }));
    expect(panel.queryByTestId('api-key-secret')).not.toBeInTheDocument();

    await userEvent.click(panel.getByRole('button', { name: 'Revoke ATS sync' }));
    expect(await panel.findByText('Revoked')).toBeInTheDocument();
    expect(panel.queryByRole('button', { name: 'Revoke ATS sync' })).not.toBeInTheDocument();
  });

  it('a member who is not the owner sees no API keys', async () => {
    const fetch = mockFetch((url) => {
      if (url === '/api/companies/tidewater-labs')
        return { body: { ...company, canEdit: false, role: 'recruiter' as const } };
      if (url === '/api/companies/tidewater-labs/members') return { body: members };
      return undefined;
    });
    open({ user: bob });
    await within(await screen.findByRole('region', { name: 'Members' })).findByText('alice@example.com');
    expect(screen.queryByRole('region', { name: 'API keys' })).not.toBeInTheDocument();
    expect(fetch.mock.calls.some(([url]) => String(url).includes('/api-keys'))).toBe(false);
  });
});

describe('company helpers', () => {
  it('websiteLabel drops the scheme, www and a trailing slash', () => {
    expect(websiteLabel('https://www.acme.example/')).toBe('acme.example');
    expect(websiteLabel('http://acme.example/jobs')).toBe('acme.example/jobs');
  });

  it('validateCompanyEdit names the field', () => {
    const result = validateCompanyEdit({ name: ' ', logo: '', website: '', description: '' });
    expect(result).toEqual({ ok: false, errors: { name: 'Company name is required' } });
  });
});
