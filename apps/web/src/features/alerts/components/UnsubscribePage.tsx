import { ALERT_MESSAGES } from '@jobboard/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSearchParams } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/Button';
import { Link } from '../../../components/ui/Link';
import { PageTitle } from '../../../components/ui/PageTitle';
import { Spinner } from '../../../components/ui/Spinner';
import { serverText } from '../../../components/server-text';
import { errorMessage } from '../../../lib/api';
import { useUnsubscribe, useUnsubscribeInfo } from '../api/alerts';

const card =
  'mx-auto max-w-lg rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900';

/**
 * The page an alert e-mail's unsubscribe link opens (`/unsubscribe?token=...`), signed in or not: it shows what
 * will stop and asks; only the button unsubscribes (mail scanners open links, and a GET must change nothing).
 */
export function UnsubscribePage() {
  const { t, i18n } = useLingui();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const info = useUnsubscribeInfo(token);
  const unsubscribe = useUnsubscribe(token);

  let body;
  if (!token || info.isError) {
    body = (
      <div role="alert" className="space-y-3">
        <p className="font-medium text-red-700 dark:text-red-300">
          {token ? errorMessage(info.error) : serverText(i18n, ALERT_MESSAGES.badLink)}
        </p>
        <Link to="/alerts" className={buttonClass('secondary')}>
          <Trans>See your alerts</Trans>
        </Link>
      </div>
    );
  } else if (info.isPending) {
    body = <Spinner label={t`Reading the link`} />;
  } else if (unsubscribe.isSuccess || !info.data.active) {
    body = (
      <div className="space-y-4">
        <p
          role="status"
          data-testid="unsubscribe-done"
          className="rounded-lg bg-teal-50 p-4 text-sm text-teal-950 dark:bg-teal-950 dark:text-teal-50"
        >
          {serverText(i18n, unsubscribe.data?.message ?? ALERT_MESSAGES.alreadyUnsubscribed)}
        </p>
        <Link to="/" className={buttonClass('secondary')}>
          <Trans>Browse jobs</Trans>
        </Link>
      </div>
    );
  } else {
    const description = info.data.description;
    const strong = 'font-semibold text-slate-900 dark:text-white';
    body = (
      <div className="space-y-4">
        <p className="text-slate-700 dark:text-slate-300">
          {info.data.frequency === 'instant' ? (
            <Trans>
              Stop the instant e-mails about <strong className={strong}>{description}</strong>?
            </Trans>
          ) : (
            <Trans>
              Stop the daily e-mails about <strong className={strong}>{description}</strong>?
            </Trans>
          )}
        </p>
        {unsubscribe.isError ? (
          <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
            {errorMessage(unsubscribe.error)}
          </p>
        ) : null}
        <Button variant="danger" disabled={unsubscribe.isPending} onClick={() => unsubscribe.mutate()}>
          {unsubscribe.isPending ? t`Unsubscribing…` : t`Unsubscribe`}
        </Button>
      </div>
    );
  }
  return (
    <section>
      <PageTitle>
        <Trans>Unsubscribe from a job alert</Trans>
      </PageTitle>
      <div className={card}>{body}</div>
    </section>
  );
}
