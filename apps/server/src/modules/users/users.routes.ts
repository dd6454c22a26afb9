import { messageBodySchema, userSchema } from '@jobboard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { clearSessionCookie, requireUser } from '../../http/session.js';
import { findUsersVisibleTo, toUser } from './users.repository.js';
import { deleteAccount } from './users.service.js';

const userIdParams = z.object({ userId: z.string().max(100) });

export const userRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config, searchCounts }) => {
  app.get('/get-users', { schema: { tags: ['users'], response: { 200: z.array(userSchema) } } }, async (request) =>
    (await findUsersVisibleTo(db, requireUser(request).id)).map(toUser),
  );

  // POST /update/:userId (the profile, with its credentials) is in modules/accounts.

  app.delete(
    '/delete/:userId',
    { schema: { tags: ['users'], params: userIdParams, response: { 200: messageBodySchema } } },
    async (request, reply) => {
      await deleteAccount(db, requireUser(request), request.params.userId, () => searchCounts.invalidate());
      clearSessionCookie(reply, config);
      return { success: true, message: 'User has been deleted' };
    },
  );
};
