import { MODERATION_MESSAGES } from '@jobboard/shared';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Outlet } from 'react-router';
import { buttonClass } from '../../../components/ui/Button';
import { Link, NavLink } from '../../../components/ui/Link';
import { useCurrentUser } from '../../../lib/session';
import { Notice } from './ConsoleParts';
import { serverText } from './console-words';

const SECTIONS = [
  { to: '/admin', label: msg`Review queue`, end: true },
  { to: '/admin/users', label: msg`Users`, end: false },
  { to: '/admin/jobs', label: msg`Jobs`, end: false },
  { to: '/admin/companies', label: msg`Companies`, end: false },
  { to: '/admin/reports', label: msg`Reports`, end: false },
  { to: '/admin/audit', label: msg`Audit log`, end: false },
  { to: '/admin/settings', label: msg`Settings`, end: false },
  { to: '/admin/pages', label: msg`Pages`, end: false },
] as const;

const tab = ({ isActive }: { isActive: boolean }) =>
  `flex min-h-11 shrink-0 items-center rounded-lg px-3 text-sm font-medium whitespace-nowrap ${
    isActive
      ? 'bg-teal-700 text-white dark:bg-teal-600'
      : 'text-slate-800 hover:bg-slate-200 dark:text-slate-200 dark:hover:bg-slate-800'
  }`;

/**
 * The administrators' console (`/admin/*`, issue 34): a side nav on wide screens, a row of tabs that scrolls
 * sideways on narrow ones, and the section's screen. The server refuses every console call to anyone else; this
 * only spares them a screen of errors.
 */
export function AdminConsole() {
  const { i18n, t } = useLingui();
  const user = useCurrentUser();
  if (user?.isAdmin !== true)
    return (
      <Notice title={serverText(i18n, MODERATION_MESSAGES.adminsOnly)}>
        <p className="mt-1 text-slate-700 dark:text-slate-300">
          <Trans>This page is for the board’s administrators.</Trans>
        </p>
        <Link to="/" className={buttonClass('primary', 'mt-5')}>
          <Trans>Find jobs</Trans>
        </Link>
      </Notice>
    );
  return (
    <div className="flex flex-col gap-6 lg:flex-row lg:items-start">
      <nav aria-label={t`Administration`} className="lg:sticky lg:top-20 lg:w-48 lg:shrink-0">
        <p className="mb-2 hidden text-xs font-semibold tracking-wide text-slate-600 uppercase lg:block dark:text-slate-300">
          <Trans>Administration</Trans>
        </p>
        <ul className="flex flex-wrap gap-1 lg:flex-col">
          {SECTIONS.map((section) => (
            <li key={section.to}>
              <NavLink to={section.to} end={section.end} className={tab}>
                {i18n._(section.label)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  );
}
