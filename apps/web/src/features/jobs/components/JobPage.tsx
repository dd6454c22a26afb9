import { jobPageTitle, MESSAGES, SITE_NAME } from '@jobboard/shared';
import { CircleAlert } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { ModerationNotice } from '../../../components/jobs/ModerationNotice';
import { ReportJob } from '../../../components/jobs/ReportJob';
import { SaveJobButton } from '../../../components/jobs/SaveJobButton';
import { Link } from '../../../components/ui/Link';
import { Button, buttonClass } from '../../../components/ui/Button';
import { CompanyLogo } from '../../../components/ui/CompanyLogo';
import { showSuccess } from '../../../components/ui/dialogs';
import { Spinner } from '../../../components/ui/Spinner';
import { ApiError, errorMessage } from '../../../lib/api';
import { longDate } from '../../../lib/job-view';
import { useHydrated } from '../../../lib/hydrated';
import { useReaderLocale } from '../../../lib/locale';
import { useMyApplications } from '../../../lib/my-applications';
import { signInPath } from '../../../lib/next-path';
import { useCurrentUser, type SessionUser } from '../../../lib/session';
import { useCountJobView } from '../api/job-stats';
import { useJob } from '../api/jobs';
import { JobFacts } from './JobFacts';
import { JobOwnerActions, roleOf } from './JobOwnerActions';
import { MobileApplyBar, useNarrowScreen } from './MobileApplyBar';

// The apply form (note and CV) is its own chunk: loaded when a seeker presses Apply Now, never with the page.
const ApplyDialog = lazy(() => import('./ApplyDialog').then((module) => ({ default: module.ApplyDialog })));

/** What the job page and the server say when a job no longer takes applications (MESSAGES.jobNotAccepting). */
export const NOT_ACCEPTING = 'This job is no longer accepting applications';

/** A session that ended while applying: the way back in, to the dialog with the kept note (`?apply=1`). */
export const SESSION_ENDED_WHILE_APPLYING =
  'Your session ended. Sign in again to send your application: your cover note is kept.';

/**
 * Back from signing in with `?apply=1` (the session ended while applying): reopens the apply dialog, whose draft
 * was kept, and takes the parameter out of the address.
 */
function useResumeApplying(job: { status: string } | undefined, signedIn: boolean, open: () => void) {
  const [params, setParams] = useSearchParams();
  const resume = params.get('apply') === '1';
  useEffect(() => {
    if (!resume || !signedIn || !job) return;
    setParams(
      (current) => {
        current.delete('apply');
        return current;
      },
      { replace: true },
    );
    if (job.status === 'open') open();
  }, [resume, signedIn, job, setParams, open]);
}

export function JobPage() {
  const { id = '' } = useParams();
  const job = useJob(id);
  const currentUser = useCurrentUser();
  const applications = useMyApplications(currentUser?._id);
  // Who the open apply dialog is for (null: closed): fixed when it opens, so a session that ends or changes
  // while it is open does not take the dialog, or the note typed in it, away (the server refuses instead).
  const [applyingAs, setApplyingAs] = useState<SessionUser | null>(null);
  const applying = applyingAs !== null;
  const [applyError, setApplyError] = useState<ReactNode>(null);
  const openApplyDialog = useCallback(() => setApplyingAs(currentUser), [currentUser]);
  const locale = useReaderLocale();
  const hydrated = useHydrated();
  const narrow = useNarrowScreen();
  // The job's own title, as the server wrote it into the page (the breadcrumb leaves this page's title alone).
  const title = job.data ? jobPageTitle(job.data) : `${job.isError ? 'Job not found' : 'Job Details'} | ${SITE_NAME}`;
  useEffect(() => {
    document.title = title;
  }, [title]);
  useCountJobView(job.data?._id);
  useResumeApplying(job.data, Boolean(currentUser), openApplyDialog);

  if (job.isPending) return <Spinner label="Loading job" />;
  if (job.isError) {
    const notFound = job.error instanceof ApiError && job.error.status === 404;
    return (
      <section className="py-12 text-center">
        <h1 className="text-2xl font-bold">{notFound ? 'Job not found' : 'Could not load this job'}</h1>
        {/* The heading already says "Job not found": the server's message would say it again. */}
        <p className="mt-2 text-slate-700 dark:text-slate-300">
          {notFound ? 'It may have been removed, or the link may be incomplete.' : errorMessage(job.error)}
        </p>
        <Link to="/" className={buttonClass('primary', 'mt-6')}>
          Back to all jobs
        </Link>
      </section>
    );
  }

  const data = job.data;
  const alreadyApplied = Boolean(applications.data?.some((application) => application.job === data._id));
  const open = data.status === 'open';
  const companyName = data.company.name || data.companyName;
  const role = roleOf(data, currentUser?.email);
  // On a narrow screen Apply Now sits at the bottom of the screen instead of after the description.
  const applyBar = narrow && open && !role && !alreadyApplied;

  const onApply = () => {
    setApplyError(null);
    if (!currentUser) {
      // The refusal is also the way in: sign in, then come back to this job.
      setApplyError(
        <Link to={signInPath(`/job/${data._id}`)} className="font-semibold underline hover:no-underline">
          {MESSAGES.signInToApply}
        </Link>,
      );
      return;
    }
    if (data.postedBy === currentUser.email) {
      setApplyError(MESSAGES.cannotApplyOwnJob);
      return;
    }
    setApplyingAs(currentUser);
  };
  // A visitor's refusal (with the way to sign in) is written beside the page's own Apply Now: shown there.
  const applyFromBar = () => {
    onApply();
    if (!currentUser)
      requestAnimationFrame(() => document.getElementById('apply-panel')?.scrollIntoView({ block: 'center' }));
  };
  const onApplied = () => {
    setApplyingAs(null);
    void showSuccess(MESSAGES.appliedSuccessfully);
  };
  const onApplyFailed = (error: unknown) => {
    setApplyingAs(null);
    if (error instanceof ApiError && error.status === 401) {
      setApplyError(
        <Link
          to={signInPath(`/job/${data._id}?apply=1`)}
          className="font-semibold underline hover:no-underline"
          data-testid="session-ended-apply"
        >
          {SESSION_ENDED_WHILE_APPLYING}
        </Link>,
      );
      return;
    }
    setApplyError(errorMessage(error));
    // Closed or expired since the page loaded: show the job as it is now (banner, no Apply).
    if (error instanceof ApiError && error.status === 409) void job.refetch();
  };

  return (
    <article className="grid gap-6 lg:grid-cols-[1fr_20rem]">
      <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
          <CompanyLogo
            src={data.company.logo || data.companyLogo}
            companyName={companyName}
            alt={`${companyName} logo`}
            size={72}
            className="h-16 w-16 rounded-2xl border border-slate-200 p-1.5 text-xl sm:h-[72px] sm:w-[72px] dark:border-slate-700"
          />
          <div>
            {/* dir="auto": a title or company name in Arabic or Hebrew lays out right to left. */}
            <h1 dir="auto" className="text-2xl font-bold tracking-tight sm:text-3xl">
              {data.jobTitle}
            </h1>
            <p dir="auto" className="mt-1 text-lg text-slate-700 dark:text-slate-300">
              {data.company.slug ? (
                <Link
                  to={`/company/${data.company.slug}`}
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

        {open ? null : (
          <div
            role="status"
            data-testid="not-accepting"
            className="mt-6 flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-50"
          >
            <CircleAlert size={22} className="mt-0.5 shrink-0" aria-hidden="true" />
            <div>
              <p className="font-semibold">{NOT_ACCEPTING}</p>
              <p className="mt-1 text-sm">
                {data.status === 'expired'
                  ? `Applications closed on ${longDate(data.validThrough, locale)}.`
                  : 'The employer has closed this job.'}{' '}
                <Link to="/" className="font-medium underline hover:no-underline">
                  Find open jobs
                </Link>
              </p>
            </div>
          </div>
        )}

        {/* Hidden or awaiting review: only its poster and the administrators get this far (moderation). */}
        <ModerationNotice job={data} />

        <h2 className="mt-8 text-lg font-semibold">Job description</h2>
        <JobDescription text={data.description} html={data.descriptionHtml} />

        <h2 className="mt-8 text-lg font-semibold">Skills</h2>
        <ul className="mt-3 flex flex-wrap gap-2" aria-label="Skills">
          {data.skills.map((skill) => (
            <li
              key={skill.value}
              className="rounded-full bg-teal-50 px-3 py-1 text-sm font-medium text-teal-900 dark:bg-teal-950 dark:text-teal-100"
            >
              {skill.label}
            </li>
          ))}
        </ul>
      </div>

      <aside className="space-y-4">
        {/* Apply first: on a desktop screen it is in view without scrolling past the facts. */}
        <div
          id="apply-panel"
          className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
        >
          {role ? (
            <JobOwnerActions jobId={data._id} role={role} />
          ) : applyBar ? null : open ? (
            <div>
              <Button
                className="w-full py-3"
                onClick={onApply}
                // Until the browser has taken a server-rendered page over, a click would have no handler to reach.
                disabled={!hydrated || alreadyApplied || applying}
                aria-describedby={alreadyApplied ? 'already-applied-note' : undefined}
              >
                Apply Now
              </Button>
              {/* Plain text, not a hover tooltip: touch and keyboard users see why the button is disabled. */}
              {alreadyApplied ? (
                <p
                  id="already-applied-note"
                  data-testid="already-applied-note"
                  className="mt-2 text-center text-sm font-medium text-slate-700 dark:text-slate-300"
                >
                  {MESSAGES.alreadyApplied}
                </p>
              ) : null}
            </div>
          ) : (
            <p className="rounded-lg bg-slate-100 px-3 py-2 text-center text-sm font-medium text-slate-800 dark:bg-slate-800 dark:text-slate-100">
              {NOT_ACCEPTING}
            </p>
          )}
          {applyingAs ? (
            <Suspense fallback={<Spinner label="Loading the application form" />}>
              <ApplyDialog
                job={{ _id: data._id, jobTitle: data.jobTitle, companyName }}
                user={applyingAs}
                onCancel={() => setApplyingAs(null)}
                onApplied={onApplied}
                onJobError={onApplyFailed}
              />
            </Suspense>
          ) : null}
          {applyError ? (
            <p
              role="alert"
              className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200"
            >
              {applyError}
            </p>
          ) : null}
          {/* Open or not: a saved job stays saved, and can be unsaved from its page. */}
          <SaveJobButton jobId={data._id} variant="button" className="mt-3" />
          <ReportJob job={data} disabled={!hydrated} className="mt-2" />
          <JobFacts job={data} locale={locale} className="mt-5" />
        </div>
      </aside>
      {applyBar ? <MobileApplyBar onApply={applyFromBar} disabled={!hydrated || applying} /> : null}
    </article>
  );
}

const DESCRIPTION_CLASSES =
  'mt-2 leading-relaxed text-slate-800 dark:text-slate-200 [&_p+*]:mt-3 [&_ul+*]:mt-3 [&_ol+*]:mt-3 [&_ul]:list-disc [&_ol]:list-decimal [&_ul]:pl-6 [&_ol]:pl-6 [&_li]:mt-1 [&_a]:font-medium [&_a]:text-teal-800 [&_a]:underline [&_a:hover]:no-underline dark:[&_a]:text-teal-300';

/**
 * The description as the server rendered it (its safe Markdown subset: decision 27), or as plain text when an
 * answer came without it (a job from a list, an older server). dir="auto": a right-to-left text reads as one.
 */
function JobDescription({ text, html }: { text: string; html: string | undefined }) {
  if (html === undefined) {
    return (
      <p dir="auto" className="mt-2 whitespace-pre-line leading-relaxed text-slate-800 dark:text-slate-200">
        {text}
      </p>
    );
  }
  // Safe by construction: every character of the text is escaped and only p, br, ul, ol, li, strong, em and
  // http(s)/mailto links are written (apps/server/src/modules/jobs/description-html.ts).
  return (
    <div
      dir="auto"
      data-testid="job-description"
      className={DESCRIPTION_CLASSES}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
