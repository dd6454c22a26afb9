import {
  ALERT_MESSAGES,
  alertCreateBodySchema,
  alertListSchema,
  alertSavedSchema,
  messageBodySchema,
  unsubscribeInfoSchema,
  unsubscribeQuerySchema,
} from '@jobboard/shared';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { languageOf } from '../../http/language.js';
import { requireUser } from '../../http/session.js';
import { createAlert, listAlerts, removeAlert, unsubscribe, unsubscribeInfo } from './alerts.service.js';

const idParams = z.object({ id: z.string().max(100) });

/** Saved searches and their e-mail alerts (decision record 17), under /api/alerts. */
export const alertRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config }) => {
  app.get('', { schema: { tags: ['alerts'], response: { 200: alertListSchema } } }, async (request) =>
    listAlerts(db, requireUser(request), languageOf(request)),
  );

  app.post(
    '',
    {
      schema: {
        tags: ['alerts'],
        body: alertCreateBodySchema,
        response: { 200: alertSavedSchema, 201: alertSavedSchema },
      },
    },
    async (request, reply) => {
      const { alert, created } = await createAlert(db, requireUser(request), request.body, config.siteOrigin);
      reply.code(created ? 201 : 200);
      return { alert, created, message: created ? ALERT_MESSAGES.created : ALERT_MESSAGES.updated };
    },
  );

  app.delete(
    '/:id',
    { schema: { tags: ['alerts'], params: idParams, response: { 200: messageBodySchema } } },
    async (request) => {
      await removeAlert(db, requireUser(request), request.params.id);
      return { success: true, message: ALERT_MESSAGES.deleted };
    },
  );

  // What an unsubscribe link would stop: read only, since mail scanners open links (a GET never unsubscribes).
  app.get(
    '/unsubscribe',
    { schema: { tags: ['alerts'], querystring: unsubscribeQuerySchema, response: { 200: unsubscribeInfoSchema } } },
    async (request) => unsubscribeInfo(db, request.query.token, languageOf(request)),
  );

  // The unsubscribe itself: the page's button (JSON), or a mail provider's one-click POST (RFC 8058: a form body
  // `List-Unsubscribe=One-Click`, no cookie, no Origin). The signed token in the address authorises it, so the
  // cross-site check is off for this one route, and form bodies are read (and ignored) in this scope only.
  await app.register(async (oneClick) => {
    const ignoreBody = (_request: unknown, _body: unknown, done: (error: null, body: object) => void) => done(null, {});
    oneClick.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4_096 },
      ignoreBody,
    );
    oneClick.addContentTypeParser('multipart/form-data', { parseAs: 'string', bodyLimit: 4_096 }, ignoreBody);
    oneClick.withTypeProvider<ZodTypeProvider>().post(
      '/unsubscribe',
      {
        config: { tokenAuthorised: true },
        schema: { tags: ['alerts'], querystring: unsubscribeQuerySchema, response: { 200: messageBodySchema } },
      },
      async (request) => ({ success: true, ...(await unsubscribe(db, request.query.token)) }),
    );
  });
};
