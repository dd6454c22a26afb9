import { MESSAGES, accountDeleteBodySchema, messageBodySchema, userSchema } from '@jobboard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { rateLimitsOf } from '../../config.js';
import { parseId } from '../../http/ids.js';
import { clearSessionCookie, requireUser } from '../../http/session.js';
import { reauthenticate } from '../accounts/accounts.service.js';
import { findUsersVisibleTo, toUser } from './users.repository.js';
import { removeImageIfUnused } from '../uploads/avatar.service.js';
import { deleteAccount } from './users.service.js';

const userIdParams = z.object({ userId: z.string().max(100) });

export const userRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config, searchCounts, cvStorage, storage, rateLimiter }) => {
  const reauth = { db, limiter: rateLimiter, limits: rateLimitsOf(config) };
  const toDelete = { required: MESSAGES.currentPasswordRequiredToDelete, google: MESSAGES.reauthenticateWithGoogleToDelete };

  app.get('/get-users', { schema: { tags: ['users'], response: { 200: z.array(userSchema) } } }, async (request) =>
    (await findUsersVisibleTo(db, requireUser(request).id)).map(toUser),
  );

  // POST /update/:userId (the profile, with its credentials) is in modules/accounts.

  app.delete(
    '/delete/:userId',
    { schema: { tags: ['users'], params: userIdParams, body: accountDeleteBodySchema, response: { 200: messageBodySchema } } },
    async (request, reply) => {
      const caller = requireUser(request);
      const { avatar } = caller;
      // The session alone is not enough to destroy the account: the owner proves it again (decision record 25).
      if (parseId(request.params.userId, MESSAGES.userNotFound) === caller.id) {
        await reauthenticate(reauth, caller, request.session, request.body?.currentPassword, toDelete);
      }
      const { cvFilesLeft } = await deleteAccount(db, cvStorage, requireUser(request), request.params.userId, () => searchCounts.invalidate());
      // The account is gone either way; a file left behind is for an operator to delete (its key is enough), or
      // for the orphan sweep (housekeeping.ts).
      if (cvFilesLeft.length > 0) request.log.warn({ keys: cvFilesLeft }, 'CV files of a deleted account could not be deleted');
      await removeImageIfUnused(db, storage, avatar).catch((error: unknown) => request.log.warn({ err: error }, "a deleted account's avatar could not be deleted"));
      clearSessionCookie(reply, config);
      return { success: true, message: 'User has been deleted' };
    },
  );
};
