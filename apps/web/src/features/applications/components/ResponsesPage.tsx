import { useMarkApplicationsSeen } from '../../../lib/unseen-applications';
import { JobMailChoice } from './JobMailChoice';
import { APPLICATION_STAGES, type ApplicationStage, type ResponsesPage as Page } from '@jobboard/shared';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { stageName } from '../stage-words';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { inputClass, labelClass } from '../../../components/ui/Field';
import { PageTitle } from '../../../components/ui/PageTitle';
import { TableSize } from '../../../components/ui/TableSize';
import { Pagination } from '../../../components/ui/Pagination';
import { Spinner } from '../../../components/ui/Spinner';
import { errorMessage } from '../../../lib/api';
import { pageFromParams, useShownPage } from '../../../lib/page-param';
import { pageSizeFromParams } from '../../../lib/page-size';
import { useCurrentUser } from '../../../lib/session';
import { useWideScreen } from '../../../lib/wide-screen';
import { responsesQueryString, useResponsesPage, type ResponsesFilters } from '../api/pipeline';
import { BulkMoveBar } from './BulkMoveBar';
import { ResponseList } from './ResponseItems';
import { ResponsesContext, type ResponsesContextValue } from './ResponsesContext';
import { useStageMove } from './StageMove';
import { UnreadThreadsNotice } from './UnreadMessages';

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

interface FilterFormProps {
  filters: ResponsesFilters;
  jobChoices: Page['jobs'];
  setFilters: (next: Partial<ResponsesFilters>) => void;
}

/** Job and stage, the chosen job's e-mail choice, and a way to clear both. */
function ResponsesFilterForm({ filters, jobChoices, setFilters }: FilterFormProps) {
  const { i18n, t } = useLingui();
  return (
    <form
      className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end"
      onSubmit={(event) => event.preventDefault()}
      aria-label={t`Filter responses`}
    >
      <div className="sm:w-72">
        <label htmlFor="responses-job" className={labelClass}>
          <Trans>Job</Trans>
        </label>
        <select
          id="responses-job"
          className={inputClass}
          value={filters.job}
          onChange={(event) => setFilters({ job: event.target.value })}
        >
          <option value="">{t`All jobs`}</option>
          {jobChoices.map((job) => (
            <option key={job.id} value={job.id}>
              {job.title} ({job.applications})
            </option>
          ))}
          {filters.job && !jobChoices.some((job) => job.id === filters.job) ? (
            <option value={filters.job}>{t`This job`}</option>
          ) : null}
        </select>
      </div>
      <div className="sm:w-48">
        <label htmlFor="responses-stage" className={labelClass}>
          <Trans>Stage</Trans>
        </label>
        <select
          id="responses-stage"
          className={inputClass}
          value={filters.stage}
          onChange={(event) => setFilters({ stage: isStage(event.target.value) ? event.target.value : '' })}
        >
          <option value="">{t`All stages`}</option>
          {APPLICATION_STAGES.map((stage) => (
            <option key={stage} value={stage}>
              {stageName(i18n, stage)}
            </option>
          ))}
        </select>
      </div>
      {filters.job ? <JobMailChoice jobId={filters.job} /> : null}
      {filters.job || filters.stage ? (
        <Button variant="ghost" onClick={() => setFilters({ job: '', stage: '' })}>
          <Trans>Clear filters</Trans>
        </Button>
      ) : null}
    </form>
  );
}

function LoadError({ error, retry }: { error: Error; retry: () => void }) {
  return (
    <div
      role="alert"
      className="rounded-2xl border border-red-200 bg-red-50 p-4 text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100"
    >
      <p>{errorMessage(error)}</p>
      <Button variant="secondary" className="mt-3" onClick={retry}>
        <Trans>Try again</Trans>
      </Button>
    </div>
  );
}

/** The filters in the URL; a move's status line, which speaks of a row of the list it was made in, ends with it. */
function useResponsesFilters(clearStatus: () => void) {
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params);
  const setFilters = (next: Partial<ResponsesFilters>) => {
    setParams(new URLSearchParams(responsesQueryString({ ...filters, page: 1, ...next })));
  };
  const listKey = responsesQueryString(filters);
  const [statusList, setStatusList] = useState(listKey);
  if (statusList !== listKey) {
    setStatusList(listKey);
    clearStatus();
  }
  return { filters, setFilters };
}

/**
 * Job Responses: the applications to the jobs the user posted or whose company they belong to, filtered by job
 * and stage (in the URL), 4 a page unless 10 or 25 are chosen; each one's stage is moved here, and its private notes kept.
 */
export function ResponsesPage() {
  const { t } = useLingui();
  const user = useCurrentUser();
  const stageMove = useStageMove();
  const { filters, setFilters } = useResponsesFilters(stageMove.clear);
  const responses = useResponsesPage(user?._id, filters);
  // What this page shows is seen: My Jobs' "new" counts for it go.
  useMarkApplicationsSeen(user?._id, filters.job || undefined, Boolean(responses.data) && !responses.isPlaceholderData);
  const wide = useWideScreen();
  const [openNotes, setOpenNotes] = useState<string | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());

  const data = responses.data;
  const context: ResponsesContextValue = {
    customStages: data?.customStages ?? {},
    readOnly: new Set(data?.readOnly ?? []),
    selected,
    toggle: (id) =>
      setSelected((set) => {
        const next = new Set(set);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
  };
  const pageCount = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  // A page past the end (say ?page=9 of 3, or after the last application of a page moved away) becomes the last one.
  useShownPage(data && !responses.isPlaceholderData ? Math.min(filters.page, pageCount) : undefined);

  return (
    <section>
      <PageTitle>{t`Job Responses`}</PageTitle>
      <UnreadThreadsNotice side="team" />
      <ResponsesFilterForm filters={filters} jobChoices={data?.jobs ?? []} setFilters={setFilters} />
      <p
        role="status"
        className="mb-3 min-h-5 text-sm font-medium text-teal-800 dark:text-teal-200"
        data-testid="stage-note"
      >
        {stageMove.status}
      </p>
      {stageMove.dialog}
      <BulkMoveBar
        items={data?.items ?? []}
        selected={selected}
        customStages={data?.customStages ?? {}}
        onDone={() => setSelected(new Set())}
      />
      <TableSize
        total={data ? t`${plural(data.total, { one: '# application', other: '# applications' })}` : undefined}
        pageSize={filters.pageSize}
        onPageSize={(pageSize) => setFilters({ pageSize })}
      />
      {responses.isPending ? (
        <Spinner />
      ) : responses.isError && !data ? (
        <LoadError error={responses.error} retry={() => void responses.refetch()} />
      ) : (
        <>
          <ResponsesContext value={context}>
            <ResponseList
              items={data?.items ?? []}
              wide={wide}
              filtered={Boolean(filters.job || filters.stage)}
              // The items' own page: while the next one loads, the previous page's items stay, numbered as before.
              number={(index) => ((data?.page ?? filters.page) - 1) * (data?.pageSize ?? filters.pageSize) + index + 1}
              openNotes={openNotes}
              onToggleNotes={(application) => setOpenNotes(openNotes === application._id ? null : application._id)}
              busy={stageMove.busy}
              onStage={stageMove.request}
            />
          </ResponsesContext>
          <Pagination
            page={filters.page}
            pageCount={pageCount}
            hasPrevious={filters.page > 1}
            hasNext={filters.page < pageCount}
            onPrevious={() => setFilters({ page: filters.page - 1 })}
            onNext={() => setFilters({ page: filters.page + 1 })}
            label={t`Applications to your jobs pages`}
          />
        </>
      )}
    </section>
  );
}
