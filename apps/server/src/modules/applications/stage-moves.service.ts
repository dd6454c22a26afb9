import {
  FIELD_MESSAGES,
  MAILED_STAGES,
  PIPELINE_MESSAGES,
  STAGE_MAIL_DEFAULT_MESSAGE,
  type ApplicationStage,
  type BulkStageBody,
  type BulkStageResult,
  type MailedStage,
  type StageChange,
  type StageOptions,
} from '@jobboard/shared';
import type { Window } from '../../config.js';
import type { Db, Queryable, Transaction } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import type { CurrentUser } from '../../http/session.js';
import {
  findCustomStageForJob,
  findCustomStagesOfJobs,
  findTemplateForJob,
} from '../companies/stage-settings.repository.js';
import type { MailQueue } from '../mail/mail.queue.js';
import { applicationStageMail } from '../mail/templates.js';
import { findLastChange, findManagedApplication, iso, setChangeMail, updateStage } from './pipeline.repository.js';
import { applicationId, manageableApplication, notFound } from './pipeline.service.js';
import { recipientLanguage } from '../mail/mail-language.js';

/**
 * Stage moves (issues 29 and 33; decision records 18 and 43): one at a time or several at once, to a fixed stage
 * or to a company's own stage after one, each mailed stage's e-mail waiting the undo window in the queue.
 */

const isMailed = (stage: ApplicationStage): stage is MailedStage => MAILED_STAGES.includes(stage);

export interface StageDeps {
  db: Db;
  mail: MailQueue;
  /** Stage e-mails per application and per mover in a window (the API always passes them). */
  mailLimits?: { perApplication: Window; perPoster: Window };
  /** How long a stage e-mail waits in the queue: the move's undo window (STAGE_MAIL_DELAY_SECONDS; none: 0). */
  mailDelaySeconds?: number;
}

/** The answer names a custom stage only when there is one: an old client's answer keeps its exact fields. */
const onlySet = (customStage: { id: string; name: string } | null) => (customStage ? { customStage } : {});

/** Where a move goes: a fixed stage, and optionally the company's own stage after it. */
export interface StageTarget {
  stage: ApplicationStage;
  customStageId?: string | undefined;
  /** The part of the e-mail the mover wrote (absent or blank: the company's template, else the built-in text). */
  message?: string | undefined;
}

/**
 * Whether one more stage e-mail may go: counted from the recorded moves to a mailed stage (this one included),
 * of this application and by this account, so every instance counts alike on either database. Past a limit the
 * move still happens and the applicant sees it on Applied Jobs; only the e-mail is skipped.
 */
async function hasOpenInterview(tx: Queryable, applicationId: string): Promise<boolean> {
  const rows = await tx.query(
    "SELECT 1 FROM interviews WHERE application_id = $1 AND status IN ('proposed', 'scheduled') LIMIT 1",
    [applicationId],
  );
  return rows.length > 0;
}

async function mayMail(
  tx: Queryable,
  applicationId: string,
  moverId: string,
  limits: StageDeps['mailLimits'],
): Promise<boolean> {
  if (!limits) return true;
  const [counts] = await tx.query<{ per_application: number; per_poster: number }>(
    `SELECT count(*) FILTER (WHERE application_id = $1 AND changed_at > now() - make_interval(secs => $4 / 1000.0))::int AS per_application,
            count(*) FILTER (WHERE changed_by = $2 AND changed_at > now() - make_interval(secs => $5 / 1000.0))::int AS per_poster
       FROM application_stage_changes
      WHERE (application_id = $1 OR changed_by = $2) AND to_stage = ANY($3::text[]) AND undo_of IS NULL
        AND to_custom_stage_id IS NULL`,
    [applicationId, moverId, [...MAILED_STAGES], limits.perApplication.windowMs, limits.perPoster.windowMs],
  );
  return (
    (counts?.per_application ?? 0) <= limits.perApplication.limit && (counts?.per_poster ?? 0) <= limits.perPoster.limit
  );
}

/** The custom stage a move names, checked against the application's company and the fixed stage given. */
async function customStageOf(tx: Queryable, jobId: string, target: StageTarget) {
  if (target.customStageId === undefined) return null;
  const id = /^[0-9a-f-]{36}$/i.test(target.customStageId) ? target.customStageId : undefined;
  const custom = id ? await findCustomStageForJob(tx, jobId, id) : undefined;
  if (!custom) throw new AppError('bad_request', PIPELINE_MESSAGES.customStageNotOfCompany);
  if (custom.after !== target.stage)
    throw new AppError('bad_request', `customStageId: ${FIELD_MESSAGES.stageComesAfter(custom.after)}`);
  return custom;
}

/** One move in the caller's transaction (see changeStage). */
async function moveInTransaction(
  tx: Transaction,
  deps: StageDeps,
  caller: CurrentUser,
  id: string,
  target: StageTarget,
  origin: string,
): Promise<StageChange> {
  const delay = deps.mailDelaySeconds ?? 0;
  const application = await manageableApplication(tx, caller.id, id, true);
  if (application.withdrawn_at !== null) throw new AppError('conflict', PIPELINE_MESSAGES.withdrawnCannotMove);
  const custom = await customStageOf(tx, application.job_id, target);
  const to = { stage: target.stage, customStageId: custom?.id ?? null };
  const customStage = custom ? { id: custom.id, name: custom.name } : null;
  if (application.stage === to.stage && application.custom_stage_id === to.customStageId) {
    const stageChangedAt = iso(application.stage_changed_at);
    return { id, stage: to.stage, ...onlySet(customStage), stageChangedAt, emailed: false, undoUntil: null };
  }
  const from = { stage: application.stage, customStageId: application.custom_stage_id };
  const { stageChangedAt, changeId } = await updateStage(tx, id, from, to, caller.id);
  // A company's own stage sends nothing; so does a move within a fixed stage (to or from one of its own).
  const emailed =
    !custom &&
    application.stage !== to.stage &&
    isMailed(to.stage) &&
    // An interview proposed or booked has told the applicant more than "They will be in touch" (decision 42).
    !(to.stage === 'interview' && (await hasOpenInterview(tx, id))) &&
    (await mayMail(tx, id, caller.id, deps.mailLimits));
  if (emailed && isMailed(to.stage)) {
    const message = target.message || (await findTemplateForJob(tx, application.job_id, to.stage));
    const content = {
      jobTitle: application.job_title,
      company: application.company_name,
      stage: to.stage,
      appliedJobsLink: `${origin}/jobs-applied`,
      ...(message ? { message } : {}),
    };
    const language = await recipientLanguage(tx, application.applicant_email);
    const mail = applicationStageMail(application.applicant_email, application.applicant_name, content, language);
    await setChangeMail(tx, changeId, await deps.mail.enqueue(mail, tx, delay));
  }
  const undoUntil =
    delay > 0 && stageChangedAt ? new Date(Date.parse(stageChangedAt) + delay * 1000).toISOString() : null;
  return { id, stage: to.stage, ...onlySet(customStage), stageChangedAt, emailed, undoUntil };
}

/**
 * Moves an application. A withdrawn one cannot move (409); a viewer of its company cannot move it (403). A move
 * to interview, offer, hired or rejected queues an e-mail to the applicant in the same transaction, so the move
 * and the e-mail happen together or not at all; the e-mail waits `mailDelaySeconds` in the queue, during which
 * `undoStage` can take the move back and cancel it. Setting the stage it already has changes nothing.
 */
export async function changeStage(
  deps: StageDeps,
  caller: CurrentUser,
  rawId: string,
  target: StageTarget,
  origin: string,
): Promise<StageChange> {
  const id = applicationId(rawId);
  return deps.db.transaction((tx) => moveInTransaction(tx, deps, caller, id, target, origin));
}

/**
 * Several moves in one request, each in its own transaction: one that fails (not found, withdrawn, read-only)
 * leaves the others done, and says why in its own item. Each is undone on its own, as a single move is.
 */
export async function bulkChangeStage(
  deps: StageDeps,
  caller: CurrentUser,
  body: BulkStageBody,
  origin: string,
): Promise<BulkStageResult> {
  const items: BulkStageResult['items'] = [];
  for (const rawId of [...new Set(body.ids)]) {
    try {
      items.push({ id: rawId, ok: true, change: await changeStage(deps, caller, rawId, body, origin) });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      items.push({ id: rawId, ok: false, error: { status: error.statusCode, message: error.message } });
    }
  }
  const moved = items.filter((item) => item.ok).length;
  return { items, moved, failed: items.length - moved };
}

/**
 * Takes back the application's latest move within the undo window (issue 29): the application goes back to the
 * stage it had, and the move's e-mail, still waiting in the queue, is cancelled. 409 when there is no such move
 * (none, too old, itself an undo) or when a worker has already taken the e-mail.
 */
export async function undoStage(deps: StageDeps, caller: CurrentUser, rawId: string): Promise<StageChange> {
  const id = applicationId(rawId);
  const window = deps.mailDelaySeconds ?? 0;
  return deps.db.transaction(async (tx) => {
    const application = await manageableApplication(tx, caller.id, id, true);
    if (application.withdrawn_at !== null) throw new AppError('conflict', PIPELINE_MESSAGES.withdrawnCannotMove);
    const last = await findLastChange(tx, id);
    if (
      !last ||
      last.undo_of !== null ||
      last.to_stage !== application.stage ||
      last.to_custom_stage_id !== application.custom_stage_id ||
      last.age_seconds > window
    ) {
      throw new AppError('conflict', PIPELINE_MESSAGES.nothingToUndo);
    }
    if (last.mail_id && !(await deps.mail.cancelWaiting(last.mail_id, tx)))
      throw new AppError('conflict', PIPELINE_MESSAGES.tooLateToUndo);
    const from = { stage: application.stage, customStageId: application.custom_stage_id };
    const back = { stage: last.from_stage, customStageId: last.from_custom_stage_id };
    const { stageChangedAt } = await updateStage(tx, id, from, back, caller.id, last.id);
    const restored = await findManagedApplication(tx, caller.id, id);
    const customStage =
      restored?.custom_stage_id && restored.custom_stage_name
        ? { id: restored.custom_stage_id, name: restored.custom_stage_name }
        : null;
    return { id, stage: last.from_stage, ...onlySet(customStage), stageChangedAt, emailed: false, undoUntil: null };
  });
}

/** What a move of this application can reach and what each mailed stage's e-mail says by default. */
export async function stageOptions(db: Db, caller: CurrentUser, rawId: string): Promise<StageOptions> {
  const id = applicationId(rawId);
  const application = await findManagedApplication(db, caller.id, id, false, 'read');
  if (!application) throw notFound();
  const customStages = (await findCustomStagesOfJobs(db, [application.job_id]))[application.job_id] ?? [];
  const messages = {} as Record<MailedStage, string>;
  for (const stage of ['interview', 'offer', 'hired', 'rejected'] as const) {
    messages[stage] = (await findTemplateForJob(db, application.job_id, stage)) ?? STAGE_MAIL_DEFAULT_MESSAGE[stage];
  }
  return { customStages, messages };
}
