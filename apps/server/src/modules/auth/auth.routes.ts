import {
  MESSAGES,
  errorBodySchema,
  googleConfigSchema,
  googleSignInBodySchema,
  htmlPageSchema,
  messageBodySchema,
  signInBodySchema,
  signUpBodySchema,
  accountSchema,
  type Account,
  type User,
} from '@jobboard/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { rateLimitsOf } from '../../config.js';
import { AppError } from '../../http/errors.js';
import {
  clearSessionCookie,
  requireUser,
  setSessionCookie,
  type CurrentUser,
  type SessionInfo,
} from '../../http/session.js';
import type { Config } from '../../config.js';
import { endSession, startSession } from '../sessions/sessions.service.js';
import { isAdmin } from '../posting-policy/posting-policy.js';
import { toAccount } from '../users/users.repository.js';
import { signIn, signUp } from './auth.service.js';
import { FLOW_TTL_MS, GoogleSignIn } from './google.service.js';

/** Holds the browser binding of a Google sign-in between /google/start and /google/callback (10 minutes). */
const oidcCookieName = (config: Config) => (config.secureCookies ? '__Host-jobboard_oidc' : 'jobboard_oidc');

/** The account as its owner sees it; an administrator's carries isAdmin (decision record 20), others' nothing new. */
const accountOf = (config: Config, user: CurrentUser): Account =>
  isAdmin(config.adminEmails, user) ? { ...toAccount(user), isAdmin: true } : toAccount(user);

/** Every way of signing in ends here: a new session (the old one, if any, ends) in a fresh cookie. */
async function signedIn(
  { db, config }: Pick<AppDeps, 'db' | 'config'>,
  request: FastifyRequest,
  reply: FastifyReply,
  user: CurrentUser,
  method: SessionInfo['authMethod'],
): Promise<Account> {
  setSessionCookie(reply, config, await startSession(db, user.id, request.sessionToken, method));
  return accountOf(config, user);
}

/** Password sign-up, sign-in and out, and the signed-in account (/api/auth). */
export const authRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config, rateLimiter, mail }) => {
  const throttle = (address: string) => ({ limiter: rateLimiter, limits: rateLimitsOf(config), address });

  app.post(
    '/signin',
    { schema: { tags: ['auth'], body: signInBodySchema, response: { 200: accountSchema } } },
    async (request, reply) =>
      signedIn({ db, config }, request, reply, await signIn(db, request.body, throttle(request.ip)), 'password'),
  );

  app.post(
    '/signup',
    { schema: { tags: ['auth'], body: signUpBodySchema, response: { 201: messageBodySchema } } },
    async (request, reply) => {
      await signUp({ db, mail }, request.body, throttle(request.ip), config.siteOrigin);
      return reply.code(201).send({ success: true, message: MESSAGES.signUpSuccess });
    },
  );

  app.post('/signout', { schema: { tags: ['auth'], response: { 200: messageBodySchema } } }, async (request, reply) => {
    await endSession(db, request.sessionToken);
    clearSessionCookie(reply, config);
    return { success: true, message: MESSAGES.signOutSuccess };
  });

  app.get('/me', { schema: { tags: ['auth'], response: { 200: accountSchema } } }, async (request) =>
    accountOf(config, requireUser(request)),
  );
};

/** Sign-in with Google (or another OpenID Connect provider) in a popup, under /api/auth (decision record 6). */
export const googleSignInRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config, rateLimiter }) => {
  const google = new GoogleSignIn(db, config);
  const callbackUrl = `${config.siteOrigin}/api/auth/google/callback`;
  const oidcCookie = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: config.secureCookies };

  app.get('/google/config', { schema: { tags: ['auth'], response: { 200: googleConfigSchema } } }, async () => ({
    configured: google.configured,
  }));

  // Opened in the 500x600 popup: straight on to the provider.
  app.get(
    '/google/start',
    {
      schema: {
        tags: ['auth'],
        response: { 200: htmlPageSchema, 302: z.null().describe('Redirect to the provider'), 429: htmlPageSchema },
      },
    },
    async (request, reply) => {
      // The popup travels to the provider and back; a stricter opener policy would cut it off from its opener.
      reply.header('Cross-Origin-Opener-Policy', 'unsafe-none');
      // Every start writes a pending flow: limited per address, so no client can fill the table.
      try {
        await rateLimiter.consume([
          [{ name: 'google-start-address', ...rateLimitsOf(config).googleStartPerAddress }, request.ip],
        ]);
      } catch (error) {
        if (!(error instanceof AppError) || error.code !== 'rate_limited') throw error;
        return reply
          .code(429)
          .headers(error.headers)
          .type('text/html; charset=utf-8')
          .send(popupPage({ ok: false, message: error.message }));
      }
      if (!google.configured) {
        return reply
          .type('text/html; charset=utf-8')
          .send(popupPage({ ok: false, message: MESSAGES.googleNotConfigured }));
      }
      const { url, binding } = await google.start(callbackUrl);
      // SameSite=Lax: the cookie comes back on the provider's top-level redirect to the callback, and only then.
      reply.setCookie(oidcCookieName(config), binding, { ...oidcCookie, maxAge: FLOW_TTL_MS / 1000 });
      return reply.redirect(url.href);
    },
  );

  // The provider sends the popup back here; the page tells the opener the outcome and closes.
  // The outcome is a page; a request refused before it gets here (a NUL in the query, say) is a JSON error.
  const pageOrError = z.union([htmlPageSchema, errorBodySchema]);
  const popupAnswers = { 200: htmlPageSchema, '4xx': pageOrError, '5xx': pageOrError };
  app.get('/google/callback', { schema: { tags: ['auth'], response: popupAnswers } }, async (request, reply) => {
    reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .header('Cross-Origin-Opener-Policy', 'unsafe-none');
    try {
      const binding = request.cookies[oidcCookieName(config)];
      reply.clearCookie(oidcCookieName(config), oidcCookie);
      const user = await google.finish(new URL(request.url, config.siteOrigin), binding);
      return reply.send(popupPage({ ok: true, user: await signedIn({ db, config }, request, reply, user, 'google') }));
    } catch (error) {
      request.log.warn({ err: error }, 'Google sign-in failed');
      const message = error instanceof AppError ? error.message : MESSAGES.serverError;
      return reply.code(error instanceof AppError ? error.statusCode : 500).send(popupPage({ ok: false, message }));
    }
  });

  // Compatibility with the spec's call: only a provider ID token is accepted, verified like the flow's.
  app.post(
    '/google',
    { schema: { tags: ['auth'], body: googleSignInBodySchema, response: { 200: accountSchema } } },
    async (request, reply) => {
      if (!google.configured) throw new AppError('not_configured', MESSAGES.googleNotConfigured);
      return signedIn({ db, config }, request, reply, await google.signInWithIdToken(request.body.idToken), 'google');
    },
  );
};

/** The popup's last page: the outcome as inert JSON, read by /static/oidc-callback.js (no inline script). */
function popupPage(result: { ok: boolean; user?: User; message?: string }): string {
  const json = JSON.stringify({ type: 'jobboard:google', ...result }).replace(/</g, '\\u003c');
  const text = result.ok ? 'Signed in. You can close this window.' : (result.message ?? 'Sign-in failed.');
  const escaped = text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Jobboard sign-in</title></head><body><p>${escaped}</p><script type="application/json" id="oidc-result">${json}</script><script src="/static/oidc-callback.js"></script></body></html>`;
}
