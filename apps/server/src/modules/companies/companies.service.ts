import { randomBytes } from 'node:crypto';
import {
  emailSchema,
  MESSAGES,
  slugify,
  type Company,
  type CompanyCreateBody,
  type CompanyPage,
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
  holdCompanyJobsForReview,
  removeMember,
  settleJobsOfLeaver,
  updateCompany,
  type CompanyRow,
  type NewCompany,
} from './companies.repository.js';

function toCompany(row: CompanyRow, canEdit: boolean): Company {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    logo: row.logo,
    website: row.website,
    description: row.description,
    canEdit,
    openJobs: Number(row.open_jobs),
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
  return toCompany(await createCompany(db, user, body), true);
}

export async function listMyCompanies(db: Db, user: CurrentUser): Promise<Company[]> {
  return (await findCompaniesOfMember(db, user.id)).map((row) => toCompany(row, true));
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
  const canEdit = user ? await isMember(db, company.id, user.id) : false;
  return {
    ...toCompany(company, canEdit),
    cover: company.cover,
    links: company.links,
    descriptionHtml: '',
    jobs: await openJobs(company.id),
  };
}

async function memberCompany(db: Queryable, user: CurrentUser, slug: string): Promise<CompanyRow> {
  const company = await companyOrNotFound(db, slug);
  if (!(await isMember(db, company.id, user.id)))
    throw new AppError('forbidden', 'Only the members of a company can change it');
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
  const company = await memberCompany(db, user, slug);
  const renamed = body.name !== undefined && body.name !== company.name;
  await db.transaction(async (tx) => {
    await updateCompany(tx, company.id, body);
    // Renaming is a new company name on every job of it: by a pre-moderated account, they wait for review again.
    if (renamed && moderation && (await reviewsEdits(tx, user, moderation)))
      await holdCompanyJobsForReview(tx, company.id);
  });
  if (renamed) onRenamed();
  return toCompany(await companyOrNotFound(db, slug), true);
}

export interface Member {
  email: string;
  name: string;
  isCreator: boolean;
}

export async function membersOf(db: Queryable, companyId: string): Promise<Member[]> {
  return (await findMembers(db, companyId)).map((m) => ({ email: m.email, name: m.name, isCreator: m.is_creator }));
}

export async function listMembers(db: Db, user: CurrentUser, slug: string): Promise<Member[]> {
  const company = await memberCompany(db, user, slug);
  return membersOf(db, company.id);
}

export async function creatorCompany(db: Queryable, user: CurrentUser, slug: string): Promise<CompanyRow> {
  const company = await memberCompany(db, user, slug);
  if (company.created_by !== user.id)
    throw new AppError('forbidden', 'Only the creator of a company can add or remove members');
  return company;
}

export type LeaverJobs = 'close' | 'move';

/**
 * Ends a membership: the creator removes a member, or a member leaves (their own address). The creator cannot
 * leave: a company always keeps the account that manages it. The leaver's jobs under the company are closed
 * (the default) or, with `jobs: 'move'`, handed to the creator (who removes, or who stays when a member
 * leaves), so nobody keeps publishing under a company they are no longer part of.
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
  if (!leaving && company.created_by !== user.id)
    throw new AppError('forbidden', 'Only the creator of a company can add or remove members');
  const member = leaving ? user : address.success ? await findUserByEmail(db, address.data) : undefined;
  if (member?.id === company.created_by)
    throw new AppError('bad_request', 'email: The creator of a company stays a member');
  if (!member || !(await isMember(db, company.id, member.id)))
    throw new AppError('not_found', 'email: Not a member of this company');
  const heir = jobs === 'move' ? company.created_by : null;
  const changed = await db.transaction(async (tx) => {
    const settled = await settleJobsOfLeaver(tx, company.id, member.id, heir ? { moveTo: heir } : { close: true });
    await removeMember(tx, company.id, member.id);
    return settled;
  });
  if (changed > 0) onJobsChanged();
  return membersOf(db, company.id);
}
