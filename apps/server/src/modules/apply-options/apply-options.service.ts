import type { applyOptionsBodySchema } from '@jobboard/shared';
import {
  MESSAGES,
  SCREENING_MESSAGES,
  TEAM_MESSAGES,
  type ApplyForm,
  type ApplyMethod,
  type ApplyOptions,
  type ScreeningAnswer,
  type ScreeningAnswers,
} from '@jobboard/shared';
import type { z } from 'zod';
import type { Db, Queryable } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { parseId } from '../../http/ids.js';
import type { CurrentUser } from '../../http/session.js';
import {
  countApplyClick,
  findApplyOptions,
  findLatestVersion,
  insertVersion,
  accessToJob,
  updateVersionQuestions,
  upsertApplyOptions,
  type ApplyOptionsRow,
} from './apply-options.repository.js';
import { sameQuestions, screen, toPublic, toStored } from './screening.js';

const jobId = (raw: string) => parseId(raw, MESSAGES.jobNotFound);
const notFound = () => new AppError('not_found', MESSAGES.jobNotFound);

/** Reading needs the job's team, viewers included; changing refuses a viewer (403). Anybody else: 404. */
async function requireAccess(db: Queryable, user: CurrentUser, id: string, change: boolean): Promise<void> {
  const access = await accessToJob(db, user.id, id);
  if (access === 'none') throw notFound();
  if (change && access === 'read') throw new AppError('forbidden', TEAM_MESSAGES.viewerReadOnly);
}

async function optionsOf(db: Queryable, id: string): Promise<ApplyOptions> {
  const [row, latest] = await Promise.all([findApplyOptions(db, id), findLatestVersion(db, id)]);
  return {
    method: row?.method ?? 'board',
    url: row?.external_url ?? '',
    email: row?.forward_email ?? '',
    autoReject: row?.auto_reject ?? false,
    questions: latest?.questions ?? [],
    version: latest?.version ?? 0,
    answered: latest?.answered ?? false,
    clicks: Number(row?.clicks ?? 0),
  };
}

/** The job's apply options, for its team (anybody else: 404, the job is not theirs to know of). */
export async function getApplyOptions(db: Db, user: CurrentUser, rawJobId: string): Promise<ApplyOptions> {
  const id = jobId(rawJobId);
  await requireAccess(db, user, id, false);
  return optionsOf(db, id);
}

/**
 * Saves how the job takes applications and its questions. Questions an application has answered never change:
 * other questions then become the next version, which later applications answer; unanswered ones are edited in
 * place. The same questions again change nothing.
 */
export async function saveApplyOptions(
  db: Db,
  user: CurrentUser,
  rawJobId: string,
  body: z.output<typeof applyOptionsBodySchema>,
): Promise<ApplyOptions> {
  const id = jobId(rawJobId);
  return db.transaction(async (tx) => {
    await requireAccess(tx, user, id, true);
    await upsertApplyOptions(tx, id, {
      method: body.method,
      url: body.method === 'external' ? body.url : null,
      email: body.method === 'email' ? body.email : null,
      autoReject: body.autoReject,
    });
    const questions = toStored(body.questions);
    const latest = await findLatestVersion(tx, id, 'update');
    if (!latest) {
      if (questions.length > 0) await insertVersion(tx, id, 1, questions);
    } else if (!sameQuestions(latest.questions, questions)) {
      if (latest.answered) await insertVersion(tx, id, latest.version + 1, questions);
      else await updateVersionQuestions(tx, latest.id, questions);
    }
    return optionsOf(tx, id);
  });
}

/** What the job page needs to offer applying: how, and the questions (never their knock-out answers). */
export async function getApplyForm(db: Queryable, rawJobId: string): Promise<ApplyForm> {
  const id = jobId(rawJobId);
  const rows = await db.query(`SELECT 1 FROM jobs j WHERE j.id = $1 AND j.status NOT IN ('hidden', 'pending')`, [id]);
  if (rows.length === 0) throw notFound();
  const [row, latest] = await Promise.all([findApplyOptions(db, id), findLatestVersion(db, id)]);
  return {
    method: row?.method ?? 'board',
    version: latest?.version ?? 0,
    questions: (latest?.questions ?? []).map(toPublic),
  };
}

/** Counts a seeker sent to the company's site and answers where to: 404 unless the job is an open external one. */
export async function followApplyLink(db: Queryable, rawJobId: string): Promise<string> {
  const url = await countApplyClick(db, jobId(rawJobId));
  if (!url) throw notFound();
  return url;
}

/** How the job takes applications, for JSON-LD's directApply and the apply call. */
export async function applyMethodOf(db: Queryable, id: string): Promise<ApplyMethod> {
  return (await findApplyOptions(db, id))?.method ?? 'board';
}

export interface ScreenedApplication {
  options: ApplyOptionsRow | undefined;
  screening: { versionId: string; answers: ScreeningAnswer[]; knockedOut: boolean } | undefined;
}

/**
 * An application's apply options and answers, checked in its transaction before it is recorded: 409 for a job
 * that takes applications on its company's site, or when `version` is not the job's questions version any more;
 * 400 naming the answer that is missing or wrong.
 */
export async function screenApplication(
  tx: Queryable,
  id: string,
  answers: ScreeningAnswers | undefined,
  version: number | undefined,
): Promise<ScreenedApplication> {
  const options = await findApplyOptions(tx, id);
  if (options?.method === 'external') throw new AppError('conflict', SCREENING_MESSAGES.externalJob);
  const latest = await findLatestVersion(tx, id, 'share');
  if (version !== undefined && version !== (latest?.version ?? 0))
    throw new AppError('conflict', SCREENING_MESSAGES.questionsChanged);
  if (!latest) {
    if (answers && Object.keys(answers).length > 0) screen([], answers);
    return { options, screening: undefined };
  }
  return { options, screening: { versionId: latest.id, ...screen(latest.questions, answers ?? {}) } };
}
