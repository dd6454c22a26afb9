import type { AdminReport } from '@jobboard/shared';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link } from '../../../components/ui/Link';
import { PageTitle } from '../../../components/ui/PageTitle';
import { useReaderLocale } from '../../../lib/locale';
import { usePageParam } from '../../../lib/page-param';
import { useAdminReports } from '../api/console';
import { Pages } from './ConsoleList';
import { JobStatusBadge, ListStates, OutcomeBadge, linkClass, muted, when } from './ConsoleParts';
import { REPORT_REASONS } from './console-words';

/** One report: the job, why, who and when, and what came of it. Cards at every width (they hold free text). */
export function ReportCard({ report, showReporter = true }: { report: AdminReport; showReporter?: boolean }) {
  const { i18n } = useLingui();
  const locale = useReaderLocale();
  const resolvedAt = report.resolvedAt;
  return (
    <li
      data-testid="console-report"
      className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Link to={`/job/${report.jobId}`} className={`${linkClass} wrap-anywhere`} dir="auto">
          {report.jobTitle}
        </Link>
        <span className="flex flex-wrap gap-1">
          <JobStatusBadge status={report.jobStatus} />
          <OutcomeBadge outcome={report.outcome} />
        </span>
      </div>
      <p className="mt-1 text-sm font-semibold text-slate-900 dark:text-white">
        {i18n._(REPORT_REASONS[report.reason])}
      </p>
      {report.details ? (
        <p dir="auto" className="mt-1 text-sm whitespace-pre-line wrap-anywhere text-slate-800 dark:text-slate-200">
          {report.details}
        </p>
      ) : null}
      <p className={`mt-1 ${muted}`}>
        <time dateTime={report.createdAt}>{when(report.createdAt, locale)}</time>
        {showReporter ? (
          <>
            {' · '}
            <Trans>
              by{' '}
              <Link to={`/admin/users/${report.reporterId}`} className={`${linkClass} wrap-anywhere`}>
                {report.reporterEmail}
              </Link>
            </Trans>
          </>
        ) : null}
        {resolvedAt ? (
          <>
            {' · '}
            <Trans>
              decided <time dateTime={resolvedAt}>{when(resolvedAt, locale)}</time>
            </Trans>
          </>
        ) : null}
      </p>
    </li>
  );
}

const tab = ({ isActive }: { isActive: boolean }) =>
  `flex min-h-11 items-center border-b-2 px-3 text-sm font-medium ${
    isActive
      ? 'border-teal-700 text-teal-900 dark:border-teal-400 dark:text-teal-200'
      : 'border-transparent text-slate-700 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white'
  }`;

/**
 * Reports, open (oldest first: they have waited longest) or closed (with their outcome, which each confirmed
 * reporter was mailed). Deciding is the review queue's: hiding or keeping the job resolves its reports.
 */
export function ReportsPage() {
  const { page, setPage, params } = usePageParam();
  const state = params.get('state') === 'closed' ? 'closed' : 'open';
  const reports = useAdminReports(state, page, true);
  const { t } = useLingui();
  return (
    <section aria-busy={reports.isFetching}>
      <PageTitle subtitle={t`Decide open reports in the review queue; reporters are e-mailed the outcome.`}>
        <Trans>Reports</Trans>
      </PageTitle>
      <nav aria-label={t`Report state`} className="mb-5 flex gap-2 border-b border-slate-200 dark:border-slate-800">
        {(['open', 'closed'] as const).map((value) => (
          <Link
            key={value}
            to={value === 'open' ? '/admin/reports' : '/admin/reports?state=closed'}
            aria-current={state === value ? 'page' : undefined}
            className={tab({ isActive: state === value })}
          >
            {value === 'open' ? <Trans>Open</Trans> : <Trans>Closed</Trans>}
          </Link>
        ))}
      </nav>
      <ListStates
        query={reports}
        loading={t`Loading the reports`}
        failed={t`Could not load the reports`}
        empty={(data) =>
          data.items.length > 0 ? null : state === 'open' ? t`No open reports` : t`No decided reports yet`
        }
      >
        {(data) => (
          <>
            <p className={`mb-3 ${muted}`}>
              {state === 'open' ? (
                <Plural value={data.total} one="# open report" other="# open reports" />
              ) : (
                <Plural value={data.total} one="# closed report" other="# closed reports" />
              )}
              {state === 'open' ? (
                <>
                  {' · '}
                  <Link to="/admin" className={linkClass}>
                    <Trans>Decide in the review queue</Trans>
                  </Link>
                </>
              ) : null}
            </p>
            <ul className="space-y-3">
              {data.items.map((report) => (
                <ReportCard key={report.id} report={report} />
              ))}
            </ul>
            <Pages {...data} setPage={setPage} label={t`Report pages`} />
          </>
        )}
      </ListStates>
    </section>
  );
}
