import { MESSAGES } from '@jobboard/shared';
import { useState } from 'react';
import { showSuccess } from '../../../components/ui/dialogs';
import { PageTitle } from '../../../components/ui/PageTitle';
import { errorMessage } from '../../../lib/api';
import { useCreateJob } from '../api/jobs';
import { JobForm } from './JobForm';
import { emptyJobForm } from './job-form-logic';

export function PostJobPage() {
  const createJob = useCreateJob();
  // A new key mounts a fresh form: the reset after a successful post.
  const [formKey, setFormKey] = useState(0);
  return (
    <section className="mx-auto max-w-3xl">
      <PageTitle subtitle="Fill in the details of the position you are hiring for.">Post a Job</PageTitle>
      <JobForm
        key={formKey}
        initialValues={emptyJobForm}
        initialSkills={[]}
        submitLabel="Create Job"
        busy={createJob.isPending}
        serverError={createJob.isError ? errorMessage(createJob.error) : null}
        onSubmit={(body) =>
          createJob.mutate(body, {
            onSuccess: (ack) => {
              if (ack.acknowledged) {
                setFormKey((k) => k + 1);
                void showSuccess(MESSAGES.jobCreated);
              }
            },
          })
        }
      />
    </section>
  );
}
