import { MODERATION_MESSAGES } from '@jobboard/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import type { SessionInfo } from '../../http/session.js';
import { deleteSession, insertSession, type NewSession } from './sessions.repository.js';

/**
 * Starts a session for a user who just proved who they are. The session the browser held before (if any) ends:
 * a token planted before sign-in is worth nothing after it (rotation).
 */
export async function startSession(
  db: Db,
  userId: string,
  previousToken: string | null,
  authMethod: SessionInfo['authMethod'],
): Promise<NewSession> {
  const session = await db.transaction(async (tx) => {
    if (previousToken) await deleteSession(tx, previousToken);
    return insertSession(tx, userId, authMethod);
  });
  // Every way of signing in (password, Google, the spec's ID token) ends here, after the credentials were checked:
  // a banned account hears why, and only someone who proved to be its owner does.
  if (!session) throw new AppError('forbidden', MODERATION_MESSAGES.accountBanned);
  return session;
}

export async function endSession(db: Db, token: string | null): Promise<void> {
  if (token) await deleteSession(db, token);
}
