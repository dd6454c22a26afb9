import type { SitePageSlug } from '@jobboard/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Spinner } from '../../components/ui/Spinner';
import { SitePageBody, useSitePage } from './SitePageBody';

function SitePageView({ slug, title }: { slug: SitePageSlug; title: string }) {
  const page = useSitePage(slug);
  const { i18n } = useLingui();
  const changed = page.data?.updatedAt ? new Date(page.data.updatedAt).toLocaleDateString(i18n.locale) : null;
  return (
    <article className="mx-auto max-w-3xl">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
      <div className="mt-6">
        {page.data ? (
          <SitePageBody html={page.data.html} />
        ) : page.isError ? (
          <p role="alert" className="text-red-700 dark:text-red-300">
            <Trans>This page could not be loaded. Please try again.</Trans>
          </p>
        ) : (
          <Spinner />
        )}
      </div>
      {changed ? (
        <p className="mt-8 text-sm text-slate-600 dark:text-slate-400">
          <Trans>Last changed {changed}</Trans>
        </p>
      ) : null}
    </article>
  );
}

export function PrivacyPage() {
  const { t } = useLingui();
  return <SitePageView slug="privacy" title={t`Privacy`} />;
}

export function TermsPage() {
  const { t } = useLingui();
  return <SitePageView slug="terms" title={t`Terms`} />;
}
