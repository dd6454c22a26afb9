import type { CompanyPage as CompanyPageData } from '@jobboard/shared';
import { SITE_NAME } from '@jobboard/shared';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Pencil } from 'lucide-react';
import { Suspense, useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/Button';
import { CompanyLogo } from '../../../components/ui/CompanyLogo';
import { Link } from '../../../components/ui/Link';
import { JobCardSkeletonList } from '../../../components/ui/Skeleton';
import { ApiError, errorMessage } from '../../../lib/api';
import { AfterHydration } from '../../../lib/hydrated';
import { lazyScreen } from '../../../lib/lazy-screen';
import { useCompany } from '../api/companies';
import { cardClass } from './card';
import { CompanyAbout, CompanyCover, CompanyLink } from './CompanyAbout';
import { CompanyJobList } from './CompanyJobList';

// Only the company's members edit it and see its team: a visitor's page loads neither part nor the forms' schemas.
const CompanyEditForm = lazyScreen(() => import('./CompanyEditForm'), 'CompanyEditForm', 'companies');
const MembersPanel = lazyScreen(() => import('./MembersPanel'), 'MembersPanel', 'companies');

function CompanyLoading() {
  const { t } = useLingui();
  return (
    <section aria-busy="true" aria-label={t`Loading company`}>
      <div className={`${cardClass} h-40 animate-pulse`} />
      <div className="mt-8">
        <JobCardSkeletonList count={3} />
      </div>
    </section>
  );
}

function CompanyLoadError({ error, retry }: { error: Error; retry: () => void }) {
  const notFound = error instanceof ApiError && error.status === 404;
  return (
    <section className="py-12 text-center">
      <h1 className="text-2xl font-bold">
        {notFound ? <Trans>Company not found</Trans> : <Trans>Could not load this company</Trans>}
      </h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        {notFound ? <Trans>There is no company at this address. It may have been renamed.</Trans> : errorMessage(error)}
      </p>
      <div className="mt-6 flex justify-center gap-3">
        {notFound ? null : (
          <Button variant="secondary" onClick={retry}>
            <Trans>Try again</Trans>
          </Button>
        )}
        <Link to="/" className={buttonClass('primary')}>
          <Trans>Back to all jobs</Trans>
        </Link>
      </div>
    </section>
  );
}

/** The company's logo, name, website and open jobs' count; its members get "Edit company". */
function CompanyHeading({ company, onEdit }: { company: CompanyPageData; onEdit: (() => void) | undefined }) {
  const { t } = useLingui();
  const companyName = company.name;
  const openJobs = company.openJobs;
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
      <CompanyLogo
        src={company.logo}
        companyName={company.name}
        alt={t`${companyName} logo`}
        size={80}
        className="h-20 w-20 shrink-0 rounded-2xl border border-slate-200 p-1.5 text-2xl dark:border-slate-700"
      />
      <div className="min-w-0 flex-1">
        <h1 dir="auto" className="text-2xl font-bold tracking-tight wrap-anywhere sm:text-3xl">
          {company.name}
        </h1>
        <p className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-700 dark:text-slate-300">
          {company.website ? <CompanyLink href={company.website} /> : null}
          <span>
            <Plural value={openJobs} one="# open job" other="# open jobs" />
          </span>
        </p>
      </div>
      {onEdit ? (
        <Button variant="secondary" onClick={onEdit} className="self-start">
          <Pencil size={14} aria-hidden="true" />
          <Trans>Edit company</Trans>
        </Button>
      ) : null}
    </div>
  );
}

/** /company/:slug: the company, its open jobs, and for its members an edit form and the member list. */
export function CompanyPage() {
  const { slug = '' } = useParams();
  const company = useCompany(slug);
  const [editing, setEditing] = useState(false);
  const { t } = useLingui();
  const title = `${company.data?.name ?? (company.isError ? t`Company not found` : t`Company`)} | ${SITE_NAME}`;
  useEffect(() => {
    document.title = title;
  }, [title]);

  if (company.isPending) return <CompanyLoading />;
  if (company.isError) return <CompanyLoadError error={company.error} retry={() => void company.refetch()} />;
  const data = company.data;
  const companyName = data.name;
  return (
    <section className="mx-auto max-w-4xl space-y-8">
      <div className={cardClass}>
        <CompanyCover src={data.cover} />
        <CompanyHeading company={data} onEdit={data.canEdit && !editing ? () => setEditing(true) : undefined} />
        <CompanyAbout company={data} />
        {editing ? (
          <Suspense
            fallback={
              <div aria-busy="true" className="mt-6 h-64 animate-pulse rounded-xl bg-slate-100 dark:bg-slate-800" />
            }
          >
            <CompanyEditForm company={data} onDone={() => setEditing(false)} />
          </Suspense>
        ) : null}
      </div>
      <div>
        <h2 className="mb-4 text-lg font-bold">
          <Trans>Open jobs</Trans>
        </h2>
        {data.jobs.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-slate-300 py-12 text-center text-slate-700 dark:border-slate-700 dark:text-slate-300">
            <Trans>{companyName} has no open jobs at the moment.</Trans>
          </p>
        ) : (
          <CompanyJobList jobs={data.jobs} />
        )}
      </div>
      {data.role ? (
        // Its forms are the browser's alone: typed into before hydration, their text would not be React's state.
        <AfterHydration>
          <Suspense fallback={<div aria-busy="true" className={`${cardClass} h-40 animate-pulse`} />}>
            <MembersPanel slug={data.slug} role={data.role} />
          </Suspense>
        </AfterHydration>
      ) : null}
    </section>
  );
}
