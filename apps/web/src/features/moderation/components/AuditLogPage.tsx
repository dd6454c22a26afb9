import { MODERATION_MESSAGES } from '@jobboard/shared';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Download } from 'lucide-react';
import { Button, buttonClass } from '../../../components/ui/Button';
import { inputClass } from '../../../components/ui/Field';
import { Link } from '../../../components/ui/Link';
import { PageTitle } from '../../../components/ui/PageTitle';
import { Pagination } from '../../../components/ui/Pagination';
import { Spinner } from '../../../components/ui/Spinner';
import { ApiError } from '../../../lib/api';
import { useReaderLocale } from '../../../lib/locale';
import { usePageParam } from '../../../lib/page-param';
import { useCurrentUser } from '../../../lib/session';
import { AUDIT_ACTIONS, auditQuery, useAuditLog, type AuditEntry, type AuditFilter } from '../api/audit';
import { errorText, serverText } from './console-words';

const LABELS = Object.fromEntries(AUDIT_ACTIONS.map(({ action, label }) => [action, label]));
const muted = 'text-sm text-slate-700 dark:text-slate-300';
const when = (iso: string, locale: string) =>
  new Date(iso).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });

function EntryCard({ entry }: { entry: AuditEntry }) {
  const { i18n } = useLingui();
  const locale = useReaderLocale();
  const label = LABELS[entry.action];
  const at = when(entry.at, locale);
  return (
    <li
      data-testid="audit-entry"
      className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <p className="flex flex-wrap items-baseline gap-x-2 text-slate-900 dark:text-white">
        <span className="font-semibold">{label ? i18n._(label) : entry.action}</span>
        <span dir="auto" className="wrap-anywhere">
          {entry.targetLabel}
        </span>
      </p>
      <p className={muted}>
        <Trans>
          <time dateTime={entry.at}>{at}</time> · by <span className="wrap-anywhere">{entry.adminEmail}</span>
        </Trans>
      </p>
      {entry.reason ? (
        <p dir="auto" className="mt-1 text-sm whitespace-pre-line wrap-anywhere text-slate-800 dark:text-slate-200">
          {entry.reason}
        </p>
      ) : null}
    </li>
  );
}

/** The filters: a plain GET form of this page's address, so they work before and without the app's scripts. */
function Filters({ filter }: { filter: AuditFilter }) {
  const { i18n, t } = useLingui();
  return (
    <form method="get" action="/admin/audit" className="mb-6 flex flex-wrap items-end gap-3">
      <div>
        <label htmlFor="audit-action" className="mb-1 block text-sm font-medium text-slate-800 dark:text-slate-200">
          <Trans>Action</Trans>
        </label>
        <select id="audit-action" name="action" defaultValue={filter.action} className={inputClass}>
          <option value="">{t`Every action`}</option>
          {AUDIT_ACTIONS.map(({ action, label }) => (
            <option key={action} value={action}>
              {i18n._(label)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="audit-admin" className="mb-1 block text-sm font-medium text-slate-800 dark:text-slate-200">
          <Trans>Administrator</Trans>
        </label>
        <input
          id="audit-admin"
          name="admin"
          defaultValue={filter.admin}
          placeholder={t`Part of an e-mail`}
          className={inputClass}
        />
      </div>
      <div>
        <label htmlFor="audit-target" className="mb-1 block text-sm font-medium text-slate-800 dark:text-slate-200">
          <Trans>Job or account</Trans>
        </label>
        <input
          id="audit-target"
          name="target"
          defaultValue={filter.target}
          placeholder={t`Part of a title or an e-mail`}
          className={inputClass}
        />
      </div>
      <Button type="submit" variant="secondary">
        <Trans>Filter</Trans>
      </Button>
      <a href={`/api/admin/audit.csv${auditQuery(filter)}`} download className={buttonClass('secondary')}>
        <Download size={16} aria-hidden="true" />
        <Trans>Download CSV</Trans>
      </a>
    </form>
  );
}

/** Every administrator decision and role change, newest first (issue 34): filter, page, export as CSV. */
export function AuditLogPage() {
  const { i18n, t } = useLingui();
  const user = useCurrentUser();
  const isAdmin = user?.isAdmin === true;
  const { page, setPage, params } = usePageParam();
  const filter = {
    action: params.get('action') ?? '',
    admin: params.get('admin') ?? '',
    target: params.get('target') ?? '',
  };
  const log = useAuditLog(filter, page, isAdmin);
  const forbidden = !isAdmin || (log.error instanceof ApiError && log.error.status === 403);
  const pageCount = log.data ? Math.max(1, Math.ceil(log.data.total / log.data.pageSize)) : 1;
  return (
    <section aria-busy={log.isFetching}>
      <PageTitle subtitle={t`Who decided what, when and why. Lines cannot be changed or removed.`}>
        <Trans>Audit Log</Trans>
      </PageTitle>
      {forbidden ? (
        <p
          role="status"
          className="rounded-2xl border border-dashed border-slate-300 px-6 py-14 text-center dark:border-slate-700"
        >
          {serverText(i18n, MODERATION_MESSAGES.adminsOnly)}{' '}
          <Link to="/" className="font-medium text-teal-800 underline dark:text-teal-300">
            <Trans>Find jobs</Trans>
          </Link>
        </p>
      ) : (
        <>
          <Filters key={`${filter.action}|${filter.admin}|${filter.target}`} filter={filter} />
          {log.isPending ? (
            <Spinner label={t`Loading the audit log`} />
          ) : log.isError ? (
            <p role="alert" className="text-red-800 dark:text-red-200">
              {errorText(i18n, log.error)}
            </p>
          ) : log.data.items.length === 0 ? (
            <p role="status" className={muted}>
              {filter.action || filter.admin || filter.target ? (
                <Trans>Nothing recorded for this filter.</Trans>
              ) : (
                <Trans>Nothing recorded yet.</Trans>
              )}
            </p>
          ) : (
            <>
              <p className={`mb-3 ${muted}`}>
                <Plural value={log.data.total} one="# recorded" other="# recorded" />
              </p>
              <ul className="space-y-3">
                {log.data.items.map((entry) => (
                  <EntryCard key={entry.id} entry={entry} />
                ))}
              </ul>
              {pageCount > 1 ? (
                <Pagination
                  page={page}
                  pageCount={pageCount}
                  hasPrevious={page > 1}
                  hasNext={page < pageCount}
                  onPrevious={() => setPage(page - 1)}
                  onNext={() => setPage(page + 1)}
                  label={t`Audit log pages`}
                />
              ) : null}
            </>
          )}
        </>
      )}
    </section>
  );
}
