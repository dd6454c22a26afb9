import {
  MAILED_STAGES,
  STAGE_MAIL_MESSAGE_MAX,
  type BulkStageResult,
  type CustomStage,
  type ReceivedApplication,
} from '@jobboard/shared';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { showError } from '../../../components/ui/dialogs';
import { inputClass, labelClass } from '../../../components/ui/Field';
import { ModalPanel } from '../../../components/ui/ModalPanel';
import { errorMessage } from '../../../lib/api';
import { useBulkStage, useUndoStage } from '../api/pipeline';
import { StageSelect, stageTarget } from './StageSelect';

/*
 * A bulk move (issue 33): the rows chosen on Responses go to one stage in one request. A stage that e-mails asks
 * first (one message for all, or each job's own default when left empty); each move then waits its own undo
 * window, and the outcome lists every application: moved (with Undo) or why not. The companies' own stages of the
 * chosen rows' jobs are offered too; a row whose company lacks the stage is "not moved", with the server's reason.
 */

/** The company stages of the chosen rows' jobs, each once. */
function stagesOfSelected(
  items: readonly ReceivedApplication[],
  selected: ReadonlySet<string>,
  customStages: Record<string, CustomStage[]>,
): CustomStage[] {
  const jobs = new Set(items.filter((item) => selected.has(item._id)).map((item) => item.job));
  const byId = new Map([...jobs].flatMap((job) => customStages[job] ?? []).map((stage) => [stage.id, stage]));
  return [...byId.values()];
}

function BulkMailDialog({
  count,
  stage,
  busy,
  onCancel,
  onConfirm,
}: {
  count: number;
  stage: string;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (message: string) => void;
}) {
  const titleId = useId();
  const messageId = useId();
  const [message, setMessage] = useState('');
  const { t } = useLingui();
  return (
    <ModalPanel titleId={titleId} onClose={onCancel} initialFocus="textarea" testId="bulk-mail-dialog">
      <h2 id={titleId} className="text-lg font-semibold">
        <Plural value={count} one={`Move # candidate to ${stage}?`} other={`Move # candidates to ${stage}?`} />
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        <Trans>Each of them is e-mailed after a short undo window.</Trans>
      </p>
      <form
        className="mt-4"
        onSubmit={(event) => {
          event.preventDefault();
          onConfirm(message.trim());
        }}
      >
        <label htmlFor={messageId} className={labelClass}>
          <Trans>Your message to all of them (plain text)</Trans>
        </label>
        <textarea
          dir="auto"
          id={messageId}
          rows={4}
          value={message}
          maxLength={STAGE_MAIL_MESSAGE_MAX}
          onChange={(event) => setMessage(event.target.value)}
          className={inputClass}
        />
        <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          <Trans>Empty: each job’s company sends its own default message for this stage.</Trans>
        </p>
        <div className="mt-4 flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onCancel}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? t`Moving…` : t`Move and e-mail`}
          </Button>
        </div>
      </form>
    </ModalPanel>
  );
}

/** The outcome of the last bulk move: each application moved (Undo while its window is open) or why it was not. */
function BulkOutcome({ result, names }: { result: BulkStageResult; names: Map<string, string> }) {
  const undo = useUndoStage();
  const [undone, setUndone] = useState<ReadonlySet<string>>(new Set());
  const { t } = useLingui();
  const { moved, failed } = result;
  const itemStatus = (item: BulkStageResult['items'][number]) => {
    if (item.ok) return undone.has(item.id) ? t`undone` : t`moved`;
    const reason = item.error?.message ?? t`error`;
    return t`not moved (${reason})`;
  };
  return (
    <div role="status" className="mt-2 text-sm text-slate-800 dark:text-slate-200" data-testid="bulk-outcome">
      <p className="font-medium">{failed > 0 ? t`${moved} moved, ${failed} not moved.` : t`${moved} moved.`}</p>
      <ul className="mt-1 space-y-1">
        {result.items.map((item) => {
          const name = names.get(item.id) ?? item.id;
          const status = itemStatus(item);
          return (
            <li key={item.id} className="flex flex-wrap items-center gap-2">
              <span>{t`${name}: ${status}`}</span>
              {/* Undo until the server says it is too late (its answer is shown). */}
              {item.ok && item.change?.undoUntil && !undone.has(item.id) ? (
                <Button
                  variant="secondary"
                  className="px-2 py-0.5 text-xs"
                  aria-label={t`Undo the move of ${name}`}
                  disabled={undo.isPending}
                  onClick={() =>
                    undo.mutate(item.id, {
                      onSuccess: () => setUndone((set) => new Set([...set, item.id])),
                      onError: (error) => void showError(errorMessage(error)),
                    })
                  }
                >
                  <Trans>Undo</Trans>
                </Button>
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** The bar over the list while rows are chosen: how many, a stage, and Move; then the outcome. */
export function BulkMoveBar({
  items,
  selected,
  customStages,
  onDone,
}: {
  items: readonly ReceivedApplication[];
  selected: ReadonlySet<string>;
  customStages: Record<string, CustomStage[]>;
  onDone: () => void;
}) {
  const bulk = useBulkStage();
  const selectedCount = selected.size;
  const { i18n } = useLingui();
  const [value, setValue] = useState('reviewing');
  const custom = stagesOfSelected(items, selected, customStages);
  const target = stageTarget(i18n, value, custom, 'reviewing');
  // A company's own stage sends no e-mail, whichever fixed stage it follows: it moves without asking.
  const mails = !target.custom && MAILED_STAGES.includes(target.stage);
  const [asking, setAsking] = useState(false);
  const [outcome, setOutcome] = useState<{ result: BulkStageResult; names: Map<string, string> } | null>(null);
  const selectId = useId();
  const names = new Map(items.map((item) => [item._id, item.applicantName]));

  const run = (message?: string) => {
    const ids = [...selected];
    const known = new Map(ids.map((id) => [id, names.get(id) ?? id]));
    bulk.mutate(
      {
        ids,
        stage: target.stage,
        ...(target.custom ? { customStageId: target.custom.id } : {}),
        ...(message ? { message } : {}),
      },
      {
        onSuccess: (result) => {
          setAsking(false);
          setOutcome({ result, names: known });
          onDone();
        },
        onError: (error) => void showError(errorMessage(error)),
      },
    );
  };

  return (
    <>
      {selected.size > 0 ? (
        <div
          className="mb-3 flex flex-wrap items-end gap-3 rounded-xl border border-teal-200 bg-teal-50 p-3 dark:border-teal-900 dark:bg-teal-950"
          data-testid="bulk-move-bar"
        >
          <p className="text-sm font-medium text-teal-950 dark:text-teal-50">
            <Trans>{selectedCount} selected</Trans>
          </p>
          <div>
            <label htmlFor={selectId} className={labelClass}>
              <Trans>Move them to</Trans>
            </label>
            <StageSelect id={selectId} value={value} onChange={setValue} custom={custom} />
          </div>
          <Button disabled={bulk.isPending} onClick={() => (mails ? setAsking(true) : run())}>
            <Trans>Move selected</Trans>
          </Button>
          <Button variant="ghost" onClick={onDone}>
            <Trans>Clear selection</Trans>
          </Button>
        </div>
      ) : null}
      {asking ? (
        <BulkMailDialog
          count={selected.size}
          stage={target.label}
          busy={bulk.isPending}
          onCancel={() => setAsking(false)}
          onConfirm={(message) => run(message)}
        />
      ) : null}
      {outcome ? <BulkOutcome result={outcome.result} names={outcome.names} /> : null}
    </>
  );
}
