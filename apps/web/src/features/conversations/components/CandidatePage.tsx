import type { ApplicationStage, Candidate } from '@jobboard/shared';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { Link } from '../../../components/ui/Link';
import { PageTitle } from '../../../components/ui/PageTitle';
import { Spinner } from '../../../components/ui/Spinner';
import { isolated } from '../../../lib/bidi';
import { errorMessage } from '../../../lib/api';
import { useReaderLocale } from '../../../lib/locale';
import { fetchCvLink, useCandidate, useMarkRead, useThread } from '../api/conversations';
import { InterviewsPanel } from './InterviewsPanel';
import { ThreadPanel, when } from './ThreadPanel';

/** The stages' names in the reader's language (the shared STAGE_LABELS are the English the e-mails use). */
const STAGES: Record<ApplicationStage, MessageDescriptor> = {
  applied: msg({ message: 'Applied', context: 'stage' }),
  reviewing: msg`Reviewing`,
  interview: msg`Interview`,
  offer: msg`Offer`,
  hired: msg`Hired`,
  rejected: msg`Rejected`,
};

function CvButton({ candidate }: { candidate: Candidate }) {
  const [error, setError] = useState<string | null>(null);
  if (!candidate.cv)
    return (
      <p className="text-sm text-slate-600 dark:text-slate-300">
        <Trans>No CV sent.</Trans>
      </p>
    );
  const fileName = candidate.cv.fileName;
  return (
    <div>
      <Button
        variant="secondary"
        onClick={async () => {
          // Opened first, filled after: a window opened after an await is blocked as a pop-up.
          // eslint-disable-next-line lingui/no-unlocalized-strings -- a window name, not words
          const tab = window.open('', '_blank');
          try {
            const { url } = await fetchCvLink(candidate.id);
            if (tab) tab.location.href = url;
            else window.location.href = url;
          } catch (caught) {
            tab?.close();
            setError(errorMessage(caught));
          }
        }}
      >
        <Trans>Open CV ({fileName})</Trans>
      </Button>
      {error ? (
        <p role="alert" className="mt-1 text-sm text-red-800 dark:text-red-200">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Every move of the application between stages, oldest first, with who made it and whether it was undone. */
function StageHistory({ history }: { history: Candidate['history'] }) {
  const { t, i18n } = useLingui();
  const locale = useReaderLocale();
  const stageName = (stage: ApplicationStage) => i18n._(STAGES[stage]);
  return (
    <div>
      <h3 className="text-sm font-semibold text-slate-700 dark:text-slate-300">
        <Trans>Stage history</Trans>
      </h3>
      {history.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          <Trans>Not moved since applying.</Trans>
        </p>
      ) : (
        <ol className="mt-1 space-y-1 text-sm text-slate-900 dark:text-slate-100" aria-label={t`Stage history`}>
          {history.map((move, index) => {
            // The mover's name as they wrote it, isolated inside the sentence.
            const byName = move.byName && isolated(move.byName);
            return (
              <li key={index}>
                <time dateTime={move.at}>{when(move.at, locale)}</time>: {stageName(move.from)}{' '}
                <span aria-hidden="true" className="inline-block rtl:[transform:scaleX(-1)]">
                  →
                </span>{' '}
                {stageName(move.to)}
                {move.undo ? ` ${t`(undone)`}` : ''}
                {byName ? ` ${t`by ${byName}`}` : ''}
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}

function CandidateDetails({ candidate }: { candidate: Candidate }) {
  const { t, i18n } = useLingui();
  const locale = useReaderLocale();
  const stageName = (stage: ApplicationStage) => i18n._(STAGES[stage]);
  const withdrawnOn = candidate.withdrawnAt ? when(candidate.withdrawnAt, locale) : '';
  return (
    <section aria-labelledby="application-heading" className="space-y-4">
      <h2 id="application-heading" className="sr-only">
        <Trans>Application</Trans>
      </h2>
      <dl className="grid gap-3 text-sm sm:grid-cols-3">
        <div>
          <dt className="font-semibold text-slate-700 dark:text-slate-300">
            <Trans>Applied</Trans>
          </dt>
          <dd className="text-slate-900 dark:text-slate-100">{when(candidate.appliedAt, locale)}</dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-700 dark:text-slate-300">
            <Trans>Stage</Trans>
          </dt>
          <dd className="text-slate-900 dark:text-slate-100">
            {stageName(candidate.stage)}
            {candidate.withdrawnAt ? (
              <>
                {' '}
                · <Trans>withdrawn {withdrawnOn}</Trans>
              </>
            ) : null}
          </dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-700 dark:text-slate-300">
            <Trans>CV</Trans>
          </dt>
          <dd>
            <CvButton candidate={candidate} />
          </dd>
        </div>
      </dl>
      <div>
        <h3 className="text-sm font-semibold text-slate-700 dark:text-slate-300">
          <Trans>Note from the applicant</Trans>
        </h3>
        <p
          className="mt-1 max-w-3xl break-words whitespace-pre-wrap text-sm text-slate-900 dark:text-slate-100"
          dir="auto"
        >
          {candidate.coverNote || t`No note.`}
        </p>
      </div>
      <StageHistory history={candidate.history} />
    </section>
  );
}

/** One application as the job's team sees it: who applied, what they sent, the stage history, messages, interviews. */
export function CandidatePage() {
  const { id = '' } = useParams();
  const candidate = useCandidate(id);
  const thread = useThread(id);
  useMarkRead(id, thread.data?.messages.length);
  if (candidate.isPending || thread.isPending) return <Spinner />;
  if (candidate.isError || thread.isError) {
    return (
      <div>
        <PageTitle>
          <Trans>Candidate</Trans>
        </PageTitle>
        <p role="alert" className="text-red-800 dark:text-red-200">
          {errorMessage(candidate.error ?? thread.error)}
        </p>
        <Link to="/responses" className="mt-3 inline-block text-teal-800 hover:underline dark:text-teal-300">
          <Trans>Back to Responses</Trans>
        </Link>
      </div>
    );
  }
  return (
    <div>
      <Link
        to="/responses"
        className="inline-flex items-center gap-1 text-sm text-teal-800 hover:underline dark:text-teal-300"
      >
        <ArrowLeft size={14} aria-hidden="true" className="rtl:[transform:scaleX(-1)]" />
        <Trans>Responses</Trans>
      </Link>
      <PageTitle
        subtitle={
          <>
            {/* Each name moves to the next line whole on a narrow screen, and wraps only if longer than a line. */}
            <bdi className="inline-block">{candidate.data.jobTitle}</bdi> ·{' '}
            <bdi className="inline-block">{thread.data.application.companyName}</bdi>
          </>
        }
      >
        <span dir="auto">{candidate.data.applicantName}</span>
      </PageTitle>
      <CandidateDetails candidate={candidate.data} />
      <InterviewsPanel thread={thread.data} />
      <ThreadPanel thread={thread.data} />
    </div>
  );
}
