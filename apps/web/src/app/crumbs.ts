import { matchPath } from 'react-router';

/** Page names of the breadcrumb (Home > name) and the document title; home has none. */
export const CRUMBS: readonly { path: string; crumb: string }[] = [
  { path: '/job/:id', crumb: 'Job Details' },
  { path: '/company/:slug', crumb: 'Company' },
  { path: '/sign-in', crumb: 'Sign In' },
  { path: '/sign-up', crumb: 'Sign Up' },
  { path: '/about', crumb: 'About' },
  { path: '/privacy', crumb: 'Privacy' },
  { path: '/terms', crumb: 'Terms' },
  { path: '/profile', crumb: 'Profile' },
  { path: '/post-job', crumb: 'Post a Job' },
  { path: '/edit-job/:id', crumb: 'Edit Job' },
  { path: '/my-job', crumb: 'My Jobs' },
  { path: '/jobs-applied', crumb: 'Applied Jobs' },
  { path: '/saved-jobs', crumb: 'Saved Jobs' },
  { path: '/responses', crumb: 'Responses' },
  { path: '/candidates/:id', crumb: 'Candidate' },
  { path: '/messages/:id', crumb: 'Messages' },
  { path: '/alerts', crumb: 'Job Alerts' },
  { path: '/unsubscribe', crumb: 'Unsubscribe' },
  { path: '/admin', crumb: 'Review Queue' },
  { path: '/admin/audit', crumb: 'Audit Log' },
  { path: '/admin/users', crumb: 'Users' },
  { path: '/admin/users/:id', crumb: 'Account' },
  { path: '/admin/jobs', crumb: 'All Jobs' },
  { path: '/admin/companies', crumb: 'Companies' },
  { path: '/admin/reports', crumb: 'Reports' },
  { path: '/admin/settings', crumb: 'Site Settings' },
  { path: '/admin/pages', crumb: 'Site Pages' },
  { path: '/company-invitation', crumb: 'Company Invitations' },
  { path: '/forgot-password', crumb: 'Forgot Password' },
  { path: '/reset-password', crumb: 'Reset Password' },
  { path: '/verify-email', crumb: 'Confirm E-mail' },
];

export function crumbFor(pathname: string): string | undefined {
  if (pathname === '/') return undefined;
  return CRUMBS.find((entry) => matchPath(entry.path, pathname))?.crumb ?? 'Page Not Found';
}

/**
 * Pages that name the document themselves: the job page ("<job> at <company> | Jobboard", as the server wrote it)
 * and the company page ("<company> | Jobboard").
 */
const OWN_TITLES = ['/job/:id', '/company/:slug'];

export function hasOwnTitle(pathname: string): boolean {
  return OWN_TITLES.some((path) => matchPath(path, pathname) !== null);
}
