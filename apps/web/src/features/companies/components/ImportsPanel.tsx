import { Trans, useLingui } from '@lingui/react/macro';
import { DownloadCloud, Play, Trash2 } from 'lucide-react';
import { useState, type SubmitEvent } from 'react';
import { Button } from '../../../components/ui/Button';
import { confirmDialog } from '../../../components/ui/dialogs';
import { inputClass, labelClass } from '../../../components/ui/Field';
import { errorMessage } from '../../../lib/api';
import { useReaderLocale } from '../../../lib/locale';
import { useMutateOnce } from '../../../lib/single-flight';
import {
  IMPORT_KINDS,
  useCreateImportSource,
  useDeleteImportSource,
  useImportSources,
  useRunImport,
  type ImportKind,
  type ImportRun,
  type ImportSource,
} from '../api/imports';

const cardClass =
  'rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900';
const muted = 'text-sm text-slate-700 dark:text-slate-300';
const alertClass = 'text-sm text-red-800 dark:text-red-200';
const when = (iso: string, locale: string) =>
  new Date(iso).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
const kindOf = (kind: ImportKind) => IMPORT_KINDS.find((entry) => entry.kind === kind) ?? IMPORT_KINDS[0];

/** The last run's report: counts, or why the source could not be read, and each refused entry's reason. */
function RunReport({ run }: { run: ImportRun }) {
  const { t } = useLingui();
  const started = when(run.startedAt, useReaderLocale());
  const { added, updated, closed } = run;
  const refused = run.refused.length;
  const error = run.error;
  if (!run.finishedAt)
    return (
      <p className={muted}>
        <Trans>Importing since {started}...</Trans>
      </p>
    );
  return (
    <div className="mt-1" data-testid="import-run">
      <p className={muted}>
        <Trans>Last run {started}:</Trans>{' '}
        {error ? (
          <span className="text-red-800 dark:text-red-200">
            <Trans>failed: {error}</Trans>
          </span>
        ) : (
          t`${added} added, ${updated} updated, ${closed} closed, ${refused} refused`
        )}
      </p>
      {run.refused.length > 0 ? (
        <details className="mt-1">
          <summary className="cursor-pointer text-sm font-medium text-teal-800 dark:text-teal-300">
            <Trans>Refused entries</Trans>
          </summary>
          <ul className="mt-1 list-disc space-y-1 ps-5 text-sm text-slate-800 dark:text-slate-200">
            {run.refused.map((refusal, index) => (
              <li key={`${refusal.sourceId}-${index}`} className="wrap-anywhere">
                <code className="font-mono">{refusal.sourceId}</code>: {refusal.reason}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}

interface SourceRowProps {
  source: ImportSource;
  running: boolean;
  onRun: () => void;
  onDelete: () => void;
}

function SourceRow({ source, running, onRun, onDelete }: SourceRowProps) {
  const kind = kindOf(source.kind);
  const { i18n, t } = useLingui();
  const target = source.target;
  return (
    <li className="py-3" data-testid="import-source">
      <div className="flex flex-wrap items-start gap-3">
        {/* At least 14rem for the address: on a phone the buttons go below it, not beside it. */}
        <div className="min-w-0 flex-1 basis-56">
          <p className="font-medium wrap-anywhere text-slate-900 dark:text-white">{source.target}</p>
          <p className={muted}>{i18n._(kind.label)}</p>
        </div>
        <div className="flex gap-2">
          <Button variant="secondary" className="px-3 py-1.5" disabled={running} onClick={onRun}>
            <Play size={14} aria-hidden="true" />
            {running ? t`Importing...` : t`Run now`}
          </Button>
          <Button
            variant="secondary"
            className="px-3 py-1.5"
            aria-label={t`Remove the import from ${target}`}
            onClick={onDelete}
          >
            <Trash2 size={14} aria-hidden="true" />
            <Trans>Remove</Trans>
          </Button>
        </div>
      </div>
      {source.lastRun ? (
        <RunReport run={source.lastRun} />
      ) : (
        <p className={muted}>
          <Trans>Not run yet.</Trans>
        </p>
      )}
    </li>
  );
}

function NewSourceForm({ slug }: { slug: string }) {
  const create = useCreateImportSource(slug);
  const createOnce = useMutateOnce(create.mutate);
  const [kind, setKind] = useState<ImportKind>('greenhouse');
  const [target, setTarget] = useState('');
  const chosen = kindOf(kind);
  const { i18n, t } = useLingui();
  const onCreate = (event: SubmitEvent) => {
    event.preventDefault();
    createOnce({ kind, target: target.trim() }, { onSuccess: () => setTarget('') });
  };
  return (
    <form
      onSubmit={onCreate}
      className="mt-4 space-y-3 border-t border-slate-200 pt-4 dark:border-slate-800"
      noValidate
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor="import-kind" className={labelClass}>
            <Trans>Import from</Trans>
          </label>
          <select
            id="import-kind"
            value={kind}
            onChange={(event) => setKind(event.target.value as ImportKind)}
            className={inputClass}
          >
            {IMPORT_KINDS.map((entry) => (
              <option key={entry.kind} value={entry.kind}>
                {i18n._(entry.label)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="import-target" className={labelClass}>
            {i18n._(chosen.target)}
          </label>
          <input
            id="import-target"
            dir="ltr"
            type={chosen.placeholder.startsWith('https://') ? 'url' : 'text'}
            maxLength={2000}
            value={target}
            onChange={(event) => setTarget(event.target.value)}
            placeholder={chosen.placeholder}
            className={inputClass}
          />
        </div>
      </div>
      {create.isError ? (
        <p role="alert" className={alertClass}>
          {errorMessage(create.error)}
        </p>
      ) : null}
      <Button type="submit" disabled={create.isPending || !target.trim()}>
        <DownloadCloud size={16} aria-hidden="true" />
        {create.isPending ? t`Connecting...` : t`Connect source`}
      </Button>
    </form>
  );
}

/** The owner's job imports (issue 36): an ATS board or a feed, fetched hourly, with each source's last report. */
export function ImportsPanel({ slug }: { slug: string }) {
  const sources = useImportSources(slug);
  const remove = useDeleteImportSource(slug);
  const run = useRunImport(slug);
  const { t } = useLingui();
  const onDelete = async (source: ImportSource) => {
    const target = source.target;
    const ok = await confirmDialog(
      t`Remove this import?`,
      t`Jobs will no longer come from ${target}. The jobs it brought stay as they are.`,
      t`Yes, remove`,
    );
    if (ok) remove.mutate(source.id);
  };
  return (
    <section aria-labelledby="imports-heading" className={cardClass}>
      <h2 id="imports-heading" className="flex items-center gap-2 text-lg font-bold">
        <DownloadCloud size={18} aria-hidden="true" />
        <Trans>Import jobs</Trans>
      </h2>
      <p className={`mt-1 ${muted}`}>
        <Trans>
          Connect the board where you already post (Greenhouse, Lever, Ashby), an XML feed or your careers page: its
          jobs are brought in every hour, updated when they change and closed when they leave it.
        </Trans>
      </p>
      {sources.isPending ? (
        <p className={`mt-4 ${muted}`}>
          <Trans>Loading import sources...</Trans>
        </p>
      ) : sources.isError ? (
        <p role="alert" className={`mt-4 ${alertClass}`}>
          {errorMessage(sources.error)}
        </p>
      ) : sources.data.length === 0 ? (
        <p className={`mt-4 ${muted}`}>
          <Trans>No import sources yet.</Trans>
        </p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200 dark:divide-slate-800">
          {sources.data.map((source) => (
            <SourceRow
              key={source.id}
              source={source}
              running={run.isPending && run.variables === source.id}
              onRun={() => run.mutate(source.id)}
              onDelete={() => void onDelete(source)}
            />
          ))}
        </ul>
      )}
      {run.isError || remove.isError ? (
        <p role="alert" className={`mt-2 ${alertClass}`}>
          {errorMessage(run.error ?? remove.error)}
        </p>
      ) : null}
      <NewSourceForm slug={slug} />
    </section>
  );
}
