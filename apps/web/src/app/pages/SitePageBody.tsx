import type { SitePage as SitePageAnswer, SitePageSlug } from '@jobboard/shared';
import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { apiFetch } from '../../lib/api';

const BODY_CLASSES =
  'leading-relaxed text-slate-800 dark:text-slate-200 [&_p+*]:mt-3 [&_ul+*]:mt-3 [&_ol+*]:mt-3 [&_ul]:list-disc [&_ol]:list-decimal [&_ul]:ps-6 [&_ol]:ps-6 [&_li]:mt-1 [&_a]:font-medium [&_a]:text-teal-800 [&_a]:underline [&_a:hover]:no-underline dark:[&_a]:text-teal-300 [&_p>strong:only-child]:mt-6 [&_p>strong:only-child]:block [&_p>strong:only-child]:text-lg';

/**
 * One site page (GET /api/site/pages/:slug): the text the administrators wrote, or its default in the reader's
 * language (the server reads it from the language cookie, so a change of language asks again).
 */
export function useSitePage(slug: SitePageSlug) {
  const { i18n } = useLingui();
  return useQuery({
    queryKey: ['site', 'pages', slug, i18n.locale],
    queryFn: ({ signal }) => apiFetch<SitePageAnswer>(`/api/site/pages/${slug}`, { signal }),
    staleTime: 30_000,
  });
}

/** A page's body as the server made it safe (the job descriptions' Markdown subset, decision 27). */
export function SitePageBody({ html }: { html: string }) {
  // Safe by construction: every character is escaped and only p, br, ul, ol, li, strong, em and http(s)/mailto
  // links are written (apps/server/src/modules/jobs/description-html.ts).
  return (
    <div dir="auto" data-testid="site-page-body" className={BODY_CLASSES} dangerouslySetInnerHTML={{ __html: html }} />
  );
}
