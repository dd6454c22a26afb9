import { SITE_PAGE_SLUGS, SITE_SETTINGS_LIMITS, type SitePage, type SitePageSlug } from '@jobboard/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { inputClass, labelClass } from '../../../components/ui/Field';
import { Link } from '../../../components/ui/Link';
import { PageTitle } from '../../../components/ui/PageTitle';
import { Spinner } from '../../../components/ui/Spinner';
import { SitePageBody, useSitePage } from '../../../app/pages/SitePageBody';
import { useSavePage } from '../api/settings';
import { linkClass, muted } from './ConsoleParts';
import { SITE_PAGES, errorText } from './console-words';

/** One page's editor: its Markdown, saved as is; empty puts the default text back. */
function PageEditor({ page, save }: { page: SitePage; save: ReturnType<typeof useSavePage> }) {
  const { i18n } = useLingui();
  const [body, setBody] = useState(page.body);
  const title = i18n._(SITE_PAGES[page.slug]);
  const id = `page-${page.slug}`;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(body);
      }}
      className="space-y-3"
    >
      <label htmlFor={id} className={labelClass}>
        <Trans>Text of {title}</Trans>
      </label>
      <textarea
        id={id}
        dir="auto"
        value={body}
        rows={14}
        maxLength={SITE_SETTINGS_LIMITS.pageBody}
        onChange={(event) => setBody(event.target.value)}
        className={`${inputClass} font-mono`}
      />
      <p className={muted}>
        <Trans>
          Paragraphs, lists, **bold**, *italic*, links and ## headings, as in job descriptions. Empty: the default text.
        </Trans>
        {page.isDefault ? (
          <>
            {' '}
            <Trans>Showing the default text now.</Trans>
          </>
        ) : null}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={save.isPending || body === page.body}>
          {save.isPending ? <Trans>Saving...</Trans> : <Trans>Save page</Trans>}
        </Button>
        <Link to={`/${page.slug}`} className={linkClass}>
          <Trans>Open the page</Trans>
        </Link>
        <p role="status" className={muted}>
          {save.isSuccess && body === page.body ? <Trans>Saved.</Trans> : ''}
        </p>
        {save.isError ? (
          <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
            {errorText(i18n, save.error)}
          </p>
        ) : null}
      </div>
      <h2 className="pt-4 text-sm font-semibold text-slate-800 uppercase dark:text-slate-200">
        <Trans>Preview (as saved)</Trans>
      </h2>
      <div className="rounded-xl border border-slate-200 p-4 dark:border-slate-800">
        <SitePageBody html={page.html} />
      </div>
    </form>
  );
}

function PageTab({ slug }: { slug: SitePageSlug }) {
  const page = useSitePage(slug);
  // Here, not in the editor: the editor starts again from each saved text, and the save's outcome outlives it.
  const save = useSavePage(slug);
  const { i18n, t } = useLingui();
  if (page.data) return <PageEditor key={`${page.data.updatedAt ?? 'default'}`} page={page.data} save={save} />;
  if (page.isError) return <p role="alert">{errorText(i18n, page.error)}</p>;
  return <Spinner label={t`Loading the page`} />;
}

/** About, Privacy and Terms (issue 34, item 3), linked from the footer and the sign-up form. */
export function SitePagesPage() {
  const [slug, setSlug] = useState<SitePageSlug>('about');
  const { i18n, t } = useLingui();
  return (
    <section>
      <PageTitle subtitle={t`The pages the footer and the sign-up form link to.`}>
        <Trans>Site pages</Trans>
      </PageTitle>
      <div role="tablist" aria-label={t`Page`} className="mb-4 flex flex-wrap gap-2">
        {SITE_PAGE_SLUGS.map((each) => (
          <Button
            key={each}
            role="tab"
            aria-selected={each === slug}
            variant={each === slug ? 'primary' : 'secondary'}
            onClick={() => setSlug(each)}
          >
            {i18n._(SITE_PAGES[each])}
          </Button>
        ))}
      </div>
      <div
        role="tabpanel"
        className="rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
      >
        <PageTab key={slug} slug={slug} />
      </div>
    </section>
  );
}
