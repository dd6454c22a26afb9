import type { AnchorHTMLAttributes, MouseEvent, Ref } from 'react';
import { useHref, useLinkClickHandler, useLocation, useResolvedPath, type To } from 'react-router';

/*
 * The app's in-site links. React Router's <Link> carries the framework mode's route prefetching (prefetch links,
 * route-module loading, manifest lookups) whatever props it gets, and it all lands on the home page's first load:
 * about 1 KB gzipped of a 105 KB budget (docs/decisions/0008-web-app-size.md). These render the same <a> (href
 * from the router, client-side navigation on a plain left click, new tab on modified clicks) without it.
 * Links off the site are plain <a> elements.
 */

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  replace?: boolean;
  state?: unknown;
  ref?: Ref<HTMLAnchorElement>;
}

export function Link({ to, replace, state, onClick, target, ref, ...rest }: LinkProps) {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { replace, state, target });
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!event.defaultPrevented) navigate(event);
  };
  return <a {...rest} ref={ref} href={href} target={target} onClick={handleClick} />;
}

export interface NavLinkProps extends Omit<LinkProps, 'className'> {
  /** Active only on this exact path, not below it. */
  end?: boolean;
  className: (state: { isActive: boolean }) => string;
}

/** Whether `pathname` is `target` or (unless `end`) below it; case-insensitive, as React Router's NavLink. */
export function isActivePath(pathname: string, target: string, end = false): boolean {
  const current = pathname.toLowerCase();
  const path = target.toLowerCase();
  if (current === path) return true;
  if (end || path === '/') return false;
  return current.startsWith(path.endsWith('/') ? path : `${path}/`);
}

/** A link that knows whether it points at the current page (aria-current="page" and an active style). */
export function NavLink({ to, end = false, className, ...rest }: NavLinkProps) {
  const { pathname } = useLocation();
  const target = useResolvedPath(to).pathname;
  const isActive = isActivePath(pathname, target, end);
  return <Link {...rest} to={to} aria-current={isActive ? 'page' : undefined} className={className({ isActive })} />;
}
