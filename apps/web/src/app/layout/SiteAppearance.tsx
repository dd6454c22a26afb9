import { homeTitleOf } from '@jobboard/shared';
import { useEffect } from 'react';
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

/** Loaded after the first paint (RootLayout): the built-in look needs none of it. Home's title names the site. */
export function SiteAppearance({ home }: { home: boolean }) {
  const { accentColor, faviconUrl, siteName, tagline } = useSiteInfo();
  useSiteAppearance(accentColor ?? '', faviconUrl ?? '');
  useEffect(() => {
    if (home) document.title = homeTitleOf(siteName, tagline ?? '');
  }, [home, siteName, tagline]);
  return null;
}
