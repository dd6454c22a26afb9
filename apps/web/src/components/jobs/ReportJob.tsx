import { MODERATION_LIMITS, REPORT_REASONS, type MyReport, type ReportAck, type ReportReason } from '@jobboard/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Flag } from 'lucide-react';
import { useId, useState } from 'react';
import { apiFetch, errorMessage } from '../../lib/api';
import { signInPath } from '../../lib/next-path';
import { REPORT_REASON_MESSAGES } from '../../lib/report-reasons';
import { serverText } from '../../lib/server-text';
import { useCurrentUser } from '../../lib/session';
import { Button, buttonClass } from '../ui/Button';
import { Link } from '../ui/Link';
import { ModalPanel } from '../ui/ModalPanel';
import { useMutateOnce } from '../../lib/single-flight';

interface ReportJobProps {
  job: { _id: string; jobTitle: string; postedBy: string };
  /** Until the page is hydrated a click has no handler to reach. */
  disabled?: boolean;
  className?: string;
}

const myReportKey = (userId: string, jobId: string) => ['moderation', 'my-report', userId, jobId] as const;

/** The caller's own latest report of the job (GET /api/job/:id/report), for a signed-in caller who may report it. */
function useMyReport(userId: string | undefined, jobId: string) {
  return useQuery({
    queryKey: myReportKey(userId ?? '', jobId),
    queryFn: ({ signal }) => apiFetch<MyReport>(`/api/job/${encodeURIComponent(jobId)}/report`, { signal }),
    enabled: Boolean(userId),
    retry: false,
  });
}

/** "You reported this job", and what came of it once an administrator decided. */
function ReportedNote({ report, className }: { report: NonNullable<MyReport['report']>; className: string }) {
  const kept = report.resolution === 'approved';
  return (
    <p
      role="status"
      data-testid="reported-note"
      className={`rounded-lg bg-slate-100 px-3 py-2 text-center text-sm text-slate-800 dark:bg-slate-800 dark:text-slate-100 ${className}`}
    >
      <Flag size={14} aria-hidden="true" className="me-1 inline" />
      {kept ? (
        <Trans>You reported this job. An administrator reviewed it and left it up.</Trans>
      ) : (
        <Trans>You reported this job. An administrator will review it.</Trans>
      )}
    </p>
  );
}

/**
 * "Report job" on the job page (moderation, decision record 20): signed-in people other than the poster open a
 * dialog (reason, details) that sends the report; visitors are led to sign in and back; the poster sees nothing.
 * Someone whose report is still open sees "You reported this job" instead of the button (a second one would be
 * refused); once an administrator left the job up, they read so, and may report it again.
 */
export function ReportJob({ job, disabled = false, className = '' }: ReportJobProps) {
  const user = useCurrentUser();
  const [open, setOpen] = useState(false);
  const own = Boolean(user && job.postedBy && job.postedBy === user.email);
  const mine = useMyReport(own ? undefined : user?._id, job._id);
  if (own) return null;
  if (!user) {
    return (
      <Link
        to={signInPath(`/job/${job._id}`)}
        className={buttonClass('ghost', `w-full ${className}`)}
        data-testid="report-sign-in"
      >
        <Flag size={16} aria-hidden="true" /> <Trans>Sign in to report this job</Trans>
      </Link>
    );
  }
  const report = mine.data?.report ?? null;
  if (report && report.resolvedAt === null && !open) return <ReportedNote report={report} className={className} />;
  return (
    <>
      {report ? <ReportedNote report={report} className={className} /> : null}
      <Button
        variant="ghost"
        className={`w-full ${className}`}
        disabled={disabled}
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
      >
        <Flag size={16} aria-hidden="true" /> <Trans>Report job</Trans>
      </Button>
      {open ? <ReportDialog job={job} userId={user._id} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

/** The report's reason: one of REPORT_REASONS, required (`errorId` names the message when it is missing). */
function ReasonChoice({
  reason,
  errorId,
  onPick,
}: {
  reason: ReportReason | null;
  errorId: string | undefined;
  onPick: (reason: ReportReason) => void;
}) {
  const { i18n } = useLingui();
  return (
    <fieldset aria-describedby={errorId}>
      <legend className="text-sm font-semibold">
        <Trans>What is wrong with it?</Trans>
      </legend>
      <div className="mt-2 space-y-2">
        {REPORT_REASONS.map((value) => (
          <label
            key={value}
            className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-300 px-3 py-2 has-[:checked]:border-teal-700 has-[:checked]:bg-teal-50 dark:border-slate-600 dark:has-[:checked]:border-teal-400 dark:has-[:checked]:bg-teal-950"
          >
            <input
              type="radio"
              name="report-reason"
              value={value}
              checked={reason === value}
              onChange={() => onPick(value)}
              className="accent-teal-700"
            />
            <span className="font-medium">{i18n._(REPORT_REASON_MESSAGES[value])}</span>
          </label>
        ))}
      </div>
      {errorId ? (
        <p id={errorId} role="alert" className="mt-2 text-sm font-medium text-red-700 dark:text-red-300">
          <Trans>Choose a reason</Trans>
        </p>
      ) : null}
    </fieldset>
  );
}

/** Optional details, with a count of what is left. */
function DetailsField({ id, value, onChange }: { id: string; value: string; onChange: (text: string) => void }) {
  const { i18n } = useLingui();
  return (
    <div>
      <label htmlFor={id} className="text-sm font-semibold">
        <Trans>
          Details <span className="font-normal text-slate-600 dark:text-slate-400">(optional)</span>
        </Trans>
      </label>
      <textarea
        id={id}
        value={value}
        maxLength={MODERATION_LIMITS.detailsMaxLength}
        onChange={(event) => onChange(event.target.value)}
        rows={3}
        className="mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-600 dark:bg-slate-800"
      />
      <p className="text-end text-xs text-slate-600 dark:text-slate-400">
        {value.length.toLocaleString(i18n.locale)} / {MODERATION_LIMITS.detailsMaxLength.toLocaleString(i18n.locale)}
      </p>
    </div>
  );
}

function ReportDialog({ job, userId, onClose }: { job: ReportJobProps['job']; userId: string; onClose: () => void }) {
  const client = useQueryClient();
  const titleId = useId();
  const detailsId = useId();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [missingReason, setMissingReason] = useState(false);
  const send = useMutation({
    mutationFn: () =>
      apiFetch<ReportAck>(`/api/job/${encodeURIComponent(job._id)}/report`, {
        method: 'POST',
        body: { reason, details },
      }),
    // Sent (or already sent before: 409): the page shows "You reported this job" once the dialog closes.
    onSettled: () => client.invalidateQueries({ queryKey: myReportKey(userId, job._id) }),
  });
  const sendOnce = useMutateOnce(send.mutate);

  const done = send.data;
  const { t, i18n } = useLingui();
  return (
    <ModalPanel titleId={titleId} onClose={onClose} testId="report-dialog">
      <h2 id={titleId} className="text-xl font-bold">
        {done ? t`Report sent` : t`Report this job`}
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{job.jobTitle}</p>
      {done ? (
        <div className="mt-4 space-y-4">
          <p
            role="status"
            className="rounded-lg bg-teal-50 p-3 text-sm text-teal-950 dark:bg-teal-950 dark:text-teal-50"
          >
            {/* Translated once the map of the server's texts has come (a lazy screen's); else the server's English. */}
            {serverText(i18n, done.message)}
          </p>
          <div className="flex justify-end">
            <Button onClick={onClose}>
              <Trans>Done</Trans>
            </Button>
          </div>
        </div>
      ) : (
        <form
          className="mt-4 space-y-4"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!reason) {
              setMissingReason(true);
              return;
            }
            sendOnce(undefined);
          }}
        >
          <ReasonChoice
            reason={reason}
            errorId={missingReason ? `${titleId}-reason-error` : undefined}
            onPick={(value) => {
              setReason(value);
              setMissingReason(false);
            }}
          />
          <DetailsField id={detailsId} value={details} onChange={setDetails} />
          {send.isError ? (
            <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
              {errorMessage(send.error)}
            </p>
          ) : null}
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={onClose}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" variant="danger" disabled={send.isPending}>
              {send.isPending ? t`Sending…` : t`Send report`}
            </Button>
          </div>
        </form>
      )}
    </ModalPanel>
  );
}
