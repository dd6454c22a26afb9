import { Trans } from '@lingui/react/macro';
import { ArrowLeft } from 'lucide-react';
import { useParams } from 'react-router';
import { Link } from '../../../components/ui/Link';
import { PageTitle } from '../../../components/ui/PageTitle';
import { Spinner } from '../../../components/ui/Spinner';
import { errorMessage } from '../../../lib/api';
import { useMarkRead, useThread } from '../api/conversations';
import { InterviewsPanel } from './InterviewsPanel';
import { ThreadPanel } from './ThreadPanel';

/** The candidate's side of one application: the thread with the job's team and the interviews they proposed. */
export function MessagesPage() {
  const { id = '' } = useParams();
  const thread = useThread(id);
  useMarkRead(id, thread.data?.messages.length);
  const back = (
    <Link
      to="/jobs-applied"
      className="inline-flex items-center gap-1 text-sm text-teal-800 hover:underline dark:text-teal-300"
    >
      <ArrowLeft size={14} aria-hidden="true" className="rtl:[transform:scaleX(-1)]" />
      <Trans>Applied Jobs</Trans>
    </Link>
  );
  if (thread.isPending) return <Spinner />;
  if (thread.isError) {
    return (
      <div>
        {back}
        <PageTitle>
          <Trans>Messages</Trans>
        </PageTitle>
        <p role="alert" className="text-red-800 dark:text-red-200">
          {errorMessage(thread.error)}
        </p>
      </div>
    );
  }
  const { application } = thread.data;
  return (
    <div>
      {back}
      <PageTitle subtitle={<bdi>{application.companyName}</bdi>}>
        <span dir="auto">{application.jobTitle}</span>
      </PageTitle>
      {application.withdrawn ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          <Trans>You withdrew this application.</Trans>
        </p>
      ) : null}
      <InterviewsPanel thread={thread.data} />
      <ThreadPanel thread={thread.data} />
    </div>
  );
}
