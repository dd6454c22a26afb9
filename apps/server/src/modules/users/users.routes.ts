import { userSchema } from '@jobboard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { requireUser } from '../../http/session.js';
import { findUsersVisibleTo, toUser } from './users.repository.js';

export const userRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get('/get-users', { schema: { tags: ['users'], response: { 200: z.array(userSchema) } } }, async (request) =>
    (await findUsersVisibleTo(db, requireUser(request).id)).map(toUser),
  );

  // POST /update/:userId and DELETE /delete/:userId (the account itself, with its credentials) are in modules/accounts.
};
