import multipart from '@fastify/multipart';
import { AVATAR_MAX_BYTES, MESSAGES, uploadResultSchema } from '@jobboard/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.js';
import { rateLimitsOf } from '../../config.js';
import { AppError } from '../../http/errors.js';
import { requireUser } from '../../http/session.js';
import { storeImage, type ImageKind } from './avatar.service.js';

export const uploadRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { config, rateLimiter, storage }) => {
  await app.register(multipart, {
    limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6, headerPairs: 100 },
  });

  const upload = (kind: ImageKind) => async (request: FastifyRequest, reply: FastifyReply) => {
    const user = requireUser(request);
    // Only a confirmed address may store files (an unconfirmed account costs nothing to make), and so many an hour.
    if (!user.email_verified) throw new AppError('forbidden', MESSAGES.avatarUnconfirmed);
    await rateLimiter.consume([
      [{ name: `${kind}-uploads-account`, ...rateLimitsOf(config).avatarUploadsPerAccount }, user.id],
    ]);
    if (!request.isMultipart()) throw new AppError('bad_request', MESSAGES.imageNotMultipart);
    let file;
    try {
      file = await request.file();
    } catch {
      throw new AppError('payload_too_large', MESSAGES.avatarUploadFailed);
    }
    if (!file || file.fieldname !== 'file') throw new AppError('bad_request', MESSAGES.imageFieldMissing);
    let bytes: Buffer;
    try {
      bytes = await file.toBuffer();
    } catch {
      // @fastify/multipart throws once the file passes the 2 MB limit: nothing has been stored.
      throw new AppError('payload_too_large', MESSAGES.avatarUploadFailed);
    }
    if (file.file.truncated) throw new AppError('payload_too_large', MESSAGES.avatarUploadFailed);
    const url = await storeImage(storage, bytes, file.filename, kind);
    return reply.code(201).send({ url });
  };

  const options = {
    bodyLimit: AVATAR_MAX_BYTES + 64 * 1024,
    schema: { tags: ['uploads'], consumes: ['multipart/form-data'], response: { 201: uploadResultSchema } },
  };
  app.post('/avatar', options, upload('avatar'));
  // A company's logo (the company page, Post a Job's new company): the avatar's checks and limits, fitted whole.
  app.post('/logo', options, upload('logo'));
  // A company page's cover image (the company edit form): the same rules, cropped to a 3:1 banner.
  app.post('/cover', options, upload('cover'));
};
