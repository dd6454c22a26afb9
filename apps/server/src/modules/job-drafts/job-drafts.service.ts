import { JOB_DRAFT_LIMITS, JOB_DRAFT_MESSAGES, type JobDraft, type JobDraftPayload } from '@jobboard/shared';
import type { Db, Queryable } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { parseId } from '../../http/ids.js';
import type { CurrentUser } from '../../http/session.js';
import {
  countDrafts,
  deleteDraftOf,
  findDraft,
  findDraftsOf,
  insertDraft,
  lockDraftsOf,
  updateDraft,
  type JobDraftRow,
} from './job-drafts.repository.js';

const iso = (value: Date | string) => new Date(value).toISOString();

function toDraft(row: JobDraftRow): JobDraft {
  return { id: row.id, payload: row.payload, createdAt: iso(row.created_at), updatedAt: iso(row.updated_at) };
}

/** The draft `rawId` if it is the user's: 404 when there is none, 403 when it is somebody else's. */
async function ownDraft(db: Queryable, user: CurrentUser, rawId: string): Promise<JobDraftRow> {
  const draft = await findDraft(db, parseId(rawId, JOB_DRAFT_MESSAGES.notFound));
  if (!draft) throw new AppError('not_found', JOB_DRAFT_MESSAGES.notFound);
  if (draft.owner_id !== user.id) throw new AppError('forbidden', JOB_DRAFT_MESSAGES.notYours);
  return draft;
}

export async function listDrafts(db: Queryable, user: CurrentUser): Promise<JobDraft[]> {
  return (await findDraftsOf(db, user.id)).map(toDraft);
}

export async function getDraft(db: Queryable, user: CurrentUser, rawId: string): Promise<JobDraft> {
  return toDraft(await ownDraft(db, user, rawId));
}

/** A new draft; at most JOB_DRAFT_LIMITS.perUser each, counted under a lock on the owner's row. */
export async function createDraft(db: Db, user: CurrentUser, payload: JobDraftPayload): Promise<JobDraft> {
  return db.transaction(async (tx) => {
    await lockDraftsOf(tx, user.id);
    if ((await countDrafts(tx, user.id)) >= JOB_DRAFT_LIMITS.perUser)
      throw new AppError('conflict', JOB_DRAFT_MESSAGES.tooMany);
    return toDraft(await insertDraft(tx, user.id, payload));
  });
}

export async function saveDraft(db: Queryable, user: CurrentUser, rawId: string, payload: JobDraftPayload) {
  const draft = await ownDraft(db, user, rawId);
  const saved = await updateDraft(db, draft.id, payload);
  if (!saved) throw new AppError('not_found', JOB_DRAFT_MESSAGES.notFound);
  return toDraft(saved);
}

export async function removeDraft(db: Queryable, user: CurrentUser, rawId: string): Promise<void> {
  const draft = await ownDraft(db, user, rawId);
  await deleteDraftOf(db, user.id, draft.id);
}
