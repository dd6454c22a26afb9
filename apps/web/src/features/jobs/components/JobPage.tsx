import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { jobPageTitle, MESSAGES, SITE_NAME, type Job } from '@jobboard/shared';
import { Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { ReportJob } from '../../../components/jobs/ReportJob';
import { SaveJobButton } from '../../../components/jobs/SaveJobButton';
import { Link } from '../../../components/ui/Link';
import { Button, buttonClass } from '../../../components/ui/Button';
import { showSuccess } from '../../../components/ui/dialogs';
import { Spinner } from '../../../components/ui/Spinner';
import { ApiError, errorMessage } from '../../../lib/api';
import { useHydrated } from '../../../lib/hydrated';
import { useReaderLocale } from '../../../lib/locale';
import { useMyApplications } from '../../../lib/my-applications';
import { lazyScreen } from '../../../lib/lazy-screen';
import { signInPath } from '../../../lib/next-path';
import { serverText, type ServerTexts } from '../../../lib/server-text';
import { useCurrentUser, type SessionUser } from '../../../lib/session';
import { useCountJobView } from '../api/job-stats';
import { useJob } from '../api/jobs';
import { JobFacts } from './JobFacts';
import { JobMain } from './JobMain';
import { JobOwnerActions, roleOf } from './JobOwnerActions';
import { MobileApplyBar, useNarrowScreen } from './MobileApplyBar';
import { ExternalApplyLink } from './ExternalApplyLink';
import { useApplyFormQuery } from '../api/apply-options';

/**
 * The server's texts this page shows before the apply dialog opens, in the core catalogue: the page is a first
 * load, without the map of every server text (components/server-text.ts, in `common`). The dialog brings that map
 * with its catalogue, so what is said after it opened (applied, or why not) is translated by the map.
 */
const APPLY_TEXTS: ServerTexts = {
  [MESSAGES.signInToApply]: msg`Sign in to apply for jobs`,
  [MESSAGES.cannotApplyOwnJob]: msg`You cannot apply to your own posted job`,
  [MESSAGES.alreadyApplied]: msg`You've already applied to this job`,
  [MESSAGES.jobNotAccepting]: msg`This job is no longer accepting applications`,
};

// The apply form (note and CV) is its own chunk: loaded when a seeker presses Apply Now, never with the page.
const ApplyDialog = lazyScreen(() => import('./ApplyDialog'), 'ApplyDialog', 'jobs');

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
  const { t } = useLingui();
  // The job's own title, as the server wrote it into the page (the breadcrumb leaves this page's title alone):
  // jobPageTitle's words in the reader's language.
  const jobTitle = job.data?.jobTitle;
  const company = job.data && (job.data.company.name || job.data.companyName);
  const title = job.data
    ? company
      ? t`${jobTitle} at ${company} | ${SITE_NAME}`
      : jobPageTitle(job.data)
    : `${job.isError ? t`Job not found` : t`Job Details`} | ${SITE_NAME}`;
  useEffect(() => {
    document.title = title;
  }, [title]);
  useCountJobView(job.data?._id);

  if (job.isPending) return <Spinner label={t`Loading job`} />;
  if (job.isError) return <JobLoadError error={job.error} />;
  return <JobDetails job={job.data} refetch={() => void job.refetch()} />;
}

function JobLoadError({ error }: { error: Error }) {
  const notFound = error instanceof ApiError && error.status === 404;
  const { t } = useLingui();
  return (
    <section className="py-12 text-center">
      <h1 className="text-2xl font-bold">{notFound ? t`Job not found` : t`Could not load this job`}</h1>
      {/* The heading already says "Job not found": the server's message would say it again. */}
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        {notFound ? t`It may have been removed, or the link may be incomplete.` : errorMessage(error)}
      </p>
      <Link to="/" className={buttonClass('primary', 'mt-6')}>
        <Trans>Back to all jobs</Trans>
      </Link>
    </section>
  );
}

/**
 * Applying from the job page: who the open apply dialog is for (null: closed), fixed when it opens, so a session
 * that ends or changes while it is open does not take the dialog, or the note typed in it, away (the server
 * refuses instead); and the refusal or failure shown beside Apply Now.
 */
function useApplyFlow(job: Job, currentUser: SessionUser | null, refetch: () => void) {
  const [applyingAs, setApplyingAs] = useState<SessionUser | null>(null);
  const [applyError, setApplyError] = useState<ReactNode>(null);
  const { i18n } = useLingui();
  const say = (text: string) => serverText(i18n, text, APPLY_TEXTS);
  const openApplyDialog = useCallback(() => setApplyingAs(currentUser), [currentUser]);
  useResumeApplying(job, Boolean(currentUser), openApplyDialog);

  const onApply = () => {
    setApplyError(null);
    if (!currentUser) {
      // The refusal is also the way in: sign in, then come back to this job.
      setApplyError(
        <Link to={signInPath(`/job/${job._id}`)} className="font-semibold underline hover:no-underline">
          {say(MESSAGES.signInToApply)}
        </Link>,
      );
      return;
    }
    if (job.postedBy === currentUser.email) {
      setApplyError(say(MESSAGES.cannotApplyOwnJob));
      return;
    }
    setApplyingAs(currentUser);
  };
  const onApplied = () => {
    setApplyingAs(null);
    void showSuccess(say(MESSAGES.appliedSuccessfully));
  };
  const onApplyFailed = (error: unknown) => {
    setApplyingAs(null);
    if (error instanceof ApiError && error.status === 401) {
      setApplyError(
        <Link
          to={signInPath(`/job/${job._id}?apply=1`)}
          className="font-semibold underline hover:no-underline"
          data-testid="session-ended-apply"
        >
          {/* A session that ended while applying: the way back in, to the dialog with the kept note (`?apply=1`). */}
          <Trans>Your session ended. Sign in again to send your application: your cover note is kept.</Trans>
        </Link>,
      );
      return;
    }
    setApplyError(say(errorMessage(error)));
    // Closed or expired since the page loaded: show the job as it is now (banner, no Apply).
    if (error instanceof ApiError && error.status === 409) refetch();
  };
  const onCancel = () => setApplyingAs(null);
  return { applyingAs, applyError, onApply, onApplied, onApplyFailed, onCancel };
}

function JobDetails({ job, refetch }: { job: Job; refetch: () => void }) {
  const currentUser = useCurrentUser();
  const applications = useMyApplications(currentUser?._id);
  const flow = useApplyFlow(job, currentUser, refetch);
  const locale = useReaderLocale();
  const { t } = useLingui();
  const hydrated = useHydrated();
  const narrow = useNarrowScreen();
  const alreadyApplied = Boolean(applications.data?.some((application) => application.job === job._id));
  const open = job.status === 'open';
  const companyName = job.company.name || job.companyName;
  const role = roleOf(job, currentUser?.email);
  // A job that takes applications on its company's site links there instead (issue 33).
  const external = useApplyFormQuery(job._id, open).data?.method === 'external';
  // On a narrow screen Apply Now sits at the bottom of the screen instead of after the description.
  const applyBar = narrow && open && !role && !alreadyApplied && !external;
  const applying = flow.applyingAs !== null;

  // A visitor's refusal (with the way to sign in) is written beside the page's own Apply Now: shown there.
  const applyFromBar = () => {
    flow.onApply();
    if (!currentUser)
      requestAnimationFrame(() => document.getElementById('apply-panel')?.scrollIntoView({ block: 'center' }));
  };

  return (
    <article className="grid gap-6 lg:grid-cols-[1fr_20rem]">
      <JobMain job={job} companyName={companyName} locale={locale} />
      <aside className="space-y-4">
        {/* Apply first: on a desktop screen it is in view without scrolling past the facts. */}
        <div
          id="apply-panel"
          className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
        >
          {role ? (
            <JobOwnerActions jobId={job._id} role={role} />
          ) : applyBar ? null : open && external ? (
            <ExternalApplyLink jobId={job._id} companyName={companyName} />
          ) : open ? (
            <ApplyButton
              onApply={flow.onApply}
              // Until the browser has taken a server-rendered page over, a click would have no handler to reach.
              disabled={!hydrated || alreadyApplied || applying}
              alreadyApplied={alreadyApplied}
            />
          ) : (
            <p className="rounded-lg bg-slate-100 px-3 py-2 text-center text-sm font-medium text-slate-800 dark:bg-slate-800 dark:text-slate-100">
              {t`This job is no longer accepting applications`}
            </p>
          )}
          {flow.applyingAs ? (
            <Suspense fallback={<Spinner label={t`Loading the application form`} />}>
              <ApplyDialog
                job={{ _id: job._id, jobTitle: job.jobTitle, companyName }}
                user={flow.applyingAs}
                onCancel={flow.onCancel}
                onApplied={flow.onApplied}
                onJobError={flow.onApplyFailed}
              />
            </Suspense>
          ) : null}
          {flow.applyError ? (
            <p
              role="alert"
              className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200"
            >
              {flow.applyError}
            </p>
          ) : null}
          {/* Open or not: a saved job stays saved, and can be unsaved from its page. */}
          <SaveJobButton jobId={job._id} variant="button" className="mt-3" />
          <ReportJob job={job} disabled={!hydrated} className="mt-2" />
          <JobFacts job={job} locale={locale} className="mt-5" />
        </div>
      </aside>
      {applyBar ? <MobileApplyBar onApply={applyFromBar} disabled={!hydrated || applying} /> : null}
    </article>
  );
}

interface ApplyButtonProps {
  onApply: () => void;
  disabled: boolean;
  alreadyApplied: boolean;
}

function ApplyButton({ onApply, disabled, alreadyApplied }: ApplyButtonProps) {
  const { i18n } = useLingui();
  return (
    <div>
      <Button
        className="w-full py-3"
        onClick={onApply}
        disabled={disabled}
        aria-describedby={alreadyApplied ? 'already-applied-note' : undefined}
      >
        <Trans>Apply Now</Trans>
      </Button>
      {/* Plain text, not a hover tooltip: touch and keyboard users see why the button is disabled. */}
      {alreadyApplied ? (
        <p
          id="already-applied-note"
          data-testid="already-applied-note"
          className="mt-2 text-center text-sm font-medium text-slate-700 dark:text-slate-300"
        >
          {serverText(i18n, MESSAGES.alreadyApplied, APPLY_TEXTS)}
        </p>
      ) : null}
    </div>
  );
}
