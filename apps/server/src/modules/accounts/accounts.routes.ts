import {
  MESSAGES,
  accountDeleteBodySchema,
  accountSchema,
  forgotPasswordBodySchema,
  messageBodySchema,
  resetPasswordBodySchema,
  userUpdateBodySchema,
  verifyEmailBodySchema,
} from '@jobboard/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { rateLimitsOf } from '../../config.js';
import { parseId } from '../../http/ids.js';
import { clearSessionCookie, requireUser } from '../../http/session.js';
import { removeImageIfUnused } from '../uploads/avatar.service.js';
import { toAccount, type UserRow } from '../users/users.repository.js';
import { deleteAccount } from '../users/users.service.js';
import {
  reauthenticate,
  requestPasswordReset,
  resendVerification,
  resetPassword,
  updateProfile,
  verifyEmail,
} from './accounts.service.js';

/** The account's own credentials, address and deletion: registered under /api (auth/..., user/update/..., user/delete/...). */
export const accountRoutes: FastifyPluginAsyncZod<AppDeps> = async (
  app,
  { db, config, rateLimiter, mail, storage, cvStorage, searchCounts },
) => {
  const deps = { db, mail, limiter: rateLimiter, limits: rateLimitsOf(config) };
  const toDelete = {
    required: MESSAGES.currentPasswordRequiredToDelete,
    google: MESSAGES.reauthenticateWithGoogleToDelete,
  };

  /** The updated account, once the picture it had before (when it changed) is deleted if nothing else shows it. */
  async function withReplacedAvatarRemoved(
    request: FastifyRequest,
    before: string,
    updating: Promise<UserRow>,
  ): Promise<UserRow> {
    const updated = await updating;
    if (updated.avatar !== before) {
      await removeImageIfUnused(db, storage, before).catch((error: unknown) =>
        request.log.warn({ err: error }, 'a replaced avatar could not be deleted'),
      );
    }
    return updated;
  }

  app.post(
    '/user/update/:userId',
    {
      schema: {
        tags: ['users'],
        params: z.object({ userId: z.string().max(100) }),
        body: userUpdateBodySchema,
        response: { 200: accountSchema },
      },
    },
    async (request) =>
      toAccount(
        await withReplacedAvatarRemoved(
          request,
          requireUser(request).avatar,
          updateProfile(deps, {
            caller: requireUser(request),
            session: request.session,
            sessionToken: request.sessionToken,
            rawUserId: request.params.userId,
            body: request.body,
            origin: config.siteOrigin,
          }),
        ),
      ),
  );

  app.delete(
    '/user/delete/:userId',
    {
      schema: {
        tags: ['users'],
        params: z.object({ userId: z.string().max(100) }),
        body: accountDeleteBodySchema,
        response: { 200: messageBodySchema },
      },
    },
    async (request, reply) => {
      const caller = requireUser(request);
      const { avatar } = caller;
      // The session alone is not enough to destroy the account: the owner proves it again (decision record 25).
      if (parseId(request.params.userId, MESSAGES.userNotFound) === caller.id) {
        await reauthenticate(deps, caller, request.session, request.body?.currentPassword, toDelete);
      }
      const { cvFilesLeft } = await deleteAccount(db, cvStorage, requireUser(request), request.params.userId, () =>
        searchCounts.invalidate(),
      );
      // The account is gone either way; a file left behind is for an operator to delete (its key is enough), or
      // for the orphan sweep (housekeeping.ts).
      if (cvFilesLeft.length > 0)
        request.log.warn({ keys: cvFilesLeft }, 'CV files of a deleted account could not be deleted');
      await removeImageIfUnused(db, storage, avatar).catch((error: unknown) =>
        request.log.warn({ err: error }, "a deleted account's avatar could not be deleted"),
      );
      clearSessionCookie(reply, config);
      return { success: true, message: 'User has been deleted' };
    },
  );
};

/** The links mailed to an account (confirm the address, reset the password), under /api/auth. */
export const accountLinkRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config, rateLimiter, mail }) => {
  const deps = { db, mail, limiter: rateLimiter, limits: rateLimitsOf(config) };

  app.post(
    '/auth/verify-email',
    { schema: { tags: ['auth'], body: verifyEmailBodySchema, response: { 200: accountSchema } } },
    async (request) => toAccount(await verifyEmail(deps, request.body.token)),
  );

  app.post(
    '/auth/resend-verification',
    { schema: { tags: ['auth'], response: { 200: messageBodySchema } } },
    async (request) => {
      await resendVerification(deps, requireUser(request), request.ip, config.siteOrigin);
      return { success: true, message: MESSAGES.verificationSent };
    },
  );

  app.post(
    '/auth/forgot-password',
    { schema: { tags: ['auth'], body: forgotPasswordBodySchema, response: { 200: messageBodySchema } } },
    async (request) => {
      await requestPasswordReset(deps, request.body.email, request.ip, config.siteOrigin);
      return { success: true, message: MESSAGES.resetSent };
    },
  );

  app.post(
    '/auth/reset-password',
    { schema: { tags: ['auth'], body: resetPasswordBodySchema, response: { 200: messageBodySchema } } },
    async (request) => {
      await resetPassword(deps, request.body.token, request.body.password, request.ip);
      return { success: true, message: MESSAGES.passwordReset };
    },
  );
};
