/**
 * Where to go after signing in: `/sign-in?next=/my-job`. Only a path on this site is accepted (a single
 * leading '/', no '//' or '/\' that a browser would read as another host, no control characters), and never
 * the sign-in or sign-up screens themselves.
 */
export function safeNextPath(raw: string | null | undefined): string | null {
  if (!raw || raw.length > 2000) return null;
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  if (/[\u0000-\u001f\u007f\\]/.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, 'http://same.site');
  } catch {
    return null;
  }
  if (url.origin !== 'http://same.site') return null;
  if (url.pathname === '/sign-in' || url.pathname === '/sign-up') return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The sign-in screen, remembering where to come back to (nothing to remember for home). */
export function signInPath(next: string): string {
  const safe = safeNextPath(next);
  return safe && safe !== '/' ? `/sign-in?next=${encodeURIComponent(safe)}` : '/sign-in';
}
