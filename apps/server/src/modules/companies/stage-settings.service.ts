import {
  CUSTOM_STAGES_MAX,
  mailedStageSchema,
  STAGE_MAIL_DEFAULT_MESSAGE,
  TEAM_MESSAGES,
  type ApplicationStage,
  type CustomStage,
  type MailedStage,
  type StageTemplate,
} from '@jobboard/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import type { CurrentUser } from '../../http/session.js';
import { memberCompany, ownerCompany } from './companies.service.js';
import {
  countCustomStages,
  deleteCustomStage,
  deleteTemplate,
  findCustomStages,
  findTemplates,
  insertCustomStage,
  upsertTemplate,
} from './stage-settings.repository.js';

/**
 * A company's stage settings (issue 33, item 7; decision record 43): its members read them (a move's dialog
 * shows the template), its owners change them.
 */

const MAILED: MailedStage[] = ['interview', 'offer', 'hired', 'rejected'];

function mailedStage(raw: string): MailedStage {
  const parsed = mailedStageSchema.safeParse(raw);
  if (!parsed.success) throw new AppError('not_found', TEAM_MESSAGES.stageNotMailed);
  return parsed.data;
}

export async function listTemplates(db: Db, user: CurrentUser, slug: string): Promise<{ items: StageTemplate[] }> {
  const company = await memberCompany(db, user, slug);
  const own = new Map((await findTemplates(db, company.id)).map((row) => [row.stage, row.message]));
  return {
    items: MAILED.map((stage) => {
      const message = own.get(stage);
      return { stage, message: message ?? STAGE_MAIL_DEFAULT_MESSAGE[stage], builtIn: message === undefined };
    }),
  };
}

export async function saveTemplate(
  db: Db,
  user: CurrentUser,
  slug: string,
  rawStage: string,
  message: string,
): Promise<StageTemplate> {
  const stage = mailedStage(rawStage);
  const company = await ownerCompany(db, user, slug);
  await upsertTemplate(db, company.id, stage, message, user.id);
  return { stage, message, builtIn: false };
}

export async function resetTemplate(db: Db, user: CurrentUser, slug: string, rawStage: string): Promise<StageTemplate> {
  const stage = mailedStage(rawStage);
  const company = await ownerCompany(db, user, slug);
  await deleteTemplate(db, company.id, stage);
  return { stage, message: STAGE_MAIL_DEFAULT_MESSAGE[stage], builtIn: true };
}

export async function listCustomStages(db: Db, user: CurrentUser, slug: string): Promise<{ items: CustomStage[] }> {
  const company = await memberCompany(db, user, slug);
  return { items: await findCustomStages(db, company.id) };
}

export async function addCustomStage(
  db: Db,
  user: CurrentUser,
  slug: string,
  body: { name: string; after: ApplicationStage },
): Promise<CustomStage> {
  const company = await ownerCompany(db, user, slug);
  return db.transaction(async (tx) => {
    await tx.query('SELECT 1 FROM companies WHERE id = $1 FOR UPDATE', [company.id]);
    if ((await countCustomStages(tx, company.id)) >= CUSTOM_STAGES_MAX)
      throw new AppError('conflict', TEAM_MESSAGES.tooManyStages);
    const stage = await insertCustomStage(tx, company.id, body.name, body.after);
    if (!stage) throw new AppError('conflict', TEAM_MESSAGES.stageNameTaken);
    return stage;
  });
}

/** Deletes a custom stage; its applications go back to the fixed stage it followed (ON DELETE SET NULL). */
export async function removeCustomStage(
  db: Db,
  user: CurrentUser,
  slug: string,
  rawId: string,
): Promise<{ items: CustomStage[] }> {
  const company = await ownerCompany(db, user, slug);
  const id = /^[0-9a-f-]{36}$/i.test(rawId) ? rawId : undefined;
  if (!id || !(await deleteCustomStage(db, company.id, id)))
    throw new AppError('not_found', TEAM_MESSAGES.stageNotFound);
  return { items: await findCustomStages(db, company.id) };
}
