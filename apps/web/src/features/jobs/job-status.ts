import type { Job, JobUpdateBody } from '@jobboard/shared';
import { JOB_MODEL_LIMITS } from '@jobboard/shared';
import { addDays } from './job-dates';

export interface StatusAction {
  kind: 'close' | 'reopen' | 'renew';
  /** The button's text. */
  label: string;
  body: Pick<JobUpdateBody, 'status' | 'validThrough'>;
  /** What the poster is told after it worked. */
  done: string;
  /** Asked before a change that takes the job out of search. */
  confirm?: { title: string; text: string; button: string };
}

/**
 * What the poster can do with a job from My Jobs, by its status: close an open job, reopen a closed one (with a
 * new closing date when its old one has passed, as the server requires), renew (+30 days from today) an expired
 * one, or an open one that closes sooner than that. None for a job an administrator hid.
 */
export function statusActions(
  job: Pick<Job, 'status' | 'validThrough' | 'jobTitle' | 'moderation'>,
  today: string,
): StatusAction[] {
  // A hidden job stays hidden whatever its poster does: only an administrator brings it back.
  if (job.moderation?.state === 'hidden') return [];
  const renewedUntil = addDays(today, JOB_MODEL_LIMITS.validityDefaultDays);
  const renew: StatusAction = {
    kind: 'renew',
    label: `Renew (+${JOB_MODEL_LIMITS.validityDefaultDays} days)`,
    body: { status: 'open', validThrough: renewedUntil },
    done: `"${job.jobTitle}" is open until ${renewedUntil}.`,
  };
  if (job.status === 'open') {
    const close: StatusAction = {
      kind: 'close',
      label: 'Close',
      body: { status: 'closed' },
      done: `"${job.jobTitle}" is closed: it left search and takes no more applications.`,
      confirm: {
        title: 'Close this job?',
        text: `"${job.jobTitle}" will leave search and stop taking applications. You can reopen it later.`,
        button: 'Yes, close it',
      },
    };
    return job.validThrough < renewedUntil ? [close, renew] : [close];
  }
  if (job.status === 'closed') {
    const stillValid = job.validThrough >= today;
    return [
      {
        kind: 'reopen',
        label: 'Reopen',
        body: stillValid ? { status: 'open' } : { status: 'open', validThrough: renewedUntil },
        done: `"${job.jobTitle}" is open again until ${stillValid ? job.validThrough : renewedUntil}.`,
      },
    ];
  }
  return [renew];
}
