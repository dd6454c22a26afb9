import {
  MAILED_STAGES,
  STAGE_MAIL_DEFAULT_MESSAGE,
  STAGE_MAIL_MESSAGE_MAX,
  type ApplicationStage,
  type MailedStage,
  type ReceivedApplication,
  type StageChange,
} from '@jobboard/shared';
import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/Button';
import { showError } from '../../../components/ui/dialogs';
import { inputClass, labelClass } from '../../../components/ui/Field';
import { ModalPanel } from '../../../components/ui/ModalPanel';
import { errorMessage } from '../../../lib/api';
import { dateOnly } from '../../../lib/format';
import { useChangeStage, useStageOptions, useUndoStage } from '../api/pipeline';
import { useResponsesContext } from './ResponsesContext';
import { StageBadge } from './StageBadge';
import { StageSelect, stageTarget } from './StageSelect';
import { stageName } from '../stage-words';

/*
 * Moving a candidate (issue 29): choosing a stage in the select commits nothing (a keyboard's arrows only browse
 * it); "Move" does. A move that e-mails the applicant asks first, showing the e-mail with the poster's part
 * editable, and the e-mail then waits the server's undo window, during which "Undo" takes the move back.
 */

const isMailed = (stage: ApplicationStage): stage is MailedStage => MAILED_STAGES.includes(stage);
export const whoOf = (application: ReceivedApplication) => `${application.applicantName} (${application.jobTitle})`;

interface StageControlProps {
  application: ReceivedApplication;
  busy: boolean;
  onStage: (application: ReceivedApplication, stage: ApplicationStage, customStageId?: string) => void;
  className: string;
}

/** A select's value: a fixed stage by its API name, a company's own stage as `custom:<id>`. */
const valueOf = (application: ReceivedApplication) =>
  application.customStage ? `custom:${application.customStage.id}` : application.stage;

/** The row's checkbox for a bulk move (not for a withdrawn application or a job the caller only reads). */
function SelectBox({ application }: { application: ReceivedApplication }) {
  const { selected, toggle } = useResponsesContext();
  const { t } = useLingui();
  const who = whoOf(application);
  return (
    <input
      type="checkbox"
      className="size-4 accent-teal-700"
      aria-label={t`Select ${who} for a bulk move`}
      checked={selected.has(application._id)}
      onChange={() => toggle(application._id)}
    />
  );
}

/**
 * The stage select and its "Move" button; a withdrawn application shows its stage and when it was withdrawn, and
 * one the caller may only read (a viewer) its stage alone.
 */
export function StageControl({ application, busy, onStage, className }: StageControlProps) {
  const { customStages, readOnly } = useResponsesContext();
  const { i18n, t } = useLingui();
  const who = whoOf(application);
  const custom = customStages[application.job] ?? [];
  const [chosen, setChosen] = useState(valueOf(application));
  const [shown, setShown] = useState(valueOf(application));
  // The stage moved (here, by an undo, or by someone else): the select shows it again.
  if (shown !== valueOf(application)) {
    setShown(valueOf(application));
    setChosen(valueOf(application));
  }
  if (application.withdrawnAt !== null) {
    const withdrawnOn = dateOnly(application.withdrawnAt);
    return (
      <span className="flex flex-col items-start gap-1">
        <StageBadge stage={application.stage} />
        <span className="text-xs font-semibold text-slate-700 dark:text-slate-300">
          <Trans>Withdrawn {withdrawnOn}</Trans>
        </span>
      </span>
    );
  }
  if (readOnly.has(application.job)) {
    return (
      <span className="flex flex-col items-start gap-1" data-testid="stage-read-only">
        <StageBadge stage={application.stage} />
        {application.customStage ? (
          <span className="text-xs" dir="auto">
            {application.customStage.name}
          </span>
        ) : null}
      </span>
    );
  }
  const { stage: targetStage, custom: target, label } = stageTarget(i18n, chosen, custom, application.stage);
  return (
    <span className="flex flex-wrap items-center gap-2">
      {/* The box and the select on one line: the select's full width would otherwise push it under the box. */}
      <span className="flex w-full items-center gap-2">
        <SelectBox application={application} />
        <StageSelect
          aria-label={t`Stage of ${who}`}
          className={className}
          value={chosen}
          disabled={busy}
          onChange={setChosen}
          custom={custom}
        />
      </span>
      {chosen !== valueOf(application) ? (
        <Button
          className="px-3 py-1.5 text-sm"
          disabled={busy}
          aria-label={t`Move ${who} to ${label}`}
          onClick={() => onStage(application, targetStage, target?.id)}
        >
          <Trans>Move</Trans>
        </Button>
      ) : null}
    </span>
  );
}

/** The stage e-mail's line naming the employer and the job (STAGE_MAIL_TEXT), in the reader's language. */
function mailLine(i18n: I18n, stage: MailedStage, employer: string, jobTitle: string): string {
  switch (stage) {
    case 'interview':
      return i18n._(msg`${employer} would like to interview you for “${jobTitle}”.`);
    case 'offer':
      return i18n._(msg`${employer} is making you an offer for “${jobTitle}”.`);
    case 'hired':
      return i18n._(msg`${employer} has hired you for “${jobTitle}”.`);
    case 'rejected':
      return i18n._(msg`${employer} has decided not to go ahead with your application for “${jobTitle}”.`);
  }
}

interface MailDialogProps {
  application: ReceivedApplication;
  stage: MailedStage;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (message: string) => void;
}

/** The e-mail the move sends, its fixed parts as the applicant will read them and the poster's part editable. */
function StageMailDialog({ application, stage, busy, onCancel, onConfirm }: MailDialogProps) {
  const titleId = useId();
  const messageId = useId();
  // The company's template for the stage (issue 33) until the mover edits it; the built-in text while it loads.
  const options = useStageOptions(application._id);
  const companyDefault = options.data?.messages[stage] ?? STAGE_MAIL_DEFAULT_MESSAGE[stage];
  const [edited, setMessage] = useState<string | null>(null);
  const message = edited ?? companyDefault;
  const { i18n, t } = useLingui();
  const employer = application.companyName || t`The employer`;
  const applicantName = application.applicantName;
  const stageLabel = stageName(i18n, stage);
  return (
    <ModalPanel titleId={titleId} onClose={onCancel} initialFocus="textarea" testId="stage-mail-dialog">
      <h2 id={titleId} className="text-lg font-semibold">
        <Trans>
          Move {applicantName} to {stageLabel}?
        </Trans>
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        <Trans>They will be e-mailed. The e-mail waits a short while after the move, so you can still undo it.</Trans>
      </p>
      <form
        className="mt-4"
        onSubmit={(event) => {
          event.preventDefault();
          onConfirm(message.trim());
        }}
      >
        <div
          className="rounded-xl border border-slate-200 bg-slate-50 p-3 text-sm wrap-anywhere dark:border-slate-700 dark:bg-slate-800"
          data-testid="stage-mail-preview"
        >
          <p>
            <Trans>Hello {applicantName},</Trans>
          </p>
          <p className="mt-2">{mailLine(i18n, stage, employer, application.jobTitle)}</p>
        </div>
        <label htmlFor={messageId} className={`${labelClass} mt-3`}>
          <Trans>Your message (plain text)</Trans>
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
          <Trans>Empty: “{companyDefault}” The e-mail ends with a link to their applications.</Trans>
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

/** The undo window of a move, in whole seconds (30 by default). */
const windowSeconds = (change: StageChange) =>
  Math.round((Date.parse(change.undoUntil ?? '') - Date.parse(change.stageChangedAt ?? '')) / 1000);

interface LastMove {
  application: ReceivedApplication;
  change: StageChange;
  /** Whether the undo window is still open (the e-mail still waits). */
  undoable: boolean;
}

/** The last move in words, with Undo while its e-mail still waits; or what an undo did. */
function MoveStatus({
  last,
  undone,
  undoing,
  onUndo,
}: {
  last: LastMove | null;
  undone: string;
  undoing: boolean;
  onUndo: () => void;
}) {
  const { i18n, t } = useLingui();
  if (!last) return undone;
  const name = last.application.applicantName;
  const stage = last.change.customStage?.name ?? stageName(i18n, last.change.stage);
  const seconds = windowSeconds(last.change);
  return (
    <>
      {last.change.emailed
        ? last.undoable
          ? t`${name} moved to ${stage}; the e-mail to them goes in ${plural(seconds, { one: '# second', other: '# seconds' })}.`
          : t`${name} moved to ${stage}; they were e-mailed about it.`
        : t`${name} moved to ${stage}.`}
      {last.undoable ? (
        <Button variant="secondary" className="ms-3 px-3 py-1 text-sm" disabled={undoing} onClick={onUndo}>
          <Trans>Undo</Trans>
        </Button>
      ) : null}
    </>
  );
}

/**
 * The page's stage moves: `request` moves at once or first asks (a move that e-mails); `dialog` and `status`
 * are what the page shows; `busy` tells a row its move is under way.
 */
export function useStageMove() {
  const { i18n, t } = useLingui();
  const changeStage = useChangeStage();
  const undoStage = useUndoStage();
  const [asking, setAsking] = useState<{ application: ReceivedApplication; stage: MailedStage } | null>(null);
  const [last, setLast] = useState<LastMove | null>(null);
  const [undone, setUndone] = useState('');

  const undoUntil = last?.undoable ? last.change.undoUntil : null;
  // The window closes: the e-mail goes, and Undo leaves.
  useEffect(() => {
    if (!undoUntil) return;
    const timer = setTimeout(
      () => setLast((move) => (move ? { ...move, undoable: false } : move)),
      Math.max(0, Date.parse(undoUntil) - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [undoUntil]);

  const move = (
    application: ReceivedApplication,
    stage: ApplicationStage,
    message?: string,
    customStageId?: string,
  ) => {
    setLast(null);
    setUndone('');
    changeStage.mutate(
      { id: application._id, stage, ...(message ? { message } : {}), ...(customStageId ? { customStageId } : {}) },
      {
        onSuccess: (change) => {
          setAsking(null);
          setLast({
            application,
            change,
            undoable: Boolean(change.undoUntil && Date.parse(change.undoUntil) > Date.now()),
          });
        },
        onError: (error) => void showError(errorMessage(error)),
      },
    );
  };

  // A company's own stage sends no e-mail, whichever fixed stage it follows: it moves at once.
  const request = (application: ReceivedApplication, stage: ApplicationStage, customStageId?: string) => {
    if (isMailed(stage) && !customStageId && stage !== application.stage) setAsking({ application, stage });
    else move(application, stage, undefined, customStageId);
  };

  const undo = () => {
    if (!last) return;
    const { application } = last;
    undoStage.mutate(application._id, {
      onSuccess: (change) => {
        setLast(null);
        const name = application.applicantName;
        const stage = stageName(i18n, change.stage);
        setUndone(t`Undone: ${name} is back in ${stage}; no e-mail was sent.`);
      },
      onError: (error) => {
        setLast((move) => (move ? { ...move, undoable: false } : move));
        void showError(errorMessage(error));
      },
    });
  };

  const dialog: ReactNode = asking ? (
    <StageMailDialog
      application={asking.application}
      stage={asking.stage}
      busy={changeStage.isPending}
      onCancel={() => setAsking(null)}
      onConfirm={(message) => move(asking.application, asking.stage, message)}
    />
  ) : null;

  const status: ReactNode = <MoveStatus last={last} undone={undone} undoing={undoStage.isPending} onUndo={undo} />;

  const busy = (application: ReceivedApplication) =>
    (changeStage.isPending && changeStage.variables.id === application._id) ||
    (undoStage.isPending && undoStage.variables === application._id);

  return { request, dialog, status, busy, clear: () => (setLast(null), setUndone('')) };
}
