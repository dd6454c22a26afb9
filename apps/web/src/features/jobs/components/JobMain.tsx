import { Trans, useLingui } from '@lingui/react/macro';
import { jobLanguageNameIn, type Job } from '@jobboard/shared';
import { CircleAlert } from 'lucide-react';
import { ModerationNotice } from '../../../components/jobs/ModerationNotice';
import { CompanyLogo } from '../../../components/ui/CompanyLogo';
import { Link } from '../../../components/ui/Link';
import { longDate } from '../../../lib/job-view';

/** What the job page and the server say when a job no longer takes applications (MESSAGES.jobNotAccepting). */
/** The company's logo, the job's title and the company's name (a link to its page when it has one). */
function JobHeader({ job, companyName }: { job: Job; companyName: string }) {
  const { t } = useLingui();
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
      <CompanyLogo
        src={job.company.logo || job.companyLogo}
        companyName={companyName}
        alt={t`${companyName} logo`}
        size={72}
        className="h-16 w-16 rounded-2xl border border-slate-200 p-1.5 text-xl sm:h-[72px] sm:w-[72px] dark:border-slate-700"
      />
      <div>
        {/* dir="auto": a title or company name in Arabic or Hebrew lays out right to left. */}
        <h1 dir="auto" lang={job.language} className="text-2xl font-bold tracking-tight sm:text-3xl">
          {job.jobTitle}
        </h1>
        <p dir="auto" className="mt-1 text-lg text-slate-700 dark:text-slate-300">
          {job.company.slug ? (
            <Link
              to={`/company/${job.company.slug}`}
              className="underline decoration-slate-400 underline-offset-4 hover:decoration-teal-600"
            >
              {companyName}
            </Link>
          ) : (
            companyName
          )}
        </p>
      </div>
    </div>
  );
}

/** A closed or expired job says so above its description, with a way to open ones. */
function NotAcceptingBanner({ job, locale }: { job: Job; locale: string }) {
  const { t } = useLingui();
  const closedOn = longDate(job.validThrough, locale);
  return (
    <div
      role="status"
      data-testid="not-accepting"
      className="mt-6 flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-50"
    >
      <CircleAlert size={22} className="mt-0.5 shrink-0" aria-hidden="true" />
      <div>
        <p className="font-semibold">{t`This job is no longer accepting applications`}</p>
        <p className="mt-1 text-sm">
          {job.status === 'expired' ? t`Applications closed on ${closedOn}.` : t`The employer has closed this job.`}{' '}
          <Link to="/" className="font-medium underline hover:no-underline">
            <Trans>Find open jobs</Trans>
          </Link>
        </p>
      </div>
    </div>
  );
}

const DESCRIPTION_CLASSES =
  'mt-2 leading-relaxed text-slate-800 dark:text-slate-200 [&_p+*]:mt-3 [&_ul+*]:mt-3 [&_ol+*]:mt-3 [&_ul]:list-disc [&_ol]:list-decimal [&_ul]:ps-6 [&_ol]:ps-6 [&_li]:mt-1 [&_a]:font-medium [&_a]:text-teal-800 [&_a]:underline [&_a:hover]:no-underline dark:[&_a]:text-teal-300';

/**
 * The description as the server rendered it (its safe Markdown subset: decision 27), or as plain text when an
 * answer came without it (a job from a list, an older server). dir="auto": a right-to-left text reads as one.
 */
function JobDescription({ text, html, lang }: { text: string; html: string | undefined; lang: string }) {
  if (html === undefined) {
    return (
      <p dir="auto" lang={lang} className="mt-2 whitespace-pre-line leading-relaxed text-slate-800 dark:text-slate-200">
        {text}
      </p>
    );
  }
  // Safe by construction: every character of the text is escaped and only p, br, ul, ol, li, strong, em and
  // http(s)/mailto links are written (apps/server/src/modules/jobs/description-html.ts).
  return (
    <div
      dir="auto"
      lang={lang}
      data-testid="job-description"
      className={DESCRIPTION_CLASSES}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

/** The job page's main column: header, whether it takes applications, moderation state, description, skills. */
export function JobMain({ job, companyName, locale }: { job: Job; companyName: string; locale: string }) {
  const { t, i18n } = useLingui();
  const languageName = jobLanguageNameIn(job.language, i18n.locale);
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900">
      <JobHeader job={job} companyName={companyName} />
      {job.status === 'open' ? null : <NotAcceptingBanner job={job} locale={locale} />}
      {/* Hidden or awaiting review: only its poster and the administrators get this far (moderation). */}
      <ModerationNotice job={job} />
      <h2 className="mt-8 text-lg font-semibold">
        <Trans>Job description</Trans>
      </h2>
      {job.language !== i18n.locale ? (
        <p data-testid="job-language" className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          <Trans>
            Written in <bdi>{languageName}</bdi>
          </Trans>
        </p>
      ) : null}
      <JobDescription text={job.description} html={job.descriptionHtml} lang={job.language} />
      <h2 className="mt-8 text-lg font-semibold">
        <Trans>Skills</Trans>
      </h2>
      <ul className="mt-3 flex flex-wrap gap-2" aria-label={t`Skills`}>
        {job.skills.map((skill) => (
          <li
            key={skill.value}
            className="rounded-full bg-teal-50 px-3 py-1 text-sm font-medium text-teal-900 dark:bg-teal-950 dark:text-teal-100"
          >
            <bdi>{skill.label}</bdi>
          </li>
        ))}
      </ul>
    </div>
  );
}
