import { MESSAGES } from '@jobboard/shared';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { buttonClass } from '../../../components/ui/Button';
import { showSuccess } from '../../../components/ui/dialogs';
import { PageTitle } from '../../../components/ui/PageTitle';
import { Spinner } from '../../../components/ui/Spinner';
import { errorMessage } from '../../../lib/api';
import { useJob, useUpdateJob } from '../api/jobs';
import { JobForm } from './JobForm';
import { formFromJob } from './job-form-logic';

/** Loads the job (GET of a single job) and hands it to the form, prefilled. */
export function EditJobPage() {
  const { id = '' } = useParams();
  const job = useJob(id);
  const updateJob = useUpdateJob(id);
  const [formKey, setFormKey] = useState(0);

  if (job.isPending) return <Spinner label="Loading job" />;
  if (job.isError) {
    return (
      <section className="py-10 text-center">
        <PageTitle>Edit Job</PageTitle>
        <p role="alert">{errorMessage(job.error)}</p>
        <Link to="/my-job" className={buttonClass('secondary', 'mt-6')}>
          Back to My Jobs
        </Link>
      </section>
    );
  }
  return (
    <section className="mx-auto max-w-3xl">
      <PageTitle subtitle={`${job.data.jobTitle} at ${job.data.companyName}`}>Edit Job</PageTitle>
      <JobForm
        key={`${formKey}-${job.dataUpdatedAt}`}
        initialValues={formFromJob(job.data)}
        initialSkills={job.data.skills}
        submitLabel="Update Job"
        busy={updateJob.isPending}
        serverError={updateJob.isError ? errorMessage(updateJob.error) : null}
        onSubmit={(body) =>
          updateJob.mutate(body, {
            onSuccess: (ack) => {
              if (ack.acknowledged) {
                setFormKey((k) => k + 1);
                void showSuccess(MESSAGES.jobUpdated);
              }
            },
          })
        }
      />
    </section>
  );
}
