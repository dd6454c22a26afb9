import type { JobSummary } from '@jobboard/shared';
import { Banknote, BriefcaseBusiness, CalendarDays, Clock, MapPin } from '../../../components/ui/icons';
import { CompanyLogo } from '../../../components/ui/CompanyLogo';
import { SaveJobButton } from '../../../components/jobs/SaveJobButton';
import { Link } from '../../../components/ui/Link';
import { excerpt } from '../../../lib/format';
import { Trans, useLingui } from '@lingui/react/macro';
import { placeText, relativeDay } from '../../../lib/job-view';
import { optionWord, payIn, workplaceIn } from '../../../lib/job-words';
import { KM_PER_MILE } from './DistanceFilter';
import { useReaderLocale } from '../../../lib/locale';

const metaClass = 'inline-flex items-center gap-1';

/** How far a job is from the place searched, in kilometres and miles. */
function Distance({ km }: { km: number }) {
  const mi = Math.round(km / KM_PER_MILE);
  return (
    <span className="text-slate-500 dark:text-slate-400">
      {' '}
      <Trans>
        · {km} km ({mi} mi)
      </Trans>
    </span>
  );
}

/** The card's facts: place (and distance), workplace, employment type, pay and the day it was posted. */
function JobFacts({ job }: { job: JobSummary }) {
  const locale = useReaderLocale();
  const { i18n, t } = useLingui();
  return (
    <ul
      className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700 dark:text-slate-300"
      aria-label={t`Job facts`}
    >
      <li className={metaClass}>
        <MapPin size={15} aria-hidden="true" />
        <bdi>{placeText(job)}</bdi>
        {/* A job in the place searched is there: "0 km" says nothing. */}
        {'distanceKm' in job && job.distanceKm ? <Distance km={job.distanceKm} /> : null}
      </li>
      <li className={metaClass}>
        <BriefcaseBusiness size={15} aria-hidden="true" />
        {workplaceIn(i18n, job)}
      </li>
      <li className={metaClass}>
        <Clock size={15} aria-hidden="true" />
        {optionWord(i18n, job.employmentType)}
      </li>
      <li className={metaClass}>
        <Banknote size={15} aria-hidden="true" />
        <bdi>{payIn(i18n, job, locale)}</bdi>
      </li>
      <li className={metaClass}>
        <CalendarDays size={15} aria-hidden="true" />
        <time dateTime={job.postingDate}>{job.postingDate}</time>
        {/* Across midnight UTC the server's day and the browser's differ by one: the browser's words win. */}
        <span suppressHydrationWarning className="text-slate-500 dark:text-slate-400">
          · {relativeDay(job.postingDate, new Date(), locale)}
        </span>
      </li>
    </ul>
  );
}

/**
 * A job in the home page's results: the whole card opens the job; the company name opens the company; the bookmark
 * saves it. `featured`: shown above a search's results, labelled so (an administrator featured it until a day).
 */
export function JobCard({ job, featured = false }: { job: JobSummary; featured?: boolean }) {
  const companyName = job.company.name || job.companyName;
  const border = featured ? 'border-amber-400 dark:border-amber-500' : 'border-slate-200 dark:border-slate-800';
  return (
    <article
      className={`group relative rounded-2xl border bg-white p-4 shadow-sm transition hover:-translate-y-0.5 hover:border-teal-600 hover:shadow-md sm:p-5 dark:bg-slate-900 dark:hover:border-teal-400 ${border}`}
    >
      {featured ? (
        <p className="mb-2 inline-block rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-900 dark:text-amber-50">
          <Trans>Featured</Trans>
        </p>
      ) : null}
      <div className="flex gap-4">
        <CompanyLogo
          src={job.company.logo || job.companyLogo}
          companyName={companyName}
          alt=""
          size={64}
          loading="lazy"
          className="h-12 w-12 shrink-0 rounded-xl border border-slate-200 p-1 sm:h-16 sm:w-16 dark:border-slate-700"
        />
        <div className="min-w-0 flex-1">
          {/* dir="auto" on what posters wrote: Arabic or Hebrew lays out right to left. */}
          <p dir="auto" className="text-sm font-medium text-slate-700 dark:text-slate-300">
            {job.company.slug ? (
              // Above the card's own link (the title's ::after covers the card).
              <Link to={`/company/${job.company.slug}`} className="relative z-10 hover:underline">
                {companyName}
              </Link>
            ) : (
              companyName
            )}
          </p>
          <h3 dir="auto" lang={job.language} className="mt-0.5 text-lg font-semibold text-slate-900 dark:text-white">
            <Link
              id={`job-title-${job._id}`}
              to={`/job/${job._id}`}
              className="after:absolute after:inset-0 after:rounded-2xl focus:outline-none focus-visible:underline"
            >
              {job.jobTitle}
            </Link>
          </h3>
          <JobFacts job={job} />
          <p dir="auto" lang={job.language} className="mt-3 text-sm leading-relaxed text-slate-700 dark:text-slate-300">
            {excerpt(job.description)}
          </p>
        </div>
        {/* Above the card's own link, like the company name. */}
        <SaveJobButton
          jobId={job._id}
          describedBy={`job-title-${job._id}`}
          className="-me-2 -mt-2 shrink-0 self-start"
        />
      </div>
    </article>
  );
}
