import type { Job, JobUpdateBody } from '@jobboard/shared';
import { JOB_MODEL_LIMITS } from '@jobboard/shared';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { appI18n } from '../../lib/i18n';
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
  i18n: I18n = appI18n(),
): StatusAction[] {
  // A hidden job stays hidden whatever its poster does: only an administrator brings it back.
  if (job.moderation?.state === 'hidden') return [];
  const renewedUntil = addDays(today, JOB_MODEL_LIMITS.validityDefaultDays);
  const days = JOB_MODEL_LIMITS.validityDefaultDays;
  const title = job.jobTitle;
  const renew: StatusAction = {
    kind: 'renew',
    label: i18n._(msg`Renew (+${days} days)`),
    body: { status: 'open', validThrough: renewedUntil },
    done: i18n._(msg`"${title}" is open until ${renewedUntil}.`),
  };
  if (job.status === 'open') {
    const close: StatusAction = {
      kind: 'close',
      label: i18n._(msg`Close`),
      body: { status: 'closed' },
      done: i18n._(msg`"${title}" is closed: it left search and takes no more applications.`),
      confirm: {
        title: i18n._(msg`Close this job?`),
        text: i18n._(msg`"${title}" will leave search and stop taking applications. You can reopen it later.`),
        button: i18n._(msg`Yes, close it`),
      },
    };
    return job.validThrough < renewedUntil ? [close, renew] : [close];
  }
  if (job.status === 'closed') {
    const stillValid = job.validThrough >= today;
    const until = stillValid ? job.validThrough : renewedUntil;
    return [
      {
        kind: 'reopen',
        label: i18n._(msg`Reopen`),
        body: stillValid ? { status: 'open' } : { status: 'open', validThrough: renewedUntil },
        done: i18n._(msg`"${title}" is open again until ${until}.`),
      },
    ];
  }
  return [renew];
}
