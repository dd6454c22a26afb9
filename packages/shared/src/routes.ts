/**
 * The web app's pages (docs/product.md lists what each shows). The server answers these paths with the app
 * and status 200; any other page path still gets the app, which shows "Page Not Found", but with status 404,
 * so crawlers and link checkers see a missing page as missing.
 */
export const PAGE_PATHS = [
  '/',
  '/job/:id',
  '/company/:slug',
  '/sign-in',
  '/sign-up',
  '/about',
  '/privacy',
  '/terms',
  '/profile',
  '/post-job',
  '/edit-job/:id',
  '/my-job',
  '/jobs-applied',
  '/saved-jobs',
  '/responses',
  '/verify-email',
  '/forgot-password',
  '/reset-password',
  '/alerts',
  '/unsubscribe',
  '/admin',
  '/admin/audit',
  '/admin/users',
  '/admin/users/:id',
  '/admin/jobs',
  '/admin/companies',
  '/admin/reports',
  '/admin/settings',
  '/admin/pages',
  '/company-invitation',
] as const;

export type PagePath = (typeof PAGE_PATHS)[number];

const patterns = PAGE_PATHS.map((path) => path.split('/').filter(Boolean));

/** True when `pathname` (no query string) is one of PAGE_PATHS; `:name` stands for one non-empty segment. */
export function isKnownPage(pathname: string): boolean {
  if (pathname === '/') return true;
  if (!pathname.startsWith('/')) return false;
  const segments = pathname.slice(1).split('/');
  if (segments.length > 1 && segments.at(-1) === '') segments.pop(); // one trailing slash is the same page
  if (segments.some((s) => s === '')) return false;
  return patterns.some(
    (pattern) =>
      pattern.length === segments.length && pattern.every((part, i) => part.startsWith(':') || part === segments[i]),
  );
}
