import { useEffect } from 'react';
import { BriefcaseBusiness } from '../../components/ui/icons';
import { Link } from '../../components/ui/Link';
import { useSiteInfo } from '../../lib/site';

/**
 * The site's accent colour and icon (site settings) applied to the whole page: the accent replaces Tailwind's
 * teal-700 and teal-800, which every primary button, link and mark is drawn with; none set: the built-in teal.
 */
function useSiteAppearance(accentColor: string, faviconUrl: string): void {
  useEffect(() => {
    const root = document.documentElement.style;
    if (accentColor) {
      root.setProperty('--color-teal-700', accentColor);
      root.setProperty('--color-teal-800', `color-mix(in srgb, ${accentColor} 80%, black)`);
    } else {
      root.removeProperty('--color-teal-700');
      root.removeProperty('--color-teal-800');
    }
  }, [accentColor]);
  useEffect(() => {
    if (!faviconUrl) return;
    const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (link) {
      link.removeAttribute('type');
      link.href = faviconUrl;
    }
  }, [faviconUrl]);
}

/** The header's home link: the site's logo and name (site settings), or the built-in mark and "Jobboard". */
export function SiteBrand() {
  const { siteName, logoUrl, accentColor, faviconUrl } = useSiteInfo();
  useSiteAppearance(accentColor, faviconUrl);
  return (
    <Link
      to="/"
      className="flex min-w-0 items-center gap-2 text-lg font-bold tracking-tight text-slate-900 dark:text-white"
      aria-label={`${siteName} home`}
    >
      {logoUrl ? (
        <img src={logoUrl} alt="" className="h-9 w-9 shrink-0 rounded-xl object-contain" />
      ) : (
        <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-xl bg-teal-700 text-white">
          <BriefcaseBusiness size={20} aria-hidden="true" />
        </span>
      )}
      <span className="truncate">{siteName}</span>
    </Link>
  );
}
