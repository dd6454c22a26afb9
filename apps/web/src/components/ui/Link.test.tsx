import fs from 'node:fs';
import path from 'node:path';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../test/render';
import { isActivePath, Link, NavLink } from './Link';

describe('Link', () => {
  it('renders an <a> with the href and navigates in the app on a plain click', () => {
    renderPage(<Link to="/job/1?x=1">Open</Link>, { path: '/' });
    const link = screen.getByRole('link', { name: 'Open' });
    expect(link).toHaveAttribute('href', '/job/1?x=1');
    fireEvent.click(link);
    expect(screen.getByTestId('where')).toHaveTextContent('/job/1?x=1');
  });

  it('leaves modified clicks (new tab) to the browser', () => {
    renderPage(<Link to="/about">About</Link>, { path: '/' });
    fireEvent.click(screen.getByRole('link', { name: 'About' }), { ctrlKey: true });
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/);
  });

  it('runs its own onClick first, and a prevented click does not navigate', () => {
    renderPage(
      <Link to="/about" onClick={(event) => event.preventDefault()}>
        About
      </Link>,
      { path: '/' },
    );
    fireEvent.click(screen.getByRole('link', { name: 'About' }));
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/);
  });
});

describe('NavLink', () => {
  it('marks the current page', () => {
    renderPage(
      <nav>
        <NavLink to="/" end className={({ isActive }) => (isActive ? 'on' : 'off')}>
          Home
        </NavLink>
        <NavLink to="/my-job" className={({ isActive }) => (isActive ? 'on' : 'off')}>
          My Jobs
        </NavLink>
      </nav>,
      { path: '/my-job' },
    );
    expect(screen.getByRole('link', { name: 'My Jobs' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'My Jobs' })).toHaveClass('on');
    expect(screen.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });

  it('isActivePath: exact, below, end, case and the root', () => {
    expect(isActivePath('/my-job', '/my-job')).toBe(true);
    expect(isActivePath('/My-Job/', '/my-job')).toBe(true);
    expect(isActivePath('/my-job/2', '/my-job')).toBe(true);
    expect(isActivePath('/my-job/2', '/my-job', true)).toBe(false);
    expect(isActivePath('/my-jobs', '/my-job')).toBe(false);
    expect(isActivePath('/about', '/')).toBe(false);
    expect(isActivePath('/', '/')).toBe(true);
  });
});

describe("React Router's own Link stays out of the app", () => {
  // Its prefetch machinery would land on the home page's first load (Link.tsx says why).
  it('no source file imports Link or NavLink from react-router', () => {
    const root = path.resolve(__dirname, '../..');
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (/\.tsx?$/.test(entry.name)) {
          const text = fs.readFileSync(full, 'utf8');
          for (const match of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'react-router'/g)) {
            if (/\b(Nav)?Link\b/.test(match[1] ?? '')) offenders.push(path.relative(root, full));
          }
        }
      }
    };
    walk(root);
    expect(offenders).toEqual([]);
  });
});
