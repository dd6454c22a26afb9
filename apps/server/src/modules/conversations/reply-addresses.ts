import { randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/client.js';

/**
 * Each person's reply address for a thread (migration 042): reply+<token>@<INBOUND_MAIL_DOMAIN>. The token names
 * the thread and the person together, so a reply needs no other proof of who sent it, and the address says nothing
 * about either side: never the other side's address, and nothing to guess from.
 */

const TOKEN = /^[0-9a-f]{32}$/;

/** The person's address for the thread: made once, then the same in every e-mail (a reply to an old one still works). */
export async function replyAddressFor(
  db: Queryable,
  domain: string,
  applicationId: string,
  userId: string,
): Promise<string> {
  // ON CONFLICT ... DO UPDATE (changing nothing) so RETURNING gives the token already there.
  const [row] = await db.query<{ token: string }>(
    `INSERT INTO thread_reply_addresses (token, application_id, user_id) VALUES ($1, $2, $3)
     ON CONFLICT (application_id, user_id) DO UPDATE SET application_id = EXCLUDED.application_id
     RETURNING token`,
    [randomBytes(16).toString('hex'), applicationId, userId],
  );
  if (!row) throw new Error('INSERT ... RETURNING gave no row');
  return `reply+${row.token}@${domain}`;
}

/** The token of `reply+<token>@domain` (case aside: some relays fold the local part), else undefined. */
export function tokenOf(domain: string, address: string): string | undefined {
  const match = /^reply\+([^@]+)@(.+)$/i.exec(address.trim());
  if (!match || match[2]?.toLowerCase() !== domain) return undefined;
  const token = match[1]?.toLowerCase() ?? '';
  return TOKEN.test(token) ? token : undefined;
}

export interface ReplyAddress {
  applicationId: string;
  userId: string;
  /** A banned account posts nothing, by e-mail as in the app (where its sessions are refused). */
  banned: boolean;
}

/** Whose address for which thread the token is; undefined for a token this server never made. */
export async function findReplyAddress(db: Queryable, token: string): Promise<ReplyAddress | undefined> {
  const [row] = await db.query<ReplyAddress>(
    `SELECT r.application_id AS "applicationId", r.user_id AS "userId", u.banned_at IS NOT NULL AS banned
       FROM thread_reply_addresses r JOIN users u ON u.id = r.user_id
      WHERE r.token = $1`,
    [token],
  );
  return row;
}
