import type { Interview, Thread } from '@jobboard/shared';
import { useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { confirmDialog } from '../../../components/ui/dialogs';
import { errorMessage } from '../../../lib/api';
import { useCancelInterview, usePickSlot } from '../api/conversations';
import { ProposalForm } from './ProposalForm';

/** "Fri, 17 May 2030, 14:30 (Europe/Paris)", and the reader's own time beside it when their zone differs. */
export function slotText(startsAt: string, timeZone: string): string {
  const format = (zone: string) =>
    new Intl.DateTimeFormat(undefined, { timeZone: zone, dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date(startsAt),
    );
  const mine = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const there = `${format(timeZone)} (${timeZone})`;
  return mine && mine !== timeZone ? `${there} · your time ${format(mine)}` : there;
}

const STATUS: Record<Interview['status'], string> = {
  proposed: 'Waiting for the candidate to pick a time',
  scheduled: 'Booked',
  cancelled: 'Cancelled',
};
// The candidate is the one asked: the team's words ("waiting for the candidate") would speak of them.
const statusFor = (side: Thread['side'], status: Interview['status']) =>
  side === 'candidate' && status === 'proposed' ? 'Pick one of these times' : STATUS[status];

function InterviewCard({ thread, interview }: { thread: Thread; interview: Interview }) {
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
      <p className="font-semibold text-slate-900 dark:text-white">
        {statusFor(thread.side, interview.status)}
        {chosen ? `: ${slotText(chosen.startsAt, chosen.timeZone)}` : ''}
      </p>
      <p className="text-slate-700 dark:text-slate-300">
        {interview.lengthMinutes} minutes · <span className="break-all">{interview.location}</span>
      </p>
      {open && others.length > 0 ? (
        <>
          {chosen ? <p className="mt-2 text-slate-700 dark:text-slate-300">Other times proposed:</p> : null}
          <ul className="mt-2 space-y-1" aria-label={chosen ? 'Other proposed times' : 'Proposed times'}>
            {others.map((slot) => (
              <li key={slot.id} className="flex flex-wrap items-center gap-2">
                <span>{slotText(slot.startsAt, slot.timeZone)}</span>
                {thread.side === 'candidate' ? (
                  <Button
                    variant="secondary"
                    className="px-2 py-1 text-xs"
                    disabled={pick.isPending}
                    aria-label={`Pick ${slotText(slot.startsAt, slot.timeZone)}`}
                    onClick={() => pick.mutate({ interviewId: interview.id, slotId: slot.id })}
                  >
                    {chosen ? 'Move to this time' : 'Pick this time'}
                  </Button>
                ) : null}
              </li>
            ))}
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
              Propose new times
            </Button>
          ) : null}
          <Button
            variant="danger"
            disabled={cancel.isPending}
            onClick={async () => {
              if (await confirmDialog('Cancel this interview?', 'Both sides are told by e-mail.', 'Cancel interview'))
                cancel.mutate(interview.id);
            }}
          >
            Cancel interview
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
  const [proposing, setProposing] = useState(false);
  const canPropose = thread.side === 'team' && thread.canWrite && !thread.application.withdrawn;
  return (
    <section aria-labelledby="interviews-heading" className="mt-8">
      <h2 id="interviews-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
        Interviews
      </h2>
      {thread.interviews.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          {thread.side === 'team' ? 'No interview proposed yet.' : 'No interview yet.'}
        </p>
      ) : (
        <ul className="mt-2 space-y-3" aria-label="Interviews">
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
            Propose an interview
          </Button>
        )
      ) : null}
    </section>
  );
}
