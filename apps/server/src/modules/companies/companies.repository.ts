import type { CompanyRole } from '@jobboard/shared';
import type { Queryable } from '../../db/client.js';
import { OPEN_JOB } from '../../db/job-access.js';

export interface CompanyRow {
  id: string;
  slug: string;
  name: string;
  logo: string;
  website: string;
  description: string;
  cover: string;
  links: string[];
  created_by: string | null;
  open_jobs: number;
}

const OPEN_JOBS = `(SELECT count(*)::int FROM jobs j WHERE j.company_id = c.id AND ${OPEN_JOB})`;
const COMPANY_COLUMNS = `c.id, c.slug, c.name, c.logo, c.website, c.description, c.cover, c.links, c.created_by, ${OPEN_JOBS} AS open_jobs`;

export async function findCompanyBySlug(db: Queryable, slug: string): Promise<CompanyRow | undefined> {
  return (await db.query<CompanyRow>(`SELECT ${COMPANY_COLUMNS} FROM companies c WHERE c.slug = $1`, [slug]))[0];
}

export async function findCompanyById(db: Queryable, id: string): Promise<CompanyRow | undefined> {
  return (await db.query<CompanyRow>(`SELECT ${COMPANY_COLUMNS} FROM companies c WHERE c.id = $1`, [id]))[0];
}

export async function findCompaniesOfMember(
  db: Queryable,
  userId: string,
): Promise<(CompanyRow & { member_role: CompanyRole })[]> {
  return db.query<CompanyRow & { member_role: CompanyRole }>(
    `SELECT ${COMPANY_COLUMNS}, m.role AS member_role FROM companies c JOIN company_members m ON m.company_id = c.id
      WHERE m.user_id = $1 ORDER BY lower(c.name), c.slug`,
    [userId],
  );
}

/** The member's company with this name (case ignored; not one they only view), for an old client that names its company in each job. */
export async function findMemberCompanyByName(
  db: Queryable,
  userId: string,
  name: string,
): Promise<CompanyRow | undefined> {
  const rows = await db.query<CompanyRow>(
    `SELECT ${COMPANY_COLUMNS} FROM companies c JOIN company_members m ON m.company_id = c.id
      WHERE m.user_id = $1 AND m.role <> 'viewer' AND lower(c.name) = lower($2) ORDER BY c.created_at LIMIT 1`,
    [userId, name],
  );
  return rows[0];
}

/** The user's role in the company; undefined when not a member. */
export async function memberRole(db: Queryable, companyId: string, userId: string): Promise<CompanyRole | undefined> {
  const rows = await db.query<{ role: CompanyRole }>(
    'SELECT role FROM company_members WHERE company_id = $1 AND user_id = $2',
    [companyId, userId],
  );
  return rows[0]?.role;
}

export async function isMember(db: Queryable, companyId: string, userId: string): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM company_members WHERE company_id = $1 AND user_id = $2', [
    companyId,
    userId,
  ]);
  return rows.length > 0;
}

export interface NewCompany {
  slug: string;
  name: string;
  logo: string;
  website: string;
  description: string;
}

/** Inserts the company and its creator as its first member; undefined when the slug is taken. */
export async function insertCompany(
  db: Queryable,
  company: NewCompany,
  creatorId: string,
): Promise<string | undefined> {
  const rows = await db.query<{ id: string }>(
    `WITH created AS (
       INSERT INTO companies (slug, name, logo, website, description, created_by) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (slug) DO NOTHING RETURNING id
     ), member AS (
       INSERT INTO company_members (company_id, user_id, role) SELECT id, $6, 'owner' FROM created
     )
     SELECT id FROM created`,
    [company.slug, company.name, company.logo, company.website, company.description, creatorId],
  );
  return rows[0]?.id;
}

export async function updateCompany(
  db: Queryable,
  id: string,
  changes: Partial<Omit<NewCompany, 'slug'> & { cover: string; links: string[] }>,
): Promise<void> {
  // Only these columns, whatever keys `changes` carries; the links go in as JSON text (a jsonb column).
  const entries = (['name', 'logo', 'website', 'description', 'cover', 'links'] as const).flatMap((column) => {
    const value = changes[column];
    if (value === undefined) return [];
    return [[column, typeof value === 'string' ? value : JSON.stringify(value)] as const];
  });
  if (entries.length === 0) return;
  const assignments = entries.map(([column], i) => `${column} = $${i + 2}`);
  await db.query(`UPDATE companies SET ${[...assignments, 'updated_at = now()'].join(', ')} WHERE id = $1`, [
    id,
    ...entries.map(([, v]) => v),
  ]);
  // Jobs carry the company's name for search ("what" finds a company by name): a rename reaches them.
  if (changes.name !== undefined) {
    await db.query('UPDATE jobs SET company_name = $2 WHERE company_id = $1 AND company_name <> $2', [
      id,
      changes.name,
    ]);
  }
}

export interface MemberRow {
  user_id: string;
  email: string;
  name: string;
  is_creator: boolean;
  role: CompanyRole;
}

export async function findMembers(db: Queryable, companyId: string): Promise<MemberRow[]> {
  return db.query<MemberRow>(
    `SELECT u.id AS user_id, u.email, u.name, (c.created_by = u.id) AS is_creator, m.role
       FROM company_members m JOIN users u ON u.id = m.user_id JOIN companies c ON c.id = m.company_id
      WHERE m.company_id = $1 ORDER BY (c.created_by = u.id) DESC, m.added_at`,
    [companyId],
  );
}

export async function addMember(db: Queryable, companyId: string, userId: string, role: CompanyRole): Promise<void> {
  await db.query('INSERT INTO company_members (company_id, user_id, role) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [
    companyId,
    userId,
    role,
  ]);
}

export async function setMemberRole(db: Queryable, companyId: string, userId: string, role: CompanyRole) {
  await db.query('UPDATE company_members SET role = $3 WHERE company_id = $1 AND user_id = $2', [
    companyId,
    userId,
    role,
  ]);
}

/**
 * The company's owners, the company's row locked first: two owners demoting or removing each other at once
 * take turns, so the last owner is never lost between two checks.
 */
export async function lockOwners(db: Queryable, companyId: string): Promise<string[]> {
  await db.query('SELECT 1 FROM companies WHERE id = $1 FOR UPDATE', [companyId]);
  const rows = await db.query<{ user_id: string }>(
    "SELECT user_id FROM company_members WHERE company_id = $1 AND role = 'owner' ORDER BY added_at, user_id",
    [companyId],
  );
  return rows.map((r) => r.user_id);
}

export async function removeMember(db: Queryable, companyId: string, userId: string): Promise<void> {
  await db.query('DELETE FROM company_members WHERE company_id = $1 AND user_id = $2', [companyId, userId]);
}

export interface InvitationRow {
  id: string;
  company_id: string;
  email: string;
  role: CompanyRole;
  created_at: Date;
  expires_at: Date;
}

/**
 * Invites `email` to the company, or renews its invitation with a new link (the old one stops working).
 * Answers the invitation's id.
 */
export async function upsertInvitation(
  db: Queryable,
  companyId: string,
  email: string,
  tokenHash: Buffer,
  invitedBy: string,
  expiresAt: Date,
  role: CompanyRole,
): Promise<string> {
  const rows = await db.query<{ id: string }>(
    `INSERT INTO company_invitations (company_id, email, token_hash, invited_by, expires_at, role) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (company_id, email) DO UPDATE
       SET token_hash = EXCLUDED.token_hash, invited_by = EXCLUDED.invited_by, created_at = now(),
           expires_at = EXCLUDED.expires_at, role = EXCLUDED.role
     RETURNING id`,
    [companyId, email, tokenHash, invitedBy, expiresAt, role],
  );
  const id = rows[0]?.id;
  if (!id) throw new Error('the invitation was not stored');
  return id;
}

export async function findCompanyInvitations(db: Queryable, companyId: string): Promise<InvitationRow[]> {
  return db.query<InvitationRow>(
    `SELECT id, company_id, email, role, created_at, expires_at FROM company_invitations
      WHERE company_id = $1 AND expires_at > now() ORDER BY created_at, email`,
    [companyId],
  );
}

export interface InvitationWithCompany extends InvitationRow {
  slug: string;
  name: string;
  logo: string;
}

export async function findInvitationsTo(db: Queryable, email: string): Promise<InvitationWithCompany[]> {
  return db.query<InvitationWithCompany>(
    `SELECT i.id, i.company_id, i.email, i.role, i.created_at, i.expires_at, c.slug, c.name, c.logo
       FROM company_invitations i JOIN companies c ON c.id = i.company_id
      WHERE i.email = $1 AND i.expires_at > now() ORDER BY i.created_at DESC LIMIT 100`,
    [email],
  );
}

/** A live invitation by its link's token hash or by id, locked for the answer that settles it. */
export async function findLiveInvitation(
  db: Queryable,
  by: { id: string } | { tokenHash: Buffer },
): Promise<InvitationRow | undefined> {
  const [column, value] = 'id' in by ? ['id', by.id] : ['token_hash', by.tokenHash];
  const rows = await db.query<InvitationRow>(
    `SELECT id, company_id, email, role, created_at, expires_at FROM company_invitations
      WHERE ${column} = $1 AND expires_at > now() FOR UPDATE`,
    [value],
  );
  return rows[0];
}

export async function deleteInvitation(db: Queryable, id: string): Promise<void> {
  await db.query('DELETE FROM company_invitations WHERE id = $1', [id]);
}

/**
 * What becomes of a leaving member's jobs under the company: closed (the default; hidden and pending ones come
 * back closed after review), or moved to `to`, who then manages them and their applications.
 */
export async function settleJobsOfLeaver(
  db: Queryable,
  companyId: string,
  leaverId: string,
  outcome: { close: true } | { moveTo: string },
): Promise<number> {
  if ('moveTo' in outcome) {
    const moved = await db.query<{ id: string }>(
      'UPDATE jobs SET poster_id = $3, updated_at = now() WHERE company_id = $1 AND poster_id = $2 RETURNING id',
      [companyId, leaverId, outcome.moveTo],
    );
    return moved.length;
  }
  const closed = await db.query<{ id: string }>(
    `UPDATE jobs SET status = CASE WHEN status IN ('open', 'expired') THEN 'closed' ELSE status END,
                     status_before_moderation = CASE WHEN status IN ('hidden', 'pending') THEN 'closed' ELSE status_before_moderation END,
                     closed_at = CASE WHEN status IN ('open', 'expired') THEN now() ELSE closed_at END,
                     updated_at = now()
      WHERE company_id = $1 AND poster_id = $2 AND status <> 'closed' RETURNING id`,
    [companyId, leaverId],
  );
  return closed.length;
}

/** Every visible job of the company back into the review queue (pending, with the status approval restores). */
export async function holdCompanyJobsForReview(db: Queryable, companyId: string): Promise<void> {
  await db.query(
    `UPDATE jobs SET status_before_moderation = status, status = 'pending' WHERE company_id = $1 AND status IN ('open', 'closed', 'expired')`,
    [companyId],
  );
}
