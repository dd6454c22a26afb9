import type { ApplicationStage, Candidate, Interview, InterviewStatus } from '@jobboard/shared';
import type { Queryable } from '../../db/client.js';
import { iso } from './threads.repository.js';

export interface InterviewRow {
  id: string;
  application_id: string;
  status: InterviewStatus;
  length_minutes: number;
  location: string;
  sequence: number;
  invited: boolean;
  chosen_slot_id: string | null;
  created_by: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

export interface SlotRow {
  id: string;
  interview_id: string;
  starts_at: Date | string;
  time_zone: string;
}

const toInterview = (row: InterviewRow, slots: SlotRow[]): Interview => ({
  id: row.id,
  status: row.status,
  lengthMinutes: row.length_minutes,
  location: row.location,
  sequence: row.sequence,
  slots: slots
    .filter((slot) => slot.interview_id === row.id)
    .map((slot) => ({ id: slot.id, startsAt: iso(slot.starts_at), timeZone: slot.time_zone })),
  chosenSlotId: row.chosen_slot_id,
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
});

export async function findInterviews(db: Queryable, applicationId: string): Promise<Interview[]> {
  const rows = await db.query<InterviewRow>(
    'SELECT * FROM interviews WHERE application_id = $1 ORDER BY created_at DESC, id LIMIT 100',
    [applicationId],
  );
  if (rows.length === 0) return [];
  const slots = await db.query<SlotRow>(
    'SELECT * FROM interview_slots WHERE interview_id = ANY($1::uuid[]) ORDER BY starts_at, id',
    [rows.map((row) => row.id)],
  );
  return rows.map((row) => toInterview(row, slots));
}

export async function findInterview(db: Queryable, applicationId: string, interviewId: string) {
  const [row] = await db.query<InterviewRow>(
    'SELECT * FROM interviews WHERE id = $1 AND application_id = $2 FOR UPDATE',
    [interviewId, applicationId],
  );
  if (!row) return undefined;
  const slots = await db.query<SlotRow>(
    'SELECT * FROM interview_slots WHERE interview_id = $1 ORDER BY starts_at, id',
    [interviewId],
  );
  return { row, slots, interview: toInterview(row, slots) };
}

export async function insertInterview(
  db: Queryable,
  applicationId: string,
  createdBy: string,
  lengthMinutes: number,
  location: string,
): Promise<string> {
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO interviews (application_id, status, length_minutes, location, created_by)
     VALUES ($1, 'proposed', $2, $3, $4) RETURNING id`,
    [applicationId, lengthMinutes, location, createdBy],
  );
  if (!row) throw new Error('INSERT ... RETURNING gave no row');
  return row.id;
}

/** The proposal's slots, replacing any it had. */
export async function replaceSlots(
  db: Queryable,
  interviewId: string,
  slots: { startsAt: Date; timeZone: string }[],
): Promise<void> {
  await db.query('DELETE FROM interview_slots WHERE interview_id = $1', [interviewId]);
  for (const slot of slots) {
    await db.query('INSERT INTO interview_slots (interview_id, starts_at, time_zone) VALUES ($1, $2, $3)', [
      interviewId,
      slot.startsAt.toISOString(),
      slot.timeZone,
    ]);
  }
}

export async function updateInterview(
  db: Queryable,
  id: string,
  change: {
    status: InterviewStatus;
    sequence: number;
    invited: boolean;
    chosenSlotId: string | null;
    lengthMinutes?: number;
    location?: string;
  },
): Promise<void> {
  await db.query(
    `UPDATE interviews SET status = $2, sequence = $3, invited = $4, chosen_slot_id = $5,
            length_minutes = COALESCE($6, length_minutes), location = COALESCE($7, location), updated_at = now()
      WHERE id = $1`,
    [
      id,
      change.status,
      change.sequence,
      change.invited,
      change.chosenSlotId,
      change.lengthMinutes ?? null,
      change.location ?? null,
    ],
  );
}

/** Moves the application to Interview without an e-mail (the proposal's e-mail says more), recording the move. */
export async function moveToInterview(db: Queryable, applicationId: string, from: ApplicationStage, by: string) {
  await db.query("UPDATE applications SET stage = 'interview', stage_changed_at = now() WHERE id = $1", [
    applicationId,
  ]);
  await db.query(
    `INSERT INTO application_stage_changes (application_id, from_stage, to_stage, changed_by)
     VALUES ($1, $2, 'interview', $3)`,
    [applicationId, from, by],
  );
}

/** The candidate page's own parts: what the applicant sent and the stage moves (the caller checked access). */
export async function findCandidate(db: Queryable, applicationId: string): Promise<Candidate | undefined> {
  const [row] = await db.query<{
    id: string;
    job_id: string;
    job_title: string;
    applicant_name: string;
    applied_at: Date | string;
    stage: ApplicationStage;
    withdrawn_at: Date | string | null;
    cover_note: string | null;
    cv_file_name: string | null;
    cv_size: number | string | null;
  }>(
    `SELECT a.id, a.job_id, j.job_title, u.name AS applicant_name, a.applied_at, a.stage, a.withdrawn_at,
            a.cover_note, cv.file_name AS cv_file_name, cv.size AS cv_size
       FROM applications a JOIN jobs j ON j.id = a.job_id JOIN users u ON u.id = a.user_id
       LEFT JOIN cvs cv ON cv.id = a.cv_id
      WHERE a.id = $1`,
    [applicationId],
  );
  if (!row) return undefined;
  const moves = await db.query<{
    from_stage: ApplicationStage;
    to_stage: ApplicationStage;
    changed_at: Date | string;
    by_name: string | null;
    undo_of: string | null;
  }>(
    `SELECT c.from_stage, c.to_stage, c.changed_at, u.name AS by_name, c.undo_of::text AS undo_of
       FROM application_stage_changes c LEFT JOIN users u ON u.id = c.changed_by
      WHERE c.application_id = $1 ORDER BY c.id LIMIT 500`,
    [applicationId],
  );
  return {
    id: row.id,
    jobId: row.job_id,
    jobTitle: row.job_title,
    applicantName: row.applicant_name,
    appliedAt: iso(row.applied_at),
    stage: row.stage,
    withdrawnAt: row.withdrawn_at === null ? null : iso(row.withdrawn_at),
    coverNote: row.cover_note,
    cv: row.cv_file_name === null ? null : { fileName: row.cv_file_name, size: Number(row.cv_size ?? 0) },
    history: moves.map((move) => ({
      from: move.from_stage,
      to: move.to_stage,
      at: iso(move.changed_at),
      byName: move.by_name,
      undo: move.undo_of !== null,
    })),
  };
}
