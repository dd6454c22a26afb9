import { randomBytes } from 'node:crypto';
import {
  isPlainDisplayText,
  TEAM_MESSAGES,
  type CompanyInvitation,
  type CompanyRole,
  type InvitationAnswerBody,
  type MyInvitation,
} from '@jobboard/shared';
import { rateLimitsOf, type Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import type { RateLimiter } from '../../http/rate-limit.js';
import type { CurrentUser } from '../../http/session.js';
import type { MailQueue } from '../mail/mail.queue.js';
import { companyInvitationMail } from '../mail/templates.js';
import { hashToken } from '../sessions/sessions.repository.js';
import {
  addMember,
  deleteInvitation,
  findCompanyById,
  findCompanyInvitations,
  findInvitationsTo,
  findLiveInvitation,
  upsertInvitation,
  type InvitationRow,
} from './companies.repository.js';
import { membersOf, ownerCompany, type Member } from './companies.service.js';
import { recipientLanguage } from '../mail/mail-language.js';

/**
 * Company membership by invitation (security review round 2, findings 4 and 8). An owner invites an address, with the role it will have;
 * the answer is the same whether an account uses it or not (no name, no 404), and invitations are rate-limited
 * per account and per client address. Only the owner of the address, signed in with it, makes it a membership.
 */

export const INVITATION_TTL_DAYS = 7;
const DAY_MS = 86_400_000;

export interface InvitationDeps {
  db: Db;
  mail: MailQueue;
  rateLimiter: RateLimiter;
  config: Pick<Config, 'rateLimits'>;
}

const notFound = () => new AppError('not_found', TEAM_MESSAGES.invitationNotFound);

/**
 * Invites `email` to the owner's company: a new link replaces any earlier one. An address that is already a
 * member gets nothing, and the caller hears the same answer either way: the current members, with 202.
 */
export async function inviteMember(
  deps: InvitationDeps,
  user: CurrentUser,
  slug: string,
  email: string,
  client: { ip: string; origin: string },
  role: CompanyRole = 'recruiter',
): Promise<Member[]> {
  const company = await ownerCompany(deps.db, user, slug);
  const limits = rateLimitsOf(deps.config);
  await deps.rateLimiter.consume([
    [{ name: 'member-invites-account', ...limits.memberInvitesPerAccount }, user.id],
    [{ name: 'member-invites-address', ...limits.memberInvitesPerAddress }, client.ip],
  ]);
  await deps.db.transaction(async (tx) => {
    const [member] = await tx.query(
      'SELECT 1 FROM company_members m JOIN users u ON u.id = m.user_id WHERE m.company_id = $1 AND u.email = $2',
      [company.id, email],
    );
    if (member) return;
    // Expired invitations of the company go as new ones are sent: the table stays as small as the limits keep it.
    await tx.query('DELETE FROM company_invitations WHERE company_id = $1 AND expires_at <= now()', [company.id]);
    const token = randomBytes(32).toString('base64url');
    await upsertInvitation(
      tx,
      company.id,
      email,
      hashToken(token),
      user.id,
      new Date(Date.now() + INVITATION_TTL_DAYS * DAY_MS),
      role,
    );
    const link = `${client.origin}/company-invitation?token=${token}`;
    // A name written before the display-name rule is left out rather than mailed as it is.
    const name = isPlainDisplayText(company.name) ? company.name : company.slug;
    await deps.mail.enqueue(
      companyInvitationMail(
        email,
        { company: name, link, expiresInDays: INVITATION_TTL_DAYS },
        await recipientLanguage(tx, email),
      ),
      tx,
    );
  });
  return membersOf(deps.db, company.id);
}

const iso = (date: Date | string) => new Date(date).toISOString();

export async function listCompanyInvitations(db: Db, user: CurrentUser, slug: string): Promise<CompanyInvitation[]> {
  const company = await ownerCompany(db, user, slug);
  return (await findCompanyInvitations(db, company.id)).map((row) => ({
    id: row.id,
    email: row.email,
    createdAt: iso(row.created_at),
    expiresAt: iso(row.expires_at),
    role: row.role,
  }));
}

/**
 * The invitations to the caller's address. Only for a confirmed address: anybody can sign up with an address
 * they do not own, and must not see (or accept) what was sent to it.
 */
export async function listMyInvitations(db: Db, user: CurrentUser): Promise<MyInvitation[]> {
  if (!user.email_verified) return [];
  return (await findInvitationsTo(db, user.email)).map((row) => ({
    id: row.id,
    company: { id: row.company_id, slug: row.slug, name: row.name, logo: row.logo },
    createdAt: iso(row.created_at),
    expiresAt: iso(row.expires_at),
  }));
}

/**
 * Accepts or declines an invitation, by the mailed link's token (which proves the mailbox) or by id (for a
 * confirmed address). Either way it must be addressed to the caller's current address; anything else is the
 * same 404 as an unknown or expired invitation.
 */
export async function answerInvitation(
  db: Db,
  user: CurrentUser,
  body: InvitationAnswerBody,
  accept: boolean,
): Promise<{ accepted: boolean; company?: { id: string; slug: string; name: string; logo: string } }> {
  if (body.id !== undefined && !user.email_verified) throw notFound();
  // The body's schema lets exactly one of the two through.
  const by =
    body.token !== undefined
      ? { tokenHash: hashToken(body.token) }
      : body.id !== undefined
        ? { id: body.id }
        : undefined;
  if (!by) throw notFound();
  return db.transaction(async (tx) => {
    const invitation: InvitationRow | undefined = await findLiveInvitation(tx, by);
    if (!invitation || invitation.email !== user.email) throw notFound();
    await deleteInvitation(tx, invitation.id);
    if (!accept) return { accepted: false };
    await addMember(tx, invitation.company_id, user.id, invitation.role);
    const company = await findCompanyById(tx, invitation.company_id);
    return {
      accepted: true,
      ...(company ? { company: { id: company.id, slug: company.slug, name: company.name, logo: company.logo } } : {}),
    };
  });
}
