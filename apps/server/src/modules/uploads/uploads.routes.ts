import multipart from '@fastify/multipart';
import { AVATAR_MAX_BYTES, MESSAGES, uploadResultSchema } from '@jobboard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.js';
import { AppError } from '../../http/errors.js';
import { requireUser } from '../../http/session.js';
import { storeAvatar } from './avatar.service.js';

export const uploadRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { storage }) => {
  await app.register(multipart, {
    limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6, headerPairs: 100 },
  });

  app.post(
    '/avatar',
    {
      bodyLimit: AVATAR_MAX_BYTES + 64 * 1024,
      schema: {
        tags: ['uploads'],
        consumes: ['multipart/form-data'],
        response: { 201: uploadResultSchema },
      },
    },
    async (request, reply) => {
      requireUser(request);
      if (!request.isMultipart()) throw new AppError('bad_request', 'Send the image as multipart/form-data in the field "file"');
      let file;
      try {
        file = await request.file();
      } catch {
        throw new AppError('payload_too_large', MESSAGES.avatarUploadFailed);
      }
      if (!file || file.fieldname !== 'file') throw new AppError('bad_request', 'Send the image in the field "file"');
      let bytes: Buffer;
      try {
        bytes = await file.toBuffer();
      } catch {
        // @fastify/multipart throws once the file passes the 2 MB limit: nothing has been stored.
        throw new AppError('payload_too_large', MESSAGES.avatarUploadFailed);
      }
      if (file.file.truncated) throw new AppError('payload_too_large', MESSAGES.avatarUploadFailed);
      const url = await storeAvatar(storage, bytes, file.filename);
      return reply.code(201).send({ url });
    },
  );
};
