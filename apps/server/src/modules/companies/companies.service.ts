import { randomBytes } from 'node:crypto';
import {
  emailSchema,
  MESSAGES,
  slugify,
  TEAM_MESSAGES,
  type Company,
  type CompanyCreateBody,
  type CompanyPage,
  type CompanyRole,
  type CompanyUpdateBody,
} from '@jobboard/shared';
import type { Db, Queryable } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import type { CurrentUser } from '../../http/session.js';
import { reviewsEdits, type ModerationConfig } from '../posting-policy/posting-policy.js';
import { findUserByEmail } from '../users/users.repository.js';
import {
  findCompaniesOfMember,
  findCompanyBySlug,
  findMembers,
  insertCompany,
  isMember,
  lockOwners,
  memberRole,
  setMemberRole,
  holdCompanyJobsForReview,
  removeMember,
  settleJobsOfLeaver,
  updateCompany,
  type CompanyRow,
  type NewCompany,
} from './companies.repository.js';

function toCompany(row: CompanyRow, role: CompanyRole | undefined): Company {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    logo: row.logo,
    website: row.website,
    description: row.description,
    canEdit: role === 'owner',
    openJobs: Number(row.open_jobs),
    ...(role ? { role } : {}),
  };
}

/**
 * Creates a company with its creator as first member. The slug is the name's ('Acme Labs' -> 'acme-labs');
 * when that is taken, a short random suffix tells them apart ('acme-labs-k3x9'), never an error.
 */
export async function createCompany(
  db: Queryable,
  creator: CurrentUser,
  body: Omit<NewCompany, 'slug'>,
): Promise<CompanyRow> {
  const base = slugify(body.name) || 'company';
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const slug =
      attempt === 0
        ? base
        : `${base}-${randomBytes(3)
            .toString('hex')
            .slice(0, 4 + attempt)}`;
    const id = await insertCompany(db, { ...body, slug }, creator.id);
    if (id) return { ...body, id, slug, cover: '', links: [], created_by: creator.id, open_jobs: 0 };
  }
  throw new Error('no free slug after 5 attempts');
}

export async function createCompanyFor(db: Db, user: CurrentUser, body: CompanyCreateBody): Promise<Company> {
  return toCompany(await createCompany(db, user, body), 'owner');
}

export async function listMyCompanies(db: Db, user: CurrentUser): Promise<Company[]> {
  return (await findCompaniesOfMember(db, user.id)).map((row) => toCompany(row, row.member_role));
}

/** Slugs are lower-case letters, digits and dashes (slugify): anything else names no company. */
const SLUG = /^[a-z0-9-]{1,100}$/;

export async function companyOrNotFound(db: Queryable, slug: string): Promise<CompanyRow> {
  const company = SLUG.test(slug) ? await findCompanyBySlug(db, slug) : undefined;
  if (!company) throw new AppError('not_found', MESSAGES.companyNotFound);
  return company;
}

export async function getCompanyPage(
  db: Db,
  user: CurrentUser | null | undefined,
  slug: string,
  openJobs: (companyId: string) => Promise<CompanyPage['jobs']>,
): Promise<CompanyPage> {
  const company = await companyOrNotFound(db, slug);
  const role = user ? await memberRole(db, company.id, user.id) : undefined;
  return {
    ...toCompany(company, role),
    cover: company.cover,
    links: company.links,
    descriptionHtml: '',
    jobs: await openJobs(company.id),
  };
}

/** The company and the caller's role in it; 403 for anybody not a member. */
export async function memberCompany(
  db: Queryable,
  user: CurrentUser,
  slug: string,
): Promise<CompanyRow & { role: CompanyRole }> {
  const company = await companyOrNotFound(db, slug);
  const role = await memberRole(db, company.id, user.id);
  if (!role) throw new AppError('forbidden', TEAM_MESSAGES.membersOnly);
  return { ...company, role };
}

/** The company when the caller is one of its owners (who manage members, settings and every job); else 403. */
export async function ownerCompany(db: Queryable, user: CurrentUser, slug: string): Promise<CompanyRow> {
  const company = await memberCompany(db, user, slug);
  if (company.role !== 'owner') throw new AppError('forbidden', TEAM_MESSAGES.ownersOnly);
  return company;
}

export async function updateCompanyFor(
  db: Db,
  user: CurrentUser,
  slug: string,
  body: CompanyUpdateBody,
  onRenamed: () => void,
  moderation?: ModerationConfig,
): Promise<Company> {
  const company = await ownerCompany(db, user, slug);
  const renamed = body.name !== undefined && body.name !== company.name;
  await db.transaction(async (tx) => {
    await updateCompany(tx, company.id, body);
    // Renaming is a new company name on every job of it: by a pre-moderated account, they wait for review again.
    if (renamed && moderation && (await reviewsEdits(tx, user, moderation)))
      await holdCompanyJobsForReview(tx, company.id);
  });
  if (renamed) onRenamed();
  return toCompany(await companyOrNotFound(db, slug), 'owner');
}

export interface Member {
  email: string;
  name: string;
  isCreator: boolean;
  role: CompanyRole;
}

export async function membersOf(db: Queryable, companyId: string): Promise<Member[]> {
  return (await findMembers(db, companyId)).map((m) => ({
    email: m.email,
    name: m.name,
    isCreator: m.is_creator,
    role: m.role,
  }));
}

export async function listMembers(db: Db, user: CurrentUser, slug: string): Promise<Member[]> {
  const company = await memberCompany(db, user, slug);
  return membersOf(db, company.id);
}

export type LeaverJobs = 'close' | 'move';

/**
 * Ends a membership: an owner removes a member, or a member leaves (their own address). The creator and the
 * last owner can neither leave nor be removed: a company always keeps someone who manages it. The leaver's jobs under the
 * company are closed (the default) or, with `jobs: 'move'`, handed to an owner (the one removing, else the
 * longest-standing other owner), so nobody keeps publishing under a company they are no longer part of.
 */
export async function removeMemberByEmail(
  db: Db,
  user: CurrentUser,
  slug: string,
  email: string,
  jobs: LeaverJobs,
  onJobsChanged: () => void,
): Promise<Member[]> {
  const company = await memberCompany(db, user, slug);
  const address = emailSchema.safeParse(email);
  const leaving = address.success && address.data === user.email;
  if (!leaving && company.role !== 'owner') throw new AppError('forbidden', TEAM_MESSAGES.ownersOnly);
  const member = leaving ? user : address.success ? await findUserByEmail(db, address.data) : undefined;
  // The creator's account holds the company's API keys, webhooks and imports: it stays an owner (decision 43).
  if (member?.id === company.created_by) throw new AppError('bad_request', TEAM_MESSAGES.creatorStaysMember);
  if (!member || !(await isMember(db, company.id, member.id)))
    throw new AppError('not_found', TEAM_MESSAGES.notAMember);
  const changed = await db.transaction(async (tx) => {
    const owners = await lockOwners(tx, company.id);
    const others = owners.filter((id) => id !== member.id);
    if (others.length === 0) throw new AppError('bad_request', TEAM_MESSAGES.lastOwnerLeaves);
    const heir = leaving ? others[0] : user.id;
    const settled = await settleJobsOfLeaver(
      tx,
      company.id,
      member.id,
      jobs === 'move' && heir ? { moveTo: heir } : { close: true },
    );
    await removeMember(tx, company.id, member.id);
    return settled;
  });
  if (changed > 0) onJobsChanged();
  return membersOf(db, company.id);
}

/** An owner changes a member's role; the creator and the last owner stay owners. */
export async function changeMemberRole(
  db: Db,
  user: CurrentUser,
  slug: string,
  email: string,
  role: CompanyRole,
): Promise<Member[]> {
  const company = await ownerCompany(db, user, slug);
  const address = emailSchema.safeParse(email);
  const member = address.success ? await findUserByEmail(db, address.data) : undefined;
  if (!member || !(await isMember(db, company.id, member.id)))
    throw new AppError('not_found', TEAM_MESSAGES.notAMember);
  if (member.id === company.created_by && role !== 'owner')
    throw new AppError('bad_request', TEAM_MESSAGES.creatorStaysOwner);
  await db.transaction(async (tx) => {
    const owners = await lockOwners(tx, company.id);
    if (role !== 'owner' && owners.length === 1 && owners[0] === member.id)
      throw new AppError('bad_request', TEAM_MESSAGES.lastOwner);
    await setMemberRole(tx, company.id, member.id, role);
  });
  return membersOf(db, company.id);
}
