import { STAGE_LABELS, type Candidate } from '@jobboard/shared';
import { useState } from 'react';
import { useParams } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { Link } from '../../../components/ui/Link';
import { PageTitle } from '../../../components/ui/PageTitle';
import { Spinner } from '../../../components/ui/Spinner';
import { errorMessage } from '../../../lib/api';
import { fetchCvLink, useCandidate, useMarkRead, useThread } from '../api/conversations';
import { InterviewsPanel } from './InterviewsPanel';
import { ThreadPanel, when } from './ThreadPanel';

const stageName = (stage: Candidate['stage']) => STAGE_LABELS[stage];

function CvButton({ candidate }: { candidate: Candidate }) {
  const [error, setError] = useState<string | null>(null);
  if (!candidate.cv) return <p className="text-sm text-slate-600 dark:text-slate-300">No CV sent.</p>;
  return (
    <div>
      <Button
        variant="secondary"
        onClick={async () => {
          // Opened first, filled after: a window opened after an await is blocked as a pop-up.
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
        Open CV ({candidate.cv.fileName})
      </Button>
      {error ? (
        <p role="alert" className="mt-1 text-sm text-red-800 dark:text-red-200">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function CandidateDetails({ candidate }: { candidate: Candidate }) {
  return (
    <section aria-labelledby="application-heading" className="space-y-4">
      <h2 id="application-heading" className="sr-only">
        Application
      </h2>
      <dl className="grid gap-3 text-sm sm:grid-cols-3">
        <div>
          <dt className="font-semibold text-slate-700 dark:text-slate-300">Applied</dt>
          <dd className="text-slate-900 dark:text-slate-100">{when(candidate.appliedAt)}</dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-700 dark:text-slate-300">Stage</dt>
          <dd className="text-slate-900 dark:text-slate-100">
            {stageName(candidate.stage)}
            {candidate.withdrawnAt ? ` · withdrawn ${when(candidate.withdrawnAt)}` : ''}
          </dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-700 dark:text-slate-300">CV</dt>
          <dd>
            <CvButton candidate={candidate} />
          </dd>
        </div>
      </dl>
      <div>
        <h3 className="text-sm font-semibold text-slate-700 dark:text-slate-300">Note from the applicant</h3>
        <p className="mt-1 max-w-3xl break-words whitespace-pre-wrap text-sm text-slate-900 dark:text-slate-100">
          {candidate.coverNote || 'No note.'}
        </p>
      </div>
      <div>
        <h3 className="text-sm font-semibold text-slate-700 dark:text-slate-300">Stage history</h3>
        {candidate.history.length === 0 ? (
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">Not moved since applying.</p>
        ) : (
          <ol className="mt-1 space-y-1 text-sm text-slate-900 dark:text-slate-100" aria-label="Stage history">
            {candidate.history.map((move, index) => (
              <li key={index}>
                <time dateTime={move.at}>{when(move.at)}</time>: {stageName(move.from)} → {stageName(move.to)}
                {move.undo ? ' (undone)' : ''}
                {move.byName ? ` by ${move.byName}` : ''}
              </li>
            ))}
          </ol>
        )}
      </div>
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
        <PageTitle>Candidate</PageTitle>
        <p role="alert" className="text-red-800 dark:text-red-200">
          {errorMessage(candidate.error ?? thread.error)}
        </p>
        <Link to="/responses" className="mt-3 inline-block text-teal-800 hover:underline dark:text-teal-300">
          Back to Responses
        </Link>
      </div>
    );
  }
  return (
    <div>
      <Link to="/responses" className="text-sm text-teal-800 hover:underline dark:text-teal-300">
        ← Responses
      </Link>
      <PageTitle subtitle={`${candidate.data.jobTitle} · ${thread.data.application.companyName}`}>
        {candidate.data.applicantName}
      </PageTitle>
      <CandidateDetails candidate={candidate.data} />
      <InterviewsPanel thread={thread.data} />
      <ThreadPanel thread={thread.data} />
    </div>
  );
}
