import { ALERT_FREQUENCIES, describeAlertSearch, type AlertFrequency, type AlertSearch } from '@jobboard/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { Button, buttonClass } from '../../../components/ui/Button';
import { Link } from '../../../components/ui/Link';
import { ModalPanel } from '../../../components/ui/ModalPanel';
import { serverText } from '../../../components/server-text';
import { errorMessage } from '../../../lib/api';
import { useCreateAlert } from '../api/alerts';
import { useMutateOnce } from '../../../lib/single-flight';
import { FREQUENCY_HINTS, FREQUENCY_LABELS } from './frequency-words';

/** Where focus starts: the chosen frequency, else the first button (a CSS selector). */
// eslint-disable-next-line lingui/no-unlocalized-strings -- a CSS selector, not words
const FIRST_FOCUS = 'input:checked, button';

interface AlertDialogProps {
  search: Partial<AlertSearch>;
  /** The search as the alert stores it (alertQueryString). */
  query: string;
  onClose: () => void;
}

/** The alert was created: the server's message, and the way to the list of alerts. */
function AlertSaved({ message, onClose }: { message: string; onClose: () => void }) {
  const { i18n } = useLingui();
  return (
    <div className="mt-4 space-y-4">
      <p role="status" className="rounded-lg bg-teal-50 p-3 text-sm text-teal-950 dark:bg-teal-950 dark:text-teal-50">
        {serverText(i18n, message)}
      </p>
      <div className="flex flex-wrap justify-end gap-2">
        <Link to="/alerts" className={buttonClass('secondary')}>
          <Trans>See your alerts</Trans>
        </Link>
        <Button onClick={onClose}>
          <Trans>Done</Trans>
        </Button>
      </div>
    </div>
  );
}

/**
 * The "Alert me" dialog: the search in words, daily or instant, and the alert created. Modal: focus starts inside
 * and stays there (Tab wraps), Escape and the backdrop close it, and focus returns to the button that opened it.
 */
export function AlertDialog({ search, query, onClose }: AlertDialogProps) {
  const { t, i18n } = useLingui();
  const titleId = useId();
  const searchWords = describeAlertSearch(search);
  const [frequency, setFrequency] = useState<AlertFrequency>('daily');
  const create = useCreateAlert();
  const createOnce = useMutateOnce(create.mutate);

  const saved = create.data;
  return (
    <ModalPanel titleId={titleId} onClose={onClose} initialFocus={FIRST_FOCUS} testId="alert-dialog">
      <h2 id={titleId} className="text-xl font-bold">
        {saved ? t`Alert saved` : t`Alert me about new jobs`}
      </h2>
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
        <Trans>
          Search: <strong className="font-semibold text-slate-900 dark:text-white">{searchWords}</strong>
        </Trans>
      </p>
      {saved ? (
        <AlertSaved message={saved.message} onClose={onClose} />
      ) : (
        <form
          className="mt-4 space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            createOnce({ query, frequency });
          }}
        >
          <fieldset>
            <legend className="text-sm font-semibold">
              <Trans>How often</Trans>
            </legend>
            <div className="mt-2 space-y-2">
              {ALERT_FREQUENCIES.map((value) => (
                <label
                  key={value}
                  className="flex cursor-pointer gap-3 rounded-lg border border-slate-300 p-3 has-[:checked]:border-teal-700 has-[:checked]:bg-teal-50 dark:border-slate-600 dark:has-[:checked]:border-teal-400 dark:has-[:checked]:bg-teal-950"
                >
                  <input
                    type="radio"
                    name="alert-frequency"
                    value={value}
                    checked={frequency === value}
                    onChange={() => setFrequency(value)}
                    className="mt-1 accent-teal-700"
                  />
                  <span>
                    <span className="block font-medium">{i18n._(FREQUENCY_LABELS[value])}</span>
                    <span className="block text-sm text-slate-700 dark:text-slate-300">
                      {i18n._(FREQUENCY_HINTS[value])}
                    </span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          {create.isError ? (
            <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
              {errorMessage(create.error)}
            </p>
          ) : null}
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={onClose}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? t`Saving…` : t`Create alert`}
            </Button>
          </div>
        </form>
      )}
    </ModalPanel>
  );
}
