import type { SavedJob } from '@jobboard/shared';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSearchParams } from 'react-router';
import { SaveJobButton } from '../../../components/jobs/SaveJobButton';
import { buttonClass, Button } from '../../../components/ui/Button';
import { CompanyLogo } from '../../../components/ui/CompanyLogo';
import { Banknote, Bookmark, BriefcaseBusiness, MapPin } from '../../../components/ui/icons';
import { Link } from '../../../components/ui/Link';
import { PageTitle } from '../../../components/ui/PageTitle';
import { Pagination } from '../../../components/ui/Pagination';
import { Spinner } from '../../../components/ui/Spinner';
import { errorMessage } from '../../../lib/api';
import { dateOnly } from '../../../lib/format';
import { longDate, placeText } from '../../../lib/job-view';
import { payIn, workplaceIn } from '../../../lib/job-words';
import { useReaderLocale } from '../../../lib/locale';
import { useSavedJobsPage } from '../api/saved-jobs';

/** The page number of the URL (`?page=2`); anything else is page 1. */
export function pageFromParams(params: URLSearchParams): number {
  const raw = params.get('page') ?? '';
  return /^[1-9]\d{0,3}$/.test(raw) ? Number(raw) : 1;
}

function StatusNote({ job }: { job: SavedJob }) {
  const locale = useReaderLocale();
  if (job.status === 'open') return null;
  const closedOn = longDate(job.validThrough, locale);
  return (
    <p className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-50">
      <span className="font-semibold">
        <Trans>No longer accepting applications.</Trans>
      </span>{' '}
      {job.status === 'expired' ? (
        <Trans>Applications closed on {closedOn}.</Trans>
      ) : (
        <Trans>The employer has closed this job.</Trans>
      )}
    </p>
  );
}

/** Where, how (on-site, hybrid, remote) and the pay, in the reader's language and locale. */
function SavedJobFacts({ job }: { job: SavedJob }) {
  const { t, i18n } = useLingui();
  const locale = useReaderLocale();
  return (
    <ul
      className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700 dark:text-slate-300"
      aria-label={t`Job facts`}
    >
      <li className="inline-flex items-center gap-1">
        <MapPin size={15} aria-hidden="true" />
        {placeText(job)}
      </li>
      <li className="inline-flex items-center gap-1">
        <BriefcaseBusiness size={15} aria-hidden="true" />
        {workplaceIn(i18n, job)}
      </li>
      <li className="inline-flex items-center gap-1">
        <Banknote size={15} aria-hidden="true" />
        <bdi>{payIn(i18n, job, locale)}</bdi>
      </li>
    </ul>
  );
}

/** When a job was saved: the spec's yyyy-mm-dd in English, the reader's own way of writing a date otherwise. */
function useSavedOn(savedAt: string): string {
  const { i18n } = useLingui();
  const locale = useReaderLocale();
  return i18n.locale === 'en' ? dateOnly(savedAt) : longDate(savedAt.slice(0, 10), locale, 'medium');
}

function SavedJobCard({ job }: { job: SavedJob }) {
  const { t } = useLingui();
  const savedOn = useSavedOn(job.savedAt);
  const companyName = job.company.name || job.companyName;
  const titleId = `saved-title-${job._id}`;
  const open = job.status === 'open';
  return (
    <article
      data-testid="saved-job"
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex gap-4">
        <CompanyLogo
          src={job.company.logo || job.companyLogo}
          companyName={companyName}
          alt=""
          size={56}
          loading="lazy"
          className="h-12 w-12 shrink-0 rounded-xl border border-slate-200 p-1 sm:h-14 sm:w-14 dark:border-slate-700"
        />
        <div className="min-w-0 flex-1">
          <p className="text-sm font-medium text-slate-700 dark:text-slate-300">
            {job.company.slug ? (
              <Link to={`/company/${job.company.slug}`} className="hover:underline" dir="auto">
                {companyName}
              </Link>
            ) : (
              companyName
            )}
          </p>
          <h2 className="mt-0.5 flex flex-wrap items-center gap-2 text-lg font-semibold text-slate-900 dark:text-white">
            <Link id={titleId} to={`/job/${job._id}`} className="hover:underline" dir="auto">
              {job.jobTitle}
            </Link>
            {open ? null : (
              <span
                data-testid="saved-job-status"
                className="rounded-full bg-slate-200 px-2.5 py-0.5 text-xs font-semibold uppercase tracking-wide text-slate-800 dark:bg-slate-700 dark:text-slate-100"
              >
                {job.status === 'closed' ? t`Closed` : t`Expired`}
              </span>
            )}
          </h2>
          <SavedJobFacts job={job} />
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
            <Trans>
              Saved on <time dateTime={job.savedAt}>{savedOn}</time>
            </Trans>
          </p>
          <StatusNote job={job} />
          <div className="mt-4 flex flex-wrap items-start gap-3">
            {/* Only an open job leads on to applying; a closed one's page says why it cannot be applied to. */}
            {open ? (
              <Link to={`/job/${job._id}`} className={buttonClass('primary')} aria-describedby={titleId}>
                <Trans>View and apply</Trans>
              </Link>
            ) : null}
            <SaveJobButton jobId={job._id} describedBy={titleId} variant="button" />
          </div>
        </div>
      </div>
    </article>
  );
}

/** Saved Jobs (`/saved-jobs?page=N`): the signed-in user's bookmarks, newest saved first, closed ones marked. */
export function SavedJobsPage() {
  const { t, i18n } = useLingui();
  const [params, setParams] = useSearchParams();
  const page = pageFromParams(params);
  const saved = useSavedJobsPage(page);
  const goTo = (next: number) => {
    setParams(next > 1 ? { page: String(next) } : {});
    if (typeof window !== 'undefined') window.scrollTo({ top: 0 });
  };

  const data = saved.data;
  const savedCount = (n: number) => i18n._(msg`${plural(n, { one: '# saved job', other: '# saved jobs' })}`);
  // The page size from the answer: importing the shared constant would bring the zod schemas into this screen.
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <section aria-busy={saved.isFetching}>
      <PageTitle subtitle={data && data.total > 0 ? savedCount(data.total) : undefined}>
        <Trans>Your Saved Jobs</Trans>
      </PageTitle>
      {saved.isPending ? (
        <Spinner label={t`Loading your saved jobs`} />
      ) : saved.isError && !data ? (
        <div
          role="alert"
          className="rounded-2xl border border-red-200 bg-red-50 p-6 text-center text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100"
        >
          <p className="font-semibold">
            <Trans>Could not load your saved jobs</Trans>
          </p>
          <p className="mt-1 text-sm">{errorMessage(saved.error)}</p>
          <Button variant="secondary" className="mt-4" onClick={() => void saved.refetch()}>
            <Trans>Try again</Trans>
          </Button>
        </div>
      ) : !data || data.total === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 px-6 py-14 text-center dark:border-slate-700">
          <Bookmark size={32} className="mx-auto text-slate-500 dark:text-slate-400" aria-hidden="true" />
          <p className="mt-3 text-lg font-semibold text-slate-900 dark:text-white">
            <Trans>No saved jobs yet</Trans>
          </p>
          <p className="mt-1 text-slate-700 dark:text-slate-300">
            <Trans>Save a job with its bookmark to find it here later.</Trans>
          </p>
          <Link to="/" className={buttonClass('primary', 'mt-5')}>
            <Trans>Find jobs</Trans>
          </Link>
        </div>
      ) : data.items.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 px-6 py-14 text-center dark:border-slate-700">
          <p className="text-lg text-slate-700 dark:text-slate-300">
            <Trans>This page is past the last of your saved jobs.</Trans>
          </p>
          <Button variant="secondary" className="mt-4" onClick={() => goTo(pages)}>
            <Trans>Go to page {pages}</Trans>
          </Button>
        </div>
      ) : (
        <ul className="space-y-4">
          {data.items.map((job) => (
            <li key={job._id}>
              <SavedJobCard job={job} />
            </li>
          ))}
        </ul>
      )}
      {data && data.items.length > 0 && pages > 1 ? (
        <Pagination
          page={page}
          pageCount={pages}
          hasPrevious={page > 1}
          hasNext={page < pages}
          onPrevious={() => goTo(page - 1)}
          onNext={() => goTo(page + 1)}
          label={t`Saved jobs pages`}
        />
      ) : null}
    </section>
  );
}
