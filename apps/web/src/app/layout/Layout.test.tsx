import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { alice, mockFetch, renderPage } from '../../test/render';
import { Footer } from './Footer';
import { Header } from './Header';

describe('header and footer for visitors and members (issue 29)', () => {
  it('a visitor sees the pages that need an account marked, with why as their description', () => {
    mockFetch(() => undefined);
    renderPage(<Header />);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const myJobs = within(nav).getByRole('link', { name: 'My Jobs' });
    expect(myJobs).toHaveAccessibleDescription('Sign in to see your jobs');
    expect(myJobs).toHaveAttribute('data-sign-in', 'needed');
    expect(within(nav).getByRole('link', { name: 'Alerts' })).toHaveAccessibleDescription(
      'Sign in to see your job alerts',
    );
    expect(within(nav).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-describedby');
  });

  it('a member sees the same links without the marks', () => {
    mockFetch(() => undefined);
    renderPage(<Header />, { user: alice });
    const myJobs = within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'My Jobs' });
    expect(myJobs).not.toHaveAttribute('aria-describedby');
    expect(myJobs).not.toHaveAttribute('data-sign-in');
  });

  it("counts unread messages beside Applied Jobs (the candidate's threads) and Responses (the team's)", async () => {
    const fetch = mockFetch((url) =>
      url === '/api/applications/threads/unread'
        ? { body: { total: 3, asCandidate: 1, asTeam: 2, threads: { a1: 1, a2: 2 } } }
        : undefined,
    );
    renderPage(<Header />, { user: alice });
    const nav = within(screen.getByRole('navigation', { name: 'Main' }));
    expect(await nav.findByRole('link', { name: 'Applied Jobs, 1 unread message' })).toBeInTheDocument();
    expect(nav.getByRole('link', { name: 'Responses, 2 unread messages' })).toBeInTheDocument();
    expect(nav.getByTestId('unread-responses')).toHaveTextContent('2');
    expect(nav.getByRole('link', { name: 'My Jobs' })).toBeInTheDocument();
    // On a narrow screen the links fold behind the menu button, which carries a dot.
    expect(screen.getByRole('button', { name: 'Open menu' })).toContainElement(screen.getByTestId('unread-dot'));
    // A visitor has no threads, and nothing is asked for them.
    fetch.mockClear();
    renderPage(<Header />);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(fetch.mock.calls.map(([url]) => String(url))).not.toContain('/api/applications/threads/unread');
  });

  it('the footer: Sign Up only for visitors; only the social links the server lists', async () => {
    mockFetch((url) =>
      url === '/api/site' ? { body: { social: [{ network: 'x', url: 'https://x.com/jobboard' }] } } : undefined,
    );
    const { unmount } = renderPage(<Footer />);
    expect(screen.getByRole('link', { name: 'Sign Up' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Jobboard on X' })).toHaveAttribute(
      'href',
      'https://x.com/jobboard',
    );
    expect(screen.queryByRole('link', { name: 'Jobboard on GitHub' })).not.toBeInTheDocument();
    unmount();
    mockFetch((url) => (url === '/api/site' ? { body: { social: [] } } : undefined));
    renderPage(<Footer />, { user: alice });
    expect(screen.queryByRole('link', { name: 'Sign Up' })).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Social links' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Contact' })).not.toBeInTheDocument();
  });

  it('the footer: Contact writes to the address the operator configured (CONTACT_EMAIL; issue 29)', async () => {
    mockFetch((url) => (url === '/api/site' ? { body: { social: [], contactEmail: 'help@jobs.example' } } : undefined));
    renderPage(<Footer />);
    expect(await screen.findByRole('link', { name: 'Contact' })).toHaveAttribute('href', 'mailto:help@jobs.example');
  });

  it("the site settings: name in the header and footer, the administrators' footer links, Privacy and Terms (issue 34)", async () => {
    mockFetch((url) =>
      url === '/api/site'
        ? {
            body: {
              social: [],
              siteName: 'Acme Jobs',
              footerLinks: [{ label: 'Blog', url: 'https://blog.example.com/' }],
            },
          }
        : undefined,
    );
    renderPage(
      <>
        <Header />
        <Footer />
      </>,
    );
    expect(await screen.findByRole('link', { name: 'Acme Jobs home' })).toHaveTextContent('Acme Jobs');
    const footer = screen.getByRole('navigation', { name: 'Footer' });
    expect(within(footer).getByRole('link', { name: 'Blog' })).toHaveAttribute('href', 'https://blog.example.com/');
    expect(within(footer).getByRole('link', { name: 'Privacy' })).toHaveAttribute('href', '/privacy');
    expect(within(footer).getByRole('link', { name: 'Terms' })).toHaveAttribute('href', '/terms');
    expect(screen.getByText(/Acme Jobs\. All rights reserved/)).toBeInTheDocument();
  });
});
