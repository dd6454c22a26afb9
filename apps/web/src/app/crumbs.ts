import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { matchPath } from 'react-router';

/** Page names of the breadcrumb (Home > name) and the document title; home has none. */
export const CRUMBS: readonly { path: string; crumb: MessageDescriptor }[] = [
  { path: '/job/:id', crumb: msg`Job Details` },
  { path: '/company/:slug', crumb: msg`Company` },
  { path: '/sign-in', crumb: msg`Sign In` },
  { path: '/sign-up', crumb: msg`Sign Up` },
  { path: '/about', crumb: msg`About` },
  { path: '/privacy', crumb: msg`Privacy` },
  { path: '/terms', crumb: msg`Terms` },
  { path: '/profile', crumb: msg`Profile` },
  { path: '/post-job', crumb: msg`Post a Job` },
  { path: '/edit-job/:id', crumb: msg`Edit Job` },
  { path: '/my-job', crumb: msg`My Jobs` },
  { path: '/jobs-applied', crumb: msg`Applied Jobs` },
  { path: '/saved-jobs', crumb: msg`Saved Jobs` },
  { path: '/responses', crumb: msg`Responses` },
  { path: '/candidates/:id', crumb: msg`Candidate` },
  { path: '/messages/:id', crumb: msg`Messages` },
  { path: '/alerts', crumb: msg`Job Alerts` },
  { path: '/unsubscribe', crumb: msg`Unsubscribe` },
  { path: '/admin', crumb: msg`Review Queue` },
  { path: '/admin/audit', crumb: msg`Audit Log` },
  { path: '/admin/users', crumb: msg`Users` },
  { path: '/admin/users/:id', crumb: msg`Account` },
  { path: '/admin/jobs', crumb: msg`All Jobs` },
  { path: '/admin/companies', crumb: msg`Companies` },
  { path: '/admin/reports', crumb: msg`Reports` },
  { path: '/admin/settings', crumb: msg`Site Settings` },
  { path: '/admin/pages', crumb: msg`Site Pages` },
  { path: '/company-invitation', crumb: msg`Company Invitations` },
  { path: '/forgot-password', crumb: msg`Forgot Password` },
  { path: '/reset-password', crumb: msg`Reset Password` },
  { path: '/verify-email', crumb: msg`Confirm E-mail` },
];

export function crumbFor(pathname: string): MessageDescriptor | undefined {
  if (pathname === '/') return undefined;
  return CRUMBS.find((entry) => matchPath(entry.path, pathname))?.crumb ?? msg`Page Not Found`;
}

/**
 * Pages that name the document themselves: the job page ("<job> at <company> | Jobboard", as the server wrote it)
 * and the company page ("<company> | Jobboard").
 */
const OWN_TITLES = ['/job/:id', '/company/:slug'];

export function hasOwnTitle(pathname: string): boolean {
  return OWN_TITLES.some((path) => matchPath(path, pathname) !== null);
}
