import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { Link } from '../../../components/ui/Link';
import { buttonClass } from '../../../components/ui/Button';
import { PageTitle } from '../../../components/ui/PageTitle';
import { Spinner } from '../../../components/ui/Spinner';
import { errorMessage } from '../../../lib/api';
import { useCurrentUser } from '../../../lib/session';
import { useJob, useUpdateJob } from '../api/jobs';
import { JobFormPage } from './JobFormPage';
import { formFromJob } from './job-form-logic';

/** The refusal's English (tests look for it); shown translated. */
// eslint-disable-next-line lingui/no-unlocalized-strings -- the English text, not shown as such
export const NOT_YOUR_JOB = 'You can only edit jobs you posted.';

function EditJobMessage({ children, jobId }: { children: ReactNode; jobId?: string }) {
  return (
    <section className="py-10 text-center">
      <PageTitle>
        <Trans>Edit Job</Trans>
      </PageTitle>
      <p role="alert" className="text-slate-800 dark:text-slate-200">
        {children}
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        {jobId ? (
          <Link to={`/job/${jobId}`} className={buttonClass('primary')}>
            <Trans>View the job</Trans>
          </Link>
        ) : null}
        <Link to="/my-job" className={buttonClass('secondary')}>
          <Trans>Back to My Jobs</Trans>
        </Link>
      </div>
    </section>
  );
}

/** Loads the job (GET of a single job) and hands it to the form, prefilled; only the job's poster gets the form. */
export function EditJobPage() {
  const { id = '' } = useParams();
  const job = useJob(id);
  const updateJob = useUpdateJob(id);
  const currentUser = useCurrentUser();
  const { t } = useLingui();

  if (job.isPending) return <Spinner label={t`Loading job`} />;
  if (job.isError) return <EditJobMessage>{errorMessage(job.error)}</EditJobMessage>;
  // The server refuses the update anyway; the form is not even shown (docs/product.md, "Roles": edit only one's own jobs).
  if (job.data.postedBy.toLowerCase() !== currentUser?.email.toLowerCase()) {
    return <EditJobMessage jobId={job.data._id}>{t`You can only edit jobs you posted.`}</EditJobMessage>;
  }
  const jobTitle = job.data.jobTitle;
  const companyName = job.data.company.name || job.data.companyName;
  return (
    <JobFormPage
      title={t`Edit Job`}
      subtitle={
        <Trans>
          <bdi>{jobTitle}</bdi> at <bdi>{companyName}</bdi>
        </Trans>
      }
      initialValues={formFromJob(job.data)}
      original={job.data}
      submitLabel={t`Update Job`}
      successMessage={t`Job Updated Successfully`}
      save={updateJob}
      sourceVersion={job.dataUpdatedAt}
    />
  );
}
