import type { JobSummary } from '@jobboard/shared';
import { useLingui } from '@lingui/react/macro';
import { Banknote, BriefcaseBusiness, CalendarDays, Clock, MapPin } from '../../../components/ui/icons';
import type { ReactNode } from 'react';
import { Link } from '../../../components/ui/Link';
import { excerpt } from '../../../lib/format';
import { placeText } from '../../../lib/job-view';
import { optionWord, payIn, workplaceIn } from '../../../lib/job-words';
import { useReaderLocale } from '../../../lib/locale';

/*
 * A company's open jobs. Not the home page's JobCard: the company's name and logo are the page's own heading, and
 * importing JobCard from this lazy screen makes the bundler split the home page's first load into more files
 * (docs/decisions/0008-web-app-size.md).
 */
function Fact({ icon: Icon, children }: { icon: typeof MapPin; children: ReactNode }) {
  return (
    <li className="inline-flex items-center gap-1">
      <Icon size={15} aria-hidden="true" />
      {children}
    </li>
  );
}

export function CompanyJobList({ jobs }: { jobs: readonly JobSummary[] }) {
  const { i18n, t } = useLingui();
  const locale = useReaderLocale();
  return (
    <ul className="space-y-4">
      {jobs.map((job) => (
        <li key={job._id}>
          <article className="relative rounded-2xl border border-slate-200 bg-white p-4 shadow-sm transition hover:border-teal-600 hover:shadow-md sm:p-5 dark:border-slate-800 dark:bg-slate-900 dark:hover:border-teal-400">
            <h3 dir="auto" className="text-lg font-semibold text-slate-900 dark:text-white">
              <Link
                to={`/job/${job._id}`}
                className="after:absolute after:inset-0 after:rounded-2xl focus:outline-none focus-visible:underline"
              >
                {job.jobTitle}
              </Link>
            </h3>
            <ul
              className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700 dark:text-slate-300"
              aria-label={t`Job facts`}
            >
              <Fact icon={MapPin}>
                <bdi>{placeText(job)}</bdi>
              </Fact>
              <Fact icon={BriefcaseBusiness}>{workplaceIn(i18n, job)}</Fact>
              <Fact icon={Clock}>{optionWord(i18n, job.employmentType)}</Fact>
              <Fact icon={Banknote}>
                <bdi>{payIn(i18n, job, locale)}</bdi>
              </Fact>
              <Fact icon={CalendarDays}>{job.postingDate}</Fact>
            </ul>
            <p dir="auto" className="mt-3 text-sm leading-relaxed text-slate-700 dark:text-slate-300">
              {excerpt(job.description)}
            </p>
          </article>
        </li>
      ))}
    </ul>
  );
}
