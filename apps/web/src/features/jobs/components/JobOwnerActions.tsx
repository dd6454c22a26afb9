import type { Job } from '@jobboard/shared';
import { Trans } from '@lingui/react/macro';
import { Pencil, Users } from 'lucide-react';
import { buttonClass } from '../../../components/ui/Button';
import { Link } from '../../../components/ui/Link';

/**
 * Who the reader is to a job: its poster or a member of its company (the server's `yourRole`), or nobody in
 * particular. The e-mail comparison covers an answer cached before `yourRole` existed.
 */
export function roleOf(job: Pick<Job, 'yourRole' | 'postedBy'>, email: string | undefined): Job['yourRole'] {
  if (job.yourRole) return job.yourRole;
  return email && job.postedBy === email ? 'poster' : undefined;
}

/** In place of Apply Now on one's own job: Edit (its poster only, as the server allows) and its applications. */
export function JobOwnerActions({ jobId, role }: { jobId: string; role: 'poster' | 'member' }) {
  return (
    <div className="flex flex-col gap-2" data-testid="job-owner-actions">
      {role === 'poster' ? (
        <Link to={`/edit-job/${jobId}`} className={buttonClass('primary', 'w-full py-3')}>
          <Pencil size={16} aria-hidden="true" />
          <Trans>Edit</Trans>
        </Link>
      ) : null}
      <Link
        to={`/responses?job=${encodeURIComponent(jobId)}`}
        className={buttonClass(role === 'poster' ? 'secondary' : 'primary', 'w-full py-3')}
      >
        <Users size={16} aria-hidden="true" />
        <Trans>View applicants</Trans>
      </Link>
    </div>
  );
}
