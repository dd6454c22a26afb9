import type { ScreeningResult } from '@jobboard/shared';
import { Trans } from '@lingui/react/macro';
import { CircleAlert } from 'lucide-react';

/** "Knocked out": an answer of the application is one the job marks (issue 33); shown, never hidden. */
export function KnockOutBadge({ screening }: { screening: ScreeningResult | undefined }) {
  if (!screening?.knockedOut) return null;
  return (
    <span
      data-testid="knock-out-badge"
      className="ms-2 inline-flex items-center gap-1 whitespace-nowrap rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-900/60 dark:text-amber-100"
    >
      <CircleAlert size={12} aria-hidden="true" />
      <Trans>Knocked out</Trans>
    </span>
  );
}

/**
 * The applicant's answers to the job's screening questions, each with the question as it was asked, the
 * knock-out answers marked. Both layouts of Responses render it.
 */
export function ScreeningAnswersView({
  screening,
  className = '',
}: {
  screening: ScreeningResult | undefined;
  className?: string;
}) {
  if (!screening || screening.answers.length === 0) return null;
  return (
    <div className={`text-sm ${className}`} data-testid="screening-answers-view">
      <p className="font-semibold text-slate-800 dark:text-slate-200">
        <Trans>Screening answers</Trans>
      </p>
      <dl className="mt-1 grid gap-x-4 gap-y-1 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        {screening.answers.map((answer, index) => (
          <div key={index} className="contents">
            <dt className="text-slate-700 dark:text-slate-300" dir="auto">
              {answer.question}
            </dt>
            <dd
              className={
                answer.knockedOut
                  ? 'font-semibold text-amber-900 dark:text-amber-200'
                  : 'text-slate-900 wrap-anywhere dark:text-slate-100'
              }
            >
              {answer.answer ?? (
                <span className="italic text-slate-600 dark:text-slate-400">
                  <Trans>Not answered</Trans>
                </span>
              )}
              {answer.knockedOut ? (
                <span>
                  {' '}
                  <Trans>(knock-out answer)</Trans>
                </span>
              ) : null}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
