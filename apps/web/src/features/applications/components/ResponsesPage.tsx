import { useMarkApplicationsSeen } from '../../../lib/unseen-applications';
import { JobMailChoice } from './JobMailChoice';
import {
  APPLICATION_STAGES,
  MESSAGES,
  STAGE_LABELS,
  type ApplicationStage,
  type ReceivedApplication,
} from '@jobboard/shared';
import { ExternalLink } from 'lucide-react';
import { Fragment, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { inputClass, labelClass } from '../../../components/ui/Field';
import { PageTitle } from '../../../components/ui/PageTitle';
import { TableSize } from '../../../components/ui/TableSize';
import { Pagination } from '../../../components/ui/Pagination';
import { Spinner } from '../../../components/ui/Spinner';
import {
  CardActions,
  CardEmpty,
  CardField,
  CardFields,
  CardHeading,
  CardList,
  cardClass,
} from '../../../components/ui/CardList';
import { cellClass, EmptyRow, rowClass, Table } from '../../../components/ui/Table';
import { errorMessage } from '../../../lib/api';
import { dateOnly } from '../../../lib/format';
import { pageFromParams, useShownPage } from '../../../lib/page-param';
import { pageSizeFromParams } from '../../../lib/page-size';
import { useCurrentUser } from '../../../lib/session';
import { useWideScreen } from '../../../lib/wide-screen';
import { responsesQueryString, useResponsesPage, type ResponsesFilters } from '../api/pipeline';
import { NotesPanel } from './NotesPanel';
import { ApplicationMaterials, hasMaterials } from './ApplicationMaterials';
import { StageControl, useStageMove, whoOf } from './StageMove';

const HEADERS = ['NO.', 'TITLE', 'NAME', 'RESUME LINK', 'E-MAIL', 'APPLICATION DATE', 'STAGE', 'NOTES'] as const;

const isStage = (value: string): value is ApplicationStage => (APPLICATION_STAGES as readonly string[]).includes(value);

/** The filters of the URL (`?job=&stage=&page=&pageSize=`); anything unknown is dropped. */
export function filtersFromParams(params: URLSearchParams): ResponsesFilters {
  const job = params.get('job') ?? '';
  const stage = params.get('stage') ?? '';
  return {
    job: /^[0-9a-f-]{36}$/i.test(job) ? job : '',
    stage: isStage(stage) ? stage : '',
    page: pageFromParams(params),
    pageSize: pageSizeFromParams(params),
  };
}

// The content of one application, shown by a table row (600 px and wider) and by a card (narrower) alike: add to
// these components, and both layouts show it.

function ResumeLink({ application }: { application: ReceivedApplication }) {
  if (!application.applicantResume)
    return <span className="text-slate-600 dark:text-slate-300">{MESSAGES.noResumeListed}</span>;
  return (
    <a
      href={application.applicantResume}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex items-center gap-1 font-medium text-teal-800 underline hover:text-teal-900 dark:text-teal-300 dark:hover:text-teal-200"
    >
      Resume
      <ExternalLink size={14} aria-hidden="true" />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}

function ApplicantEmail({ application, className = '' }: { application: ReceivedApplication; className?: string }) {
  return (
    <a href={`mailto:${application.applicantEmail}`} className={`hover:underline ${className}`}>
      {application.applicantEmail}
    </a>
  );
}

function NotesToggle({
  application,
  open,
  onToggle,
  className,
}: {
  application: ReceivedApplication;
  open: boolean;
  onToggle: () => void;
  className: string;
}) {
  return (
    <Button
      variant="secondary"
      className={className}
      aria-expanded={open}
      aria-controls={`notes-${application._id}`}
      aria-label={`Notes on ${whoOf(application)}: ${application.notesCount}`}
      onClick={onToggle}
    >
      Notes ({application.notesCount})
    </Button>
  );
}

/**
 * Job Responses: the applications to the jobs the user posted or whose company they belong to, filtered by job
 * and stage (in the URL), 4 a page unless 10 or 25 are chosen; each one's stage is moved here, and its private notes kept.
 */
export function ResponsesPage() {
  const user = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params);
  const responses = useResponsesPage(user?._id, filters);
  // What this page shows is seen: My Jobs' "new" counts for it go.
  useMarkApplicationsSeen(user?._id, filters.job || undefined, Boolean(responses.data) && !responses.isPlaceholderData);
  const wide = useWideScreen();
  const stageMove = useStageMove();
  const [openNotes, setOpenNotes] = useState<string | null>(null);

  const setFilters = (next: Partial<ResponsesFilters>) => {
    setParams(new URLSearchParams(responsesQueryString({ ...filters, page: 1, ...next })));
  };
  // A move's status line speaks of a row of the list it was made in: another filter or page ends it.
  const listKey = responsesQueryString(filters);
  const [statusList, setStatusList] = useState(listKey);
  if (statusList !== listKey) {
    setStatusList(listKey);
    stageMove.clear();
  }

  const onStage = (application: ReceivedApplication, stage: ApplicationStage) => stageMove.request(application, stage);

  const data = responses.data;
  const items = data?.items ?? [];
  const pageCount = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const jobChoices = data?.jobs ?? [];
  const filtered = Boolean(filters.job || filters.stage);
  // A page past the end (say ?page=9 of 3, or after the last application of a page moved away) becomes the last one.
  useShownPage(data && !responses.isPlaceholderData ? Math.min(filters.page, pageCount) : undefined);
  const number = (index: number) => (filters.page - 1) * (data?.pageSize ?? filters.pageSize) + index + 1;
  const busy = stageMove.busy;
  const toggleNotes = (application: ReceivedApplication) =>
    setOpenNotes(openNotes === application._id ? null : application._id);

  return (
    <section>
      <PageTitle>Job Responses</PageTitle>
      <form
        className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end"
        onSubmit={(event) => event.preventDefault()}
        aria-label="Filter responses"
      >
        <div className="sm:w-72">
          <label htmlFor="responses-job" className={labelClass}>
            Job
          </label>
          <select
            id="responses-job"
            className={inputClass}
            value={filters.job}
            onChange={(event) => setFilters({ job: event.target.value })}
          >
            <option value="">All jobs</option>
            {jobChoices.map((job) => (
              <option key={job.id} value={job.id}>
                {job.title} ({job.applications})
              </option>
            ))}
            {filters.job && !jobChoices.some((job) => job.id === filters.job) ? (
              <option value={filters.job}>This job</option>
            ) : null}
          </select>
        </div>
        <div className="sm:w-48">
          <label htmlFor="responses-stage" className={labelClass}>
            Stage
          </label>
          <select
            id="responses-stage"
            className={inputClass}
            value={filters.stage}
            onChange={(event) => setFilters({ stage: isStage(event.target.value) ? event.target.value : '' })}
          >
            <option value="">All stages</option>
            {APPLICATION_STAGES.map((stage) => (
              <option key={stage} value={stage}>
                {STAGE_LABELS[stage]}
              </option>
            ))}
          </select>
        </div>
        {filters.job ? <JobMailChoice jobId={filters.job} /> : null}
        {filtered ? (
          <Button variant="ghost" onClick={() => setFilters({ job: '', stage: '' })}>
            Clear filters
          </Button>
        ) : null}
      </form>
      <p
        role="status"
        className="mb-3 min-h-5 text-sm font-medium text-teal-800 dark:text-teal-200"
        data-testid="stage-note"
      >
        {stageMove.status}
      </p>
      {stageMove.dialog}
      <TableSize
        total={data?.total}
        noun={['application', 'applications']}
        pageSize={filters.pageSize}
        onPageSize={(pageSize) => setFilters({ pageSize })}
      />

      {responses.isPending ? (
        <Spinner />
      ) : responses.isError && !data ? (
        <div
          role="alert"
          className="rounded-2xl border border-red-200 bg-red-50 p-4 text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100"
        >
          <p>{errorMessage(responses.error)}</p>
          <Button variant="secondary" className="mt-3" onClick={() => void responses.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <>
          {items.length === 0 && filtered ? (
            // Not an empty table: on a phone its sideways-scrolling box would hold nothing to reach it by keyboard.
            <p className="rounded-2xl border border-slate-200 bg-white px-4 py-8 text-center text-slate-700 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-300">
              No applications match these filters
            </p>
          ) : wide ? (
            <Table caption="Applications to your jobs" headers={HEADERS}>
              {items.length === 0 ? (
                <EmptyRow columns={HEADERS.length} text={MESSAGES.noDataFound} />
              ) : (
                items.map((application, index) => {
                  const notesOpen = openNotes === application._id;
                  return (
                    <Fragment key={application._id}>
                      <tr className={rowClass} data-testid="response-row">
                        <td className={cellClass}>{number(index)}</td>
                        <td className={`${cellClass} font-medium`}>{application.jobTitle}</td>
                        <td className={cellClass}>{application.applicantName}</td>
                        <td className={cellClass}>
                          <ResumeLink application={application} />
                        </td>
                        <td className={cellClass}>
                          <ApplicantEmail application={application} className="whitespace-nowrap" />
                        </td>
                        <td className={cellClass}>{dateOnly(application.appliedDate)}</td>
                        <td className={cellClass}>
                          <StageControl
                            application={application}
                            busy={busy(application)}
                            onStage={onStage}
                            className="min-w-32 py-1.5"
                          />
                        </td>
                        <td className={cellClass}>
                          <NotesToggle
                            application={application}
                            open={notesOpen}
                            onToggle={() => toggleNotes(application)}
                            className="whitespace-nowrap px-2 py-1 text-xs"
                          />
                        </td>
                      </tr>
                      {hasMaterials(application) ? (
                        <tr>
                          <td colSpan={HEADERS.length} className="px-4 pb-3 pt-0">
                            <ApplicationMaterials application={application} />
                          </td>
                        </tr>
                      ) : null}
                      {notesOpen ? (
                        <tr id={`notes-${application._id}`}>
                          <td colSpan={HEADERS.length} className="bg-slate-50 px-4 py-4 dark:bg-slate-800/40">
                            <NotesPanel application={application} />
                          </td>
                        </tr>
                      ) : null}
                    </Fragment>
                  );
                })
              )}
            </Table>
          ) : items.length === 0 ? (
            <CardEmpty text={MESSAGES.noDataFound} />
          ) : (
            <CardList label="Applications to your jobs">
              {items.map((application, index) => {
                const notesOpen = openNotes === application._id;
                return (
                  <li key={application._id} className={cardClass} data-testid="response-row">
                    <CardHeading number={number(index)}>{application.applicantName}</CardHeading>
                    <CardFields>
                      <CardField label="TITLE" wide>
                        {application.jobTitle}
                      </CardField>
                      <CardField label="RESUME LINK">
                        <ResumeLink application={application} />
                      </CardField>
                      <CardField label="APPLICATION DATE">{dateOnly(application.appliedDate)}</CardField>
                      <CardField label="E-MAIL" wide>
                        <ApplicantEmail application={application} className="break-all" />
                      </CardField>
                      <CardField label="STAGE" wide>
                        <StageControl
                          application={application}
                          busy={busy(application)}
                          onStage={onStage}
                          className="min-h-11"
                        />
                      </CardField>
                    </CardFields>
                    <ApplicationMaterials application={application} className="mt-3" />
                    <CardActions>
                      <NotesToggle
                        application={application}
                        open={notesOpen}
                        onToggle={() => toggleNotes(application)}
                        className=""
                      />
                    </CardActions>
                    {notesOpen ? (
                      <div
                        id={`notes-${application._id}`}
                        className="mt-4 border-t border-slate-200 pt-4 dark:border-slate-800"
                      >
                        <NotesPanel application={application} />
                      </div>
                    ) : null}
                  </li>
                );
              })}
            </CardList>
          )}
          <Pagination
            page={filters.page}
            pageCount={pageCount}
            hasPrevious={filters.page > 1}
            hasNext={filters.page < pageCount}
            onPrevious={() => setFilters({ page: filters.page - 1 })}
            onNext={() => setFilters({ page: filters.page + 1 })}
            label="Applications to your jobs pages"
          />
        </>
      )}
    </section>
  );
}
