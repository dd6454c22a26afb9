import { MESSAGES, googleSignInBodySchema, signInBodySchema, signUpBodySchema, userSchema } from '@jobboard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/errors.js';
import type { User } from '@jobboard/shared';
import { GoogleSignIn } from './google.service.js';
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

  const google = new GoogleSignIn(db, config);
  const siteOrigin = (request: { protocol: string; host: string }) =>
    config.publicUrl ? new URL(config.publicUrl).origin : `${request.protocol}://${request.host}`;
  const callbackUrl = (request: { protocol: string; host: string }) => `${siteOrigin(request)}/api/auth/google/callback`;

  app.get(
    '/google/config',
    { schema: { tags: ['auth'], response: { 200: z.object({ configured: z.boolean() }) } } },
    async () => ({ configured: google.configured }),
  );

  // Opened in the 500x600 popup: straight on to the provider.
  app.get('/google/start', { schema: { tags: ['auth'] } }, async (request, reply) => {
    // The popup travels to the provider and back; a stricter opener policy would cut it off from its opener.
    reply.header('Cross-Origin-Opener-Policy', 'unsafe-none');
    if (!google.configured) return reply.type('text/html; charset=utf-8').send(popupPage({ ok: false, message: MESSAGES.googleNotConfigured }));
    const url = await google.start(callbackUrl(request));
    return reply.redirect(url.href);
  });

  // The provider sends the popup back here; the page tells the opener the outcome and closes.
  app.get('/google/callback', { schema: { tags: ['auth'] } }, async (request, reply) => {
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store').header('Cross-Origin-Opener-Policy', 'unsafe-none');
    try {
      const user = await google.finish(new URL(request.url, siteOrigin(request)));
      if (request.sessionToken) await deleteSession(db, request.sessionToken);
      const session = await createSession(db, user.id);
      setSessionCookie(reply, config, session.token, session.expiresAt);
      return reply.send(popupPage({ ok: true, user: toUser(user) }));
    } catch (error) {
      request.log.warn({ err: error }, 'Google sign-in failed');
      const message = error instanceof AppError ? error.message : MESSAGES.serverError;
      return reply.code(error instanceof AppError ? error.statusCode : 500).send(popupPage({ ok: false, message }));
    }
  });

  // Compatibility with the spec's call: only a provider ID token is accepted, verified like the flow's.
  app.post('/google', { schema: { tags: ['auth'], body: googleSignInBodySchema, response: { 200: userSchema } } }, async (request, reply) => {
    if (!google.configured) throw new AppError('not_configured', MESSAGES.googleNotConfigured);
    const user = await google.signInWithIdToken(request.body.idToken);
    if (request.sessionToken) await deleteSession(db, request.sessionToken);
    const session = await createSession(db, user.id);
    setSessionCookie(reply, config, session.token, session.expiresAt);
    return toUser(user);
  });
};

/** The popup's last page: the outcome as inert JSON, read by /static/oidc-callback.js (no inline script). */
function popupPage(result: { ok: boolean; user?: User; message?: string }): string {
  const json = JSON.stringify({ type: 'jobboard:google', ...result }).replace(/</g, '\\u003c');
  const text = result.ok ? 'Signed in. You can close this window.' : (result.message ?? 'Sign-in failed.');
  const escaped = text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Jobboard sign-in</title></head><body><p>${escaped}</p><script type="application/json" id="oidc-result">${json}</script><script src="/static/oidc-callback.js"></script></body></html>`;
}
