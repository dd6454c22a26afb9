import { MESSAGES, googleSignInBodySchema, signInBodySchema, signUpBodySchema, userSchema } from '@jobboard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/errors.js';
import { clearSessionCookie, requireUser, setSessionCookie } from '../../http/session.js';
import type { AppDeps } from '../../app-deps.js';
import { toUser } from '../users/users.repository.js';
import { signIn, signUp } from './auth.service.js';
import { createSession, deleteSession } from './sessions.repository.js';

const messageSchema = z.object({ success: z.boolean(), message: z.string() });

export const authRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config, rateLimiter }) => {
  const throttle = (address: string) => ({ limiter: rateLimiter, limits: config.rateLimits, address });

  app.post(
    '/signin',
    { schema: { tags: ['auth'], body: signInBodySchema, response: { 200: userSchema } } },
    async (request, reply) => {
      const user = await signIn(db, request.body, throttle(request.ip));
      // A new session on every sign-in (rotation): a token planted before sign-in is worth nothing after it.
      if (request.sessionToken) await deleteSession(db, request.sessionToken);
      const session = await createSession(db, user.id);
      setSessionCookie(reply, config, session.token, session.expiresAt);
      return toUser(user);
    },
  );

  app.post(
    '/signup',
    { schema: { tags: ['auth'], body: signUpBodySchema, response: { 201: messageSchema } } },
    async (request, reply) => {
      await signUp(db, request.body, throttle(request.ip));
      return reply.code(201).send({ success: true, message: MESSAGES.signUpSuccess });
    },
  );

  app.post('/signout', { schema: { tags: ['auth'], response: { 200: messageSchema } } }, async (request, reply) => {
    if (request.sessionToken) await deleteSession(db, request.sessionToken);
    clearSessionCookie(reply, config);
    return { success: true, message: MESSAGES.signOutSuccess };
  });

  app.get('/me', { schema: { tags: ['auth'], response: { 200: userSchema } } }, async (request) =>
    toUser(requireUser(request)),
  );

  app.get(
    '/google/config',
    { schema: { tags: ['auth'], response: { 200: z.object({ configured: z.boolean() }) } } },
    async () => ({ configured: Boolean(config.oidc.clientId) }),
  );

  app.post('/google', { schema: { tags: ['auth'], body: googleSignInBodySchema } }, async () => {
    // Identity must come from a verified provider ID token; until a provider is configured there is none.
    throw new AppError('not_configured', MESSAGES.googleNotConfigured);
  });
};
