import type { SitePage as SitePageAnswer, SitePageSlug } from '@jobboard/shared';
import { useQuery } from '@tanstack/react-query';
import { Spinner } from '../../components/ui/Spinner';
import { apiFetch } from '../../lib/api';

const BODY_CLASSES =
  'leading-relaxed text-slate-800 dark:text-slate-200 [&_p+*]:mt-3 [&_ul+*]:mt-3 [&_ol+*]:mt-3 [&_ul]:list-disc [&_ol]:list-decimal [&_ul]:ps-6 [&_ol]:ps-6 [&_li]:mt-1 [&_a]:font-medium [&_a]:text-teal-800 [&_a]:underline [&_a:hover]:no-underline dark:[&_a]:text-teal-300 [&_p>strong:only-child]:mt-6 [&_p>strong:only-child]:block [&_p>strong:only-child]:text-lg';

/** One site page (GET /api/site/pages/:slug): the text the administrators wrote, or its default. */
export function useSitePage(slug: SitePageSlug) {
  return useQuery({
    queryKey: ['site', 'pages', slug],
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

function SitePageView({ slug, title }: { slug: SitePageSlug; title: string }) {
  const page = useSitePage(slug);
  return (
    <article className="mx-auto max-w-3xl">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
      <div className="mt-6">
        {page.data ? (
          <SitePageBody html={page.data.html} />
        ) : page.isError ? (
          <p role="alert" className="text-red-700 dark:text-red-300">
            This page could not be loaded. Please try again.
          </p>
        ) : (
          <Spinner />
        )}
      </div>
      {page.data?.updatedAt ? (
        <p className="mt-8 text-sm text-slate-600 dark:text-slate-400">
          Last changed {new Date(page.data.updatedAt).toLocaleDateString()}
        </p>
      ) : null}
    </article>
  );
}

export function PrivacyPage() {
  return <SitePageView slug="privacy" title="Privacy" />;
}

export function TermsPage() {
  return <SitePageView slug="terms" title="Terms" />;
}
