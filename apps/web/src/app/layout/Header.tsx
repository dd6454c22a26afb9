import { CircleUserRound, Lock, Menu, Moon, Sun, X } from '../../components/ui/icons';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { Link, NavLink } from '../../components/ui/Link';
import { NewBadge } from '../../components/ui/NewBadge';
import { useHydrated } from '../../lib/hydrated';
import { useSession } from '../../lib/session';
import { useAppStore, useDarkMode } from '../../lib/store';
import { useUnreadThreads } from '../../lib/unread-threads';
import { LanguageMenu } from './LanguageMenu';
import { SiteBrand } from './SiteBrand';

/** The spec's links; `signIn`: what a visitor is told the page needs (it leads to sign-in first). */
export const NAV_LINKS = [
  { to: '/', label: msg`Home` },
  { to: '/my-job', label: msg`My Jobs`, signIn: msg`Sign in to see your jobs` },
  { to: '/jobs-applied', label: msg`Applied Jobs`, signIn: msg`Sign in to see the jobs you applied to` },
  { to: '/saved-jobs', label: msg`Saved Jobs`, signIn: msg`Sign in to see your saved jobs` },
  { to: '/responses', label: msg`Responses`, signIn: msg`Sign in to see the responses to your jobs` },
  { to: '/alerts', label: msg`Alerts`, signIn: msg`Sign in to see your job alerts` },
  { to: '/post-job', label: msg`Post a Job`, signIn: msg`Sign in to post a job` },
] as const;

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-lg px-3 py-2 text-sm font-medium transition-colors ${
    isActive
      ? 'bg-teal-50 text-teal-800 dark:bg-teal-950 dark:text-teal-200'
      : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-200 dark:hover:bg-slate-800 dark:hover:text-white'
  }`;

function ThemeToggle() {
  // The saved theme lives in this browser only: a server-rendered page is taken over as light, then corrected.
  // The icon follows the `dark` class that theme-init.js sets before the first paint, so it never flashes.
  const hydrated = useHydrated();
  const darkMode = useDarkMode() && hydrated;
  const toggleTheme = useAppStore((s) => s.toggleTheme);
  const { t } = useLingui();
  return (
    <button
      type="button"
      onClick={toggleTheme}
      aria-label={darkMode ? t`Switch to light mode` : t`Switch to dark mode`}
      aria-pressed={darkMode}
      data-testid="theme-toggle"
      className="flex h-10 w-10 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
    >
      <Sun size={20} aria-hidden="true" className="hidden dark:block" />
      <Moon size={20} aria-hidden="true" className="dark:hidden" />
    </button>
  );
}

function ProfileLink() {
  const { user: currentUser, pending } = useSession();
  const { t } = useLingui();
  // Until the server says who is signed in, hold the place (neither 'Sign in' nor an avatar flashes).
  if (pending) return <span className="block h-10 w-10" aria-hidden="true" data-testid="session-pending" />;
  if (!currentUser) {
    return (
      <Link
        to="/profile"
        className="whitespace-nowrap rounded-lg bg-teal-700 px-3 py-2 text-sm font-semibold text-white hover:bg-teal-800 sm:px-4"
      >
        <Trans>Sign in</Trans>
      </Link>
    );
  }
  return (
    <Link
      to="/profile"
      aria-label={t`Profile of ${currentUser.name}`}
      className="block rounded-full"
      data-testid="profile-link"
    >
      {currentUser.avatar ? (
        <img
          src={currentUser.avatar}
          alt=""
          className="h-10 w-10 rounded-full border border-slate-200 object-cover dark:border-slate-700"
        />
      ) : (
        <CircleUserRound
          size={36}
          className="text-slate-700 dark:text-slate-200"
          aria-hidden="true"
          data-testid="default-avatar-icon"
        />
      )}
    </Link>
  );
}

/** Unread messages beside the page that leads to their threads: your applications' and your jobs' applicants'. */
function UnreadCount({ count, to }: { count: number | undefined; to: string }) {
  const { t } = useLingui();
  if (!count) return null;
  return (
    <>
      <span aria-hidden="true" className="ms-1.5">
        <NewBadge testId={`unread${to.replace('/', '-')}`}>{count}</NewBadge>
      </span>
      <span className="sr-only">{t`, ${plural(count, { one: '# unread message', other: '# unread messages' })}`}</span>
    </>
  );
}

/** On the menu button of a narrow screen, where the links and their counts are folded away. */
function UnreadDot() {
  const unread = useUnreadThreads();
  if (!unread?.total) return null;
  return (
    <span
      aria-hidden="true"
      data-testid="unread-dot"
      className="absolute end-1.5 top-1.5 h-2.5 w-2.5 rounded-full bg-amber-500 ring-2 ring-white dark:ring-slate-950"
    />
  );
}

/**
 * The five links of docs/product.md, "Screens", laid out in a row on desktop and a column in the mobile menu. A
 * visitor sees the ones that need an account with a lock, and hears (aria-describedby) or reads (title) why.
 */
function NavList({ className, idPrefix }: { className: string; idPrefix: string }) {
  // Administrators (the server says so in /api/auth/me; it checks again on every admin call) also get "Admin".
  const { user, pending } = useSession();
  const { i18n } = useLingui();
  const isAdmin = user?.isAdmin === true;
  const visitor = !user && !pending;
  const unread = useUnreadThreads();
  const unreadOn: Record<string, number | undefined> = {
    '/jobs-applied': unread?.asCandidate,
    '/responses': unread?.asTeam,
  };
  return (
    <ul className={className}>
      {NAV_LINKS.map((link) => {
        const hint = visitor && 'signIn' in link ? i18n._(link.signIn) : undefined;
        const hintId = `${idPrefix}${link.to.slice(1)}-sign-in`;
        return (
          <li key={link.to}>
            <NavLink
              to={link.to}
              end={link.to === '/'}
              className={(state) => `${navLinkClass(state)}${hint ? ' inline-flex items-center gap-1.5' : ''}`}
              {...(hint ? { 'aria-describedby': hintId, title: hint, 'data-sign-in': 'needed' } : {})}
            >
              {hint ? <Lock size={14} aria-hidden="true" className="shrink-0 opacity-70" /> : null}
              {i18n._(link.label)}
              <UnreadCount count={unreadOn[link.to]} to={link.to} />
            </NavLink>
            {hint ? (
              <span id={hintId} className="sr-only">
                {hint}
              </span>
            ) : null}
          </li>
        );
      })}
      {isAdmin ? (
        <li>
          <NavLink to="/admin" className={navLinkClass}>
            <Trans>Admin</Trans>
          </NavLink>
        </li>
      ) : null}
    </ul>
  );
}

export function Header() {
  const location = useLocation();
  // The menu belongs to the page it was opened on: navigating anywhere closes it, with no effect needed.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === location.pathname;
  const setOpen = (value: boolean) => setOpenOn(value ? location.pathname : null);
  const { t } = useLingui();
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/90 backdrop-blur dark:border-slate-800 dark:bg-slate-950/90">
      {/* Tighter on a phone, so the site's name fits beside the longer "Sign in" of German and Arabic. */}
      <div className="mx-auto flex max-w-6xl items-center gap-x-2 gap-y-1 px-4 py-3 sm:gap-x-4 sm:px-6 lg:flex-wrap">
        <SiteBrand />
        {/* A row of its own under the brand on a wide screen: seven links and the account's controls do not fit
            beside it in any language (never squeezed, never broken inside a word). */}
        <nav aria-label={t`Main`} className="hidden lg:order-last lg:block lg:w-full">
          <NavList className="flex flex-wrap items-center gap-1 [&_a]:whitespace-nowrap" idPrefix="nav-" />
        </nav>
        <div className="ms-auto flex items-center gap-1 sm:gap-2">
          <LanguageMenu id="language-menu" compact className="hidden sm:flex" />
          <ThemeToggle />
          <ProfileLink />
          <button
            type="button"
            className="relative flex h-10 w-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 lg:hidden dark:text-slate-200 dark:hover:bg-slate-800"
            aria-expanded={open}
            aria-controls="mobile-menu"
            aria-label={open ? t`Close menu` : t`Open menu`}
            onClick={() => setOpen(!open)}
          >
            {open ? <X size={22} aria-hidden="true" /> : <Menu size={22} aria-hidden="true" />}
            <UnreadDot />
          </button>
        </div>
      </div>
      {open ? (
        <nav
          id="mobile-menu"
          aria-label={t`Mobile`}
          className="border-t border-slate-200 px-4 pb-4 pt-2 lg:hidden dark:border-slate-800"
        >
          <NavList className="space-y-1" idPrefix="mobile-nav-" />
          <LanguageMenu id="mobile-language-menu" className="mt-3 sm:hidden" />
        </nav>
      ) : null}
    </header>
  );
}
