import { ALERT_LIMITS, type Alert } from '@jobboard/shared';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Button, buttonClass } from '../../../components/ui/Button';
import { confirmDialog } from '../../../components/ui/dialogs';
import { Link } from '../../../components/ui/Link';
import { PageTitle } from '../../../components/ui/PageTitle';
import { Spinner } from '../../../components/ui/Spinner';
import { errorMessage } from '../../../lib/api';
import { longDate } from '../../../lib/job-view';
import { useReaderLocale } from '../../../lib/locale';
import { useAlerts, useDeleteAlert } from '../api/alerts';
import { FREQUENCY_LABELS } from './frequency-words';

function AlertRow({ alert }: { alert: Alert }) {
  const { t, i18n } = useLingui();
  const locale = useReaderLocale();
  const created = longDate(alert.createdAt.slice(0, 10), locale);
  const lastSent = alert.lastSentAt ? longDate(alert.lastSentAt.slice(0, 10), locale) : '';
  const remove = useDeleteAlert();
  const [failed, setFailed] = useState<string | undefined>();
  const titleId = `alert-${alert.id}`;
  return (
    <li
      data-testid="alert"
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={titleId} className="text-lg font-semibold text-slate-900 dark:text-white">
            <bdi>{alert.description}</bdi>
          </h2>
          <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
            <span className="font-medium">{i18n._(FREQUENCY_LABELS[alert.frequency])}</span> ·{' '}
            <Trans>
              created <time dateTime={alert.createdAt}>{created}</time>
            </Trans>{' '}
            ·{' '}
            {alert.lastSentAt ? (
              <Trans>
                last e-mail <time dateTime={alert.lastSentAt}>{lastSent}</time>
              </Trans>
            ) : (
              t`no e-mail yet`
            )}
          </p>
        </div>
        <div className="flex gap-2">
          <Link
            to={alert.query ? `/?${alert.query}` : '/'}
            className={buttonClass('secondary')}
            aria-describedby={titleId}
          >
            <Trans>Run search</Trans>
          </Link>
          <Button
            variant="danger"
            aria-describedby={titleId}
            disabled={remove.isPending}
            onClick={async () => {
              setFailed(undefined);
              const description = alert.description;
              const sure = await confirmDialog(
                t`Delete this alert?`,
                t`No more e-mails for “${description}”.`,
                t`Delete`,
              );
              if (!sure) return;
              remove.mutate(alert.id, { onError: (error) => setFailed(errorMessage(error)) });
            }}
          >
            {remove.isPending ? t`Deleting…` : t`Delete`}
          </Button>
        </div>
      </div>
      {failed ? (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700 dark:text-red-300">
          {failed}
        </p>
      ) : null}
    </li>
  );
}

/** Alerts (`/alerts`): the signed-in user's saved searches, how often each mails, and a way to run or delete each. */
export function AlertsPage() {
  const { t, i18n } = useLingui();
  const alerts = useAlerts();
  const limit = ALERT_LIMITS.perUser;
  const alertCount = (n: number) =>
    i18n._(msg`${plural(n, { one: `# alert of at most ${limit}`, other: `# alerts of at most ${limit}` })}`);
  const data = alerts.data;
  return (
    <section aria-busy={alerts.isFetching}>
      <PageTitle subtitle={data && data.length > 0 ? alertCount(data.length) : undefined}>
        <Trans>Your Job Alerts</Trans>
      </PageTitle>
      {alerts.isPending ? (
        <Spinner label={t`Loading your alerts`} />
      ) : alerts.isError || !data ? (
        <div
          role="alert"
          className="rounded-2xl border border-red-200 bg-red-50 p-6 text-center text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100"
        >
          <p className="font-semibold">
            <Trans>Could not load your alerts</Trans>
          </p>
          <p className="mt-1 text-sm">{errorMessage(alerts.error)}</p>
          <Button variant="secondary" className="mt-4" onClick={() => void alerts.refetch()}>
            <Trans>Try again</Trans>
          </Button>
        </div>
      ) : data.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 px-6 py-14 text-center dark:border-slate-700">
          <p className="text-lg font-semibold text-slate-900 dark:text-white">
            <Trans>No alerts yet</Trans>
          </p>
          <p className="mt-1 text-slate-700 dark:text-slate-300">
            <Trans>Search for jobs, then choose “Alert me” to get new ones by e-mail.</Trans>
          </p>
          <Link to="/" className={buttonClass('primary', 'mt-5')}>
            <Trans>Find jobs</Trans>
          </Link>
        </div>
      ) : (
        <ul className="space-y-4">
          {data.map((alert) => (
            <AlertRow key={alert.id} alert={alert} />
          ))}
        </ul>
      )}
    </section>
  );
}
