import { Trans, useLingui } from '@lingui/react/macro';
import type { Job } from '@jobboard/shared';
import {
  Banknote,
  BriefcaseBusiness,
  Building2,
  CalendarClock,
  CalendarDays,
  Clock,
  GraduationCap,
  MapPin,
  UserRound,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { longDate, placeText } from '../../../lib/job-view';
import { optionWord, payIn, workplaceIn } from '../../../lib/job-words';

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  // dt and dd sit directly in a div of the dl, as the HTML spec (and axe) require.
  return (
    <div className="rounded-xl bg-slate-50 p-3 dark:bg-slate-800/60">
      <dt className="flex items-center gap-2 text-xs font-medium uppercase tracking-wide text-slate-600 dark:text-slate-300">
        <span className="text-teal-700 dark:text-teal-300" aria-hidden="true">
          {icon}
        </span>
        {label}
      </dt>
      <dd className="mt-0.5 ps-7 font-medium text-slate-900 dark:text-white">{children}</dd>
    </div>
  );
}

/** The job page's facts (place, pay, dates, poster): the job page and Post a Job's preview show the same. */
export function JobFacts({
  job,
  locale,
  className = '',
}: {
  job: Job;
  locale: string | undefined;
  className?: string;
}) {
  const { i18n, t } = useLingui();
  const companyName = job.company.name || job.companyName;
  return (
    <dl className={`grid gap-3 ${className}`}>
      <Fact icon={<MapPin size={18} />} label={t`Location`}>
        <bdi>{placeText(job)}</bdi>
      </Fact>
      <Fact icon={<Building2 size={18} />} label={t`Workplace`}>
        {workplaceIn(i18n, job, Infinity)}
      </Fact>
      <Fact icon={<Clock size={18} />} label={t`Employment type`}>
        {optionWord(i18n, job.employmentType)}
      </Fact>
      <Fact icon={<GraduationCap size={18} />} label={t`Experience level`}>
        {optionWord(i18n, job.experienceLevel)}
      </Fact>
      <Fact icon={<Banknote size={18} />} label={t`Salary`}>
        <bdi>{payIn(i18n, job, locale ?? i18n.locale)}</bdi>
      </Fact>
      <Fact icon={<BriefcaseBusiness size={18} />} label={t`Salary type`}>
        {optionWord(i18n, job.salaryType)}
      </Fact>
      <Fact icon={<UserRound size={18} />} label={t`Posted by`}>
        <span className="wrap-anywhere">
          <Trans>
            <bdi>{job.posterName}</bdi> at <bdi>{companyName}</bdi>
          </Trans>
        </span>
        {/* The address itself only reaches the poster, their company and administrators. */}
        {job.postedBy !== job.posterName ? (
          <span className="block break-all text-sm opacity-80">{job.postedBy}</span>
        ) : null}
      </Fact>
      <Fact icon={<CalendarDays size={18} />} label={t`Posted on`}>
        {/* One date style on the page: the closing date's. */}
        <time dateTime={job.postingDate}>{longDate(job.postingDate, locale)}</time>
      </Fact>
      {job.status === 'open' ? (
        <Fact icon={<CalendarClock size={18} />} label={t`Applications close on`}>
          <time dateTime={job.validThrough}>{longDate(job.validThrough, locale)}</time>
        </Fact>
      ) : null}
    </dl>
  );
}
