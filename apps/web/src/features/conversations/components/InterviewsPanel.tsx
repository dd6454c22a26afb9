import type { Interview, Thread } from '@jobboard/shared';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { confirmDialog } from '../../../components/ui/dialogs';
import { isolated } from '../../../lib/bidi';
import { errorMessage } from '../../../lib/api';
import { appI18n } from '../../../lib/i18n';
import { useReaderLocale } from '../../../lib/locale';
import { useCancelInterview, usePickSlot } from '../api/conversations';
import { ProposalForm } from './ProposalForm';

/**
 * "Fri, 17 May 2030, 14:30 (Europe/Paris)", and the reader's own time beside it when their zone differs, in the
 * language and locale of `i18n` (the app's, by default).
 */
export function slotText(startsAt: string, timeZone: string, i18n: I18n = appI18n(), locale?: string): string {
  const format = (zone: string) =>
    new Intl.DateTimeFormat(locale, { timeZone: zone, dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date(startsAt),
    );
  const mine = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const there = `${format(timeZone)} (${isolated(timeZone)})`;
  if (!mine || mine === timeZone) return there;
  const here = format(mine);
  return i18n._(msg`${there} · your time ${here}`);
}

const STATUS: Record<Interview['status'], MessageDescriptor> = {
  proposed: msg`Waiting for the candidate to pick a time`,
  scheduled: msg`Booked`,
  cancelled: msg`Cancelled`,
};
// The candidate is the one asked: the team's words ("waiting for the candidate") would speak of them.
const statusFor = (side: Thread['side'], status: Interview['status']) =>
  side === 'candidate' && status === 'proposed' ? msg`Pick one of these times` : STATUS[status];

/** The card's first lines: where the interview stands (and its booked time), its length and place. */
function InterviewSummary({
  side,
  interview,
  chosen,
}: {
  side: Thread['side'];
  interview: Interview;
  chosen: string | undefined;
}) {
  const { i18n } = useLingui();
  const minutes = interview.lengthMinutes;
  return (
    <>
      <p className="font-semibold text-slate-900 dark:text-white">
        {i18n._(statusFor(side, interview.status))}
        {chosen ? `: ${chosen}` : ''}
      </p>
      <p className="text-slate-700 dark:text-slate-300">
        <Plural value={minutes} one="# minute" other="# minutes" /> ·{' '}
        <span className="break-all" dir="auto">
          {interview.location}
        </span>
      </p>
    </>
  );
}

/** A proposed time as slotText writes it, in the reader's language and locale. */
function useSlotLabel() {
  const { i18n } = useLingui();
  const locale = useReaderLocale();
  return (slot: { startsAt: string; timeZone: string }) => slotText(slot.startsAt, slot.timeZone, i18n, locale);
}

function InterviewCard({ thread, interview }: { thread: Thread; interview: Interview }) {
  const { t } = useLingui();
  const slotLabel = useSlotLabel();
  const applicationId = thread.application.id;
  const pick = usePickSlot(applicationId);
  const cancel = useCancelInterview(applicationId);
  const [rescheduling, setRescheduling] = useState(false);
  const open = interview.status !== 'cancelled';
  const chosen =
    interview.status === 'scheduled' ? interview.slots.find((s) => s.id === interview.chosenSlotId) : undefined;
  // The booked time is in the card's first line; the list holds the times still to pick from.
  const others = interview.slots.filter((slot) => slot !== chosen);
  const error = pick.error ?? cancel.error;

  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 text-sm dark:border-slate-700 dark:bg-slate-900">
      <InterviewSummary side={thread.side} interview={interview} chosen={chosen ? slotLabel(chosen) : undefined} />
      {open && others.length > 0 ? (
        <>
          {chosen ? (
            <p className="mt-2 text-slate-700 dark:text-slate-300">
              <Trans>Other times proposed:</Trans>
            </p>
          ) : null}
          <ul className="mt-2 space-y-1" aria-label={chosen ? t`Other proposed times` : t`Proposed times`}>
            {others.map((slot) => {
              const time = slotLabel(slot);
              return (
                <li key={slot.id} className="flex flex-wrap items-center gap-2">
                  <span>{time}</span>
                  {thread.side === 'candidate' ? (
                    <Button
                      variant="secondary"
                      className="px-2 py-1 text-xs"
                      disabled={pick.isPending}
                      aria-label={t`Pick ${time}`}
                      onClick={() => pick.mutate({ interviewId: interview.id, slotId: slot.id })}
                    >
                      {chosen ? t`Move to this time` : t`Pick this time`}
                    </Button>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </>
      ) : null}
      {error ? (
        <p role="alert" className="mt-2 text-red-800 dark:text-red-200">
          {errorMessage(error)}
        </p>
      ) : null}
      {open && thread.canWrite ? (
        <div className="mt-3 flex flex-wrap gap-2">
          {thread.side === 'team' && !rescheduling ? (
            <Button variant="secondary" onClick={() => setRescheduling(true)}>
              <Trans>Propose new times</Trans>
            </Button>
          ) : null}
          <Button
            variant="danger"
            disabled={cancel.isPending}
            onClick={async () => {
              const sure = await confirmDialog(
                t`Cancel this interview?`,
                t`Both sides are told by e-mail.`,
                t`Cancel interview`,
              );
              if (sure) cancel.mutate(interview.id);
            }}
          >
            <Trans>Cancel interview</Trans>
          </Button>
        </div>
      ) : null}
      {rescheduling ? (
        <ProposalForm applicationId={applicationId} interviewId={interview.id} onDone={() => setRescheduling(false)} />
      ) : null}
    </li>
  );
}

/** The application's interviews; the team proposes times, the candidate picks one, either side cancels. */
export function InterviewsPanel({ thread }: { thread: Thread }) {
  const { t } = useLingui();
  const [proposing, setProposing] = useState(false);
  const canPropose = thread.side === 'team' && thread.canWrite && !thread.application.withdrawn;
  return (
    <section aria-labelledby="interviews-heading" className="mt-8">
      <h2 id="interviews-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
        <Trans>Interviews</Trans>
      </h2>
      {thread.interviews.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          {thread.side === 'team' ? t`No interview proposed yet.` : t`No interview yet.`}
        </p>
      ) : (
        <ul className="mt-2 space-y-3" aria-label={t`Interviews`}>
          {thread.interviews.map((interview) => (
            <InterviewCard key={interview.id} thread={thread} interview={interview} />
          ))}
        </ul>
      )}
      {canPropose ? (
        proposing ? (
          <ProposalForm applicationId={thread.application.id} onDone={() => setProposing(false)} />
        ) : (
          <Button className="mt-3" onClick={() => setProposing(true)}>
            <Trans>Propose an interview</Trans>
          </Button>
        )
      ) : null}
    </section>
  );
}
