import multipart from '@fastify/multipart';
import {
  applicationParamsSchema,
  CV_LIMITS,
  CV_MESSAGES,
  cvFileQuerySchema,
  cvLinkSchema,
  cvParamsSchema,
  cvUploadSchema,
  deleteAckSchema,
} from '@jobboard/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { rateLimitsOf } from '../../config.js';
import { AppError } from '../../http/errors.js';
import { requireUser } from '../../http/session.js';
import { cvLinkForApplication, cvLinkForOwner, deleteOwnCv, openSignedCv, storeCv } from './cvs.service.js';

/** The one file of a CV upload (field `cv`), read whole; past CV_LIMITS.maxBytes nothing is kept (413). */
async function readCvUpload(request: FastifyRequest): Promise<{ bytes: Buffer; fileName: string }> {
  if (!request.isMultipart()) throw new AppError('bad_request', CV_MESSAGES.missing);
  let file;
  try {
    file = await request.file();
  } catch {
    throw new AppError('payload_too_large', CV_MESSAGES.tooLarge);
  }
  if (!file || file.fieldname !== 'cv') throw new AppError('bad_request', CV_MESSAGES.missing);
  let bytes: Buffer;
  try {
    bytes = await file.toBuffer();
  } catch {
    // @fastify/multipart stops reading at 5 MB: nothing has been stored.
    throw new AppError('payload_too_large', CV_MESSAGES.tooLarge);
  }
  if (file.file.truncated) throw new AppError('payload_too_large', CV_MESSAGES.tooLarge);
  return { bytes, fileName: file.filename };
}

/** CVs (decision record 23), under /api: the upload, the signed links, and the file a link opens. */
export const cvRoutes: FastifyPluginAsyncZod<AppDeps> = async (
  app,
  { db, config, rateLimiter, cvStorage: storage },
) => {
  // Multipart in this scope only, with the CV's limit (the avatar route has its own, 2 MB).
  await app.register(multipart, {
    limits: { fileSize: CV_LIMITS.maxBytes, files: 1, fields: 5, fieldSize: 1024, parts: 6, headerPairs: 100 },
  });

  app.post(
    '/upload/cv',
    {
      bodyLimit: CV_LIMITS.maxBytes + 64 * 1024,
      schema: { tags: ['uploads'], consumes: ['multipart/form-data'], response: { 201: cvUploadSchema } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      // Before the upload is read: an unconfirmed account, or one past its hourly uploads, sends its bytes for nothing.
      if (!user.email_verified) throw new AppError('forbidden', CV_MESSAGES.unconfirmed);
      await rateLimiter.consume([
        [{ name: 'cv-uploads-account', ...rateLimitsOf(config).cvUploadsPerAccount }, user.id],
      ]);
      const { bytes, fileName } = await readCvUpload(request);
      return reply.code(201).send(await storeCv(db, storage, user, bytes, fileName));
    },
  );

  app.get(
    '/applications/:id/cv-link',
    { schema: { tags: ['applications'], params: applicationParamsSchema, response: { 200: cvLinkSchema } } },
    async (request) => cvLinkForApplication(db, requireUser(request), request.params.id),
  );

  // A CV uploaded and never sent: its owner may delete it (one sent stays for the employer, 409).
  app.delete(
    '/cvs/:cvId',
    { schema: { tags: ['uploads'], params: cvParamsSchema, response: { 200: deleteAckSchema } } },
    async (request) => {
      await deleteOwnCv(db, storage, requireUser(request), request.params.cvId);
      return { acknowledged: true as const, deletedCount: 1 };
    },
  );

  app.get(
    '/cvs/:cvId/link',
    { schema: { tags: ['uploads'], params: cvParamsSchema, response: { 200: cvLinkSchema } } },
    async (request) => cvLinkForOwner(db, requireUser(request), request.params.cvId),
  );

  // Authorised by the signed link, not the session (a GET changes nothing, so the cross-site check never applies).
  app.get(
    '/cvs/:cvId/file',
    {
      config: { tokenAuthorised: true },
      schema: {
        tags: ['uploads'],
        params: cvParamsSchema,
        querystring: cvFileQuerySchema,
        response: { 200: z.any().describe('The CV file: a PDF inline, a DOCX as an attachment') },
      },
    },
    async (request, reply) => {
      const { cv, body } = await openSignedCv(
        db,
        storage,
        request.params.cvId,
        request.query.expires,
        request.query.sig,
      );
      // A PDF opens in the browser's viewer in a new tab (a sandbox would keep the viewer out); anything else
      // (DOCX: no browser shows one) downloads, sandboxed.
      const pdf = cv.content_type === 'application/pdf';
      return reply
        .header('Content-Type', cv.content_type)
        .header('Content-Length', String(cv.size))
        .header('Content-Disposition', `${pdf ? 'inline' : 'attachment'}; filename="${cv.file_name}"`)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .header(
          'Content-Security-Policy',
          pdf ? "default-src 'none'; object-src 'self'" : "default-src 'none'; sandbox",
        )
        .send(body);
    },
  );
};
