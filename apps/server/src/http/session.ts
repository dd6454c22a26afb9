import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES, type Language } from '@jobboard/shared';
import type { Config } from '../config.js';
import { AppError } from './errors.js';

/** Who is signed in: the profile fields of the session's user (never the password hash). */
export interface CurrentUser {
  id: string;
  name: string;
  username: string;
  email: string;
  avatar: string;
  resume: string;
  /** The address has been proven by a link or by the identity provider. */
  email_verified: boolean;
  /** An address the user asked to change to, not confirmed yet. */
  pending_email: string | null;
  /** Granted the administrator role in the database (`npm run admin`); ADMIN_EMAILS grants it too (isAdmin). */
  is_admin?: boolean;
  /** The account's language (issue 35): null or absent when not chosen. */
  locale?: Language | null;
}

/** How the current session began, and when: changing credentials without a password needs a fresh sign-in. */
export interface SessionInfo {
  authMethod: 'password' | 'google' | 'reset';
  startedAt: Date;
}

/** How a session token becomes a user; the sessions module provides it (http/ knows no module). */
export type SessionLookup = (token: string) => Promise<{ user: CurrentUser; session: SessionInfo } | undefined>;

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, from the session cookie only (docs/principles.md, "identity"). */
    user: CurrentUser | null;
    session: SessionInfo | null;
    sessionToken: string | null;
  }
}

/** `__Host-` binds the cookie to this exact origin over https; plain http (local dev) cannot use the prefix. */
export function sessionCookieName(config: Pick<Config, 'secureCookies'>): string {
  return config.secureCookies ? '__Host-jobboard_session' : 'jobboard_session';
}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/**
 * Whether the request reached an API route, judged by the route it matched (its pattern), never by the raw URL:
 * `/%61pi/auth/signout` and `/api/auth/%73ignout` reach `/api/auth/signout` and must get the same checks
 * (CSRF, session) as the plain spelling. A request that matched no route (a 404) reaches nothing.
 */
export function isApiRoute(request: FastifyRequest): boolean {
  return request.routeOptions.url?.startsWith('/api/') ?? false;
}

export function registerSession(app: FastifyInstance, deps: { config: Config; lookup: SessionLookup }): void {
  const cookieName = sessionCookieName(deps.config);
  app.decorateRequest('user', null);
  app.decorateRequest('session', null);
  app.decorateRequest('sessionToken', null);
  app.addHook('onRequest', async (request) => {
    if (!isApiRoute(request)) return;
    const token = request.cookies[cookieName];
    // A malformed cookie is simply "no session": never an error, never a database round trip.
    if (!token || !TOKEN_SHAPE.test(token)) return;
    request.sessionToken = token;
    const found = await deps.lookup(token);
    request.user = found?.user ?? null;
    request.session = found?.session ?? null;
  });
}

/**
 * The signed-in user of a page the web app renders itself (no route matched, so the session hook, which serves API
 * routes, did not look): found the same way, for the page's language. A lookup that fails (the database not
 * answering) is no user: the page still loads, in the cookie's or the browser's language, and the app says what
 * is wrong itself.
 */
export async function pageUser(
  request: Pick<FastifyRequest, 'cookies'>,
  config: Pick<Config, 'secureCookies'>,
  lookup: SessionLookup,
): Promise<CurrentUser | undefined> {
  const token = request.cookies[sessionCookieName(config)];
  if (!token || !TOKEN_SHAPE.test(token)) return undefined;
  return (await lookup(token).catch(() => undefined))?.user;
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** The calls that choose who is signed in: they may be made from a tab that showed someone else. */
const IDENTITY_ROUTES = new Set(['/api/auth/signin', '/api/auth/signup', '/api/auth/signout', '/api/auth/google']);

/**
 * A tab sends the id of the user it shows as `X-Expected-User` with its state-changing calls. When the session is
 * now another account's (someone signed in as another person in another tab), the call is refused with 409
 * instead of being made as that account. Calls without the header (old clients, other tools) are not checked.
 */
export function registerExpectedUserCheck(app: FastifyInstance): void {
  // On request (after the session's own hook), so the refusal comes before anything reads the body.
  app.addHook('onRequest', async (request) => {
    const expected = request.headers['x-expected-user'];
    if (expected === undefined || !UNSAFE.has(request.method) || !isApiRoute(request)) return;
    if (IDENTITY_ROUTES.has(request.routeOptions.url ?? '')) return;
    // Nobody signed in: the route's own 401 says so.
    if (request.user && request.user.id !== expected) throw new AppError('conflict', MESSAGES.signedInElsewhere);
  });
}

/** Routes whose answers are about the caller even without a session (sign-in, profile, applications, own jobs). */
const PERSONAL_ROUTES = /^\/api\/(auth|user|apply|upload)\/|^\/api\/job\/myJobs\//;

/**
 * No shared or browser cache may keep an answer for a signed-in caller or of a personal route: `Cache-Control:
 * no-store`, unless the route set its own. Decided by the route's pattern, like the session itself.
 */
export function registerNoStore(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.hasHeader('cache-control') || !isApiRoute(request)) return payload;
    if (request.user || request.sessionToken || PERSONAL_ROUTES.test(request.routeOptions.url ?? '')) {
      reply.header('Cache-Control', 'no-store');
    }
    return payload;
  });
}

export function requireUser(request: FastifyRequest, message: string = MESSAGES.notSignedIn): CurrentUser {
  if (!request.user) throw new AppError('unauthenticated', message);
  return request.user;
}

export function setSessionCookie(
  reply: FastifyReply,
  config: Config,
  session: { token: string; expiresAt: Date },
): void {
  reply.setCookie(sessionCookieName(config), session.token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookies,
    expires: session.expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(sessionCookieName(config), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookies,
  });
}
