import type { ApplicationStage, CustomStage, MailedStage } from '@jobboard/shared';
import type { Queryable } from '../../db/client.js';

/** A company's stage e-mail templates and custom stages (issue 33, item 7; migration 040). */

const STAGE_ORDER = `array_position(ARRAY['applied', 'reviewing', 'interview', 'offer', 'hired', 'rejected'], s.after_stage)`;
const STAGE_COLUMNS = 's.id, s.name, s.after_stage, s.position';

interface StageRow {
  id: string;
  name: string;
  after_stage: ApplicationStage;
  position: number;
}
const toStage = (row: StageRow): CustomStage => ({
  id: row.id,
  name: row.name,
  after: row.after_stage,
  position: Number(row.position),
});

export async function findTemplates(
  db: Queryable,
  companyId: string,
): Promise<{ stage: MailedStage; message: string }[]> {
  return db.query('SELECT stage, message FROM company_stage_templates WHERE company_id = $1', [companyId]);
}

export async function upsertTemplate(
  db: Queryable,
  companyId: string,
  stage: MailedStage,
  message: string,
  userId: string,
): Promise<void> {
  await db.query(
    `INSERT INTO company_stage_templates (company_id, stage, message, updated_by) VALUES ($1, $2, $3, $4)
     ON CONFLICT (company_id, stage) DO UPDATE
       SET message = EXCLUDED.message, updated_by = EXCLUDED.updated_by, updated_at = now()`,
    [companyId, stage, message, userId],
  );
}

export async function deleteTemplate(db: Queryable, companyId: string, stage: MailedStage): Promise<void> {
  await db.query('DELETE FROM company_stage_templates WHERE company_id = $1 AND stage = $2', [companyId, stage]);
}

/** The message the company of `jobId` wrote for `stage`, if it did. */
export async function findTemplateForJob(
  db: Queryable,
  jobId: string,
  stage: MailedStage,
): Promise<string | undefined> {
  const rows = await db.query<{ message: string }>(
    `SELECT t.message FROM company_stage_templates t JOIN jobs j ON j.company_id = t.company_id
      WHERE j.id = $1 AND t.stage = $2`,
    [jobId, stage],
  );
  return rows[0]?.message;
}

/** The company's custom stages in pipeline order. */
export async function findCustomStages(db: Queryable, companyId: string): Promise<CustomStage[]> {
  const rows = await db.query<StageRow>(
    `SELECT ${STAGE_COLUMNS} FROM company_stages s WHERE s.company_id = $1
      ORDER BY ${STAGE_ORDER}, s.position, s.created_at, s.id`,
    [companyId],
  );
  return rows.map(toStage);
}

/** The custom stages of each job's company, by job id (jobs whose company has none are left out). */
export async function findCustomStagesOfJobs(
  db: Queryable,
  jobIds: readonly string[],
): Promise<Record<string, CustomStage[]>> {
  if (jobIds.length === 0) return {};
  const rows = await db.query<StageRow & { job_id: string }>(
    `SELECT j.id AS job_id, ${STAGE_COLUMNS} FROM jobs j JOIN company_stages s ON s.company_id = j.company_id
      WHERE j.id = ANY($1::uuid[])
      ORDER BY ${STAGE_ORDER}, s.position, s.created_at, s.id`,
    [[...new Set(jobIds)]],
  );
  const byJob: Record<string, CustomStage[]> = {};
  for (const row of rows) (byJob[row.job_id] ??= []).push(toStage(row));
  return byJob;
}

/** The custom stage when it belongs to the company of `jobId`. */
export async function findCustomStageForJob(
  db: Queryable,
  jobId: string,
  stageId: string,
): Promise<CustomStage | undefined> {
  const rows = await db.query<StageRow>(
    `SELECT ${STAGE_COLUMNS} FROM company_stages s JOIN jobs j ON j.company_id = s.company_id
      WHERE j.id = $1 AND s.id = $2`,
    [jobId, stageId],
  );
  return rows[0] ? toStage(rows[0]) : undefined;
}

export async function countCustomStages(db: Queryable, companyId: string): Promise<number> {
  const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM company_stages WHERE company_id = $1', [
    companyId,
  ]);
  return Number(row?.n ?? 0);
}

/** Adds a stage last after `after`; undefined when the company already has a stage of that name. */
export async function insertCustomStage(
  db: Queryable,
  companyId: string,
  name: string,
  after: ApplicationStage,
): Promise<CustomStage | undefined> {
  const rows = await db.query<StageRow>(
    `INSERT INTO company_stages (company_id, name, after_stage, position)
     SELECT $1, $2, $3, COALESCE(max(position) + 1, 0) FROM company_stages WHERE company_id = $1 AND after_stage = $3
     ON CONFLICT (company_id, lower(name)) DO NOTHING
     RETURNING id, name, after_stage, position`,
    [companyId, name, after],
  );
  return rows[0] ? toStage(rows[0]) : undefined;
}

export async function deleteCustomStage(db: Queryable, companyId: string, id: string): Promise<boolean> {
  const rows = await db.query('DELETE FROM company_stages WHERE company_id = $1 AND id = $2 RETURNING id', [
    companyId,
    id,
  ]);
  return rows.length > 0;
}
